/** The face of the account feature: sign-in, the session, users and the audit log. */
export { accountLocales } from './locales';
export { SessionGate } from './components/session-gate';
export { UserMenu } from './components/user-menu';
export { useSession, useCan } from './session';
export { meQuery, accountKeys } from './api/queries';
export { moneyLocales } from './money-locales';
export { BalanceChip } from './components/balance-chip';
export { balanceQuery, moneyKeys } from './api/money';
