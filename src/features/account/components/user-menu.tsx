import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { signOutRequest } from '../api/queries';
import { useSession } from '../session';

/** The person and their role in the app bar, with sign-out. */
export function UserMenu() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <>
      <Button
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        startIcon={<Avatar sx={{ width: 28, height: 28, fontSize: 14 }}>{user.displayName.slice(0, 1).toUpperCase()}</Avatar>}
        aria-haspopup="menu"
        aria-label={t('menu.signedInAs', { name: user.displayName })}
        sx={{ textTransform: 'none' }}
      >
        <Typography variant="body2" sx={{ display: { xs: 'none', sm: 'inline' }, mr: 1 }}>
          {user.displayName}
        </Typography>
        <Chip size="small" label={t(`roles.${user.role}`)} data-testid="role-chip" />
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem disabled>{t('menu.signedInAs', { name: user.username })}</MenuItem>
        <Divider />
        <MenuItem
          onClick={async () => {
            setAnchor(null);
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
    </>
  );
}
