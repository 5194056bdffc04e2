import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { GoodsDetailView } from '../components/goods-detail';

/** A product at its own address: /catalogue/goods/:id. */
export function GoodsPage() {
  const { t } = useTranslation('catalogue');
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <Alert severity="warning">{t('detail.notFound')}</Alert>;
  return <GoodsDetailView id={id} />;
}
