import type { OverviewListOf, OverviewPeriod } from '../../../../contract';

/** A period of the overview as the page asks for it (`/bff/overview`): a named period, or custom days. */
export interface OverviewAsk {
  period: OverviewPeriod;
  from?: string;
  to?: string;
}

/** Paid out ('1') or paid back ('2'), for which days (`/bff/overview/cash`). */
export interface OverviewCashAsk {
  direction: '1' | '2';
  from: string;
  to: string;
  page: number;
  size: number;
}

/** Which figure's orders, for which days (`/bff/overview/orders`). */
export interface OverviewOrdersAsk {
  of: OverviewListOf;
  key?: string;
  from: string;
  to: string;
  page: number;
  size: number;
}

/**
 * The overview's query keys (with what each is asked with, above), in a module of their own: the
 * start-up code (src/app/boot.ts) puts the figures the gateway handed over under the page's key
 * without the queries' code.
 */
export const overviewKeys = {
  all: ['overview'] as const,
  period: (a: OverviewAsk) => [...overviewKeys.all, a] as const,
  orders: (a: OverviewOrdersAsk) => [...overviewKeys.all, 'orders', a] as const,
  cash: (a: OverviewCashAsk) => [...overviewKeys.all, 'cash', a] as const,
};
