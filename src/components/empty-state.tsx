import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import type { ReactNode } from 'react';

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }} data-testid="empty-state">
      <InboxOutlinedIcon sx={{ fontSize: 48, mb: 1 }} aria-hidden />
      <Typography variant="subtitle1">{title}</Typography>
      {children}
    </Box>
  );
}
