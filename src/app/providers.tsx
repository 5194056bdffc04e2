import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ThemeProvider } from '@mui/system';
import { CacheProvider } from '@emotion/react';
// Breaks in the first page's evaluation (issue 39): after emotion and MUI's system, after MUI's
// material and the theme, after TanStack Query.
import './start-yield-3';
import { makeEmotionCache } from './emotion-cache';
import CssBaseline from '@mui/material/CssBaseline';
import type { PaletteMode } from '@mui/material/styles';
import { buildTheme, initialMode, rememberMode } from './theme';
import './start-yield-4';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import './start-yield-5';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { ColorModeContext } from './color-mode';
import { ErrorBoundary } from './error-boundary';
import { ToastHost } from '../lib/toast';
import { ServerAwayBanner } from './server-banner';

/** What the start-up makes in tasks of its own before the first render (issue 39): the emotion cache, the theme. */
export interface MadeAhead {
  emotionCache: ReturnType<typeof makeEmotionCache>;
  mode: PaletteMode;
  theme: ReturnType<typeof buildTheme>;
}

/** The emotion cache and the person's theme, each made in a browser task of its own by main.tsx's steps. */
export const makeAhead = {
  emotionCache: makeEmotionCache,
  theme: () => {
    const mode = initialMode();
    return { mode, theme: buildTheme(mode) };
  },
};

export function Providers({
  children,
  queryClient,
  i18n,
  ahead,
}: {
  children: ReactNode;
  queryClient: QueryClient;
  i18n: I18n;
  ahead?: MadeAhead;
}) {
  // Made ahead, the first render does not hold a phone's main thread for them (one unit of React's work:
  // ~6 + ~10 ms at full speed in a CPU profile).
  const [emotionCache] = useState(() => ahead?.emotionCache ?? makeEmotionCache());
  const [mode, setMode] = useState<PaletteMode>(() => ahead?.mode ?? initialMode());
  // Paper is white: printed, the page is drawn in the light mode whatever the screen's (dark text on
  // white, not white text the printer leaves out), and back after.
  const printing = usePrinting();
  const shown = printing ? 'light' : mode;
  const theme = useMemo(() => (ahead && shown === ahead.mode ? ahead.theme : buildTheme(shown)), [shown, ahead]);
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

/**
 * Whether the page is being printed: true from the browser's `beforeprint` to its `afterprint`. The
 * change is drawn before the browser lays the page out for paper (React DOM's flushSync, taken once the
 * app has started: React DOM is not imported at the top of the first page's script, main.tsx).
 */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    let flushSync: ((fn: () => void) => void) | undefined;
    void import('react-dom').then((m) => (flushSync = m.flushSync));
    const before = () => (flushSync ? flushSync(() => setPrinting(true)) : setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printing;
}
