import { Suspense, useLayoutEffect } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { Feature } from '../../contract';
import { Layout } from './layout';
import { BOOT_PAINT, removeBootPaint } from '../lib/boot-paint';
import { NAV_ITEMS, allowed } from './nav';
// Straight to the modules the first page needs, not through the features' faces (see boot.ts).
import { SessionGate } from '../features/account/components/session-gate';
import { useCan } from '../features/account/session';
import { lazyNamed } from '../lib/lazy';
import { OrderLineActionsContext, type OrderLineRef } from '../features/orders/line-actions';
// The first page is in the first download anyway (vite.config.ts): imported, not lazy, it draws in
// React's first commit instead of after one more request (the lazy import's small entry file).
import { CataloguePage } from '../features/catalogue/routes/catalogue-page';
// The strip's room (a few lines): its figures are a chunk of their own.
import { MerchantStrip } from '../features/overview';
import {
  AfterSaleDetailPage,
  AfterSalePage,
  AuditPage,
  CartPage,
  CashFlowPage,
  FailedOrdersPage,
  GoodsPage,
  ImportJobPage,
  ImportPage,
  AtRiskPage,
  GroupsPage,
  LibraryPage,
  MessagesPage,
  OrderPage,
  OrdersPage,
  OverviewPage,
  OverviewOrdersPage,
  OverviewCashPage,
  PricingPage,
  QueuePage,
  ShipmentsPage,
  SignInPage,
  UsersPage,
} from './pages';

// What a wrong address or a role without the page shows: loaded when first shown, not with the first page.
const NotFound = lazyNamed(() => import('./not-found'), 'NotFound');
// The sign-in page's language and mode: loaded with that page, not with the first page.
const LookControls = lazyNamed(() => import('./look-controls'), 'LookControls');
const Forbidden = lazyNamed(() => import('./forbidden'), 'Forbidden');

// Loads with the order detail that shows it, not with the first page.
const AfterSaleLineAction = lazyNamed(() => import('../features/after-sale/line-action'), 'AfterSaleLineAction');

/** After-sale's action on each goods line of the order detail (the orders feature's slot). */
const afterSaleOnLine = (ref: OrderLineRef) => (
  <Suspense fallback={null}>
    <AfterSaleLineAction thirdSn={ref.thirdSn} lineSn={ref.lineSn} />
  </Suspense>
);

/** `/` leads to the first page the person may use (a line as Typography's body1 draws it, without its code: layout.tsx). */
function Home() {
  const can = useCan();
  const { t } = useTranslation('app');
  const { typography, spacing } = useTheme();
  const first = NAV_ITEMS.find((item) => allowed(item, can));
  return first ? (
    <Navigate to={first.to} replace />
  ) : (
    <p style={{ ...(typography.body1 as React.CSSProperties), margin: 0, paddingTop: spacing(4), paddingBottom: spacing(4) }}>
      {t('nav.nothing')}
    </p>
  );
}

/** The catalogue, with the merchant's figures on top for the people who have them (issue 39: their room from the first commit). */
function CatalogueLanding() {
  const can = useCan();
  return <CataloguePage top={can.feature('strip.read') ? <MerchantStrip /> : undefined} />;
}

/** A page of the navigation, shown only to roles that may use it (the gateway refuses the rest anyway). */
function Guard({ to, or }: { to: string; or?: Feature }) {
  const can = useCan();
  const item = NAV_ITEMS.find((i) => i.to === to);
  if (!item || allowed(item, can) || (or && can.feature(or))) return <Outlet />;
  return <Forbidden />;
}

const guarded = (to: string, Page: React.ComponentType) => (
  <Route path={to.slice(1)} element={<Guard to={to} />}>
    <Route index element={<Page />} />
  </Route>
);

/** What the HTML painted of a landing's list is that page's (server/first-list.ts): gone as soon as the app shows another page. */
function BootPaintPlace() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    for (const [id, page] of Object.entries(BOOT_PAINT)) if (pathname !== page) removeBootPaint(id as keyof typeof BOOT_PAINT);
  }, [pathname]);
  return null;
}

/**
 * Declarative routes (no data router: the pages load their data through TanStack Query, and the
 * declarative mode leaves the loader/action machinery out of the first download). Each page is a
 * lazy chunk; the layout shows a progress bar while one loads and the error boundary catches a
 * chunk that fails to load.
 */
export function AppRoutes() {
  return (
    <BrowserRouter>
      <BootPaintPlace />
      <Routes>
        <Route
          path="/login"
          element={
            <Suspense fallback={null}>
              <SignInPage tools={<LookControls />} />
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
          {guarded('/overview', OverviewPage)}
          {/* Merchants too, for their strip's orders today (the gateway lets them list only those). */}
          <Route path="overview/orders" element={<Guard to="/overview" or="strip.read" />}>
            <Route index element={<OverviewOrdersPage />} />
          </Route>
          <Route path="overview/cash-flow" element={<Guard to="/overview" />}>
            <Route index element={<OverviewCashPage />} />
          </Route>
          {guarded('/queue', QueuePage)}
          {guarded('/catalogue', CatalogueLanding)}
          <Route path="catalogue/goods/:id" element={<GoodsPage />} />
          {guarded('/library', LibraryPage)}
          {guarded('/at-risk', AtRiskPage)}
          {guarded('/pricing', PricingPage)}
          {guarded('/groups', GroupsPage)}
          {guarded('/orders', OrdersPage)}
          {guarded('/orders/failed', FailedOrdersPage)}
          {guarded('/orders/import', ImportPage)}
          <Route path="orders/import/:id" element={<Guard to="/orders/import" />}>
            <Route index element={<ImportJobPage />} />
          </Route>
          <Route path="orders/:sn" element={<Guard to="/orders" />}>
            <Route index element={<OrderPage />} />
          </Route>
          {guarded('/shipments', ShipmentsPage)}
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
