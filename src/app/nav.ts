import type { Feature, OpId } from '../../contract';

export interface NavItem {
  to: string;
  label: string;
  /** Shown only to people who may use this operation or feature. */
  needs: { op: OpId } | { feature: Feature };
}

/**
 * Only pages that work are listed; each feature's route is added here when it lands, with its icon in
 * nav-icons.tsx (not in the first page's script).
 */
export const NAV_ITEMS: NavItem[] = [
  // First: managers and admins land on it (`/` leads to the first page a person may use).
  { to: '/overview', label: 'nav.overview', needs: { feature: 'overview.read' } },
  // Support lands on their work queue (merchants, who may not see it, on the catalogue).
  { to: '/queue', label: 'nav.queue', needs: { feature: 'queue.read' } },
  { to: '/catalogue', label: 'nav.catalogue', needs: { op: 'selection.online' } },
  { to: '/library', label: 'nav.library', needs: { op: 'selection.list' } },
  { to: '/at-risk', label: 'nav.atRisk', needs: { feature: 'watch.use' } },
  { to: '/pricing', label: 'nav.pricing', needs: { feature: 'pricing.use' } },
  { to: '/groups', label: 'nav.groups', needs: { op: 'group.goods' } },
  { to: '/orders', label: 'nav.orders', needs: { op: 'order.list' } },
  { to: '/orders/failed', label: 'nav.failedOrders', needs: { op: 'order.errors' } },
  { to: '/orders/import', label: 'nav.importOrders', needs: { feature: 'orders.import' } },
  { to: '/shipments', label: 'nav.shipments', needs: { feature: 'shipments.use' } },
  { to: '/cash-flow', label: 'nav.cashFlow', needs: { op: 'account.cashFlow' } },
  { to: '/after-sale', label: 'nav.afterSale', needs: { op: 'afterSale.list' } },
  { to: '/messages', label: 'nav.messages', needs: { feature: 'messages.read' } },
  { to: '/audit', label: 'nav.audit', needs: { feature: 'audit.read' } },
  { to: '/users', label: 'nav.users', needs: { feature: 'users.manage' } },
];

export const allowed = (item: NavItem, can: { op: (id: OpId) => boolean; feature: (f: Feature) => boolean }) =>
  'op' in item.needs ? can.op(item.needs.op) : can.feature(item.needs.feature);
