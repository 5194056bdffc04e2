import type { SvgIconComponent } from '@mui/icons-material';
import StorefrontIcon from '@mui/icons-material/Storefront';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import PendingActionsOutlinedIcon from '@mui/icons-material/PendingActionsOutlined';
import GroupIcon from '@mui/icons-material/Group';
import CollectionsBookmarkIcon from '@mui/icons-material/CollectionsBookmark';
import CategoryIcon from '@mui/icons-material/Category';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';

/**
 * The navigation's icons, by page (src/app/nav.ts): a small chunk asked for at start-up (boot.ts) and
 * drawn after the first paint, not in the first page's script (issue 39: ~3 kB gzip of SVG paths),
 * nor in the catalogue list's chunk that a phone's first picture waits for. The navigation's words
 * paint first; each icon's place is kept (layout.tsx).
 */
const NAV_ICONS: Record<string, SvgIconComponent> = {
  '/overview': InsightsOutlinedIcon,
  '/queue': PendingActionsOutlinedIcon,
  '/catalogue': StorefrontIcon,
  '/library': CollectionsBookmarkIcon,
  '/at-risk': ReportProblemOutlinedIcon,
  '/pricing': SellOutlinedIcon,
  '/groups': CategoryIcon,
  '/orders': ShoppingBagOutlinedIcon,
  '/orders/failed': ErrorOutlineIcon,
  '/orders/import': UploadFileOutlinedIcon,
  '/shipments': LocalShippingOutlinedIcon,
  '/cash-flow': AccountBalanceWalletOutlinedIcon,
  '/after-sale': AssignmentReturnIcon,
  '/messages': NotificationsNoneOutlinedIcon,
  '/audit': ReceiptLongIcon,
  '/users': GroupIcon,
};

/** The icon of a navigation entry (none for a page without one). */
export function NavIcon({ to }: { to: string }) {
  const Icon = NAV_ICONS[to];
  return Icon ? <Icon /> : null;
}
