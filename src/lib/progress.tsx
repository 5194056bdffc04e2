import { Suspense } from 'react';
import type { LinearProgressProps } from '@mui/material/LinearProgress';
import { lazyNamed } from './lazy';

const Bar = lazyNamed(() => import('@mui/material/LinearProgress'), 'default');

/**
 * MUI's LinearProgress for what the first page shows only while something loads (the page's code,
 * the session): its code is not in the first page's script. Until it is in, an empty strip of the
 * bar's height keeps the place, so nothing below moves.
 */
export function Progress(props: LinearProgressProps) {
  return (
    <Suspense fallback={<div style={{ height: 4 }} />}>
      <Bar {...props} />
    </Suspense>
  );
}

/** Starts loading the bar's code (at start-up, after the first paint). */
export const preloadProgress = () => Bar.preload();
