import { useDeferredValue, type ReactNode } from 'react';

/**
 * Renders `children` only after the first commit of the part of the tree it is in: the first paint
 * shows what comes before it (the page title, the app bar) at once, and React draws the rest right
 * after, in the background, in slices that leave the main thread free. Put everything that follows
 * in one `AfterFirstPaint`, so that nothing already on screen moves when it arrives.
 */
export function AfterFirstPaint({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : fallback;
}
