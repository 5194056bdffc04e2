import { Suspense, useMemo, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { useTheme, type Theme } from '@mui/material/styles';
import { NAV_ITEMS, allowed } from './nav';
import { useCan } from '../features/account/session';
import { AfterFirstPaint } from '../components/after-first-paint';
import { lazyNamed, useLatch } from '../lib/lazy';
import { Progress } from '../lib/progress';
import { BarEnd, LiveEvents, ModeChip, NavIcon, ShellTools } from './shell-tools-chunk';

// Phones get the navigation in a sliding drawer (a modal): its code loads when first opened.
const NavDrawer = lazyNamed(() => import('./nav-drawer'), 'NavDrawer');

const DRAWER_WIDTH = 232;

/**
 * The navigation's list, its entries and the phone's menu button as plain elements styled as MUI's
 * List, ListItem, ListItemButton (with ListItemIcon and ListItemText) and IconButton draw them: those
 * components brought ButtonBase, its ripple and a spinner into the first page's script, about 7 kB
 * gzip (issue 39). What they add beyond the look (the ripple) is not missed on a link list.
 */
const NAV_LIST = { listStyle: 'none', m: 0, py: 1, px: 0, position: 'relative' } as const;
const NAV_ITEM = {
  display: 'flex',
  justifyContent: 'flex-start',
  alignItems: 'center',
  position: 'relative',
  width: '100%',
  boxSizing: 'border-box',
  textAlign: 'left',
} as const;
const NAV_LINK = (theme: Theme) => ({
  display: 'flex',
  flexGrow: 1,
  alignItems: 'center',
  boxSizing: 'border-box',
  minWidth: 0,
  mx: 1,
  px: 2,
  py: 1,
  borderRadius: 2,
  color: 'inherit',
  textDecoration: 'none',
  WebkitTapHighlightColor: 'transparent',
  transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
  '&:hover': { bgcolor: 'action.hover' },
  '&:focus-visible': { outline: 'none', bgcolor: 'action.focus' },
  '&.active': { bgcolor: 'action.selected', fontWeight: 600 },
  // The icon's place (24 px, as MUI's SvgIcon) is kept before it comes: the words beside it stay put.
  '& .nav-icon': { display: 'inline-flex', flexShrink: 0, minWidth: 40, height: 24, color: 'action.active' },
  '& .nav-label': { ...theme.typography.body1, fontWeight: 'inherit', flex: '1 1 auto', minWidth: 0, my: 0.5 },
});
const MENU_BUTTON = (theme: Theme) => ({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  boxSizing: 'content-box',
  width: 24,
  height: 24,
  p: 1,
  ml: -1.5,
  border: 0,
  borderRadius: '50%',
  bgcolor: 'transparent',
  color: 'action.active',
  fontSize: theme.typography.pxToRem(24),
  cursor: 'pointer',
  WebkitTapHighlightColor: 'transparent',
  transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
  '&:hover': { bgcolor: 'action.hover' },
  '&:focus-visible': { outline: 'none', bgcolor: 'action.focus' },
});

/**
 * The mark and the app's name, as the shell painted them before any script (index.html). When the name
 * does not fit beside the mark it wraps onto a second line, which the box's height leaves out: the
 * mark alone shows, and the name is still read out.
 */
const BRAND = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  alignContent: 'flex-start',
  columnGap: 1,
  // More than the box's height minus the mark's: a wrapped name starts below what is shown.
  rowGap: 1,
  height: 32,
  overflow: 'hidden',
  minWidth: 28,
  flexShrink: { xs: 1, md: 0 },
  '& .brand-mark': { width: 28, height: 28, flexShrink: 0 },
} as const;

/**
 * The app bar, the wide screen's navigation column, the app's name and the menu icon as plain elements
 * with the styles MUI's AppBar (`position="fixed" color="inherit" elevation={0}`), Paper (`square
 * variant="outlined"`), Typography (`h6`) and the Menu icon give them, written in their `style`: those
 * components (with SvgIcon) were ~2 kB gzip of the first page's script and are drawn only after it
 * (issue 39). Inline, not `sx`: the first styles recorded for the HTML (server/first-styles.json) stay
 * whole, and no class is left for emotion to write while the page starts. `mui-fixed` keeps the bar
 * moved aside with the page when a dialog hides the scroll bar, as MUI's AppBar is.
 */
const APP_BAR = (theme: Theme): CSSProperties => ({
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  boxSizing: 'border-box',
  flexShrink: 0,
  position: 'fixed',
  zIndex: theme.zIndex.drawer + 1,
  top: 0,
  left: 'auto',
  right: 0,
  color: 'inherit',
  backgroundColor: theme.palette.background.paper,
  borderBottom: `1px solid ${theme.palette.divider}`,
});
const NAV_COLUMN = (theme: Theme): CSSProperties => ({
  width: DRAWER_WIDTH,
  flexShrink: 0,
  backgroundColor: theme.palette.background.paper,
  color: theme.palette.text.primary,
  borderRight: `1px solid ${theme.palette.divider}`,
});
const APP_NAME = (theme: Theme): CSSProperties => ({
  ...(theme.typography.h6 as CSSProperties),
  margin: 0,
  fontWeight: 700,
  color: theme.palette.primary.main,
  whiteSpace: 'nowrap',
});
const ICON: CSSProperties = {
  userSelect: 'none',
  width: '1em',
  height: '1em',
  display: 'inline-block',
  flexShrink: 0,
  fill: 'currentColor',
};

/**
 * Whether the window is at least `md` wide: MUI's useMediaQuery in a few lines (its code is drawn
 * after the first paint, by the app bar's tools). Without matchMedia (unit tests) a narrow window.
 */
function useWide(theme: Theme): boolean {
  const query = theme.breakpoints.up('md').replace(/^@media( ?)/m, '');
  const [matches, subscribe] = useMemo(() => {
    const list = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query) : undefined;
    return [
      () => list?.matches ?? false,
      (onChange: () => void) => {
        list?.addEventListener('change', onChange);
        return () => list?.removeEventListener('change', onChange);
      },
    ] as const;
  }, [query]);
  return useSyncExternalStore(subscribe, matches, () => false);
}

export function Layout() {
  const { t } = useTranslation('app');
  const theme = useTheme();
  const wide = useWide(theme);
  const [open, setOpen] = useState(false);
  const drawerLoaded = useLatch(open);
  const can = useCan();
  const items = NAV_ITEMS.filter((item) => allowed(item, can));
  // The page's own item: the longest that the address starts with (/orders/failed is not also /orders).
  const { pathname } = useLocation();
  const current = items
    .filter((i) => pathname === i.to || pathname.startsWith(`${i.to}/`))
    .reduce<(typeof items)[number] | undefined>((best, i) => (!best || i.to.length > best.to.length ? i : best), undefined);

  const nav = (
    <Box component="nav" aria-label={t('appName')}>
      <Toolbar />
      <Box component="ul" sx={NAV_LIST}>
        {items.map((item) => (
          <Box component="li" key={item.to} sx={NAV_ITEM}>
            <Box
              component={Link}
              to={item.to}
              className={item === current ? 'active' : undefined}
              aria-current={item === current ? 'page' : undefined}
              onClick={() => setOpen(false)}
              sx={NAV_LINK}
            >
              <span className="nav-icon">
                <Suspense fallback={null}>
                  <NavIcon to={item.to} />
                </Suspense>
              </span>
              <span className="nav-label">{t(item.label)}</span>
            </Box>
          </Box>
        ))}
      </Box>
      {!wide && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}>
          <Suspense fallback={null}>
            <ShellTools />
          </Suspense>
        </Stack>
      )}
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <header className="mui-fixed app-bar" style={APP_BAR(theme)}>
        <Toolbar sx={{ gap: 1 }}>
          {!wide && (
            <Box
              component="button"
              type="button"
              aria-label={t('nav.menu')}
              onClick={() => setOpen(true)}
              onPointerEnter={NavDrawer.preload}
              sx={MENU_BUTTON}
            >
              <svg style={ICON} focusable="false" aria-hidden="true" viewBox="0 0 24 24">
                <path d="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z" />
              </svg>
            </Box>
          )}
          {/* On phones the name gives way so menu, messages, cart and account keep their room: whole or not
              at all (a cut "Supply…" reads as a word), the mark staying. */}
          <Box sx={BRAND}>
            <svg className="brand-mark" aria-hidden="true" viewBox="0 0 64 64">
              <rect width="64" height="64" rx="14" fill="#0b6e4f" />
              <path d="M16 24h32l-4 24H20z" fill="#fff" />
              <path d="M24 24a8 8 0 0 1 16 0" stroke="#fff" strokeWidth="4" fill="none" />
            </svg>
            <div style={APP_NAME(theme)}>{t('appName')}</div>
          </Box>
          <AfterFirstPaint>
            <Suspense fallback={null}>
              <ModeChip />
            </Suspense>
          </AfterFirstPaint>
          <Box sx={{ flexGrow: 1 }} />
          {/* The bar's name paints with the page's title; its tools follow right after (they only add to its right end). */}
          <AfterFirstPaint>
            <Suspense fallback={null}>
              <BarEnd wide={wide} />
            </Suspense>
          </AfterFirstPaint>
        </Toolbar>
      </header>
      {wide ? (
        // A permanent column beside the page: no modal, no transition.
        // The column's background runs the page's full height; the list in it stays in view while the page scrolls.
        <div className="app-nav" style={NAV_COLUMN(theme)}>
          <Box sx={{ position: 'sticky', top: 0, height: '100vh', overflowY: 'auto' }}>{nav}</Box>
        </div>
      ) : (
        drawerLoaded && (
          <Suspense fallback={null}>
            <NavDrawer open={open} onClose={() => setOpen(false)} width={DRAWER_WIDTH} label={t('nav.drawer')}>
              {nav}
            </NavDrawer>
          </Suspense>
        )
      )}
      <Suspense fallback={null}>
        <LiveEvents />
      </Suspense>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, sm: 3 } }}>
        <Toolbar className="app-bar-room" />
        <Suspense fallback={<Progress aria-label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
