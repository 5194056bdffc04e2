import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import type { ExceptionKind, ExceptionState } from '../../../../contract/schemas/exceptions';

const KIND_COLOR: Record<ExceptionKind, 'warning' | 'error' | 'info' | 'default'> = {
  late: 'warning',
  stalled: 'warning',
  cancelled: 'error',
  returned: 'error',
  failed: 'error',
};

/** A case's kind in words (its hint on hover), coloured by how much it costs the customer. */
export function KindChip({ kind }: { kind: ExceptionKind }) {
  const { t } = useTranslation('exceptions');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={KIND_COLOR[kind]}
      label={t(`kinds.${kind}`)}
      title={t(`kindHints.${kind}`)}
      data-testid="exception-kind"
    />
  );
}

/** A case's state in words. */
export function StateChip({ state }: { state: ExceptionState }) {
  const { t } = useTranslation('exceptions');
  return (
    <Chip
      size="small"
      color={state === 'open' ? 'primary' : state === 'taken' ? 'info' : 'success'}
      variant={state === 'resolved' ? 'outlined' : 'filled'}
      label={t(`states.${state}`)}
      data-testid="exception-state"
    />
  );
}
