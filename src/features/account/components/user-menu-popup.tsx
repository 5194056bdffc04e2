import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import LogoutIcon from '@mui/icons-material/Logout';
import { signOutRequest } from '../api/queries';
import { useSession } from '../session';

/** The account menu (loaded on first open): who is signed in, and sign-out. */
export function UserMenuPopup({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Menu anchorEl={anchor} open={!!anchor} onClose={onClose}>
      <MenuItem disabled>{t('menu.signedInAs', { name: user.username })}</MenuItem>
      <Divider />
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
  );
}
