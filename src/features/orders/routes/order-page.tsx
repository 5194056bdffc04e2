import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { OrderDetail } from '../components/order-detail';
import { orderListQuery } from '../api/queries';

/** A platform number (or a child's or line's, which names the same order). */
const PLATFORM_SN = /^\d{6,32}$/;
/** A shop's own order number as the supplier takes it (the merchant number): letters, digits, - and _. */
const SHOP_SN = /^[A-Za-z0-9_-]{6,64}$/;

/**
 * A shop's order number (`/orders/SD1128-005`, as people paste it, and as the sandbox's bad-days dialog
 * takes it): the supplier's order list is asked for it and the page moves to the platform number.
 */
function ByShopNumber({ sn }: { sn: string }) {
  const { t } = useTranslation('orders');
  const found = useQuery(orderListQuery({ page: 1, limit: 5, thirdSn: sn }));
  if (found.isPending) return <CircularProgress aria-label={t('detail.finding', { sn })} sx={{ alignSelf: 'center' }} />;
  if (found.isError) return <ErrorState error={found.error} onRetry={() => void found.refetch()} />;
  const order = found.data.list.find((o) => o.thirdSn === sn);
  if (!order) return <EmptyState title={t('detail.notFound', { sn })} />;
  return <Navigate replace to={`/orders/${encodeURIComponent(order.sn)}`} />;
}

/** One order on its own page (`/orders/<sn>`), to link to and to share. */
export function OrderPage() {
  const { t } = useTranslation('orders');
  const { sn = '' } = useParams();
  const main = sn.split('_')[0] ?? '';
  return (
    <Stack spacing={2}>
      <div>
        <Button component={RouterLink} to="/orders" startIcon={<ArrowBackIcon />} size="small">
          {t('detail.back')}
        </Button>
      </div>
      {PLATFORM_SN.test(main) ? (
        <OrderDetail sn={main} headingLevel="h1" />
      ) : SHOP_SN.test(sn) ? (
        <ByShopNumber sn={sn} />
      ) : (
        <EmptyState title={t('detail.notFound', { sn })} />
      )}
    </Stack>
  );
}
