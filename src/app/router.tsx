import { Suspense } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router-dom';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Layout } from './layout';
import { NAV_ITEMS, allowed } from './nav';
// Straight to the modules the first page needs, not through the features' faces (see boot.ts).
import { SessionGate } from '../features/account/components/session-gate';
import { useCan } from '../features/account/session';
import { lazyNamed } from '../lib/lazy';
import { preloadTexts, type LazyNamespace } from './i18n';
import { OrderLineActionsContext, type OrderLineRef } from '../features/orders/line-actions';
// The first page is in the first download anyway (vite.config.ts): imported, not lazy, it draws in
// React's first commit instead of after one more request (the lazy import's small entry file).
import { CataloguePage } from '../features/catalogue/routes/catalogue-page';

// What a wrong address or a role without the page shows: loaded when first shown, not with the first page.
const NotFound = lazyNamed(() => import('./not-found'), 'NotFound');
const Forbidden = lazyNamed(() => import('./forbidden'), 'Forbidden');

// Loads with the order detail that shows it, not with the first page.
const AfterSaleLineAction = lazyNamed(() => import('../features/after-sale/line-action'), 'AfterSaleLineAction');

/** After-sale's action on each goods line of the order detail (the orders feature's slot). */
const afterSaleOnLine = (ref: OrderLineRef) => (
  <Suspense fallback={null}>
    <AfterSaleLineAction thirdSn={ref.thirdSn} lineSn={ref.lineSn} />
  </Suspense>
);

/** `/` leads to the first page the person may use. */
function Home() {
  const can = useCan();
  const { t } = useTranslation('app');
  const first = NAV_ITEMS.find((item) => allowed(item, can));
  return first ? <Navigate to={first.to} replace /> : <Typography sx={{ py: 4 }}>{t('nav.nothing')}</Typography>;
}

/** A page of the navigation, shown only to roles that may use it (the gateway refuses the rest anyway). */
function Guard({ to }: { to: string }) {
  const can = useCan();
  const item = NAV_ITEMS.find((i) => i.to === to);
  if (!item || allowed(item, can)) return <Outlet />;
  return <Forbidden />;
}

/** A lazy page whose texts are lazy too: both downloads start together. */
function lazyWithTexts<M, K extends keyof M>(load: () => Promise<M>, name: K, ns: LazyNamespace[]) {
  return lazyNamed(() => Promise.all([load(), preloadTexts(...ns)]).then(([m]) => m), name);
}
/** The order detail (drawer or page) shows logistics traces and the after-sale action on each line. */
const ORDER_TEXTS: LazyNamespace[] = ['orders', 'logistics', 'afterSale'];

const SignInPage = lazyWithTexts(() => import('../features/account/routes/sign-in-page'), 'SignInPage', ['account']);
const GoodsPage = lazyWithTexts(() => import('../features/catalogue/routes/goods-page'), 'GoodsPage', ['cart']);
const LibraryPage = lazyWithTexts(() => import('../features/selection/routes/library-page'), 'LibraryPage', ['selection', 'cart']);
const GroupsPage = lazyWithTexts(() => import('../features/selection/routes/groups-page'), 'GroupsPage', ['selection']);
const UsersPage = lazyWithTexts(() => import('../features/account/routes/users-page'), 'UsersPage', ['account']);
const AuditPage = lazyWithTexts(() => import('../features/account/routes/audit-page'), 'AuditPage', ['account', 'money']);
const AfterSalePage = lazyWithTexts(() => import('../features/after-sale/routes/after-sale-page'), 'AfterSalePage', ['afterSale']);
const AfterSaleDetailPage = lazyWithTexts(() => import('../features/after-sale/routes/after-sale-detail-page'), 'AfterSaleDetailPage', [
  'afterSale',
  'logistics',
]);
const OrdersPage = lazyWithTexts(() => import('../features/orders/routes/orders-page'), 'OrdersPage', ORDER_TEXTS);
const OrderPage = lazyWithTexts(() => import('../features/orders/routes/order-page'), 'OrderPage', ORDER_TEXTS);
const FailedOrdersPage = lazyWithTexts(() => import('../features/orders/routes/failed-orders-page'), 'FailedOrdersPage', ORDER_TEXTS);
const CartPage = lazyWithTexts(() => import('../features/cart/routes/cart-page'), 'CartPage', ['cart']);
const CashFlowPage = lazyWithTexts(() => import('../features/account/routes/cash-flow-page'), 'CashFlowPage', ['money']);
const MessagesPage = lazyNamed(() => import('../features/messages/routes/messages-page'), 'MessagesPage');

/** Pages a person may land on whose chunk (with its texts) boot.ts asks for at start-up, not when React first reaches them. */
export const FIRST_PAGE_CHUNKS: Record<string, () => void> = {
  '/library': LibraryPage.preload,
  '/orders': OrdersPage.preload,
};

const guarded = (to: string, Page: React.ComponentType) => (
  <Route path={to.slice(1)} element={<Guard to={to} />}>
    <Route index element={<Page />} />
  </Route>
);

/**
 * Declarative routes (no data router: the pages load their data through TanStack Query, and the
 * declarative mode leaves the loader/action machinery out of the first download). Each page is a
 * lazy chunk; the layout shows a progress bar while one loads and the error boundary catches a
 * chunk that fails to load.
 */
export function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path="/login"
          element={
            <Suspense fallback={null}>
              <SignInPage />
            </Suspense>
          }
        />
        <Route
          path="/"
          element={
            <SessionGate>
              <OrderLineActionsContext.Provider value={afterSaleOnLine}>
                <Layout />
              </OrderLineActionsContext.Provider>
            </SessionGate>
          }
        >
          <Route index element={<Home />} />
          {guarded('/catalogue', CataloguePage)}
          <Route path="catalogue/goods/:id" element={<GoodsPage />} />
          {guarded('/library', LibraryPage)}
          {guarded('/groups', GroupsPage)}
          {guarded('/orders', OrdersPage)}
          {guarded('/orders/failed', FailedOrdersPage)}
          <Route path="orders/:sn" element={<Guard to="/orders" />}>
            <Route index element={<OrderPage />} />
          </Route>
          {guarded('/cash-flow', CashFlowPage)}
          <Route path="cart" element={<CartPage />} />
          {guarded('/users', UsersPage)}
          {guarded('/audit', AuditPage)}
          {guarded('/messages', MessagesPage)}
          {guarded('/after-sale', AfterSalePage)}
          <Route path="after-sale/:id" element={<Guard to="/after-sale" />}>
            <Route index element={<AfterSaleDetailPage />} />
          </Route>
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
