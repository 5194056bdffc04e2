import type { ReadRequest } from './read-worker';
import type { ReadResult } from './read';

/** How long a sheet may take to read before its worker is stopped (5,000 rows take about a second). */
export const READ_TIME_LIMIT_MS = 30_000;

/**
 * Reads a file or pasted text in a Web Worker, so the page stays responsive whatever the file: the
 * answer, or `timeout` past the time limit, or `cancelled` when `signal` aborts (the page's "Stop
 * reading"); either way the worker is ended, with whatever it was inflating. Where there is no
 * Worker (tests in Node), the reading is done here.
 */
export function readInWorker(request: ReadRequest, signal: AbortSignal, limitMs = READ_TIME_LIMIT_MS): Promise<ReadResult> {
  if (typeof Worker === 'undefined')
    return import('./read').then((m) => ('file' in request ? m.readSheetFile(request.file) : m.readPastedText(request.text)));
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./read-worker.ts', import.meta.url), { type: 'module' });
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
    worker.onerror = (e) => {
      e.preventDefault();
      end({ ok: false, problem: { kind: 'unreadable' } });
    };
    if (signal.aborted) onAbort();
    else worker.postMessage(request);
  });
}
