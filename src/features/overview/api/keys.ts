import type { OverviewPeriod } from '../../../../contract';
import type { OverviewCashAsk, OverviewOrdersAsk } from './queries';

/** A period of the overview as the page asks for it (`/bff/overview`): a named period, or custom days. */
export interface OverviewAsk {
  period: OverviewPeriod;
  from?: string;
  to?: string;
}

/**
 * The overview's query keys, in a module of their own: the start-up code (src/app/boot.ts) puts the
 * figures the gateway handed over under the page's key without the queries' code.
 */
export const overviewKeys = {
  all: ['overview'] as const,
  period: (a: OverviewAsk) => [...overviewKeys.all, a] as const,
  orders: (a: OverviewOrdersAsk) => [...overviewKeys.all, 'orders', a] as const,
  cash: (a: OverviewCashAsk) => [...overviewKeys.all, 'cash', a] as const,
};
