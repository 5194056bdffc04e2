import {
  Children,
  memo,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
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
import type { Overview, OverviewListOf, OverviewPeriod, OverviewPeriodFigures } from '../../../../contract';
import { BOOT_PERIOD_ID, OVERVIEW_FIRST_ASK, OVERVIEW_MAX_DAYS } from '../../../../contract/constants';
import { afterSaleReason, afterSaleStatus } from '../../../../contract/enums';
import { source as sourceEnum } from '../../../../contract/enums/source';
import { DateRangeField } from '../../../components/date-range-field';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { csvYuan } from '../../../lib/csv';
import { formatCount, formatFen, formatRate } from '../../../lib/money';
import { formatMillis, secondsToDay, zoneName } from '../../../lib/time';
import { useLang } from '../../../lib/use-lang';
import { upstreamName } from '../../../lib/upstream-name';
import { overviewQuery, type OverviewAsk } from '../api/queries';
import { PERIODS, periodOf } from '../period';
import { ChartPanel, Charts, TOGGLES, type FigureTable } from '../components/chart-panel';
import { KPI_GRID, KpiCard, useChange } from '../components/kpi-card';
import { ShippingSection } from '../components/shipping-section';
import { shownNow } from '../../../lib/clock';
import { removeBootPaint } from '../../../lib/boot-paint';

/** The figures' cards a phone (two to a row) shows on its first screen: drawn first. */
const FIRST_CARDS = 6;
const spanDays = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/** The period in the URL, so a view can be reloaded and shared. */
function usePeriod() {
  const [params, setParams] = useSearchParams();
  const { period, from, to } = periodOf(params);
  const set = useCallback(
    (next: { period: OverviewPeriod; from?: string; to?: string }) => {
      const p = new URLSearchParams({ period: next.period });
      if (next.period === 'custom') {
        if (next.from) p.set('from', next.from);
        if (next.to) p.set('to', next.to);
      }
      setParams(p, { replace: true });
    },
    [setParams],
  );
  return { period, from, to, set };
}

/** Where an after-sale figure leads: the work queue's list of the requests asked for on those days, of one reason or result. */
const afterSalesOf = (from: string, to: string, extra: Record<string, string> = {}) =>
  `/queue?${new URLSearchParams({ ...extra, from, to })}`;

/**
 * Where an order figure leads: the orders it counts on those days, from the order mirror (the upstream's
 * lists cannot filter a channel by day, a province, or a goods by id): all counted, refunded, closed,
 * or those of one channel, province or goods (`label`: the goods' name for the list's title).
 */
const ordersOf = (of: OverviewListOf, from: string, to: string, key?: string, label?: string) =>
  `/overview/orders?${new URLSearchParams({ of, ...(key ? { key } : {}), ...(label ? { label } : {}), from, to })}`;

/** The first day a period may start on, and the last (a year after today), as the gateway bounds them. */
const FIRST_DAY = '2000-01-01';
const lastDay = (today: string) => {
  const next = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
  return next.endsWith('-02-29') ? `${next.slice(0, 8)}28` : next;
};

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
  // Today as the last answer said it (the business clock in sandbox mode), else this device's.
  const [lastToday, setLastToday] = useState(() => secondsToDay(Math.floor(shownNow() / 1000)));
  const last = lastDay(lastToday);
  const customError =
    period === 'custom' && from && to
      ? from < FIRST_DAY || to < FIRST_DAY || from > last || to > last
        ? t('rangeBounds', { last })
        : from > to
          ? t('rangeOrder')
          : spanDays(from, to) > OVERVIEW_MAX_DAYS
            ? t('rangeLong')
            : ''
      : '';
  const ask: OverviewAsk | null = period !== 'custom' ? { period } : from && to && !customError ? { period, from, to } : null;
  const overview = useQuery({ ...overviewQuery(ask ?? OVERVIEW_FIRST_ASK), enabled: ask !== null });
  const data = ask ? overview.data : undefined;
  // The figures and charts are drawn from a deferred copy: React draws them in slices that leave a
  // phone's main thread free, not in the one long task an answer's update would be (issue 39).
  const shown = useDeferredValue(data);
  // On a landing the page's first commit is the whole app's (its code is in by then): only its header
  // is in it; the controls come in the next commit, the figures (if in already) in the one after, so
  // no commit is one long task on a phone (issue 39).
  const stage = useSteps(2);
  const drawn = stage >= 1;
  if (data && data.today !== lastToday) setLastToday(data.today);
  // The period's days as the last answer said them, for a custom period's first choice: read when a
  // period is picked, so the bar of periods is not drawn again when an answer comes.
  const current = useRef<Overview['current'] | undefined>(undefined);
  useEffect(() => {
    current.current = data?.current;
  });
  const pick = useCallback(
    (v: OverviewPeriod) => set({ period: v, from: from || current.current?.from, to: to || current.current?.to }),
    [set, from, to],
  );
  const range = useCallback((r: { from: string; to: string }) => set({ period: 'custom', from: r.from, to: r.to }), [set]);
  // The line of days the HTML painted (the landing's period, server/first-list.ts) stays until the
  // figures draw theirs (Figures), unless the page shows another period or an error there.
  const elsewhere = period !== OVERVIEW_FIRST_ASK.period || (overview.isError && !data);
  useLayoutEffect(() => {
    if (elsewhere) removeBootPaint(BOOT_PERIOD_ID);
  }, [elsewhere]);

  return (
    <Stack spacing={2}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          drawn && (
            <>
              {data && (
                <Typography variant="caption" color="textSecondary" data-testid="overview-as-of">
                  {t('asOf', { time: formatMillis(data.asOf, lang) })}
                </Typography>
              )}
              <Button startIcon={<RefreshIcon />} onClick={() => void overview.refetch()} disabled={overview.isFetching || !ask}>
                {t('refresh')}
              </Button>
            </>
          )
        }
      />
      {drawn && (
        <>
          <PeriodBar period={period} from={from} to={to} error={customError} onPick={pick} onRange={range} />
          <Box sx={{ height: 4 }}>{overview.isFetching && <LinearProgress aria-label={t('title')} />}</Box>
          {overview.isError && !data ? (
            <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />
          ) : shown && stage === 2 ? (
            <Figures data={shown} change={change} lang={lang} navigate={navigate} />
          ) : null}
        </>
      )}
    </Stack>
  );
}

/** The periods to choose from, and a custom period's days. */
const PeriodBar = memo(function PeriodBar({
  period,
  from,
  to,
  error,
  onPick,
  onRange,
}: {
  period: OverviewPeriod;
  from: string;
  to: string;
  error: string;
  onPick: (period: OverviewPeriod) => void;
  onRange: (range: { from: string; to: string }) => void;
}) {
  const { t } = useTranslation('overview');
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }} useFlexGap>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={period}
        aria-label={t('periods.label')}
        onChange={(_, v: OverviewPeriod | null) => v && onPick(v)}
        sx={{ flexWrap: 'wrap', ...TOGGLES }}
      >
        {PERIODS.map((p) => (
          <ToggleButton key={p} value={p} data-testid={`period-${p}`}>
            {t(`periods.${p}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {period === 'custom' && (
        <DateRangeField fromLabel={t('from')} toLabel={t('to')} value={{ from, to }} onChange={onRange} error={error || undefined} />
      )}
    </Stack>
  );
});

/** How fresh the figures are: the backfill while it reads, a reconcile that stopped (its error for admins), the last read. */
function MirrorNote({ reads, mirror }: { reads: Overview['reads']; mirror: Overview['mirror'] }) {
  const { t } = useTranslation('overview');
  const lang = useLang();
  if (reads.backfillCursor !== null)
    return (
      <Alert severity="info" data-testid="mirror-backfill">
        {t('mirror.backfilling', { day: formatMillis(reads.backfillCursor * 1000, lang) })}
      </Alert>
    );
  if (reads.failing)
    return (
      <Alert severity="warning">
        {mirror?.lastReconcile?.error ? t('mirror.failed', { error: mirror.lastReconcile.error }) : t('mirror.failing')}
      </Alert>
    );
  if (reads.orders === null) return <Alert severity="info">{t('mirror.empty')}</Alert>;
  return (
    <Typography variant="caption" color="textSecondary" data-testid="mirror-last-read">
      {t('mirror.lastReconcile', { time: formatMillis(reads.orders, lang) })}
    </Typography>
  );
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
  /** Null over no orders: there is nothing to divide by, shown as "—" rather than a made-up 0. */
  const aov = (p: OverviewPeriodFigures) => (p.totals.orders ? Math.round(p.totals.gmv / p.totals.orders) : null);
  /** After-sale requests per hundred orders of the period (a percentage); null over no orders. */
  const rate = (p: OverviewPeriodFigures) => (p.totals.orders ? (p.afterSales.orders / p.totals.orders) * 100 : null);
  const percent = (n: number) => formatRate(n, lang);
  const requests = afterSalesOf(cur.from, cur.to);
  const period = ordersOf('all', cur.from, cur.to);
  // What the orders with a sale amount earned (issue 53): over those only, each opening them.
  const sold = ordersOf('sold', cur.from, cur.to);
  const margin = (p: OverviewPeriodFigures) => (p.totals.sales ? (p.totals.profit / p.totals.sales) * 100 : null);
  const share = (p: OverviewPeriodFigures) => (p.totals.orders ? (p.totals.sold / p.totals.orders) * 100 : null);
  const soldNote = t('kpi.soldNote', { sold: count(cur.totals.sold), orders: count(cur.totals.orders) });
  const time = (ms: number | null) => (ms === null ? t('kpi.notRead') : formatMillis(ms, lang));
  /** Figures that only move when the mirror reads the supplier again say when it last did. */
  const cashNote = data.reads.cash === null ? t('kpi.notRead') : t('kpi.cashRead', { time: time(data.reads.cash) });
  const reconcileNote = data.reads.orders === null ? t('kpi.notRead') : t('kpi.reconcileRead', { time: time(data.reads.orders) });
  /** The cash-flow lines the figure adds up, from the mirror (contract/enums/cash-direction: 1 out, 2 in). */
  const cashOf = (direction: string) => `/overview/cash-flow?${new URLSearchParams({ direction, from: cur.from, to: cur.to }).toString()}`;

  const figures = [
    { id: 'orders', value: cur.totals.orders, before: prev.totals.orders, show: count, to: period },
    { id: 'gmv', value: cur.totals.gmv, before: prev.totals.gmv, show: money, to: period },
    { id: 'aov', value: aov(cur), before: aov(prev), show: money, to: period },
    { id: 'items', value: cur.totals.items, before: prev.totals.items, show: count, to: period },
    { id: 'sales', value: cur.totals.sales, before: prev.totals.sales, show: money, to: sold, note: soldNote },
    { id: 'profit', value: cur.totals.profit, before: prev.totals.profit, show: money, to: sold, note: soldNote },
    {
      id: 'margin',
      value: margin(cur),
      before: margin(prev),
      show: percent,
      to: sold,
      note: soldNote,
      noBase: 'kpi.noSales',
      previousNoBase: 'kpi.previousNoSales',
    },
    {
      id: 'soldShare',
      value: share(cur),
      before: share(prev),
      show: percent,
      to: sold,
      note: t('kpi.shareNote', { sold: count(cur.totals.sold), orders: count(cur.totals.orders) }),
    },
    { id: 'refunded', value: cur.totals.refunded, before: prev.totals.refunded, show: money, to: ordersOf('refunded', cur.from, cur.to) },
    {
      id: 'cancelled',
      value: cur.totals.cancelled,
      before: prev.totals.cancelled,
      show: count,
      to: ordersOf('cancelled', cur.from, cur.to),
    },
    { id: 'afterSales', value: cur.afterSales.orders, before: prev.afterSales.orders, show: count, to: requests },
    { id: 'afterSaleRate', value: rate(cur), before: rate(prev), show: percent, to: requests },
    {
      id: 'failedPlaced',
      value: cur.failedOrders,
      before: prev.failedOrders,
      show: count,
      to: ordersOf('failed', cur.from, cur.to),
      note: reconcileNote,
    },
    { id: 'paidOut', value: cur.cash.out, before: prev.cash.out, show: money, to: cashOf('1'), note: cashNote },
    { id: 'paidBack', value: cur.cash.in, before: prev.cash.in, show: money, to: cashOf('2'), note: cashNote },
  ] as {
    id: string;
    value: number | null;
    before: number | null;
    show: (n: number) => string;
    to: string;
    note?: string;
    noBase?: string;
    previousNoBase?: string;
  }[];
  const now = [
    { id: 'failedOrders', value: data.now.failedOrders, show: count, to: '/orders/failed' },
    { id: 'balance', value: data.now.balance, show: money, to: '/cash-flow' },
    { id: 'librarySize', value: data.now.librarySize, show: count, to: '/library' },
    // From the goods mirror (kept by goods messages and its reconcile): the At risk page's goods off sale, as many as the figure.
    { id: 'libraryOffSale', value: data.now.libraryOffSale, show: count, to: `/at-risk?${new URLSearchParams({ reason: 'off-sale' })}` },
  ].filter((f): f is { id: string; value: number | null; show: (n: number) => string; to: string; note?: string } => f.value !== null);

  const nowText = t('kpi.now');
  const cards = [
    ...figures.map((f) => (
      <KpiCard
        key={f.id}
        testId={`kpi-${f.id}`}
        label={t(`kpi.${f.id}`)}
        value={f.value === null ? '—' : f.show(f.value)}
        caption={t('change.previous', { value: f.before === null ? '—' : f.show(f.before) })}
        change={
          f.value === null
            ? { text: t(f.noBase ?? 'kpi.noBase'), tone: 'same' }
            : f.before === null
              ? { text: t(f.previousNoBase ?? 'kpi.previousNoBase'), tone: 'same' }
              : change(f.value, f.before)
        }
        to={f.to}
        note={f.note}
      />
    )),
    ...now.map((f) => (
      <KpiCard
        key={f.id}
        testId={`kpi-${f.id}`}
        label={t(`kpi.${f.id}`)}
        value={f.show(f.value!)}
        caption={nowText}
        to={f.to}
        note={f.note}
      />
    )),
  ];
  // The cards a phone shows on its first screen in one commit, the others in the next, then the charts:
  // each commit and the layout after it a smaller task (issue 39). Nothing is drawn below the cards
  // until all are in, so none of this moves what is already on screen.
  const step = useSteps(2);
  // Drawn with its line of days: the one the HTML painted in its place goes (in the same frame).
  useLayoutEffect(() => removeBootPaint(BOOT_PERIOD_ID), []);
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="textSecondary" data-testid="overview-period">
        {t('showing', {
          from: cur.from,
          to: cur.to,
          zone: zoneName(data.timeZone, lang),
          comparison: t(`comparison.${data.comparison}`, { prevFrom: prev.from, prevTo: prev.to }),
        })}
      </Typography>
      <MirrorNote reads={data.reads} mirror={data.mirror} />
      <Box component="section" aria-label={t('title')} sx={KPI_GRID}>
        {step === 0 ? cards.slice(0, FIRST_CARDS) : cards}
      </Box>
      {step === 2 && data.shipping && <ShippingSection shipping={data.shipping} lang={lang} />}
      {step === 2 && <ChartPanels data={data} lang={lang} navigate={navigate} />}
    </Stack>
  );
}

/**
 * The charts of the period, each with its table and CSV: a component of its own, so React works out
 * their figures in a slice of its own after the figures' cards (issue 39), and draws them one by one.
 */
function ChartPanels({ data, lang, navigate }: { data: Overview; lang: string; navigate: (to: string) => void }) {
  const { t } = useTranslation('overview');
  const { current: cur, previous: prev } = data;
  const money = (fen: number) => formatFen(fen, lang);
  const count = (n: number) => formatCount(n, lang);
  const lng = lang as 'en' | 'zh-CN';
  // The upstream names reasons in Chinese: in English a known one in English, an unknown one as named.
  const reasonName = (r: { key: string; label?: string }) => upstreamName(afterSaleReason, r.key, r.label, lng);
  const resultName = (r: { key: string }) => afterSaleStatus.label(Number(r.key), lng);
  const goodsName = (r: { key: string; label?: string }) => r.label || `#${r.key}`;
  const channelName = (key: string) => sourceEnum.label(Number(key), lng);

  // A few hundred cells at most, made again when the answer is drawn again: each table by its own
  // panel as it draws (a slice of the render each), not all in this component's one step (issue 39).
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
        return { cells: [d.day, show(d[pick]), p?.day ?? '', p ? show(p[pick]) : ''], to: ordersOf('all', d.day, d.day) };
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
    const goodsTo = (r: { key: string; label?: string }) => ordersOf('goods', cur.from, cur.to, r.key, r.label);
    const marginOf = (r: { sales: number; profit: number }) => (r.sales ? formatRate((r.profit / r.sales) * 100, lang) : '—');
    /** Sales, profit and margin of a key's orders with a sale amount (their part of each order). */
    const saleCells = (r: { sales: number; profit: number }) => [money(r.sales), money(r.profit), marginOf(r)];
    const saleCsv = (r: { sales: number; profit: number }) => [
      csvYuan(r.sales),
      csvYuan(r.profit),
      r.sales ? Math.round((r.profit / r.sales) * 1000) / 10 : null,
    ];
    const saleHeader = [c('columns.sales'), c('columns.profit'), c('columns.margin')];
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
      afterSalesByReason: () =>
        requestRows(cur.afterSalesByReason, reasonName, c('columns.reason'), (r) => afterSalesOf(cur.from, cur.to, { reason: r.key })),
      afterSalesByResult: () =>
        requestRows(cur.afterSalesByResult, resultName, c('columns.result'), (r) => afterSalesOf(cur.from, cur.to, { status: r.key })),
      ordersPerDay: () => dayRows('orders'),
      gmvPerDay: () => dayRows('gmv'),
      byChannel: () => {
        const base = keyRows(
          cur.byChannel,
          (r) => channelName(r.key),
          c('columns.channel'),
          (r) => ordersOf('channel', cur.from, cur.to, r.key),
        );
        return {
          header: [...base.header, ...saleHeader],
          rows: base.rows.map((row, i) => ({ ...row, cells: [...row.cells, ...saleCells(cur.byChannel[i]!)] })),
          csv: base.csv.map((row, i) => [...row, ...saleCsv(cur.byChannel[i]!)]),
        };
      },
      topSales: (): FigureTable => ({
        header: [c('columns.goods'), c('columns.sold'), c('columns.sales'), c('columns.cost'), c('columns.profit'), c('columns.margin')],
        rows: cur.topGoodsBySales.map((r) => ({
          cells: [goodsName(r), count(r.sold), money(r.sales), money(r.cost), money(r.profit), marginOf(r)],
          to: ordersOf('sold', cur.from, cur.to, `goods:${r.key}`, r.label),
        })),
        csv: cur.topGoodsBySales.map((r) => [goodsName(r), r.sold, csvYuan(r.sales), csvYuan(r.cost), ...saleCsv(r).slice(1)]),
      }),
      topItems: () => keyRows(cur.topGoodsByItems, goodsName, c('columns.goods'), goodsTo),
      topGmv: () => keyRows(cur.topGoodsByGmv, goodsName, c('columns.goods'), goodsTo),
      byProvince: () =>
        keyRows(
          cur.byProvince,
          (r) => r.key,
          c('columns.province'),
          (r) => ordersOf('province', cur.from, cur.to, r.key),
        ),
    };
  })();

  const file = (name: string) => `${name}-${cur.from}-${cur.to}`;
  const noRequests = t('charts.noRequests');
  /** The charts of one figure per key (a channel, a province, a goods, a reason, a result): bars, each opening its table row's link. */
  const keyPanels: {
    id: string;
    title: 'byChannel' | 'byProvince' | 'topItems' | 'topGmv' | 'topSales' | 'afterSalesByReason' | 'afterSalesByResult';
    file: string;
    across?: boolean;
    empty?: string;
    keys: string[];
    values: number[];
    format: (n: number) => string;
    /** Counts: whole ticks on the value axis. */
    whole?: boolean;
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
      whole: true,
    },
    {
      id: 'top-items',
      title: 'topItems',
      file: 'top-goods-by-quantity',
      across: true,
      keys: cur.topGoodsByItems.map(goodsName),
      values: cur.topGoodsByItems.map((r) => r.items),
      format: count,
      whole: true,
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
      id: 'top-sales',
      title: 'topSales',
      file: 'goods-by-sales',
      across: true,
      empty: t('charts.noSales'),
      keys: cur.topGoodsBySales.map(goodsName),
      values: cur.topGoodsBySales.map((r) => r.sales),
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
      whole: true,
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
      whole: true,
    },
  ];
  const thisPeriod = t('charts.thisPeriod');
  const previousPeriod = t('charts.previousPeriod');
  const days = cur.days.map((d) => d.day);
  const pickDay = (i: number) => navigate(ordersOf('all', days[i]!, days[i]!));

  return (
    <>
      <Typography variant="caption" color="textSecondary">
        {t('charts.hint')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
        <Staged step={1}>
          <ChartPanel
            testId="chart-orders-per-day"
            title={t('charts.ordersPerDay')}
            file={file('orders-per-day')}
            table={tables.ordersPerDay}
            chart={() => (
              <Charts.DaysChart
                days={days}
                onPick={pickDay}
                series={[
                  { label: thisPeriod, values: cur.days.map((d) => d.orders), format: count, whole: true },
                  { label: previousPeriod, values: prev.days.map((d) => d.orders), format: count, whole: true },
                ]}
              />
            )}
          />
          <ChartPanel
            testId="chart-gmv-per-day"
            title={t('charts.gmvPerDay')}
            file={file('gmv-per-day')}
            table={tables.gmvPerDay}
            chart={() => (
              <Charts.DaysChart
                days={days}
                onPick={pickDay}
                series={[
                  { label: thisPeriod, values: cur.days.map((d) => d.gmv), format: money },
                  { label: previousPeriod, values: prev.days.map((d) => d.gmv), format: money },
                ]}
              />
            )}
          />
          {keyPanels.map((k) => (
            <ChartPanel
              key={k.id}
              testId={`chart-${k.id}`}
              title={t(`charts.${k.title}`)}
              file={file(k.file)}
              table={tables[k.title]}
              empty={k.empty}
              chart={(table) => (
                <Charts.KeysChart
                  across={k.across}
                  keys={k.keys}
                  series={{ label: thisPeriod, values: k.values, format: k.format, whole: k.whole }}
                  onPick={(i) => navigate(table.rows[i]!.to)}
                />
              )}
            />
          ))}
        </Staged>
      </Box>
    </>
  );
}

/**
 * Draws its children a few at a time, each step a commit of its own after the one before: the
 * overview's chart panels one by one after the figures, instead of one long task of them all on a
 * phone while the page settles (issue 39: total blocking time). Appended in order at the end of their
 * grid, so nothing drawn before them moves.
 */
function Staged({ step, children }: { step: number; children: ReactNode }) {
  const all = Children.toArray(children);
  const shown = useSteps(Math.ceil(all.length / step)) * step;
  return all.slice(0, shown);
}

/** 0 in a component's first commit, then one more after each commit (in a transition), up to `last`. */
function useSteps(last: number) {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (step < last) startTransition(() => setStep(step + 1));
  }, [step, last]);
  return Math.min(step, last);
}
