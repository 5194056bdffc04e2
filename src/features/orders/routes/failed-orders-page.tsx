import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ErrorOrder } from '../../../../contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { formatFen } from '../../../lib/money';
import { DEFAULT_TIME_ZONE, formatSeconds, zoneName } from '../../../lib/time';
import { toast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { useLang } from '../../../lib/use-lang';
import { read } from '../../../lib/url-view';
import { useSearchParams } from 'react-router-dom';
import { balanceQuery, useCan } from '../../account';
import { errorOrdersQuery, orderQuery, useFailedOrderAction } from '../api/queries';
import { OrderDrawer, useOrderDrawer } from '../components/order-drawer';
import { readFailedParams } from '../params';
import { ORDER_PAGE_SIZES } from '../url-state';

type Action = { kind: 'retry' | 'refund'; row: ErrorOrder };

/** A failed order: why, when, what it holds (read from its params, with names from the order), and what can be done. */
function FailedOrderCard({ row, onAction, onOpen }: { row: ErrorOrder; onAction: (a: Action) => void; onOpen: (sn: string) => void }) {
  const { t } = useTranslation('orders');
  const lang = useLang();
  const can = useCan();
  const params = readFailedParams(row.params);
  const order = useQuery(orderQuery(row.sn));
  const lineOf = (sku: number) => order.data?.children.flatMap((c) => c.goods).find((g) => g.sku === sku);
  const a = params?.address;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="failed-order" data-sn={row.sn} data-third-sn={row.thirdSn} component="article">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" color="error" sx={{ fontWeight: 600 }} data-testid="failed-message">
            {row.message || t('failed.noMessage')}
          </Typography>
          <Typography variant="body2" color="textSecondary" title={zoneName(DEFAULT_TIME_ZONE, lang)}>
            {t('failed.when', { time: formatSeconds(row.createdTime, lang) })}
          </Typography>
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            {t('columns.sn')}:{' '}
            <Link
              component="button"
              type="button"
              onClick={() => onOpen(row.sn)}
              sx={{ fontFamily: 'monospace', verticalAlign: 'baseline' }}
            >
              {row.sn}
            </Link>
          </Typography>
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            {t('columns.thirdSn')}: <span style={{ fontFamily: 'monospace' }}>{row.thirdSn}</span>
          </Typography>
        </Stack>
        {(can.op('order.retry') || can.op('order.refund')) && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexShrink: 0 }}>
            {can.op('order.retry') && (
              <Button variant="contained" onClick={() => onAction({ kind: 'retry', row })}>
                {t('failed.retry')}
              </Button>
            )}
            {can.op('order.refund') && (
              <Button variant="outlined" color="warning" onClick={() => onAction({ kind: 'refund', row })}>
                {t('failed.refund')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
      {params === null ? (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          {t('failed.unreadable')}
        </Typography>
      ) : (
        <Box sx={{ mt: 1 }}>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label={t('failed.lines')}>
            {params.lines.map((l) => {
              const line = lineOf(l.sku);
              const price = l.price ?? line?.price;
              return (
                <Typography component="li" variant="body2" key={l.sku} data-testid="failed-line">
                  {line ? (
                    `${line.name}${line.skuName ? ` (${line.skuName})` : ''}`
                  ) : order.isPending ? (
                    <Skeleton width={200} sx={{ display: 'inline-block' }} />
                  ) : (
                    `SKU ${l.sku}`
                  )}
                  {' — '}
                  {price !== undefined
                    ? t('failed.lineQtyPrice', { qty: l.number, price: formatFen(price, lang), total: formatFen(price * l.number, lang) })
                    : t('failed.lineQty', { qty: l.number })}
                </Typography>
              );
            })}
          </Box>
          {a && (
            <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
              {t('failed.shipTo', {
                who: [a.consignee, a.phone].filter(Boolean).join(' · '),
                where: [a.province, a.city, a.area, a.street, a.description].filter(Boolean).join(' '),
              })}
            </Typography>
          )}
          {order.data && (
            <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="failed-total">
              {t('failed.total', {
                total: formatFen(order.data.goodsFee + order.data.logisticFee, lang),
                goods: formatFen(order.data.goodsFee, lang),
                freight: formatFen(order.data.logisticFee, lang),
              })}
            </Typography>
          )}
          {params.strictMode !== undefined && (
            <Typography variant="caption" color="textSecondary">
              {params.strictMode ? t('failed.strict') : t('failed.lenient')}
            </Typography>
          )}
        </Box>
      )}
    </Paper>
  );
}

/** Orders the supplier could not place or pay (order.errors): retry them from the balance, or refund them. */
export function FailedOrdersPage() {
  const { t } = useTranslation('orders');
  const lang = useLang();
  const text = useErrorText();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const page = Math.min(read.int(params, 'page', 1), 50);
  const size = read.oneOf(params, 'size', ORDER_PAGE_SIZES, 20);
  const [openSn, openOrder] = useOrderDrawer();
  const list = useQuery(errorOrdersQuery({ page, limit: size }));
  const balance = useQuery({ ...balanceQuery(), enabled: can.op('account.balance') });
  const [action, setAction] = useState<Action | null>(null);
  const retry = useFailedOrderAction('retry');
  const refund = useFailedOrderAction('refund');
  const running = action?.kind === 'refund' ? refund : retry;
  const actionOrder = useQuery({ ...orderQuery(action?.row.sn ?? ''), enabled: !!action });
  const amount = actionOrder.data ? formatFen(actionOrder.data.goodsFee + actionOrder.data.logisticFee, lang) : '…';
  const bal = balance.data !== undefined ? formatFen(balance.data, lang) : null;
  const count = list.data?.count ?? 0;

  const go = () => {
    if (!action) return;
    running.mutate(action.row.thirdSn || action.row.sn, {
      onSuccess: () => {
        void toast(action.kind === 'retry' ? t('failed.retried', { sn: action.row.sn }) : t('failed.refunded', { sn: action.row.sn }), {
          variant: 'success',
        });
        setAction(null);
      },
    });
  };

  return (
    <Stack spacing={2}>
      <PageHeader
        title={t('failed.title')}
        subtitle={t('failed.subtitle')}
        actions={
          bal && (
            <Typography variant="body1" data-testid="failed-balance">
              {t('failed.balanceNow', { balance: bal })}
            </Typography>
          )
        }
      />
      {list.isError && !list.data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Skeleton variant="rounded" height={160} />
      ) : count === 0 ? (
        <Paper variant="outlined">
          <EmptyState title={t('failed.empty')} />
        </Paper>
      ) : (
        <>
          <Typography variant="body2" color="textSecondary" aria-live="polite">
            {t('failed.results', { count })}
          </Typography>
          <Box sx={{ height: 4 }}>{list.isFetching && <LinearProgress aria-label={t('failed.title')} />}</Box>
          {list.data.list.map((row) => (
            <FailedOrderCard key={row.id} row={row} onAction={(a) => (retry.reset(), refund.reset(), setAction(a))} onOpen={openOrder} />
          ))}
          <Paper variant="outlined">
            <Pager
              page={page}
              size={size}
              count={Math.min(count, 50 * size)}
              sizes={ORDER_PAGE_SIZES}
              onChange={(p, s) => {
                const next = new URLSearchParams(params);
                next.set('page', String(s !== size ? 1 : p));
                next.set('size', String(s));
                setParams(next);
              }}
            />
          </Paper>
        </>
      )}
      <ConfirmDialog
        open={action !== null}
        title={action?.kind === 'refund' ? t('failed.refundTitle') : t('failed.retryTitle')}
        body={
          action?.kind === 'refund'
            ? t('failed.refundBody', { sn: action.row.sn, amount })
            : bal
              ? t('failed.retryBody', { sn: action?.row.sn ?? '', amount, balance: bal })
              : t('failed.retryBodyNoBalance', { sn: action?.row.sn ?? '', amount })
        }
        confirm={action?.kind === 'refund' ? t('failed.refundYes') : t('failed.retryYes')}
        cancel={t('failed.cancel')}
        color={action?.kind === 'refund' ? 'warning' : 'primary'}
        pending={running.isPending}
        error={running.error ? text(running.error) : null}
        failure={running.error}
        onClose={() => setAction(null)}
        onConfirm={go}
      />
      <OrderDrawer sn={openSn} onClose={() => openOrder(null)} />
    </Stack>
  );
}
