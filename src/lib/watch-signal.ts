/**
 * The goods watch's live event (`watch`, goods that just became at risk) passed on inside the page:
 * the live-events component says it, pages holding goods that are not sent yet (a checked bulk-order
 * sheet) listen. A DOM event, so the first page's live-events code imports nothing of those pages.
 */
const WATCH_SIGNAL = 'sd:watch';

export function signalWatch(goodsIds: readonly number[]): void {
  if (goodsIds.length) window.dispatchEvent(new CustomEvent(WATCH_SIGNAL, { detail: [...goodsIds] }));
}

/** Calls `fn` with the goods of each watch event from now on; returns what stops it. */
export function onWatchSignal(fn: (goodsIds: number[]) => void): () => void {
  const listener = (e: Event) => fn((e as CustomEvent<number[]>).detail);
  window.addEventListener(WATCH_SIGNAL, listener);
  return () => window.removeEventListener(WATCH_SIGNAL, listener);
}
