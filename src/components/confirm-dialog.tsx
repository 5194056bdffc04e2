import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { RequestReference } from './error-state';

/**
 * Asks before an action that cannot be taken back: says what will happen, shows why it failed
 * (and stays open) when it does, and keeps its button busy while the action runs.
 */
export function ConfirmDialog({
  open,
  title,
  body,
  confirm,
  cancel,
  pending,
  error,
  failure,
  color = 'primary',
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  body: ReactNode;
  confirm: string;
  cancel: string;
  pending: boolean;
  /** The failure of the last attempt, in words. */
  error?: string | null;
  /** The failure itself: its request named for support under the words (the gateway's request id). */
  failure?: unknown;
  color?: 'primary' | 'error' | 'warning';
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} maxWidth="xs" fullWidth aria-describedby="confirm-dialog-body">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-dialog-body" component="div">
          {body}
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
            <RequestReference error={failure} />
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {cancel}
        </Button>
        <Button variant="contained" color={color} loading={pending} onClick={onConfirm}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
