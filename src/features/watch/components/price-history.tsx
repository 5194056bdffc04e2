import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { WATCH_HISTORY_DAYS, type WatchHistoryPoint } from '../../../../contract';
import { ErrorState } from '../../../components/error-state';
import { formatFen, formatRate } from '../../../lib/money';
import { formatMillis } from '../../../lib/time';
import { useLang } from '../../../lib/use-lang';
import { historyQuery } from '../api';
import { MinRateForm } from './min-rate-form';

import { historyAxis } from '../axis-time';

const HistoryChart = lazy(() => import('./history-chart'));

/** The state of a point in words: on sale, off sale, out of stock. */
const stateKey = (p: WatchHistoryPoint) => (!p.onSale ? 'history.offSale' : p.stock === 0 ? 'history.outOfStock' : 'history.onSale');

/**
 * A product's price history as the gateway's goods watch kept it: per SKU, its agreement and guide
 * price over 30 / 90 / 365 days as a chart (loaded on first use), the changes listed with the profit
 * rate at each, and the product's own minimum profit rate.
 */
export function PriceHistory({ goodsId }: { goodsId: number }) {
  const { t } = useTranslation('watch');
  // Opened for its history (At risk's "Price history": `section=history` in the address), it scrolls
  // into view once drawn, rather than leaving it far below the product's top (issue 49).
  const [params] = useSearchParams();
  const wanted = params.get('section') === 'history';
  const box = useRef<HTMLElement>(null);
  const history = useQuery(historyQuery(goodsId, 30));
  const drawn = !history.isPending;
  useEffect(() => {
    if (wanted && drawn) box.current?.scrollIntoView({ block: 'start' });
  }, [wanted, drawn, goodsId]);
  return (
    <Box component="section" sx={{ mt: 3, scrollMarginTop: 16 }} ref={box} id="price-history" data-testid="price-history">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('history.title')}
      </Typography>
      <HistoryBody goodsId={goodsId} />
    </Box>
  );
}

function HistoryBody({ goodsId }: { goodsId: number }) {
  const { t } = useTranslation('watch');
  const lang = useLang();
  const [days, setDays] = useState<number>(30);
  const [picked, setPicked] = useState<number | null>(null);
  const history = useQuery(historyQuery(goodsId, days));
  if (history.isPending) return <Skeleton variant="rounded" height={240} />;
  if (history.isError) return <ErrorState error={history.error} onRetry={() => void history.refetch()} />;
  const h = history.data;
  const sku = h.skus.find((s) => s.sku === picked) ?? h.skus[0];
  const money = (fen: number) => formatFen(fen, lang);
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={days}
          onChange={(_, v: number | null) => v && setDays(v)}
          aria-label={t('history.period')}
        >
          {WATCH_HISTORY_DAYS.map((n) => (
            <ToggleButton key={n} value={n}>
              {t('history.days', { n })}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {h.skus.length > 1 && sku && (
          <TextField
            select
            size="small"
            label={t('history.sku')}
            value={sku.sku}
            onChange={(e) => setPicked(Number(e.target.value))}
            sx={{ minWidth: 200, maxWidth: '100%' }}
          >
            {h.skus.map((s) => (
              <MenuItem key={s.sku} value={s.sku}>
                {s.spec ? `${s.spec} · ${s.sku}` : s.sku}
              </MenuItem>
            ))}
          </TextField>
        )}
        {h.minRate !== null && <Chip size="small" label={t('history.minimum', { rate: formatRate(h.minRate, lang) })} />}
      </Stack>
      {!sku ? (
        <Typography color="textSecondary">{t('history.none')}</Typography>
      ) : (
        <>
          <Suspense fallback={<Skeleton variant="rounded" height={220} />}>
            <HistoryChart
              points={sku.changes}
              labels={{ agreement: t('history.agreement'), guide: t('history.guide') }}
              format={money}
              time={historyAxis(
                sku.changes.map((c) => c.at),
                lang,
              )}
              ariaLabel={t('history.chartLabel', { sku: sku.sku })}
            />
          </Suspense>
          <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('history.changes')}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('history.when')}</TableCell>
                  <TableCell align="right">{t('history.agreement')}</TableCell>
                  <TableCell align="right">{t('history.guide')}</TableCell>
                  <TableCell align="right">{t('history.activity')}</TableCell>
                  <TableCell align="right">{t('history.rate')}</TableCell>
                  <TableCell>{t('history.state')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {[...sku.changes].reverse().map((p, i, all) => {
                  const older = all[i + 1];
                  return (
                    <TableRow key={`${p.at}-${i}`}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMillis(p.at, lang)}</TableCell>
                      <TableCell align="right" sx={{ fontWeight: older && older.agreementPrice !== p.agreementPrice ? 700 : undefined }}>
                        {money(p.agreementPrice)}
                      </TableCell>
                      <TableCell align="right">{money(p.guidePrice)}</TableCell>
                      <TableCell align="right">{money(p.activityPrice)}</TableCell>
                      <TableCell
                        align="right"
                        sx={{ color: h.minRate !== null && p.rate !== null && p.rate < h.minRate ? 'error.main' : undefined }}
                      >
                        {formatRate(p.rate, lang)}
                      </TableCell>
                      <TableCell>{older ? t(stateKey(p)) : `${t(stateKey(p))} · ${t('history.first')}`}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
      <MinRateForm key={`${goodsId}-${h.minRate}`} goodsId={goodsId} current={null} />
    </Stack>
  );
}
