import { Suspense, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import ReceiptOutlinedIcon from '@mui/icons-material/ReceiptOutlined';
import type { ChildOrder, GoodsLine as Line, OrderRefund } from '../../../../contract';
import { lineAfterSaleStatus } from '../../../../contract/enums/line-after-sale-status';
import { linePayStatus } from '../../../../contract/enums/line-pay-status';
import { formatFen } from '../../../lib/money';
import { useLang } from '../../../lib/use-lang';
import { useCan } from '../../account';
import { ConfirmReceiptButton, TraceTimeline, TrackingNumber } from '../../logistics';
import { OrderLineActionsContext, type OrderLineRef } from '../line-actions';
import { LineRecord } from './line-record';
import { lineRefundWords } from '../refund-words';

/** Child goods status: 3 shipped, 4 received, 5 completed (contract/enums/child-goods-status). */
const SHIPPED = 3;
const RECEIVED = 4;

/**
 * One goods line of an order: what it is, what it cost, where it is, what was refunded of it (`refunds`:
 * the order's, from the gateway's order mirror), and what can be done with it.
 */
export function GoodsLineItem({
  line,
  child,
  orderSn,
  thirdSn,
  refunds,
}: {
  line: Line;
  child: ChildOrder;
  orderSn: string;
  thirdSn: string;
  refunds?: readonly OrderRefund[] | null;
}) {
  const { t } = useTranslation('orders');
  const lang = useLang();
  const can = useCan();
  const extra = useContext(OrderLineActionsContext);
  const [open, setOpen] = useState<'trace' | 'record' | null>(null);
  const shipped = line.deliverNo !== '';
  const received = child.goodsStatus >= RECEIVED && child.goodsStatus !== 1;
  const afterSale = line.afterSaleStatus ?? line.isApply ?? 0;
  const refunded = lineRefundWords(line, refunds, t, lang);
  const ref: OrderLineRef = {
    orderSn,
    thirdSn,
    childSn: child.sn,
    lineSn: line.sn,
    sku: line.sku,
    source: child.source,
    goodsStatus: child.goodsStatus,
    line,
  };
  const toggle = (what: 'trace' | 'record') => setOpen((o) => (o === what ? null : what));
  return (
    <Box component="li" data-testid="goods-line" data-line-sn={line.sn} data-sku={line.sku} sx={{ py: 1.5, listStyle: 'none' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box
          component="img"
          src={line.image}
          alt={t('line.imageAlt', { name: line.name })}
          loading="lazy"
          width={64}
          height={64}
          sx={{ borderRadius: 1, objectFit: 'cover', flexShrink: 0 }}
        />
        <Stack spacing={0.5} sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {line.name}
          </Typography>
          <Typography variant="caption" color="textSecondary">
            {t('line.spec')}: {line.skuName || '—'} · SKU {line.sku}
          </Typography>
          <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {t('line.qtyPrice', { qty: line.number, price: formatFen(line.price, lang) })} ={' '}
            <strong>{formatFen(line.price * line.number, lang)}</strong>
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            <Chip size="small" variant="outlined" label={`${t('line.pay')}: ${linePayStatus.label(line.payStatus, lang)}`} />
            <Chip
              size="small"
              variant="outlined"
              color={afterSale === 1 ? 'warning' : 'default'}
              label={`${t('line.afterSale')}: ${lineAfterSaleStatus.label(afterSale, lang)}`}
            />
            {received ? (
              <Chip size="small" color="success" label={t('line.received')} data-testid="line-received" />
            ) : shipped ? (
              <Chip size="small" color="primary" variant="outlined" label={t('line.inTransit')} />
            ) : null}
            {refunded && <Chip size="small" color="info" variant="outlined" label={refunded} data-testid="line-refunded" />}
          </Stack>
          {shipped && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 1, alignItems: 'center' }}>
              <Typography variant="caption" color="textSecondary">
                {line.deliverName}
              </Typography>
              <Suspense fallback={<Typography variant="body2">{line.deliverNo}</Typography>}>
                <TrackingNumber no={line.deliverNo} />
              </Suspense>
            </Stack>
          )}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, pt: 0.5, alignItems: 'center' }} data-testid="line-actions">
            {can.op('logistic.trace') && (shipped || received) && (
              <Button
                size="small"
                startIcon={<LocalShippingOutlinedIcon />}
                aria-expanded={open === 'trace'}
                onClick={() => toggle('trace')}
              >
                {t('line.logistics')}
              </Button>
            )}
            {can.op('order.detail') && (
              <Button size="small" startIcon={<ReceiptOutlinedIcon />} aria-expanded={open === 'record'} onClick={() => toggle('record')}>
                {t('line.record')}
              </Button>
            )}
            {can.op('logistic.confirm') && shipped && child.goodsStatus === SHIPPED && (
              <Suspense fallback={null}>
                <ConfirmReceiptButton goodsSn={line.sn} name={line.name} />
              </Suspense>
            )}
            {extra?.(ref)}
          </Stack>
        </Stack>
      </Stack>
      <Collapse in={open !== null} unmountOnExit>
        <Box sx={{ pt: 1.5, pl: { xs: 0, sm: 10 } }}>
          {open === 'trace' && (
            <Suspense fallback={null}>
              <TraceTimeline orderSn={thirdSn} sku={line.sku} />
            </Suspense>
          )}
          {open === 'record' && <LineRecord lineSn={line.sn} />}
        </Box>
      </Collapse>
    </Box>
  );
}
