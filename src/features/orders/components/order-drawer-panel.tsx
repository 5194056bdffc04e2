import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { OrderDetail } from './order-detail';

/** The drawer itself (loaded when an order is first opened). */
export function OrderDrawerPanel({ sn, onClose }: { sn: string | null; onClose: () => void }) {
  const { t } = useTranslation('orders');
  return (
    <Drawer
      anchor="right"
      open={sn !== null}
      onClose={onClose}
      sx={{ zIndex: (th) => th.zIndex.modal }}
      slotProps={{ paper: { sx: { width: { xs: '100%', md: 900 } }, 'aria-label': sn ? t('detail.title', { sn }) : undefined } }}
    >
      {sn !== null && (
        <Box sx={{ p: { xs: 2, md: 3 } }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
            <Button component={RouterLink} to={`/orders/${sn}`} startIcon={<OpenInNewIcon />} size="small">
              {t('detail.openPage')}
            </Button>
            <IconButton onClick={onClose} aria-label={t('detail.close')} title={t('detail.close')}>
              <CloseIcon />
            </IconButton>
          </Stack>
          <OrderDetail sn={sn} />
        </Box>
      )}
    </Drawer>
  );
}
