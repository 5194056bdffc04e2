import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import Skeleton from '@mui/material/Skeleton';
import { DetailDrawer } from '../../../components/detail-drawer';
import { lazyNamed } from '../../../lib/lazy';
import { GOODS_TITLE_ID } from './goods-title-id';

// The detail brings forms, validation and an HTML sanitizer: loaded when a product is opened, not with the list.
const GoodsDetailView = lazyNamed(() => import('./goods-detail'), 'GoodsDetailView');

/** The drawer itself (loaded when a product is first opened). */
export function GoodsDrawerPanel({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('catalogue');
  return (
    <DetailDrawer
      open={id !== null}
      onClose={onClose}
      pageHref={`/catalogue/goods/${id ?? ''}`}
      openPageLabel={t('detail.openPage')}
      closeLabel={t('detail.close')}
      width={880}
      labelledBy={GOODS_TITLE_ID}
    >
      {id !== null && (
        <Suspense fallback={<Skeleton variant="rounded" height={400} />}>
          <GoodsDetailView id={id} />
        </Suspense>
      )}
    </DetailDrawer>
  );
}
