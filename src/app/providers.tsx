import { useMemo, useState, type ReactNode } from 'react';
import { ThemeProvider } from '@mui/system';
import { CacheProvider } from '@emotion/react';
// A break in the first page's evaluation after emotion and MUI's system, one after MUI's material (issue 39).
import './start-yield-3';
import { makeEmotionCache } from './emotion-cache';
import CssBaseline from '@mui/material/CssBaseline';
import type { PaletteMode } from '@mui/material/styles';
import { buildTheme, initialMode, rememberMode } from './theme';
import './start-yield-4';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { ColorModeContext } from './color-mode';
import { ErrorBoundary } from './error-boundary';
import { ToastHost } from '../lib/toast';
import { ServerAwayBanner } from './server-banner';

export function Providers({ children, queryClient, i18n }: { children: ReactNode; queryClient: QueryClient; i18n: I18n }) {
  const [emotionCache] = useState(makeEmotionCache);
  const [mode, setMode] = useState<PaletteMode>(initialMode);
  const theme = useMemo(() => buildTheme(mode), [mode]);
  const colorMode = useMemo(
    () => ({
      mode,
      toggle: () =>
        setMode((m) => {
          const next = m === 'light' ? 'dark' : 'light';
          rememberMode(next);
          return next;
        }),
    }),
    [mode],
  );
  return (
    <I18nextProvider i18n={i18n}>
      <CacheProvider value={emotionCache}>
        <ColorModeContext.Provider value={colorMode}>
          <ThemeProvider theme={theme}>
            <CssBaseline />
            <QueryClientProvider client={queryClient}>
              <ErrorBoundary>{children}</ErrorBoundary>
            </QueryClientProvider>
            <ServerAwayBanner />
            <ToastHost />
          </ThemeProvider>
        </ColorModeContext.Provider>
      </CacheProvider>
    </I18nextProvider>
  );
}
