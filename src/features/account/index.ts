/** The face of the account feature: sign-in, the session, users and the audit log. */
// Its texts (./locales, ./money-locales) load with its lazy pages and the app bar's tools: src/app/i18n.ts.
import { lazyNamed } from '../../lib/lazy';
export { SessionGate } from './components/session-gate';
export { UserMenu } from './components/user-menu';
export { useSession, useCan } from './session';
export { meQuery, accountKeys } from './api/queries';
export { BalanceChip } from './components/balance-chip';
export { balanceQuery, moneyKeys } from './api/money';
/** Cash-flow lines from another list (the overview's paid out / paid back, from the mirror) shown as the cash-flow page shows them: its code loads with the page that uses it. */
export const CashRowsView = lazyNamed(() => import('./components/cash-rows-view'), 'CashRowsView');
