import type { ReadRequest } from './read-worker';
import type { ReadResult } from './read';

/** How long a sheet may take to read before its worker is stopped (5,000 rows take about a second). */
export const READ_TIME_LIMIT_MS = 30_000;

/**
 * Reads a file or pasted text in a Web Worker, so the page stays responsive whatever the file: the
 * answer, or `timeout` past the time limit, or `cancelled` when `signal` aborts (the page's "Stop
 * reading"), or `worker` at once when the browser does not start the worker or it fails; either way
 * the worker is ended, with whatever it was inflating. The worker starts no worker of its own (the
 * page's policy allows none from `blob:` URLs): the .xlsx reader inflates synchronously. Where there is no
 * Worker (tests in Node), the reading is done here.
 */
export function readInWorker(request: ReadRequest, signal: AbortSignal, limitMs = READ_TIME_LIMIT_MS): Promise<ReadResult> {
  if (typeof Worker === 'undefined')
    return import('./read').then((m) => ('file' in request ? m.readSheetFile(request.file) : m.readPastedText(request.text)));
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./read-worker.ts', import.meta.url), { type: 'module' });
    } catch {
      // A browser may refuse a worker at once (a security policy): said now, not at the time limit.
      resolve({ ok: false, problem: { kind: 'worker' } });
      return;
    }
    const end = (r: ReadResult) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      worker.terminate();
      resolve(r);
    };
    const onAbort = () => end({ ok: false, problem: { kind: 'cancelled' } });
    const timer = setTimeout(() => end({ ok: false, problem: { kind: 'timeout', seconds: Math.round(limitMs / 1000) } }), limitMs);
    signal.addEventListener('abort', onAbort);
    worker.onmessage = (e: MessageEvent<ReadResult>) => end(e.data);
    // The worker's script refused or failed to load (a security policy, a lost connection), or the
    // worker died: said at once. A file it cannot read is answered by the worker itself (`unreadable`).
    worker.onerror = (e) => {
      e.preventDefault();
      end({ ok: false, problem: { kind: 'worker' } });
    };
    worker.onmessageerror = () => end({ ok: false, problem: { kind: 'worker' } });
    if (signal.aborted) onAbort();
    else worker.postMessage(request);
  });
}
