import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { ROLES, type Role } from '../../../../contract/permissions';
import { ErrorState } from '../../../components/error-state';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SelectField } from '../../../components/fields';
import { bffFetch } from '../../../lib/bff';
import { formatMillis } from '../../../lib/time';
import { useLang } from '../../../lib/use-lang';
import { useErrorText } from '../../../lib/use-error-text';
import { accountKeys, usersQuery, type ManagedUser } from '../api/queries';
import { CreateUserDialog, PasswordDialog, type NewUser } from '../components/user-dialogs';
import { useSession } from '../session';

export function UsersPage() {
  const { t } = useTranslation('account');
  const lang = useLang();
  const text = useErrorText();
  const me = useSession().user;
  const queryClient = useQueryClient();
  const users = useQuery(usersQuery);
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<ManagedUser | null>(null);
  // A change of role or access ends that person's sessions: asked first, in words.
  const [pendingChange, setPendingChange] = useState<{ user: ManagedUser; patch: { role?: Role; disabled?: boolean } } | null>(null);
  const invalidate = () => queryClient.invalidateQueries({ queryKey: accountKeys.users() });

  const create = useMutation({
    mutationFn: (v: NewUser) => bffFetch<{ user: ManagedUser }>('/users', { body: v }),
    onSuccess: ({ user }) => {
      setCreating(false);
      void toast(t('users.created_ok', { name: user.username }), { variant: 'success' });
      void invalidate();
    },
    // Shown in the dialog, with what was typed kept.
    onError: () => undefined,
  });
  const update = useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: { role?: Role; disabled?: boolean } }) =>
      bffFetch(`/users/${id}`, { method: 'PATCH', body: patch }),
    onSuccess: () => {
      setPendingChange(null);
      void toast(t('users.updated_ok'), { variant: 'success' });
      void invalidate();
    },
    // Shown in the confirmation, which stays open.
    onError: () => undefined,
  });
  const reset = useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) => bffFetch(`/users/${id}/password`, { body: { password } }),
    onSuccess: () => {
      setResetting(null);
      void toast(t('users.password_ok'), { variant: 'success' });
      void invalidate();
    },
    onError: () => undefined,
  });

  return (
    <Stack spacing={2}>
      <PageHeader
        title={t('users.title')}
        subtitle={t('users.subtitle')}
        actions={
          <Button
            variant="contained"
            startIcon={<PersonAddIcon />}
            onClick={() => {
              create.reset();
              setCreating(true);
            }}
          >
            {t('users.add')}
          </Button>
        }
      />
      {users.isError ? (
        <ErrorState error={users.error} onRetry={() => void users.refetch()} />
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label={t('users.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('users.username')}</TableCell>
                  <TableCell>{t('users.displayName')}</TableCell>
                  <TableCell>{t('users.role')}</TableCell>
                  <TableCell>{t('users.status')}</TableCell>
                  <TableCell>{t('users.created')}</TableCell>
                  <TableCell align="right">{t('users.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(users.data?.list ?? []).map((u) => (
                  <TableRow key={u.id} data-testid="user-row">
                    <TableCell>
                      <code>{u.username}</code> {u.id === me.id && <Chip size="small" label={t('users.you')} />}{' '}
                      {u.demo && <Chip size="small" variant="outlined" label={t('users.demo')} />}
                    </TableCell>
                    <TableCell>{u.displayName}</TableCell>
                    <TableCell>
                      <SelectField
                        label={`${t('users.role')}: ${u.username}`}
                        value={u.role}
                        disabled={u.id === me.id}
                        onChange={(role) => {
                          update.reset();
                          setPendingChange({ user: u, patch: { role: role as Role } });
                        }}
                        choices={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
                        sx={{ minWidth: 140 }}
                      />
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={u.disabled ? 'default' : 'success'}
                        label={u.disabled ? t('users.disabledStatus') : t('users.active')}
                      />
                    </TableCell>
                    <TableCell>{formatMillis(u.createdAt, lang)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Button
                        size="small"
                        onClick={() => {
                          reset.reset();
                          setResetting(u);
                        }}
                      >
                        {t('users.resetPassword')}
                      </Button>
                      <Button
                        size="small"
                        color={u.disabled ? 'primary' : 'warning'}
                        disabled={u.id === me.id}
                        onClick={() => {
                          update.reset();
                          setPendingChange({ user: u, patch: { disabled: !u.disabled } });
                        }}
                      >
                        {u.disabled ? t('users.enable') : t('users.disable')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
      {creating && (
        <CreateUserDialog
          open
          onClose={() => setCreating(false)}
          onSubmit={(v) => create.mutate(v)}
          pending={create.isPending}
          error={create.error}
        />
      )}
      {pendingChange && (
        <ConfirmDialog
          open
          title={
            pendingChange.patch.role
              ? t('users.confirmRoleTitle', { name: pendingChange.user.username })
              : pendingChange.patch.disabled
                ? t('users.confirmDisableTitle', { name: pendingChange.user.username })
                : t('users.confirmEnableTitle', { name: pendingChange.user.username })
          }
          body={
            pendingChange.patch.role
              ? t('users.confirmRoleBody', {
                  from: t(`roles.${pendingChange.user.role}`),
                  to: t(`roles.${pendingChange.patch.role}`),
                })
              : pendingChange.patch.disabled
                ? t('users.confirmDisableBody')
                : t('users.confirmEnableBody')
          }
          confirm={
            pendingChange.patch.role ? t('users.confirmRole') : pendingChange.patch.disabled ? t('users.disable') : t('users.enable')
          }
          cancel={t('users.cancel')}
          color={pendingChange.patch.disabled ? 'warning' : 'primary'}
          pending={update.isPending}
          error={update.error ? text(update.error) : null}
          failure={update.error}
          onConfirm={() => update.mutate({ id: pendingChange.user.id, patch: pendingChange.patch })}
          onClose={() => setPendingChange(null)}
        />
      )}
      {resetting && (
        <PasswordDialog
          open
          name={resetting.username}
          onClose={() => setResetting(null)}
          onSubmit={(password) => reset.mutate({ id: resetting.id, password })}
          pending={reset.isPending}
          error={reset.error}
        />
      )}
    </Stack>
  );
}
