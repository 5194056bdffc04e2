import type { SvgIconComponent } from '@mui/icons-material';
import StorefrontIcon from '@mui/icons-material/Storefront';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import PendingActionsOutlinedIcon from '@mui/icons-material/PendingActionsOutlined';
import GroupIcon from '@mui/icons-material/Group';
import CollectionsBookmarkIcon from '@mui/icons-material/CollectionsBookmark';
import CategoryIcon from '@mui/icons-material/Category';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import type { Feature, OpId } from '../../contract';

export interface NavItem {
  to: string;
  label: string;
  icon: SvgIconComponent;
  /** Shown only to people who may use this operation or feature. */
  needs: { op: OpId } | { feature: Feature };
}

/** Only pages that work are listed; each feature's route is added here when it lands. */
export const NAV_ITEMS: NavItem[] = [
  // First: managers and admins land on it (`/` leads to the first page a person may use).
  { to: '/overview', label: 'nav.overview', icon: InsightsOutlinedIcon, needs: { feature: 'overview.read' } },
  // Support lands on their work queue (merchants, who may not see it, on the catalogue).
  { to: '/queue', label: 'nav.queue', icon: PendingActionsOutlinedIcon, needs: { feature: 'queue.read' } },
  { to: '/catalogue', label: 'nav.catalogue', icon: StorefrontIcon, needs: { op: 'selection.online' } },
  { to: '/library', label: 'nav.library', icon: CollectionsBookmarkIcon, needs: { op: 'selection.list' } },
  { to: '/groups', label: 'nav.groups', icon: CategoryIcon, needs: { op: 'group.goods' } },
  { to: '/orders', label: 'nav.orders', icon: ShoppingBagOutlinedIcon, needs: { op: 'order.list' } },
  { to: '/orders/failed', label: 'nav.failedOrders', icon: ErrorOutlineIcon, needs: { op: 'order.errors' } },
  { to: '/orders/import', label: 'nav.importOrders', icon: UploadFileOutlinedIcon, needs: { feature: 'orders.import' } },
  { to: '/cash-flow', label: 'nav.cashFlow', icon: AccountBalanceWalletOutlinedIcon, needs: { op: 'account.cashFlow' } },
  { to: '/after-sale', label: 'nav.afterSale', icon: AssignmentReturnIcon, needs: { op: 'afterSale.list' } },
  { to: '/messages', label: 'nav.messages', icon: NotificationsNoneOutlinedIcon, needs: { feature: 'messages.read' } },
  { to: '/audit', label: 'nav.audit', icon: ReceiptLongIcon, needs: { feature: 'audit.read' } },
  { to: '/users', label: 'nav.users', icon: GroupIcon, needs: { feature: 'users.manage' } },
];

export const allowed = (item: NavItem, can: { op: (id: OpId) => boolean; feature: (f: Feature) => boolean }) =>
  'op' in item.needs ? can.op(item.needs.op) : can.feature(item.needs.feature);
