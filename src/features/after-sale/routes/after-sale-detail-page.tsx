import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { AfterSaleDetailView } from '../components/after-sale-detail';

/** An after-sale record at its own address: /after-sale/:id. */
export function AfterSaleDetailPage() {
  const { t } = useTranslation('afterSale');
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <Alert severity="warning">{t('detail.badId')}</Alert>;
  return <AfterSaleDetailView id={id} headingLevel="h1" />;
}
