import { createTheme, type PaletteMode } from '@mui/material/styles';
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
}

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
      // A disabled field's label stays readable (4.5:1): the field itself shows that it is disabled, and
      // a region picker's city and district wait for the province with their names in view.
      MuiFormLabel: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) } },
    },
  });
}
