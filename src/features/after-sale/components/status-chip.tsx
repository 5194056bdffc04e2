import Chip from '@mui/material/Chip';
import { afterSaleStatus } from '../../../../contract/enums';
import { useLang } from '../../../lib/use-lang';

const COLORS: Record<number, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  1: 'info',
  2: 'warning',
  3: 'success',
  4: 'error',
  5: 'info',
  6: 'default',
};

/** An after-sale's status in words. */
export function StatusChip({ status }: { status: number }) {
  const lang = useLang();
  return (
    <Chip
      size="small"
      color={COLORS[status] ?? 'default'}
      variant="outlined"
      label={afterSaleStatus.label(status, lang)}
      data-status={status}
    />
  );
}
