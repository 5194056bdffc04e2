import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';

/** Clearing cannot be undone: it waits for the person to type the word. */
export function ClearDialog({
  count,
  pending,
  onClose,
  onConfirm,
}: {
  count: number;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('selection');
  const [typed, setTyped] = useState('');
  const word = t('clearWord');
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('clearTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('clearBody', { count, word })}</DialogContentText>
        <TextField fullWidth label={word} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button color="error" variant="contained" disabled={typed.trim() !== word} loading={pending} onClick={onConfirm}>
          {t('clearConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
