import { Suspense, useSyncExternalStore } from 'react';
import { isServerAway, onServerStatus } from '../lib/server-probe';
import { lazyNamed } from '../lib/lazy';

/** Its code is not in the first page: main.tsx asks for it at start-up, so it is there before the server can be away. */
export const ServerAwayNotice = lazyNamed(() => import('./server-away-notice'), 'ServerAwayNotice');

/**
 * While the server cannot be reached: one calm line above everything, nothing reloaded, nothing
 * typed lost. It goes away by itself when the server answers again (queries then refetch).
 */
export function ServerAwayBanner() {
  const away = useSyncExternalStore(onServerStatus, isServerAway, () => false);
  if (!away) return null;
  return (
    <Suspense fallback={null}>
      <ServerAwayNotice />
    </Suspense>
  );
}
