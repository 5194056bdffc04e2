import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChildOrder, Order } from '../../../../contract';
import { childGoodsStatus } from '../../../../contract/enums/child-goods-status';
import { childOrderStatus } from '../../../../contract/enums/child-order-status';
import { orderPayStatus } from '../../../../contract/enums/order-pay-status';
import { orderStatus } from '../../../../contract/enums/order-status';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { SourceChip } from '../../../components/source-chip';
import { formatFen } from '../../../lib/money';
import { DEFAULT_TIME_ZONE, formatSeconds, zoneName } from '../../../lib/time';
import { shownNow } from '../../../lib/clock';
import { useLang } from '../../../lib/use-lang';
import { orderQuery, orderRefundsQuery } from '../api/queries';
import { childIrregularWords } from '../irregular-words';
import { GoodsLineItem } from './goods-line';
import { regionOf } from './orders-table';
import { StatusChip } from './status-chip';
import { OrderExceptions } from '../../exceptions';

/** Label–value pairs in two columns on wide screens, stacked on phones. */
function Facts({ rows, testId }: { rows: [string, React.ReactNode][]; testId?: string }) {
  return (
    <Box
      component="dl"
      data-testid={testId}
      sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {rows.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="textSecondary">
            {k}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word', fontVariantNumeric: 'tabular-nums' }}>
            {v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A contact link of a shop, only when it is a web address (never a javascript: or other scheme). */
const safeUrl = (u: string | undefined) => (u && /^https?:\/\//i.test(u) ? u : undefined);

function ChildSection({ child, order }: { child: ChildOrder; order: Order }) {
  const { t } = useTranslation('orders');
  const lang = useLang();
  // What was refunded of each line, each refund once (the gateway's order mirror); asked once per order.
  const refunds = useQuery(orderRefundsQuery(order.sn)).data?.refunds;
  const shop = child.shopInfo;
  const link = safeUrl(shop.contactURL);
  // Cancelled by the supplier, refused and back, or not shipped long after payment: said in words (business time).
  const irregular = childIrregularWords(child, order, refunds, Math.floor(shownNow() / 1000), t, lang);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="child-order" data-sn={child.sn}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <SourceChip source={child.source} />
        <Typography variant="subtitle2" component="h3" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {child.sn}
        </Typography>
        <StatusChip of={childGoodsStatus} value={child.goodsStatus} testId="child-goods-status" />
        <StatusChip of={childOrderStatus} value={child.orderStatus} />
      </Stack>
      {irregular && (
        <Alert
          severity={irregular.kind === 'late' ? 'warning' : 'info'}
          sx={{ mb: 1 }}
          data-testid="child-irregular"
          data-kind={irregular.kind}
        >
          {irregular.text}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 1, md: 4 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Facts
            rows={[
              [t('detail.shop'), shop.name || '—'],
              ...(shop.companyName ? ([[t('detail.company'), shop.companyName]] as [string, string][]) : []),
              ...(shop.contactName ? ([[t('detail.contact'), shop.contactName]] as [string, string][]) : []),
              ...([shop.mobile, shop.phone].some(Boolean)
                ? ([[t('detail.phones'), [shop.mobile, shop.phone].filter(Boolean).join(' / ')]] as [string, string][])
                : []),
              ...(link
                ? ([
                    [
                      t('detail.contactLink'),
                      <Link key="l" href={link} target="_blank" rel="noopener noreferrer">
                        {t('detail.openContact')}
                      </Link>,
                    ],
                  ] as [string, React.ReactNode][])
                : []),
            ]}
          />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Facts
            rows={[
              [t('detail.goodsFee'), formatFen(child.goodsFee, lang)],
              [t('detail.freight'), formatFen(child.logisticFee, lang)],
              [t('detail.shippedAt'), formatSeconds(child.deliverTime, lang)],
            ]}
          />
        </Box>
      </Stack>
      <Divider sx={{ mt: 1 }} />
      <Box component="ul" sx={{ m: 0, p: 0 }} aria-label={t('detail.linesOf', { sn: child.sn })}>
        {child.goods.map((line) => (
          <GoodsLineItem key={line.sn} line={line} child={child} orderSn={order.sn} thirdSn={order.thirdSn} refunds={refunds} />
        ))}
      </Box>
    </Paper>
  );
}

/** An order with its channel children, every goods line, the address and the money. */
export function OrderDetail({ sn, headingLevel = 'h2' }: { sn: string; headingLevel?: 'h1' | 'h2' }) {
  const { t } = useTranslation('orders');
  const lang = useLang();
  const q = useQuery(orderQuery(sn));
  if (q.isError && !q.data) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (q.data === undefined) return <Skeleton variant="rounded" height={360} />;
  const order = q.data;
  if (order === null) return <EmptyState title={t('detail.notFound', { sn })} />;
  const a = order.address;
  return (
    <Stack spacing={2} data-testid="order-detail" data-sn={order.sn}>
      <Stack spacing={0.5}>
        <Typography variant="h5" component={headingLevel} sx={{ fontWeight: 700, wordBreak: 'break-all' }}>
          {t('detail.title', { sn: order.sn })}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          {/* Named: an order paid and its payment made both read 已支付 on their own. */}
          <StatusChip of={orderStatus} value={order.status} prefix={t('columns.status')} testId="detail-order-status" />
          <StatusChip of={orderPayStatus} value={order.payStatus} prefix={t('columns.payStatus')} />
          <Typography variant="body2" color="textSecondary" title={zoneName(DEFAULT_TIME_ZONE, lang)}>
            {t('detail.created', { time: formatSeconds(order.createdTime, lang) })}
          </Typography>
        </Stack>
      </Stack>
      {/* Support's exceptions of this order (none: nothing drawn), with their notes and steps. */}
      <Suspense fallback={null}>
        <OrderExceptions orderSn={order.sn} />
      </Suspense>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('detail.numbers')}
          </Typography>
          <Facts
            rows={[
              [t('columns.sn'), order.sn],
              [t('columns.thirdSn'), order.thirdSn],
            ]}
          />
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
            {t('detail.address')}
          </Typography>
          <Facts
            testId="order-address"
            rows={[
              [t('columns.consignee'), `${a.consignee} · ${a.phone}`],
              [t('columns.region'), regionOf(a)],
              [t('detail.street'), [a.street, a.description].filter(Boolean).join(' ')],
            ]}
          />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('detail.money')}
          </Typography>
          <Facts
            testId="order-money"
            rows={[
              [t('columns.goodsFee'), formatFen(order.goodsFee, lang)],
              [t('columns.freight'), formatFen(order.logisticFee, lang)],
              [t('columns.total'), <strong key="t">{formatFen(order.goodsFee + order.logisticFee, lang)}</strong>],
            ]}
          />
        </Paper>
      </Stack>
      {order.children.length === 0 ? (
        <EmptyState title={t('detail.noChildren')} />
      ) : (
        order.children.map((c) => <ChildSection key={c.sn} child={c} order={order} />)
      )}
    </Stack>
  );
}
