import type { QueryClient } from '@tanstack/react-query';
import { overviewQuery } from './api/queries';
import { periodOf } from './period';

/**
 * Starts the overview the page will show at this address, before the page draws (src/app/boot.ts),
 * when the gateway did not hand it over: a named period (a custom one is checked by the page first).
 */
export function prefetchOverviewAt(qc: QueryClient, search: string) {
  const { period } = periodOf(new URLSearchParams(search));
  return period === 'custom' ? Promise.resolve() : qc.prefetchQuery(overviewQuery({ period }));
}
