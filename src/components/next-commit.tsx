import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders `children` in a render and commit of their own, started once the part of the page before
 * it is on screen (a transition, which React slices). `AfterFirstPaint` puts everything after the
 * title into one commit; a page whose later parts are costly to commit (emotion inserting the styles
 * of every new MUI part, components that measure themselves on mount) splits them with this, so no
 * single task holds the main thread for the sum. Place it last among what it follows, so nothing
 * already on screen moves when it arrives.
 */
export function NextCommit({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => setReady(true));
  }, []);
  return ready ? children : fallback;
}
