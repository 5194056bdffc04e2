import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';

/** One body2 line high, whether or not it has text yet. */
const LINE = { minHeight: '1.43em' } as const;

/**
 * "1,234 products" above a list. It keeps its line while the count is still coming (empty, but
 * there), so the table below it does not jump down when the count arrives (layout shift).
 */
export function ResultsLine({ children, testId }: { children?: ReactNode; testId?: string }) {
  return (
    <Typography variant="body2" color="textSecondary" aria-live="polite" sx={LINE} data-testid={testId}>
      {children}
    </Typography>
  );
}
