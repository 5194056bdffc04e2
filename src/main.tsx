import { StrictMode, startTransition } from 'react';
import { Providers, makeAhead, type MadeAhead } from './app/providers';
import './app/start-yield-1';
import { AppRoutes } from './app/router';
import './app/start-yield-2';
import { toast } from './lib/toast';
import { appTextsLoaded, createI18n, initialLanguage } from './app/i18n';
import { createQueryClient, followServerStatus } from './app/query-client';
import { onSettledWrite } from './lib/bff';
import { reloadOnStaleBuild } from './app/stale-build';
import { seedBootData } from './app/boot';
import { CrashScreen } from './app/error-boundary';
import { ServerAwayNotice } from './app/server-banner';
import { preloadProgress } from './lib/progress';
import { loadChunk } from './lib/server-probe';
import { setLazyPrerequisite } from './lib/lazy';
import { runInTasks } from './lib/next-task';
import { mirrorToCookie } from './lib/cookie';
import { LANGUAGE_COOKIE } from '../contract/constants';

/**
 * Start-up, the one place it is split. The page's list request leaves at once (it is what the page
 * waits for); everything after it is a list of steps, each in a browser task of its own (runInTasks),
 * so a phone's main thread is never held for their sum. React DOM, the largest module of the first
 * page, is run by a step too: imported there, not at the top (the build keeps it in the first page's
 * chunk, vite.config.ts, where a CommonJS module runs when first imported).
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
// A write whose answer was lost and was found done by reading: said beside what the page shows for it.
onSettledWrite(() => void Promise.all([textsReady, appTextsLoaded()]).then(([i]) => toast(i.t('app:errors.settled'), { variant: 'info' })));
// Every lazy part (pages, popups, the app bar's tools, the catalogue's list) draws once the texts the
// first page leaves out are in too: they load beside it, asked for by the first lazy part.
setLazyPrerequisite(appTextsLoaded);
const [beforeRender, ...afterPaint] = seedBootData(queryClient);

let lang: ReturnType<typeof initialLanguage>;
let i18n: ReturnType<typeof createI18n>;
let dom: typeof import('react-dom/client');
let emotionCache: MadeAhead['emotionCache'];
let ahead: MadeAhead;
void runInTasks([
  ...beforeRender,
  async () => void (dom = await import('react-dom/client')),
  // The person's language (the first read of localStorage loads the origin's storage) and the ICU data
  // its code needs (i18next reads language codes with Intl.getCanonicalLocales; a page's first Intl
  // call loads ICU): with the texts' set-up they were one task of ~100 ms on a phone in a trace.
  () => {
    lang = initialLanguage();
    Intl.getCanonicalLocales(lang);
  },
  // The language's mirror for the gateway (a cookie write reaches the browser's cookie store: ~8 ms at
  // full speed in a profile on a first visit) in a task of its own; createI18n then finds it there.
  () => mirrorToCookie(LANGUAGE_COOKIE, lang),
  () => {
    i18n = createI18n(lang);
    texts(i18n);
    document.documentElement.lang = i18n.language;
  },
  () => void (emotionCache = makeAhead.emotionCache()),
  () => void (ahead = { emotionCache, ...makeAhead.theme() }),
  // The first render as a transition: React yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree.
  () =>
    startTransition(() =>
      dom.createRoot(document.getElementById('root')!).render(
        <StrictMode>
          <Providers queryClient={queryClient} i18n={i18n} ahead={ahead}>
            <AppRoutes />
          </Providers>
        </StrictMode>,
      ),
    ),
  ...afterPaint,
  // What only a failure or a wait shows (the crash screen, the server-away line, the progress bar) is
  // not in the first page's script: asked for after the first render's start, so it is there before it
  // can be needed, even with the server away.
  () => {
    CrashScreen.preload();
    ServerAwayNotice.preload();
    preloadProgress();
  },
]);
