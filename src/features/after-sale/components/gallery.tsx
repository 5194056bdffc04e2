import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';

/** Pictures as thumbnails; one opens large, with previous / next. */
export function Gallery({ urls, label }: { urls: string[]; label: string }) {
  const { t } = useTranslation('afterSale');
  const [open, setOpen] = useState<number | null>(null);
  const go = (d: number) => setOpen((i) => (i === null ? null : (i + d + urls.length) % urls.length));
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} role="list" aria-label={label} data-testid="gallery">
        {urls.map((u, i) => (
          <ButtonBase
            key={u}
            role="listitem"
            onClick={() => setOpen(i)}
            aria-label={t('gallery.open', { n: i + 1, total: urls.length })}
            sx={{ borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}
          >
            <Box component="img" src={u} alt="" loading="lazy" sx={{ width: 96, height: 96, objectFit: 'cover', display: 'block' }} />
          </ButtonBase>
        ))}
      </Box>
      <Dialog open={open !== null} onClose={() => setOpen(null)} maxWidth="lg" slotProps={{ paper: { 'aria-label': label } }}>
        {open !== null && (
          <DialogContent sx={{ p: 1 }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
              <Typography variant="body2" sx={{ px: 1 }}>
                {t('gallery.position', { n: open + 1, total: urls.length })}
              </Typography>
              <Stack direction="row">
                <IconButton
                  onClick={() => go(-1)}
                  disabled={urls.length < 2}
                  aria-label={t('gallery.previous')}
                  title={t('gallery.previous')}
                >
                  <ChevronLeftIcon />
                </IconButton>
                <IconButton onClick={() => go(1)} disabled={urls.length < 2} aria-label={t('gallery.next')} title={t('gallery.next')}>
                  <ChevronRightIcon />
                </IconButton>
                <IconButton onClick={() => setOpen(null)} aria-label={t('detail.close')} title={t('detail.close')}>
                  <CloseIcon />
                </IconButton>
              </Stack>
            </Stack>
            <Box
              component="img"
              src={urls[open]}
              alt={t('gallery.open', { n: open + 1, total: urls.length })}
              sx={{ maxWidth: '100%', maxHeight: '80vh', minWidth: 'min(320px, 100%)', objectFit: 'contain', display: 'block', mx: 'auto' }}
            />
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}
