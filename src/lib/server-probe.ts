/**
 * Is the Supply Desk server there? A failed request or chunk download means either "the server is
 * away" (stopped, network down) or, for a chunk, "a new build replaced the old files". Only a probe
 * tells them apart: `/healthz`, never from a cache.
 */
export async function serverReachable(timeoutMs = 4000): Promise<boolean> {
  try {
    const res = await fetch('/healthz', { cache: 'no-store', credentials: 'omit', signal: AbortSignal.timeout(timeoutMs) });
    return res.ok;
  } catch {
    return false;
  }
}

type Listener = (away: boolean) => void;
const listeners = new Set<Listener>();
let away = false;
let waiting: Promise<void> | null = null;
const POLL_MS = 3000;

export const isServerAway = () => away;

/** Called on every status change (true: away). Returns the unsubscribe. */
export function onServerStatus(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function set(next: boolean) {
  if (away === next) return;
  away = next;
  listeners.forEach((l) => l(next));
}

/**
 * The server could not be reached: say so (listeners) and probe until it answers again. Resolves
 * when it is back. One probe loop however many callers wait.
 */
export function serverAway(): Promise<void> {
  set(true);
  waiting ??= new Promise<void>((resolve) => {
    const again = () => {
      globalThis.window?.removeEventListener('online', again);
      void serverReachable().then((ok) => {
        if (ok) {
          waiting = null;
          set(false);
          resolve();
        } else {
          globalThis.window?.addEventListener('online', again, { once: true });
          setTimeout(again, POLL_MS);
        }
      });
    };
    setTimeout(again, POLL_MS);
  });
  return waiting;
}

/** Something reached the server: it is back (no need to wait for the next probe). */
export function serverAnswered() {
  if (away && !waiting) set(false);
}

/**
 * Loads a chunk of code. When it fails and the server cannot be reached, waits until it is back and
 * tries again, instead of failing the page; when the server is there, the failure is a new build
 * (src/app/stale-build.ts reloads once) and is passed on.
 */
export async function loadChunk<M>(load: () => Promise<M>): Promise<M> {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (await serverReachable()) throw error;
      await serverAway();
    }
  }
}
