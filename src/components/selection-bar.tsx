import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** Shown while rows are selected: how many, the bulk actions, and a way to let go of the selection. */
export function SelectionBar({ count, onClear, children }: { count: number; onClear: () => void; children: ReactNode }) {
  const { t } = useTranslation('app');
  if (count === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 1, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" sx={{ px: 1 }}>
        {t('goods.selected', { count })}
      </Typography>
      {children}
      <Button onClick={onClear}>{t('goods.clearSelection')}</Button>
    </Paper>
  );
}
