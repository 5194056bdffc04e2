import { createTheme, type PaletteMode } from '@mui/material/styles';

const STORAGE_KEY = 'supply-desk.theme';

export function initialMode(): PaletteMode {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved === 'light' || saved === 'dark') return saved;
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
}

export function buildTheme(mode: PaletteMode) {
  return createTheme({
    palette: {
      mode,
      primary: { main: mode === 'light' ? '#0b6e4f' : '#4fc29a' },
      secondary: { main: mode === 'light' ? '#b5541c' : '#f0a36b' },
      background: mode === 'light' ? { default: '#f5f7f6', paper: '#ffffff' } : { default: '#101413', paper: '#171d1b' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: '"Inter", "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", system-ui, sans-serif',
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiPaper: { defaultProps: { elevation: 0 }, styleOverrides: { root: { backgroundImage: 'none' } } },
    },
  });
}
