import { useTranslation } from 'react-i18next';
import { DetailDrawer } from '../../../components/detail-drawer';
import { OrderDetail } from './order-detail';

/** The drawer itself (loaded when an order is first opened). */
export function OrderDrawerPanel({ sn, onClose }: { sn: string | null; onClose: () => void }) {
  const { t } = useTranslation('orders');
  return (
    <DetailDrawer
      open={sn !== null}
      onClose={onClose}
      pageHref={`/orders/${sn ?? ''}`}
      openPageLabel={t('detail.openPage')}
      closeLabel={t('detail.close')}
      width={900}
      label={sn ? t('detail.title', { sn }) : undefined}
    >
      {sn !== null && <OrderDetail sn={sn} />}
    </DetailDrawer>
  );
}
