import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Paper from '@mui/material/Paper';
import type { BeforeCheckItem } from '../../../../contract';
import { source as sourceEnum } from '../../../../contract/enums/source';
import { ErrorState } from '../../../components/error-state';
import { formatFen } from '../../../lib/money';
import { useLang } from '../../../lib/use-lang';
import type { LineView } from '../checkout';
import { isPriceChange, reasonWords } from '../reasons';
import { LineRow } from './line-row';
import { MoneySummary, type ChannelFreight } from './money-summary';

export interface Precheck {
  sellable: LineView[];
  unsellable: { view: LineView; reason: string; price?: number }[];
  channels: ChannelFreight[];
  goods: number;
}

/** Reads beforeCheck's groups back onto the cart lines: which sell, which not and why, freight per channel. */
export function readPrecheck(items: BeforeCheckItem[], views: LineView[], lang: string): Precheck {
  const bySku = new Map(views.map((v) => [v.line.sku, v]));
  const sellable = items.flatMap((i) => i.skus.map((s) => bySku.get(s)).filter((v): v is LineView => !!v));
  const unsellable = items.flatMap((i) =>
    (i.unsellable ?? []).flatMap((u) => {
      const view = bySku.get(u.sku);
      return view ? [{ view, reason: u.reason, price: u.price }] : [];
    }),
  );
  const channels = items
    .filter((i) => i.skus.length > 0)
    .map((i) => {
      const source = bySku.get(i.skus[0]!)?.line.source ?? 0;
      return { source, label: sourceEnum.label(source, lang as 'en'), freight: i.freight };
    });
  const goods = sellable.reduce((s, v) => s + v.line.price * v.line.number, 0);
  return { sellable, unsellable, channels, goods };
}

/** Step 4: freight per channel, lines that will not sell and why, price changes to accept or drop, the money. */
export function PrecheckStep({
  views,
  check,
  balance,
  onRemove,
  onAccept,
}: {
  views: LineView[];
  check: UseQueryResult<BeforeCheckItem[]>;
  balance: number | undefined;
  onRemove: (sku: number) => void;
  onAccept: (sku: number, price: number) => void;
}) {
  const { t } = useTranslation('cart');
  const lang = useLang();
  if (check.isError) return <ErrorState error={check.error} onRetry={() => void check.refetch()} />;
  if (!check.data) return <LinearProgress aria-label={t('checking')} />;
  const p = readPrecheck(check.data, views, lang);
  return (
    <Stack spacing={2}>
      {check.isFetching && <LinearProgress aria-label={t('checking')} />}
      {p.unsellable.length > 0 && (
        <Stack spacing={1}>
          <Typography variant="subtitle2" component="h3">
            {t('precheck.problems')}
          </Typography>
          {p.unsellable.map(({ view, reason, price }) => {
            const change = isPriceChange(reason) && price !== undefined;
            return (
              <LineRow key={view.line.sku} line={view.line} testId="precheck-problem">
                <Stack direction="row" sx={{ flexBasis: '100%', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Alert severity={change ? 'warning' : 'error'} sx={{ flex: '1 1 240px', py: 0 }} data-testid="precheck-reason">
                    {reasonWords(t, reason, lang, change ? { now: price, was: view.line.price } : {})}
                  </Alert>
                  {change && (
                    <Button variant="contained" onClick={() => onAccept(view.line.sku, price)}>
                      {t('precheck.accept', { price: formatFen(price, lang) })}
                    </Button>
                  )}
                  <Button color="error" onClick={() => onRemove(view.line.sku)}>
                    {t('removeShort')}
                  </Button>
                </Stack>
              </LineRow>
            );
          })}
        </Stack>
      )}
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 520 }}>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {t('precheck.money', { count: p.sellable.length })}
        </Typography>
        <MoneySummary goods={p.goods} channels={p.channels} balance={balance} />
      </Paper>
      {p.sellable.length === 0 && <Alert severity="warning">{t('noneSellable')}</Alert>}
    </Stack>
  );
}
