import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
// The script's evaluation in parts, each a task of its own (app/start/pause-1.ts says why).
import './app/start/pause-1';
import { toast } from './lib/toast';
import { Providers } from './app/providers';
import './app/start/pause-2';
import { appTextsLoaded, createI18n, initialLanguage } from './app/i18n';
import { createQueryClient, followServerStatus } from './app/query-client';
import './app/start/pause-3';
import { AppRoutes } from './app/router';
import { reloadOnStaleBuild } from './app/stale-build';
import { seedBootData } from './app/boot';
import { CrashScreen } from './app/error-boundary';
import { ServerAwayNotice } from './app/server-banner';
import { preloadProgress } from './lib/progress';
import { loadChunk } from './lib/server-probe';
import { setLazyPrerequisite } from './lib/lazy';
import { nextTask } from './lib/next-task';

/**
 * Start-up in several browser tasks instead of one. Evaluating the first page's script is already one
 * long task on a phone; the work after it (the list request, the language, the texts, the first
 * render) each gets a task of its own, so the main thread is never held for the sum (Lighthouse
 * counts every task over 50 ms as blocking). The list request leaves first: it is what the page waits for.
 */

reloadOnStaleBuild();
followServerStatus();
let texts: (i: ReturnType<typeof createI18n>) => void = () => {};
const textsReady = new Promise<ReturnType<typeof createI18n>>((resolve) => (texts = resolve));
const queryClient = createQueryClient(
  // An error in the first few milliseconds waits for the texts to be worded (and for the wording's code).
  (error) =>
    void Promise.all([textsReady, loadChunk(() => import('./lib/use-error-text')), appTextsLoaded()]).then(([i, m]) =>
      toast(m.errorText(i.t, error), { variant: 'error' }),
    ),
  // The session ended while working: sign in again and come back to the same page.
  () => {
    if (window.location.pathname !== '/login')
      window.location.assign(`/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  },
);
// Every lazy part (pages, popups, the app bar's tools, the catalogue's list) draws once the texts the
// first page leaves out are in too: they load beside it, asked for by the first lazy part (boot.ts).
setLazyPrerequisite(appTextsLoaded);
seedBootData(queryClient);
await nextTask();
// The person's language (the first read of localStorage loads the origin's storage) and the ICU data
// its code needs (i18next reads language codes with Intl.getCanonicalLocales; the first Intl call of a
// page loads ICU) in a task of their own: with the texts' set-up they were one task of ~100 ms on a
// phone in the trace.
const lang = initialLanguage();
Intl.getCanonicalLocales(lang);
await nextTask();
const i18n = createI18n(lang);
texts(i18n);
document.documentElement.lang = i18n.language;
await nextTask();

// The first render as a transition: React yields to the browser every few milliseconds instead of
// holding the main thread for the whole tree (one long task of ~0.5 s on a mid-range phone).
startTransition(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers queryClient={queryClient} i18n={i18n}>
        <AppRoutes />
      </Providers>
    </StrictMode>,
  ),
);

// What only a failure or a wait shows (the crash screen, the server-away line, the progress bar) is
// not in the first page's script: asked for now, after the first render's start, so it is there
// before it can be needed, even with the server away.
CrashScreen.preload();
ServerAwayNotice.preload();
preloadProgress();
