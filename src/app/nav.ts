import type { SvgIconComponent } from '@mui/icons-material';
import StorefrontIcon from '@mui/icons-material/Storefront';

/** Only pages that work are listed; each feature's route is added here when it lands. */
export const NAV_ITEMS: { to: string; label: string; icon: SvgIconComponent }[] = [
  { to: '/catalogue', label: 'nav.catalogue', icon: StorefrontIcon },
];
