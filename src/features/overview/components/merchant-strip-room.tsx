import { Suspense } from 'react';
import Box from '@mui/material/Box';
import { lazyNamed } from '../../../lib/lazy';

/** The figures themselves, their texts and their request: a small chunk of their own. */
const StripFigures = lazyNamed(() => import('./merchant-strip'), 'StripFigures');

/**
 * The strip's room, in the catalogue's first download: a fixed height (one compact line of figures;
 * a row of cards on wide screens) drawn with the page's first commit, so nothing below moves when the
 * figures' code, texts and numbers come later (layout shift, issue 39). merchant-strip.tsx draws
 * within exactly this height.
 */
export const STRIP_HEIGHT = { xs: 40, lg: 112 } as const;

/**
 * The merchant's figures on top of the catalogue (today's orders, failed orders, library goods off
 * sale), for the people with `strip.read` (the router decides: src/app/router.tsx).
 */
export function MerchantStrip() {
  return (
    <Box sx={{ height: STRIP_HEIGHT, flexShrink: 0 }} data-testid="merchant-strip-room">
      <Suspense fallback={null}>
        <StripFigures />
      </Suspense>
    </Box>
  );
}
