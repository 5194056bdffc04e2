import { Suspense, useState } from 'react';
import Paper from '@mui/material/Paper';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import { NAV_ITEMS, allowed } from './nav';
import { useCan } from '../features/account/session';
import { AfterFirstPaint } from '../components/after-first-paint';
import { lazyNamed, useLatch } from '../lib/lazy';
import { Progress } from '../lib/progress';
import { BarEnd, LiveEvents, ModeChip, ShellTools } from './shell-tools-chunk';

// Phones get the navigation in a sliding drawer (a modal): its code loads when first opened.
const NavDrawer = lazyNamed(() => import('./nav-drawer'), 'NavDrawer');

const DRAWER_WIDTH = 232;

/** A navigation entry's <li>: what MUI's ListItem with disablePadding draws, without its code in the first page. */
const NAV_ITEM = {
  display: 'flex',
  justifyContent: 'flex-start',
  alignItems: 'center',
  position: 'relative',
  width: '100%',
  boxSizing: 'border-box',
  textAlign: 'left',
} as const;

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

export function Layout() {
  const { t } = useTranslation('app');
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
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
      <List>
        {items.map((item) => (
          <Box component="li" key={item.to} sx={NAV_ITEM}>
            <ListItemButton
              component={Link}
              to={item.to}
              className={item === current ? 'active' : undefined}
              aria-current={item === current ? 'page' : undefined}
              onClick={() => setOpen(false)}
              sx={{ mx: 1, borderRadius: 2, '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <item.icon />
              </ListItemIcon>
              <ListItemText primary={t(item.label)} />
            </ListItemButton>
          </Box>
        ))}
      </List>
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
      <AppBar
        position="fixed"
        color="inherit"
        sx={{ zIndex: (th) => th.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider' }}
        elevation={0}
      >
        <Toolbar sx={{ gap: 1 }}>
          {!wide && (
            <IconButton edge="start" aria-label={t('nav.menu')} onClick={() => setOpen(true)} onPointerEnter={NavDrawer.preload}>
              <MenuIcon />
            </IconButton>
          )}
          {/* On phones the name gives way so menu, messages, cart and account keep their room: whole or not
              at all (a cut "Supply…" reads as a word), the mark staying. */}
          <Box sx={BRAND}>
            <svg className="brand-mark" aria-hidden="true" viewBox="0 0 64 64">
              <rect width="64" height="64" rx="14" fill="#0b6e4f" />
              <path d="M16 24h32l-4 24H20z" fill="#fff" />
              <path d="M24 24a8 8 0 0 1 16 0" stroke="#fff" strokeWidth="4" fill="none" />
            </svg>
            <Typography variant="h6" component="div" sx={{ fontWeight: 700, color: 'primary.main', whiteSpace: 'nowrap' }}>
              {t('appName')}
            </Typography>
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
      </AppBar>
      {wide ? (
        // A permanent column beside the page: no modal, no transition.
        // The column's background runs the page's full height; the list in it stays in view while the page scrolls.
        <Paper square variant="outlined" sx={{ width: DRAWER_WIDTH, flexShrink: 0, borderTop: 0, borderBottom: 0, borderLeft: 0 }}>
          <Box sx={{ position: 'sticky', top: 0, height: '100vh', overflowY: 'auto' }}>{nav}</Box>
        </Paper>
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
        <Toolbar />
        <Suspense fallback={<Progress aria-label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
