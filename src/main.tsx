import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { toast } from './lib/toast';
import { Providers } from './app/providers';
import { createI18n } from './app/i18n';
import { createQueryClient, followServerStatus } from './app/query-client';
import { AppRoutes } from './app/router';
import { errorText } from './lib/use-error-text';
import { reloadOnStaleBuild } from './app/stale-build';
import { seedBootData } from './app/boot';

reloadOnStaleBuild();
followServerStatus();
const i18n = createI18n();
document.documentElement.lang = i18n.language;
const queryClient = createQueryClient(
  (error) => void toast(errorText(i18n.t, error), { variant: 'error' }),
  // The session ended while working: sign in again and come back to the same page.
  () => {
    if (window.location.pathname !== '/login')
      window.location.assign(`/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  },
);
seedBootData(queryClient);

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
