import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import LogoutIcon from '@mui/icons-material/Logout';
import KeyIcon from '@mui/icons-material/Key';
import { bffFetch } from '../../../lib/bff';
import { toast } from '../../../lib/toast';
import { PasswordDialog } from './user-dialogs';
import { signOutRequest } from '../api/queries';
import { useSession } from '../session';

/** The account menu (loaded on first open): who is signed in, and sign-out. */
export function UserMenuPopup({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [changing, setChanging] = useState(false);
  const change = useMutation({
    mutationFn: ({ current, password }: { current: string; password: string }) =>
      bffFetch('/auth/password', { body: { current, password } }),
    onSuccess: () => {
      setChanging(false);
      void toast(t('menu.passwordChanged'), { variant: 'success' });
    },
    // Shown in the dialog, with what was typed kept.
    onError: () => undefined,
  });
  return (
    <>
      <Menu anchorEl={anchor} open={!!anchor} onClose={onClose}>
        <MenuItem disabled>{t('menu.signedInAs', { name: user.username })}</MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            onClose();
            change.reset();
            setChanging(true);
          }}
        >
          <ListItemIcon>
            <KeyIcon fontSize="small" />
          </ListItemIcon>
          {t('menu.changePassword')}
        </MenuItem>
        <MenuItem
          onClick={async () => {
            onClose();
            await signOutRequest().catch(() => undefined);
            queryClient.clear();
            void navigate('/login', { replace: true });
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('menu.signOut')}
        </MenuItem>
      </Menu>
      {changing && (
        <PasswordDialog
          open
          own
          name={user.username}
          onClose={() => setChanging(false)}
          onSubmit={(password, current) => change.mutate({ current, password })}
          pending={change.isPending}
          error={change.error}
        />
      )}
    </>
  );
}
