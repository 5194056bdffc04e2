import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { AfterSaleDetailView } from './after-sale-detail';

/** The drawer itself (loaded when a record is first opened). */
export function AfterSaleDrawerPanel({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('afterSale');
  return (
    <Drawer
      anchor="right"
      open={id !== null}
      onClose={onClose}
      sx={{ zIndex: (th) => th.zIndex.modal }}
      slotProps={{ paper: { sx: { width: { xs: '100%', md: 760 } }, 'aria-label': t('detail.title', { id: id ?? '' }) } }}
    >
      {id !== null && (
        <Box sx={{ p: { xs: 2, md: 3 } }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
            <Button component={RouterLink} to={`/after-sale/${id}`} startIcon={<OpenInNewIcon />} size="small">
              {t('detail.openPage')}
            </Button>
            <IconButton onClick={onClose} aria-label={t('detail.close')} title={t('detail.close')}>
              <CloseIcon />
            </IconButton>
          </Stack>
          <AfterSaleDetailView id={id} />
        </Box>
      )}
    </Drawer>
  );
}
