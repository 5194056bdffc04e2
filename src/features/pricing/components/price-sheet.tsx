import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { PRICE_SHEET_ONLY, PRICE_SHEET_TYPES, type PriceSheetInput } from '../../../../contract';
import { ErrorState } from '../../../components/error-state';
import { formatCount } from '../../../lib/money';
import { formatMillis } from '../../../lib/time';
import { toast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { useLang } from '../../../lib/use-lang';
import { pricingSummaryQuery, useDownloadSheet } from '../api';

/**
 * The shop's price sheet: every SKU of the library, or only those whose retail or compare-at moved
 * since the last download (the supplier moved, or the rules did), as .xlsx or .csv, written by the
 * gateway; each with its count. A download marks what it held, so "changed" counts again from it.
 */
export function PriceSheet() {
  const { t } = useTranslation('pricing');
  const lang = useLang();
  const errorText = useErrorText();
  const summary = useQuery(pricingSummaryQuery());
  const [only, setOnly] = useState<PriceSheetInput['only']>('changed');
  const [type, setType] = useState<PriceSheetInput['type']>('xlsx');
  const sheet = useDownloadSheet();
  const s = summary.data;
  const count = s ? (only === 'all' ? s.skus : s.changed) : 0;

  const start = () =>
    sheet.mutate(
      { only, type, lang: lang === 'en' ? 'en' : 'zh-CN' },
      {
        onSuccess: ({ rows }) =>
          void toast(t('sheet.downloaded', { n: formatCount(Number.isFinite(rows) ? rows : count, lang) }), { variant: 'success' }),
        onError: (e) => void toast(errorText(e), { variant: 'error' }),
      },
    );

  if (summary.isPending) return <Skeleton variant="rounded" height={160} />;
  if (summary.isError || !s) return <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="textSecondary">
        {t('sheet.help')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1.5, sm: 4 }}>
        <FormControl>
          <FormLabel id="pricing-sheet-which">{t('sheet.which')}</FormLabel>
          <RadioGroup aria-labelledby="pricing-sheet-which" value={only} onChange={(e) => setOnly(e.target.value as typeof only)}>
            {PRICE_SHEET_ONLY.map((o) => (
              <FormControlLabel
                key={o}
                value={o}
                control={<Radio size="small" />}
                data-testid={`pricing-sheet-${o}`}
                data-count={o === 'all' ? s.skus : s.changed}
                label={t(`sheet.${o}`, { n: formatCount(o === 'all' ? s.skus : s.changed, lang) })}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <FormControl>
          <FormLabel id="pricing-sheet-type">{t('sheet.format')}</FormLabel>
          <RadioGroup aria-labelledby="pricing-sheet-type" value={type} onChange={(e) => setType(e.target.value as typeof type)}>
            {PRICE_SHEET_TYPES.map((x) => (
              <FormControlLabel key={x} value={x} control={<Radio size="small" />} label={`.${x}`} />
            ))}
          </RadioGroup>
        </FormControl>
      </Stack>
      <Typography variant="body2" color="textSecondary" data-testid="pricing-sheet-last">
        {s.downloadedAt === null ? t('sheet.never') : t('sheet.last', { when: formatMillis(s.downloadedAt, lang) })}
      </Typography>
      {count === 0 && only === 'changed' && s.skus > 0 && <Alert severity="success">{t('sheet.nothing')}</Alert>}
      <div>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          loading={sheet.isPending}
          disabled={count === 0}
          onClick={start}
          data-testid="pricing-sheet-download"
        >
          {t('sheet.download')} ({formatCount(count, lang)})
        </Button>
      </div>
    </Stack>
  );
}
