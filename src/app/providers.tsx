import { useMemo, useState, type ReactNode } from 'react';
import { ThemeProvider } from '@mui/system';
import { CacheProvider } from '@emotion/react';
import { makeEmotionCache } from './emotion-cache';
import CssBaseline from '@mui/material/CssBaseline';
import type { PaletteMode } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { buildTheme, initialMode, rememberMode } from './theme';
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
