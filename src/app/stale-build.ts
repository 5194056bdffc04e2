const KEY = 'supply-desk.reloaded-for-new-build';

/**
 * After a deploy, the chunks of the build a tab started with are gone, and the first lazy page or
 * popup opened then fails to load. Vite reports it (`vite:preloadError`); the tab then loads the new
 * build once. If that does not help either, the error goes on to the crash screen, which says so in
 * words with a reload button, instead of reloading in a loop.
 */
export function reloadOnStaleBuild() {
  window.addEventListener('vite:preloadError', () => {
    try {
      if (sessionStorage.getItem(KEY)) return;
      sessionStorage.setItem(KEY, String(Date.now()));
    } catch {
      return; // no storage: no way to avoid a loop, so no automatic reload
    }
    window.location.reload();
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
