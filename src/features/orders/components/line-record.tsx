import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { childGoodsStatus } from '../../../../contract/enums/child-goods-status';
import { lineAfterSaleStatus } from '../../../../contract/enums/line-after-sale-status';
import { source as sourceEnum } from '../../../../contract/enums/source';
import { ErrorState } from '../../../components/error-state';
import { formatFen } from '../../../lib/money';
import { formatSeconds } from '../../../lib/time';
import { useLang } from '../../../lib/use-lang';
import { lineRecordQuery } from '../api/queries';

/** The supplier's own record of one goods line (order.detail), as label–value pairs. */
export function LineRecord({ lineSn }: { lineSn: string }) {
  const { t } = useTranslation('orders');
  const lang = useLang();
  const rec = useQuery(lineRecordQuery(lineSn));
  if (rec.isError && !rec.data) return <ErrorState error={rec.error} onRetry={() => void rec.refetch()} />;
  if (!rec.data) return <Skeleton variant="rounded" height={120} />;
  const d = rec.data;
  const rows: [string, string][] = [
    [t('record.lineSn'), d.orderSn3],
    [t('record.childSn'), d.orderSn2],
    [t('record.orderSn'), d.orderSn1],
    [t('record.upstreamSn'), [d.upstreamOrderSn1, d.upstreamOrderSn2].filter(Boolean).join(' / ') || '—'],
    [t('record.source'), sourceEnum.label(d.source, lang)],
    [t('record.goods'), `${d.goods.name} · ${d.goods.skuName}`],
    [t('record.qtyPrice'), `${d.goods.Total} × ${formatFen(d.goods.price, lang)}`],
    [t('record.goodsStatus'), childGoodsStatus.label(d.goodsStatus, lang)],
    [t('record.deliverTime'), formatSeconds(d.deliverTime, lang)],
    [t('record.courier'), d.deliverName ? `${d.deliverName} ${d.deliverNo}` : '—'],
    [t('record.afterSale'), lineAfterSaleStatus.label(d.afterSaleStatus, lang)],
    [t('record.refundTime'), formatSeconds(d.refundTime, lang)],
    [t('record.shop'), d.shopInfo.name || '—'],
  ];
  return (
    <Box
      component="dl"
      data-testid="line-record"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {rows.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="caption" color="textSecondary">
            {k}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>
            {v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
