import { serverReachable } from '../lib/server-probe';

const KEY = 'supply-desk.reloaded-for-new-build';

/**
 * After a deploy, the chunks of the build a tab started with are gone, and the first lazy page or
 * popup opened then fails to load. Vite reports it (`vite:preloadError`). A chunk also fails when the
 * server is away (stopped, network down): reloading then would put the tab on the browser's "This
 * site can't be reached" and lose what was typed. So the server is probed first: it answers → a new
 * build, the tab loads it once; it does not → nothing is reloaded (the chunk is fetched again when
 * the server is back, see loadChunk in src/lib/server-probe.ts, and a banner says so meanwhile).
 * If reloading once does not help either, the error goes on to the crash screen, which says so in
 * words with a reload button, instead of reloading in a loop.
 */
export function reloadOnStaleBuild() {
  window.addEventListener('vite:preloadError', () => {
    void serverReachable().then((reachable) => {
      if (!reachable) return;
      try {
        if (sessionStorage.getItem(KEY)) return;
        sessionStorage.setItem(KEY, String(Date.now()));
      } catch {
        return; // no storage: no way to avoid a loop, so no automatic reload
      }
      window.location.reload();
    });
  });
  // A later deploy, in the same tab, may reload it again.
  window.setTimeout(() => {
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      /* nothing to clear */
    }
  }, 60_000);
}
