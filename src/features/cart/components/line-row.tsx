import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SourceChip } from '../../../components/source-chip';
import type { CartLine } from '../../../../contract/schemas/person';

/** One cart line as a row that wraps on phones: picture, title, spec and channel, then what the step adds. */
export function LineRow({ line, children, testId = 'cart-line' }: { line: CartLine; children?: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={testId} data-sku={line.sku} data-goods-id={line.goodsId}>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Box component="img" src={line.cover} alt="" sx={{ width: 56, height: 56, borderRadius: 1, flexShrink: 0 }} />
        <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {line.title}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
            <SourceChip source={line.source} />
            {line.spec && (
              <Typography variant="caption" color="textSecondary">
                {line.spec}
              </Typography>
            )}
          </Stack>
        </Box>
        {children}
      </Stack>
    </Paper>
  );
}
