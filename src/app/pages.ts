import { lazyNamed } from '../lib/lazy';
import { preloadTexts, type LazyNamespace } from './i18n';

/**
 * Every page but the catalogue (which the first page holds) as a lazy chunk, with the texts it needs:
 * the router draws them, boot.ts asks for the landing page's at start-up.
 */
/** A lazy page whose texts are lazy too: both downloads start together. */
function lazyWithTexts<M, K extends keyof M>(load: () => Promise<M>, name: K, ns: LazyNamespace[]) {
  return lazyNamed(() => Promise.all([load(), preloadTexts(...ns)]).then(([m]) => m), name);
}
/** The order detail (drawer or page) shows logistics traces and the after-sale action on each line. */
const ORDER_TEXTS: LazyNamespace[] = ['orders', 'logistics', 'afterSale'];
/**
 * The texts of the lazy pages a person lands on: the gateway names their files in the landing's page
 * (server/preloads.ts, LANDING_MODULES; test/landing-preloads.test.ts checks that the two agree).
 */
export const LANDING_TEXTS = {
  '/library': ['selection', 'cart', 'watch'],
  '/orders': ORDER_TEXTS,
  '/queue': ['afterSale', 'exceptions'],
  '/overview': ['overview'],
} satisfies Record<string, LazyNamespace[]>;

export const SignInPage = lazyWithTexts(() => import('../features/account/routes/sign-in-page'), 'SignInPage', ['account']);
export const GoodsPage = lazyWithTexts(() => import('../features/catalogue/routes/goods-page'), 'GoodsPage', ['cart']);
export const LibraryPage = lazyWithTexts(
  () => import('../features/selection/routes/library-page'),
  'LibraryPage',
  LANDING_TEXTS['/library'],
);
export const GroupsPage = lazyWithTexts(() => import('../features/selection/routes/groups-page'), 'GroupsPage', ['selection']);
export const UsersPage = lazyWithTexts(() => import('../features/account/routes/users-page'), 'UsersPage', ['account']);
export const AuditPage = lazyWithTexts(() => import('../features/account/routes/audit-page'), 'AuditPage', ['account', 'money']);
export const AfterSalePage = lazyWithTexts(() => import('../features/after-sale/routes/after-sale-page'), 'AfterSalePage', ['afterSale']);
export const AfterSaleDetailPage = lazyWithTexts(
  () => import('../features/after-sale/routes/after-sale-detail-page'),
  'AfterSaleDetailPage',
  ['afterSale', 'logistics'],
);
export const QueuePage = lazyWithTexts(() => import('../features/after-sale/routes/queue-page'), 'QueuePage', LANDING_TEXTS['/queue']);
export const OrdersPage = lazyWithTexts(() => import('../features/orders/routes/orders-page'), 'OrdersPage', LANDING_TEXTS['/orders']);
export const OrderPage = lazyWithTexts(() => import('../features/orders/routes/order-page'), 'OrderPage', ORDER_TEXTS);
export const FailedOrdersPage = lazyWithTexts(
  () => import('../features/orders/routes/failed-orders-page'),
  'FailedOrdersPage',
  ORDER_TEXTS,
);
export const CartPage = lazyWithTexts(() => import('../features/cart/routes/cart-page'), 'CartPage', ['cart']);
export const CashFlowPage = lazyWithTexts(() => import('../features/account/routes/cash-flow-page'), 'CashFlowPage', ['money']);
export const OverviewPage = lazyWithTexts(
  () => import('../features/overview/routes/overview-page'),
  'OverviewPage',
  LANDING_TEXTS['/overview'],
);
export const OverviewOrdersPage = lazyWithTexts(() => import('../features/overview/routes/overview-orders-page'), 'OverviewOrdersPage', [
  'overview',
  ...ORDER_TEXTS,
]);
export const OverviewCashPage = lazyWithTexts(() => import('../features/overview/routes/overview-cash-page'), 'OverviewCashPage', [
  'overview',
  'money',
]);
export const ImportPage = lazyWithTexts(() => import('../features/imports/routes/import-page'), 'ImportPage', [
  'imports',
  'cart',
  'orders',
]);
export const ImportJobPage = lazyWithTexts(() => import('../features/imports/routes/import-job-page'), 'ImportJobPage', [
  'imports',
  'orders',
]);
export const MessagesPage = lazyNamed(() => import('../features/messages/routes/messages-page'), 'MessagesPage');
export const ShipmentsPage = lazyWithTexts(() => import('../features/shipments/routes/shipments-page'), 'ShipmentsPage', ['shipments']);

/** Pages a person may land on whose chunk (with its texts) boot.ts asks for at start-up, not when React first reaches them. */
export const FIRST_PAGE_CHUNKS: Record<string, () => void> = {
  '/library': LibraryPage.preload,
  '/orders': OrdersPage.preload,
  '/overview': OverviewPage.preload,
  '/queue': QueuePage.preload,
};
export const AtRiskPage = lazyWithTexts(() => import('../features/watch/routes/at-risk-page'), 'AtRiskPage', ['watch', 'cart']);
export const PricingPage = lazyWithTexts(() => import('../features/pricing/routes/pricing-page'), 'PricingPage', ['pricing']);
