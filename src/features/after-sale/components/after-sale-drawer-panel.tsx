import { useTranslation } from 'react-i18next';
import { DetailDrawer } from '../../../components/detail-drawer';
import { AfterSaleDetailView } from './after-sale-detail';

/** The drawer itself (loaded when a record is first opened). */
export function AfterSaleDrawerPanel({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('afterSale');
  return (
    <DetailDrawer
      open={id !== null}
      onClose={onClose}
      pageHref={`/after-sale/${id ?? ''}`}
      openPageLabel={t('detail.openPage')}
      closeLabel={t('detail.close')}
      width={760}
      label={t('detail.title', { id: id ?? '' })}
    >
      {id !== null && <AfterSaleDetailView id={id} />}
    </DetailDrawer>
  );
}
