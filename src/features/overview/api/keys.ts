import type { OverviewPeriod } from '../../../../contract';

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
  orders: (a: object) => [...overviewKeys.all, 'orders', a] as const,
  cash: (a: object) => [...overviewKeys.all, 'cash', a] as const,
};
