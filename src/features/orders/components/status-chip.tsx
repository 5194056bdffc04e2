import Chip from '@mui/material/Chip';
import type { EnumModule } from '../../../../contract/enums';
import { childGoodsStatus } from '../../../../contract/enums/child-goods-status';
import { orderPayStatus } from '../../../../contract/enums/order-pay-status';
import { orderStatus } from '../../../../contract/enums/order-status';
import { useLang } from '../../../lib/use-lang';

type Color = 'default' | 'primary' | 'info' | 'success' | 'warning' | 'error';

const COLORS = new Map<EnumModule<number>, Record<number, Color>>([
  [orderStatus, { 0: 'warning', 1: 'info', 2: 'info', 3: 'primary', 4: 'success', 5: 'default' }],
  [orderPayStatus, { 0: 'warning', 1: 'success', 2: 'default' }],
  [childGoodsStatus, { 0: 'warning', 1: 'default', 2: 'info', 3: 'primary', 4: 'success', 5: 'success' }],
]);

/** Spaces that do not break: a prefixed chip that must wrap breaks only after its " · ". */
const keepWhole = (words: string) => words.replace(/ /g, '\u00a0');

/** A status code of the contract's enums as words on a chip, coloured by how far along it is. */
export function StatusChip({ of, value, prefix, testId }: { of: EnumModule<number>; value: number; prefix?: string; testId?: string }) {
  const lang = useLang();
  const label = of.label(value, lang);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS.get(of)?.[value] ?? 'default'}
      label={prefix ? `${keepWhole(prefix)} · ${keepWhole(label)}` : label}
      data-testid={testId}
      data-value={value}
      sx={{ maxWidth: '100%' }}
    />
  );
}
