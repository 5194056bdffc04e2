/** The face of the orders feature: the order drawer, the after-sale slot on goods lines, the sandbox clock. */
// Its texts (./locales) load with its lazy pages: src/app/i18n.ts. Re-exporting them here would put them in the first download.
import { lazyNamed } from '../../lib/lazy';
export { orderKeys, orderQuery, invalidateOrderData } from './api/queries';
export { OrderDrawer, useOrderDrawer } from './components/order-drawer';
export { OrderLineActionsContext, type OrderLineRef } from './line-actions';
export { SandboxClock } from './components/sandbox-clock';
export { prefetchOrdersAt } from './first-list';
export { CLOCK_STEPS, useMoveClock } from './api/clock';
/** Orders from another list (the overview's, from the mirror) shown as the order page shows them: its code loads with the page that uses it. */
export const OrderRowsView = lazyNamed(() => import('./components/order-rows-view'), 'OrderRowsView');
