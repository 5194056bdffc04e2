import type { OpId } from './operations';

/** The four kinds of people (DESIGN.md): what each does decides what the gateway lets through. */
export const ROLES = ['merchant', 'support', 'manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, { 'zh-CN': string; en: string }> = {
  merchant: { 'zh-CN': '商户', en: 'Merchant' },
  support: { 'zh-CN': '客服', en: 'Support' },
  manager: { 'zh-CN': '经理', en: 'Manager' },
  admin: { 'zh-CN': '管理员', en: 'Admin' },
};

const M = 'merchant';
const S = 'support';
const G = 'manager';
const A = 'admin';

/**
 * Who may call each upstream operation. Merchants browse, curate and order; support works orders,
 * logistics and all of after-sale (and may look products up for a customer, read-only); managers
 * read everything and handle orders; admins do all.
 */
export const OP_PERMISSIONS: Record<OpId, readonly Role[]> = {
  'goods.detail': [M, S, G, A],
  'goods.bulkDetail': [M, S, G, A],
  'category.list': [M, S, G, A],
  'category.children': [M, S, G, A],
  'goods.refresh': [M, A],
  'goods.list': [M, S, G, A],
  'goods.comments': [M, S, G, A],
  'source.list': [M, S, G, A],
  'group.list': [M, S, G, A],
  'selection.online': [M, S, G, A],
  'group.goods': [M, S, G, A],
  'selection.add': [M, A],
  'selection.list': [M, G, A],
  'selection.remove': [M, A],
  'selection.onlineOld': [M, G, A],
  'selection.clear': [M, A],
  'order.availableCheck': [M, S, G, A],
  'order.beforeCheck': [M, G, A],
  'order.submit': [M, G, A],
  'order.list': [M, S, G, A],
  'order.sourceList': [M, S, G, A],
  'order.detail': [M, S, G, A],
  'order.retry': [M, G, A],
  'order.refund': [M, G, A],
  'order.errors': [M, S, G, A],
  'logistic.confirm': [S, G, A],
  'logistic.trace': [M, S, G, A],
  'logistic.firms': [M, S, G, A],
  'afterSale.beforeCheck': [S, G, A],
  'afterSale.picture': [S, A],
  'afterSale.apply': [S, A],
  'afterSale.list': [S, G, A],
  'afterSale.detail': [S, G, A],
  'afterSale.mail': [S, A],
  'account.balance': [M, G, A],
  'account.cashFlow': [G, A],
};

/** Gateway features that are not upstream operations. */
export const FEATURE_PERMISSIONS = {
  'audit.read': [G, A],
  'users.manage': [A],
  /** Move the sandbox's business clock forward (`POST /bff/sandbox/clock`, sandbox mode only). */
  'sandbox.clock': [G, A],
  /** The message inbox and live updates (each person sees only the groups of MESSAGE_GROUP_ROLES). */
  'messages.read': [M, S, G, A],
  /** The callback URL to paste into the open platform, and the retention of messages. */
  'messages.settings': [A],
  /** The overview: the period's figures from the order mirror against the previous period's. */
  'overview.read': [G, A],
  /** The order mirror's size, backfill progress and last reconcile. */
  'mirror.status': [A],
  /** The work queue: after-sales waiting for a decision or for the customer's parcel, delivered orders with one open. */
  'queue.read': [S, G, A],
  /**
   * The merchant's strip on the catalogue: today's orders, failed orders to handle, library goods off
   * sale; and the list its orders today opens (`/bff/overview/orders?of=all`, today only: the mirror's orders it counts).
   */
  'strip.read': [M],
  /** The palette's search (`/bff/search`): each kind of record only for those who may read it. */
  'search.use': [M, S, G, A],
  /** Bulk orders from a spreadsheet (`/bff/imports`): check a sheet, place its orders as a job, follow it. */
  'orders.import': [M, G, A],
  /** The goods watch (`/bff/watch/…`): price history, the minimum profit rate (audited), the goods at risk. */
  'watch.use': [M, G, A],
  /** Every person's bulk-order jobs, not only one's own (to see and steer them). */
  'imports.all': [A],
  /** Shipped packages to hand to the shops (`/bff/shipments`): list them, mark them handed over or not. */
  'shipments.use': [M, G, A],
  /** Support's exceptions (`GET /bff/exceptions`): orders going wrong, found by the gateway. */
  'exceptions.read': [M, S, G, A],
  /** Working them (`POST /bff/exceptions/:id/take|notes|resolve`): take one, note it, resolve it. */
  'exceptions.work': [S, G, A],
  /** Pricing (`/bff/pricing/…`): the retail rules, own prices per SKU, the preview and the shop's price sheet (audited). */
  'pricing.use': [M, G, A],
} as const satisfies Record<string, readonly Role[]>;
export type Feature = keyof typeof FEATURE_PERMISSIONS;

/**
 * Who sees which messages (inbox, live events, unread counts): merchants their orders and products,
 * support orders and after-sale, managers and admins everything, kinds the upstream added later too.
 */
export const MESSAGE_GROUP_ROLES = {
  orders: [M, S, G, A],
  afterSale: [S, G, A],
  goods: [M, G, A],
  unknown: [G, A],
} as const satisfies Record<'orders' | 'afterSale' | 'goods' | 'unknown', readonly Role[]>;
export type VisibleMessageGroup = keyof typeof MESSAGE_GROUP_ROLES;
export const messageGroupsOf = (role: Role): VisibleMessageGroup[] =>
  (Object.keys(MESSAGE_GROUP_ROLES) as VisibleMessageGroup[]).filter((g) => (MESSAGE_GROUP_ROLES[g] as readonly Role[]).includes(role));

export const mayCall = (role: Role, op: OpId): boolean => OP_PERMISSIONS[op].includes(role);
export const mayUse = (role: Role, feature: Feature): boolean => (FEATURE_PERMISSIONS[feature] as readonly Role[]).includes(role);
