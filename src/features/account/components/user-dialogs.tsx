import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ROLES, type Role } from '../../../../contract/permissions';
import { OpError } from '../../../lib/bff';
import { useErrorText } from '../../../lib/use-error-text';

const username = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,32}$/);
const password = z.string().min(10).max(200);

const newUser = z.object({ username, displayName: z.string().trim().min(1).max(64), role: z.enum(ROLES), password });
export type NewUser = z.infer<typeof newUser>;

/** The server's own check is the authority; this one only spares a round trip. */
export function CreateUserDialog({
  open,
  onClose,
  onSubmit,
  pending,
  error,
}: {
  open: boolean;
  onClose: () => void;
  onSubmit: (v: NewUser) => void;
  pending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation('account');
  const text = useErrorText();
  const form = useForm<NewUser>({
    resolver: zodResolver(newUser),
    defaultValues: { username: '', displayName: '', role: 'merchant', password: '' },
  });
  const { errors } = form.formState;
  const serverField = error instanceof OpError ? error.field : undefined;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <DialogTitle>{t('users.add')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error != null && <Alert severity="error">{text(error)}</Alert>}
            <TextField
              label={t('users.username')}
              {...form.register('username')}
              error={!!errors.username || serverField === 'username'}
              helperText={t('users.usernameRule')}
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 32 } }}
            />
            <TextField
              label={t('users.displayName')}
              {...form.register('displayName')}
              error={!!errors.displayName}
              slotProps={{ htmlInput: { maxLength: 64 } }}
            />
            <TextField select label={t('users.role')} defaultValue="merchant" {...form.register('role')}>
              {ROLES.map((r: Role) => (
                <MenuItem key={r} value={r}>
                  {t(`roles.${r}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="password"
              label={t('users.password')}
              {...form.register('password')}
              error={!!errors.password || serverField === 'password'}
              helperText={t('users.passwordRule')}
              autoComplete="new-password"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('users.cancel')}</Button>
          <Button type="submit" variant="contained" loading={pending}>
            {t('users.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** An admin sets someone's password (`name`), or a person changes their own (`own`: the current one is asked first). */
export function PasswordDialog({
  open,
  name,
  own = false,
  onClose,
  onSubmit,
  pending,
  error,
}: {
  open: boolean;
  name: string;
  own?: boolean;
  onClose: () => void;
  onSubmit: (pw: string, current: string) => void;
  pending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation('account');
  const text = useErrorText();
  const form = useForm<{ current: string; password: string }>({
    resolver: zodResolver(z.object({ current: own ? z.string().min(1) : z.string(), password })),
    defaultValues: { current: '', password: '' },
  });
  const serverField = error instanceof OpError ? error.field : undefined;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="password-dialog-title">
      <form noValidate onSubmit={form.handleSubmit((v) => onSubmit(v.password, v.current))}>
        <DialogTitle id="password-dialog-title">{own ? t('menu.changePassword') : `${t('users.resetPassword')}: ${name}`}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error != null && <Alert severity="error">{text(error)}</Alert>}
            {own && (
              <TextField
                type="password"
                label={t('menu.currentPassword')}
                {...form.register('current')}
                error={!!form.formState.errors.current || serverField === 'current'}
                autoComplete="current-password"
              />
            )}
            <TextField
              type="password"
              label={t('users.newPassword')}
              {...form.register('password')}
              error={!!form.formState.errors.password}
              helperText={t('users.passwordRule')}
              autoComplete="new-password"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('users.cancel')}</Button>
          <Button type="submit" variant="contained" loading={pending}>
            {t('users.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
