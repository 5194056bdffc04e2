import { readPastedText, readSheetFile } from './read';

/**
 * The sheet read off the page's thread: a file that takes long to inflate or parse (or one that
 * lies about its sizes) keeps this worker busy, not the page, and the page ends it at its time
 * limit or when the person stops it (sheet/read-in-worker.ts).
 */
export type ReadRequest = { file: File } | { text: string };

/** The worker's own scope (the app is typed with the DOM's, where postMessage takes an origin). */
const scope = self as unknown as { onmessage: ((e: MessageEvent<ReadRequest>) => void) | null; postMessage: (message: unknown) => void };

scope.onmessage = (e) => {
  void ('file' in e.data ? readSheetFile(e.data.file) : readPastedText(e.data.text)).then(
    (r) => scope.postMessage(r),
    () => scope.postMessage({ ok: false, problem: { kind: 'unreadable' } }),
  );
};
