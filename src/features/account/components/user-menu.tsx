import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useSession } from '../session';
import { lazyNamed, useLatch } from '../../../lib/lazy';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';

const UserMenuPopup = lazyNamed(() => import('./user-menu-popup'), 'UserMenuPopup');

/** The person and their role in the app bar, with sign-out. */
export function UserMenu() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const loaded = useLatch(!!anchor);
  return (
    <>
      <Button
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        startIcon={<AccountCircleIcon />}
        onPointerEnter={UserMenuPopup.preload}
        onFocus={UserMenuPopup.preload}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
        aria-label={t('menu.signedInAs', { name: user.displayName })}
        sx={{ textTransform: 'none' }}
      >
        <Typography variant="body2" sx={{ display: { xs: 'none', sm: 'inline' }, mr: 1 }}>
          {user.displayName}
        </Typography>
        <Chip size="small" label={t(`roles.${user.role}`)} data-testid="role-chip" sx={{ display: { xs: 'none', sm: 'inline-flex' } }} />
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <UserMenuPopup anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
