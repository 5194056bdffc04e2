import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useSession } from '../session';
import { lazyNamed, useMenuTrigger } from '../../../lib/lazy';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';

const UserMenuPopup = lazyNamed(() => import('./user-menu-popup'), 'UserMenuPopup');

/** The person and their role in the app bar, with sign-out. */
export function UserMenu() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const menu = useMenuTrigger(UserMenuPopup.preload);
  return (
    <>
      <Button
        color="inherit"
        {...menu.trigger}
        startIcon={<AccountCircleIcon />}
        aria-label={t('menu.signedInAs', { name: user.displayName })}
        // On a phone only the icon shows: no room for a 64 px button.
        sx={{ textTransform: 'none', minWidth: { xs: 40, sm: 64 }, '& .MuiButton-startIcon': { mx: { xs: 0, sm: 1 } } }}
      >
        <Typography variant="body2" sx={{ display: { xs: 'none', sm: 'inline' }, mr: 1 }}>
          {user.displayName}
        </Typography>
        <Chip size="small" label={t(`roles.${user.role}`)} data-testid="role-chip" sx={{ display: { xs: 'none', sm: 'inline-flex' } }} />
      </Button>
      {menu.loaded && (
        <Suspense fallback={null}>
          <UserMenuPopup anchor={menu.anchor} onClose={menu.close} />
        </Suspense>
      )}
    </>
  );
}
