import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Order, OrderRefund, OverviewListOf, OverviewOrders, OverviewSaleFigures } from '../../../../contract';
import { formatFen } from '../../../lib/money';
import { source as sourceEnum } from '../../../../contract/enums/source';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { DEFAULT_TIME_ZONE, formatMillis, formatSeconds, zoneName } from '../../../lib/time';
import { pagerToUrl, read } from '../../../lib/url-view';
import { useLang } from '../../../lib/use-lang';
import { useCan } from '../../account';
import { OrderRowsView } from '../../orders';
import { fetchAllOverviewOrders, overviewOrdersQuery } from '../api/queries';

/**
 * The refunded list's refunds: each refund of the page's orders that came back on its days (an
 * after-sale's refund and its cash-flow line are one), with its pieces "1 of 2" and money, and the
 * money of the whole list, which is the overview's figure.
 */
function RefundsOfPage({ orders, refunds, total }: { orders: Order[]; refunds: OrderRefund[]; total: number }) {
  const { t } = useTranslation('overview');
  const lang = useLang();
  const bySn = new Map(orders.map((o) => [o.sn, o]));
  const lineOf = (r: OrderRefund) =>
    bySn
      .get(r.sn)
      ?.children.flatMap((c) => c.goods)
      .find((l) => l.sn === r.lineSn);
  return (
    <Stack spacing={1} data-testid="refunds-of-page">
      <Typography variant="body2" data-testid="refunded-total">
        {t('list.refunds.total', { money: formatFen(total, lang) })}
      </Typography>
      <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
        <Table size="small" aria-label={t('list.refunds.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('list.refunds.order')}</TableCell>
              <TableCell>{t('list.refunds.goods')}</TableCell>
              <TableCell>{t('list.refunds.pieces')}</TableCell>
              <TableCell align="right">{t('list.refunds.money')}</TableCell>
              <TableCell>{t('list.refunds.time')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {refunds.map((r) => {
              const line = lineOf(r);
              return (
                <TableRow key={`${r.afterSaleId ?? ''}-${r.cashId ?? ''}`} data-testid="refund-row" data-sn={r.sn}>
                  <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{bySn.get(r.sn)?.thirdSn ?? r.sn}</TableCell>
                  <TableCell sx={{ minWidth: 120 }}>{line?.name ?? '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {r.pieces > 0 && line ? t('list.refunds.piecesOf', { n: r.pieces, of: line.number }) : t('list.refunds.unknown')}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {formatFen(r.money, lang)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatSeconds(r.time, lang)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}

/**
 * The sold list's sales: the whole list's (what the overview's sales and profit sum) and each order of
 * the page with its sale, cost and profit (its part of them for a channel or goods).
 */
function SalesOfPage({ sales, total, part }: { sales: NonNullable<OverviewOrders['sales']>; total: OverviewSaleFigures; part: boolean }) {
  const { t } = useTranslation('overview');
  const lang = useLang();
  const money = (fen: number) => formatFen(fen, lang);
  const cell = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
  return (
    <Stack spacing={1} data-testid="sales-of-page">
      <Typography variant="body2" data-testid="sales-total">
        {t('list.sales.total', { count: total.sold, sales: money(total.sales), cost: money(total.cost), profit: money(total.profit) })}
        {part && ` ${t('list.sales.part')}`}
      </Typography>
      <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
        <Table size="small" aria-label={t('list.sales.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('list.sales.order')}</TableCell>
              <TableCell align="right">{t('columns.sales')}</TableCell>
              <TableCell align="right">{t('columns.cost')}</TableCell>
              <TableCell align="right">{t('columns.profit')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sales.map((s) => (
              <TableRow key={s.sn} data-testid="sale-row" data-sn={s.sn}>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{s.thirdSn}</TableCell>
                <TableCell align="right" sx={cell}>
                  {money(s.sales)}
                </TableCell>
                <TableCell align="right" sx={cell}>
                  {money(s.cost)}
                </TableCell>
                <TableCell align="right" sx={cell}>
                  {money(s.profit)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}

const OF: OverviewListOf[] = ['all', 'channel', 'province', 'goods', 'refunded', 'cancelled', 'failed', 'sold'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SIZES = [20, 50, 100] as const;

/**
 * The orders behind one of the overview's figures, bars, rows or points (`/overview/orders?of=&key=&from=&to=`),
 * read from the order mirror: the upstream's lists cannot filter a channel by day, a province, or a
 * goods by id. Shown as the orders page shows orders (columns, paging, CSV, drawer), with a line
 * saying where the rows come from and as of when.
 */
export function OverviewOrdersPage() {
  const { t } = useTranslation('overview');
  const lang = useLang();
  // A merchant comes from the strip over the catalogue (the only list of theirs here), everyone else from the overview.
  const fromOverview = useCan().feature('overview.read');
  const [params, setParams] = useSearchParams();
  const of = read.oneOf(params, 'of', OF, 'all');
  const key = (params.get('key') ?? '').slice(0, 100);
  const label = (params.get('label') ?? '').slice(0, 100);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = read.int(params, 'page', 1);
  const size = read.oneOf(params, 'size', SIZES, 20);
  const valid = DAY.test(from) && DAY.test(to) && (['all', 'refunded', 'cancelled', 'failed', 'sold'].includes(of) || key !== '');
  const ask = { of, ...(key ? { key } : {}), from, to, page, size };
  const list = useQuery({ ...overviewOrdersQuery(ask), enabled: valid });
  // The sold list of one channel or goods names it by its key: `channel:<id>`, `goods:<id>`.
  const [kind, id] = of === 'sold' ? (key.split(':') as [string, string | undefined]) : [of, key];
  const what =
    kind === 'channel'
      ? sourceEnum.has(Number(id))
        ? sourceEnum.label(Number(id), lang)
        : (id ?? '')
      : kind === 'goods'
        ? label || `#${id ?? ''}`
        : key;
  const onPage = pagerToUrl(setParams, size);
  return (
    <Stack spacing={2}>
      <PageHeader
        title={t(of === 'sold' && key ? 'list.of.soldOf' : `list.of.${of}`, { key: what })}
        subtitle={
          valid
            ? t(of === 'refunded' ? 'list.daysRefunded' : 'list.days', { from, to, zone: zoneName(DEFAULT_TIME_ZONE, lang) })
            : undefined
        }
        actions={
          <Button component={RouterLink} to={fromOverview ? '/overview' : '/catalogue'} startIcon={<ArrowBackIcon />}>
            {t(fromOverview ? 'list.back' : 'list.backCatalogue')}
          </Button>
        }
      />
      {!valid ? (
        <Alert severity="info">{t('list.bad')}</Alert>
      ) : list.isError && !list.data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <Typography variant="body2" color="textSecondary" data-testid="mirror-read">
            {list.data ? (list.data.readAt ? t('list.read', { time: formatMillis(list.data.readAt, lang) }) : t('list.notRead')) : ' '}
          </Typography>
          {of === 'refunded' && list.data?.refunds && (
            <RefundsOfPage orders={list.data.list} refunds={list.data.refunds} total={list.data.refundedMoney ?? 0} />
          )}
          {of === 'sold' && list.data?.sales && list.data.salesTotal && (
            <SalesOfPage sales={list.data.sales} total={list.data.salesTotal} part={key !== ''} />
          )}
          <Suspense fallback={null}>
            <OrderRowsView
              rows={list.data?.list}
              total={list.data?.total}
              loading={list.isFetching}
              page={page}
              size={size}
              onPage={onPage}
              fileName={`orders-${of}${key ? `-${key}` : ''}-${from}-${to}`}
              loadAll={(progress) => fetchAllOverviewOrders({ of, ...(key ? { key } : {}), from, to }, progress)}
            />
          </Suspense>
        </>
      )}
    </Stack>
  );
}
