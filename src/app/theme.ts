import { createTheme, keyframes, type PaletteMode } from '@mui/material/styles';
import { THEME_COOKIE } from '../../contract/constants';
import { mirrorToCookie } from '../lib/cookie';

const STORAGE_KEY = 'supply-desk.theme';

export function initialMode(): PaletteMode {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved === 'light' || saved === 'dark') {
      // The gateway paints the first frame in this mode next time (server/shell-page.ts).
      mirrorToCookie(THEME_COOKIE, saved);
      return saved;
    }
  } catch {
    /* ignore */
  }
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function rememberMode(mode: PaletteMode) {
  try {
    localStorage.setItem(STORAGE_KEY, mode);
  } catch {
    /* ignore */
  }
  mirrorToCookie(THEME_COOKIE, mode);
  // index.html paints the page background by html[data-mode] before any script: it follows a switch.
  document.documentElement.dataset.mode = mode;
}

/**
 * MUI's indeterminate LinearProgress moves its bars with `left` and `right`, which lays out and paints
 * the page on the main thread in every frame while a list loads (5-7 ms a frame in a trace of a filter
 * change, beside the render that waits for that thread). The same motion as `transform` runs on the
 * compositor: each bar spans the track (width 100%, origin left) and is moved and scaled to cover the
 * stretch MUI's keyframes give it, [left, 100% - right].
 */
const sweep1 = keyframes({
  '0%': { transform: 'translateX(-35%) scaleX(0.35)' },
  '60%, 100%': { transform: 'translateX(100%) scaleX(0.9)' },
});
const sweep2 = keyframes({
  '0%': { transform: 'translateX(-200%) scaleX(2)' },
  '60%, 100%': { transform: 'translateX(107%) scaleX(0.01)' },
});
const indeterminate = (ownerState: { variant?: string }) => ownerState.variant === 'indeterminate' || ownerState.variant === 'query';
const compositorBar = (animation: string) => ({
  left: 0,
  right: 'auto',
  width: '100%',
  willChange: 'transform',
  animation,
  // Without motion: a still bar in the middle says "loading" all the same.
  '@media (prefers-reduced-motion: reduce)': { animation: 'none', transform: 'translateX(30%) scaleX(0.4)' },
});

export function buildTheme(mode: PaletteMode) {
  return createTheme({
    palette: {
      mode,
      primary: { main: mode === 'light' ? '#0b6e4f' : '#4fc29a' },
      secondary: { main: mode === 'light' ? '#b5541c' : '#f0a36b' },
      background: mode === 'light' ? { default: '#f5f7f6', paper: '#ffffff' } : { default: '#101413', paper: '#171d1b' },
      // MUI's default status colours fall under WCAG AA as text (warning #ed6c02 is 3.1:1 on white):
      // these keep 4.5:1 or more on the page and paper backgrounds of each mode.
      ...(mode === 'light'
        ? { error: { main: '#c62828' }, warning: { main: '#a04c00' }, info: { main: '#0262a0' }, success: { main: '#1b6e20' } }
        : { error: { main: '#e57373' }, warning: { main: '#ffb74d' }, info: { main: '#4fc3f7' }, success: { main: '#66bb6a' } }),
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: '"Inter", "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", system-ui, sans-serif',
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiPaper: { defaultProps: { elevation: 0 }, styleOverrides: { root: { backgroundImage: 'none' } } },
      // A table wider than a phone scrolls sideways in its box: the box takes focus so keys can scroll it.
      MuiTableContainer: { defaultProps: { tabIndex: 0 } },
      MuiLinearProgress: {
        styleOverrides: {
          bar1: ({ ownerState }) =>
            indeterminate(ownerState) ? compositorBar(`${sweep1} 2.1s cubic-bezier(0.65, 0.815, 0.735, 0.395) infinite`) : {},
          bar2: ({ ownerState }) =>
            indeterminate(ownerState)
              ? {
                  ...compositorBar(`${sweep2} 2.1s cubic-bezier(0.165, 0.84, 0.44, 1) 1.15s infinite backwards`),
                  '@media (prefers-reduced-motion: reduce)': { display: 'none' },
                }
              : {},
        },
      },
      // A disabled field's label stays readable (4.5:1): the field itself shows that it is disabled, and
      // a region picker's city and district wait for the province with their names in view.
      MuiFormLabel: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) } },
      // A toggle button not chosen is drawn in action.active (#757575 in light: 4.3:1 on the page's background): text.secondary keeps 4.5:1.
      MuiToggleButton: { styleOverrides: { root: ({ theme }) => ({ '&:not(.Mui-selected)': { color: theme.palette.text.secondary } }) } },
    },
  });
}
