import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Suspense } from 'react';
import { lazyNamed } from '../../../lib/lazy';
import Skeleton from '@mui/material/Skeleton';
import { GOODS_TITLE_ID } from './goods-title-id';

// The detail brings forms, validation and an HTML sanitizer: loaded when a product is opened, not with the list.
const GoodsDetailView = lazyNamed(() => import('./goods-detail'), 'GoodsDetailView');

/** The drawer itself (loaded when a product is first opened). */
export function GoodsDrawerPanel({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('catalogue');
  return (
    <Drawer
      anchor="right"
      open={id !== null}
      onClose={onClose}
      // Above the app bar, which sits above the navigation drawer.
      sx={{ zIndex: (th) => th.zIndex.modal }}
      slotProps={{ paper: { 'aria-labelledby': GOODS_TITLE_ID, sx: { width: { xs: '100%', md: 880 } } } }}
    >
      {id !== null && (
        <Box sx={{ p: { xs: 2, md: 3 } }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
            <Button component={RouterLink} to={`/catalogue/goods/${id}`} startIcon={<OpenInNewIcon />} size="small">
              {t('detail.openPage')}
            </Button>
            <IconButton onClick={onClose} aria-label={t('detail.close')} title={t('detail.close')}>
              <CloseIcon />
            </IconButton>
          </Stack>
          <Suspense fallback={<Skeleton variant="rounded" height={400} />}>
            <GoodsDetailView id={id} />
          </Suspense>
        </Box>
      )}
    </Drawer>
  );
}
