import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { EmptyState } from '../../../components/empty-state';
import { OrderDetail } from '../components/order-detail';

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
      {/^\d{6,32}$/.test(main) ? <OrderDetail sn={main} headingLevel="h1" /> : <EmptyState title={t('detail.notFound', { sn })} />}
    </Stack>
  );
}
