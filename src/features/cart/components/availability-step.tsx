import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AvailabilityItem } from '../../../../contract';
import { ErrorState } from '../../../components/error-state';
import { localReason, type LineView } from '../checkout';
import { LineRow } from './line-row';

/** SKUs the supplier will sell (availableCheck answers per channel: available and banned SKUs). */
export const sellableSkus = (items: AvailabilityItem[] | undefined) => new Set(items?.flatMap((i) => i.available) ?? []);

/** Step 3: per line, whether the supplier sells it to this address, and why not. */
export function AvailabilityStep({
  views,
  province,
  check,
  onRemove,
}: {
  views: LineView[];
  province: string;
  check: UseQueryResult<AvailabilityItem[]>;
  onRemove: (sku: number) => void;
}) {
  const { t } = useTranslation('cart');
  if (check.isError) return <ErrorState error={check.error} onRetry={() => void check.refetch()} />;
  const ok = sellableSkus(check.data);
  return (
    <Stack spacing={1}>
      {check.isFetching && <LinearProgress aria-label={t('checking')} />}
      {views.map((v) => {
        const known = !!check.data;
        const sellable = ok.has(v.line.sku);
        const why = localReason(v);
        return (
          <LineRow key={v.line.sku} line={v.line} testId="availability-line">
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              × {v.line.number}
            </Typography>
            {known && (
              <Chip
                size="small"
                color={sellable ? 'success' : 'error'}
                label={sellable ? t('sellable') : t('notSellable')}
                data-testid="availability-verdict"
              />
            )}
            {known && !sellable && (
              <Stack direction="row" sx={{ flexBasis: '100%', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Alert severity="error" sx={{ flex: 1, py: 0 }} data-testid="availability-reason">
                  {t(`reason.${why.key}`, { left: why.left, region: province })}
                </Alert>
                <Button color="error" onClick={() => onRemove(v.line.sku)}>
                  {t('removeShort')}
                </Button>
              </Stack>
            )}
          </LineRow>
        );
      })}
      {check.data && ok.size === 0 && <Alert severity="warning">{t('noneSellable')}</Alert>}
    </Stack>
  );
}
