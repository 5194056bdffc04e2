import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { Overview, OverviewPeriod, OverviewPeriodFigures } from '../../../../contract';
import { OVERVIEW_MAX_DAYS } from '../../../../contract/constants';
import { afterSaleReason, afterSaleStatus } from '../../../../contract/enums';
import { source as sourceEnum } from '../../../../contract/enums/source';
import { DateRangeField } from '../../../components/date-range-field';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { csvYuan } from '../../../lib/csv';
import { formatCount, formatFen, formatRate } from '../../../lib/money';
import { formatMillis, zoneName } from '../../../lib/time';
import { useLang } from '../../../lib/use-lang';
import { overviewQuery, type OverviewAsk } from '../api/queries';
import { ChartPanel, Charts, TOGGLES, type FigureTable } from '../components/chart-panel';
import { KpiCard, useChange } from '../components/kpi-card';

const PERIODS: OverviewPeriod[] = ['today', '7d', '30d', 'month', 'lastMonth', 'custom'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const spanDays = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/** The period in the URL (`?period=30d`, `?period=custom&from=…&to=…`), so a view can be reloaded and shared. */
function usePeriod() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('period') as OverviewPeriod | null;
  const period: OverviewPeriod = raw && PERIODS.includes(raw) ? raw : '7d';
  const from = DAY.test(params.get('from') ?? '') ? params.get('from')! : '';
  const to = DAY.test(params.get('to') ?? '') ? params.get('to')! : '';
  const set = (next: { period: OverviewPeriod; from?: string; to?: string }) => {
    const p = new URLSearchParams({ period: next.period });
    if (next.period === 'custom') {
      if (next.from) p.set('from', next.from);
      if (next.to) p.set('to', next.to);
    }
    setParams(p, { replace: true });
  };
  return { period, from, to, set };
}

/** Where an after-sale figure leads: the work queue's list of the requests asked for on those days, of one reason or result. */
const afterSalesOf = (from: string, to: string, extra: Record<string, string> = {}) =>
  `/queue?${new URLSearchParams({ ...extra, from, to })}`;

/** Where a figure leads: the orders created on those days (the list's own URL), optionally of one channel or goods. */
const ordersOf = (from: string, to: string, extra: Record<string, string> = {}) => `/orders?${new URLSearchParams({ ...extra, from, to })}`;

/**
 * The manager's overview: this period's orders, money and goods against the period of the same
 * length before it, in figures and charts, from the gateway's order mirror in one call. Every figure,
 * bar and row opens the orders it sums.
 */
export function OverviewPage() {
  const { t } = useTranslation('overview');
  const lang = useLang();
  const navigate = useNavigate();
  const change = useChange();
  const { period, from, to, set } = usePeriod();
  const customError =
    period === 'custom' && from && to ? (from > to ? t('rangeOrder') : spanDays(from, to) > OVERVIEW_MAX_DAYS ? t('rangeLong') : '') : '';
  const ask: OverviewAsk | null = period !== 'custom' ? { period } : from && to && !customError ? { period, from, to } : null;
  const overview = useQuery({ ...overviewQuery(ask ?? { period: '7d' }), enabled: ask !== null });
  const data = ask ? overview.data : undefined;

  return (
    <Stack spacing={2}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <>
            {data && (
              <Typography variant="caption" color="text.secondary" data-testid="overview-as-of">
                {t('asOf', { time: formatMillis(data.asOf, lang) })}
              </Typography>
            )}
            <Button startIcon={<RefreshIcon />} onClick={() => void overview.refetch()} disabled={overview.isFetching || !ask}>
              {t('refresh')}
            </Button>
          </>
        }
      />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }} useFlexGap>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={period}
          aria-label={t('periods.label')}
          onChange={(_, v: OverviewPeriod | null) => v && set({ period: v, from: from || data?.current.from, to: to || data?.current.to })}
          sx={{ flexWrap: 'wrap', ...TOGGLES }}
        >
          {PERIODS.map((p) => (
            <ToggleButton key={p} value={p} data-testid={`period-${p}`}>
              {t(`periods.${p}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {period === 'custom' && (
          <DateRangeField
            fromLabel={t('from')}
            toLabel={t('to')}
            value={{ from, to }}
            onChange={(r) => set({ period: 'custom', from: r.from, to: r.to })}
            error={customError || undefined}
          />
        )}
      </Stack>
      <Box sx={{ height: 4 }}>{overview.isFetching && <LinearProgress aria-label={t('title')} />}</Box>
      {overview.isError && !data ? (
        <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />
      ) : data ? (
        <Figures data={data} change={change} lang={lang} navigate={navigate} />
      ) : null}
    </Stack>
  );
}

function MirrorNote({ mirror }: { mirror: Overview['mirror'] }) {
  const { t } = useTranslation('overview');
  const lang = useLang();
  const last = mirror.lastReconcile;
  if (mirror.backfill && !mirror.backfill.done)
    return (
      <Alert severity="info" data-testid="mirror-backfill">
        {t('mirror.backfilling', { day: formatMillis(mirror.backfill.cursor * 1000, lang) })}
      </Alert>
    );
  if (last?.error) return <Alert severity="warning">{t('mirror.failed', { error: last.error })}</Alert>;
  if (!last && mirror.orders === 0) return <Alert severity="info">{t('mirror.empty')}</Alert>;
  return last ? (
    <Typography variant="caption" color="text.secondary">
      {t('mirror.lastReconcile', { time: formatMillis(last.at, lang) })}
    </Typography>
  ) : null;
}

function Figures({
  data,
  change,
  lang,
  navigate,
}: {
  data: Overview;
  change: ReturnType<typeof useChange>;
  lang: string;
  navigate: (to: string) => void;
}) {
  const { t } = useTranslation('overview');
  const { current: cur, previous: prev } = data;
  const money = (fen: number) => formatFen(fen, lang);
  const count = (n: number) => formatCount(n, lang);
  const aov = (p: OverviewPeriodFigures) => (p.totals.orders ? Math.round(p.totals.gmv / p.totals.orders) : 0);
  /** After-sale requests per hundred orders of the period (a percentage). */
  const rate = (p: OverviewPeriodFigures) => (p.totals.orders ? (p.afterSales.orders / p.totals.orders) * 100 : 0);
  const percent = (n: number) => formatRate(n, lang);
  const lng = lang as 'en' | 'zh-CN';
  const reasonName = (r: { key: string; label?: string }) => r.label || afterSaleReason.label(r.key, lng);
  const resultName = (r: { key: string }) => afterSaleStatus.label(Number(r.key), lng);
  const goodsName = (r: { key: string; label?: string }) => r.label || `#${r.key}`;
  const requests = afterSalesOf(cur.from, cur.to);
  const period = ordersOf(cur.from, cur.to);
  /** The cash-flow lines of the period in one direction (contract/enums/cash-direction: 1 out, 2 in). */
  const cashOf = (direction: string) => `/cash-flow?${new URLSearchParams({ direction, from: cur.from, to: cur.to }).toString()}`;
  const channelName = (key: string) => sourceEnum.label(Number(key), lang as 'en' | 'zh-CN');

  const figures = [
    { id: 'orders', value: cur.totals.orders, before: prev.totals.orders, show: count, to: period },
    { id: 'gmv', value: cur.totals.gmv, before: prev.totals.gmv, show: money, to: period },
    { id: 'aov', value: aov(cur), before: aov(prev), show: money, to: period },
    { id: 'items', value: cur.totals.items, before: prev.totals.items, show: count, to: period },
    { id: 'refunded', value: cur.totals.refunded, before: prev.totals.refunded, show: money, to: period },
    { id: 'cancelled', value: cur.totals.cancelled, before: prev.totals.cancelled, show: count, to: period },
    { id: 'afterSales', value: cur.afterSales.orders, before: prev.afterSales.orders, show: count, to: requests },
    { id: 'afterSaleRate', value: rate(cur), before: rate(prev), show: percent, to: requests },
    { id: 'failedPlaced', value: cur.failedOrders, before: prev.failedOrders, show: count, to: '/orders/failed' },
    { id: 'paidOut', value: cur.cash.out, before: prev.cash.out, show: money, to: cashOf('1') },
    { id: 'paidBack', value: cur.cash.in, before: prev.cash.in, show: money, to: cashOf('2') },
  ] as const;
  const now = [
    { id: 'failedOrders', value: data.now.failedOrders, show: count, to: '/orders/failed' },
    { id: 'balance', value: data.now.balance, show: money, to: '/cash-flow' },
    { id: 'librarySize', value: data.now.librarySize, show: count, to: '/library' },
    { id: 'libraryOffSale', value: data.now.libraryOffSale, show: count, to: '/library' },
  ].filter((f) => f.value !== null);

  // A few hundred cells at most, made again when the answer is drawn again.
  const tables = (() => {
    const c = t;
    const dayRows = (pick: 'orders' | 'gmv'): FigureTable => ({
      header: [
        c('columns.day'),
        c(`columns.${pick}`),
        c('columns.previousDay'),
        c(pick === 'orders' ? 'columns.previousOrders' : 'columns.previousGmv'),
      ],
      rows: cur.days.map((d, i) => {
        const p = prev.days[i];
        const show = pick === 'gmv' ? money : count;
        return { cells: [d.day, show(d[pick]), p?.day ?? '', p ? show(p[pick]) : ''], to: ordersOf(d.day, d.day) };
      }),
      csv: cur.days.map((d, i) => {
        const p = prev.days[i];
        return pick === 'gmv' ? [d.day, csvYuan(d.gmv), p?.day, p ? csvYuan(p.gmv) : null] : [d.day, d.orders, p?.day, p?.orders];
      }),
    });
    const keyRows = (
      rows: ({ key: string; label?: string } & { orders: number; gmv: number; items: number })[],
      name: (r: { key: string; label?: string }) => string,
      first: string,
      to: (r: { key: string; label?: string }) => string,
    ): FigureTable => ({
      header: [first, c('columns.orders'), c('columns.items'), c('columns.gmv')],
      rows: rows.map((r) => ({ cells: [name(r), count(r.orders), count(r.items), money(r.gmv)], to: to(r) })),
      csv: rows.map((r) => [name(r), r.orders, r.items, csvYuan(r.gmv)]),
    });
    const goodsTo = (r: { key: string; label?: string }) => ordersOf(cur.from, cur.to, r.label ? { goods_name: r.label } : {});
    const requestRows = (
      rows: ({ key: string; label?: string } & { orders: number; gmv: number; refunded: number })[],
      name: (r: { key: string; label?: string }) => string,
      first: string,
      to: (r: { key: string }) => string,
    ): FigureTable => ({
      header: [first, c('columns.requests'), c('columns.claimed'), c('columns.refunded')],
      rows: rows.map((r) => ({ cells: [name(r), count(r.orders), money(r.gmv), money(r.refunded)], to: to(r) })),
      csv: rows.map((r) => [name(r), r.orders, csvYuan(r.gmv), csvYuan(r.refunded)]),
    });
    return {
      afterSalesByReason: requestRows(cur.afterSalesByReason, reasonName, c('columns.reason'), (r) =>
        afterSalesOf(cur.from, cur.to, { reason: r.key }),
      ),
      afterSalesByResult: requestRows(cur.afterSalesByResult, resultName, c('columns.result'), (r) =>
        afterSalesOf(cur.from, cur.to, { status: r.key }),
      ),
      ordersPerDay: dayRows('orders'),
      gmvPerDay: dayRows('gmv'),
      byChannel: keyRows(
        cur.byChannel,
        (r) => channelName(r.key),
        c('columns.channel'),
        (r) => ordersOf(cur.from, cur.to, { tab: r.key }),
      ),
      topItems: keyRows(cur.topGoodsByItems, goodsName, c('columns.goods'), goodsTo),
      topGmv: keyRows(cur.topGoodsByGmv, goodsName, c('columns.goods'), goodsTo),
      byProvince: keyRows(
        cur.byProvince,
        (r) => r.key,
        c('columns.province'),
        () => period,
      ),
    };
  })();

  const file = (name: string) => `${name}-${cur.from}-${cur.to}`;
  const noRequests = t('charts.noRequests');
  /** The charts of one figure per key (a channel, a province, a goods, a reason, a result): bars, each opening its table row's link. */
  const keyPanels: {
    id: string;
    title: 'byChannel' | 'byProvince' | 'topItems' | 'topGmv' | 'afterSalesByReason' | 'afterSalesByResult';
    file: string;
    across?: boolean;
    empty?: string;
    keys: string[];
    values: number[];
    format: (n: number) => string;
  }[] = [
    {
      id: 'by-channel',
      title: 'byChannel',
      file: 'gmv-by-channel',
      keys: cur.byChannel.map((r) => channelName(r.key)),
      values: cur.byChannel.map((r) => r.gmv),
      format: money,
    },
    {
      id: 'by-province',
      title: 'byProvince',
      file: 'orders-by-province',
      across: true,
      keys: cur.byProvince.map((r) => r.key),
      values: cur.byProvince.map((r) => r.orders),
      format: count,
    },
    {
      id: 'top-items',
      title: 'topItems',
      file: 'top-goods-by-quantity',
      across: true,
      keys: cur.topGoodsByItems.map(goodsName),
      values: cur.topGoodsByItems.map((r) => r.items),
      format: count,
    },
    {
      id: 'top-gmv',
      title: 'topGmv',
      file: 'top-goods-by-gmv',
      across: true,
      keys: cur.topGoodsByGmv.map(goodsName),
      values: cur.topGoodsByGmv.map((r) => r.gmv),
      format: money,
    },
    {
      id: 'after-sales-by-reason',
      title: 'afterSalesByReason',
      file: 'after-sales-by-reason',
      across: true,
      empty: noRequests,
      keys: cur.afterSalesByReason.map(reasonName),
      values: cur.afterSalesByReason.map((r) => r.orders),
      format: count,
    },
    {
      id: 'after-sales-by-result',
      title: 'afterSalesByResult',
      file: 'after-sales-by-result',
      across: true,
      empty: noRequests,
      keys: cur.afterSalesByResult.map(resultName),
      values: cur.afterSalesByResult.map((r) => r.orders),
      format: count,
    },
  ];
  const thisPeriod = t('charts.thisPeriod');
  const previousPeriod = t('charts.previousPeriod');
  const days = cur.days.map((d) => d.day);
  const pickDay = (i: number) => navigate(ordersOf(days[i]!, days[i]!));

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary" data-testid="overview-period">
        {t('showing', { from: cur.from, to: cur.to, prevFrom: prev.from, prevTo: prev.to, zone: zoneName(data.timeZone, lang) })}
      </Typography>
      <MirrorNote mirror={data.mirror} />
      <Box
        component="section"
        aria-label={t('title')}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' },
        }}
      >
        {figures.map((f) => (
          <KpiCard
            key={f.id}
            testId={`kpi-${f.id}`}
            label={t(`kpi.${f.id}`)}
            value={f.show(f.value)}
            previous={f.show(f.before)}
            change={change(f.value, f.before)}
            to={f.to}
          />
        ))}
        {now.map((f) => (
          <KpiCard key={f.id} testId={`kpi-${f.id}`} label={t(`kpi.${f.id}`)} value={f.show(f.value!)} to={f.to} />
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t('charts.hint')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
        <ChartPanel
          testId="chart-orders-per-day"
          title={t('charts.ordersPerDay')}
          file={file('orders-per-day')}
          table={tables.ordersPerDay}
          chart={
            <Charts.DaysChart
              days={days}
              onPick={pickDay}
              series={[
                { label: thisPeriod, values: cur.days.map((d) => d.orders), format: count },
                { label: previousPeriod, values: prev.days.map((d) => d.orders), format: count },
              ]}
            />
          }
        />
        <ChartPanel
          testId="chart-gmv-per-day"
          title={t('charts.gmvPerDay')}
          file={file('gmv-per-day')}
          table={tables.gmvPerDay}
          chart={
            <Charts.DaysChart
              days={days}
              onPick={pickDay}
              series={[
                { label: thisPeriod, values: cur.days.map((d) => d.gmv), format: money },
                { label: previousPeriod, values: prev.days.map((d) => d.gmv), format: money },
              ]}
            />
          }
        />
        {keyPanels.map((k) => (
          <ChartPanel
            key={k.id}
            testId={`chart-${k.id}`}
            title={t(`charts.${k.title}`)}
            file={file(k.file)}
            table={tables[k.title]}
            empty={k.empty}
            chart={
              <Charts.KeysChart
                across={k.across}
                keys={k.keys}
                series={{ label: thisPeriod, values: k.values, format: k.format }}
                onPick={(i) => navigate(tables[k.title].rows[i]!.to)}
              />
            }
          />
        ))}
      </Box>
    </Stack>
  );
}
