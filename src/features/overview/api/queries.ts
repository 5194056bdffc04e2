import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MerchantStrip, Order, Overview, OverviewCash, OverviewOrders } from '../../../../contract';
import { bffFetch } from '../../../lib/bff';
import { STALE } from '../../../lib/stale';
import { overviewKeys, type OverviewAsk, type OverviewCashAsk, type OverviewOrdersAsk } from './keys';

export { overviewKeys, type OverviewAsk, type OverviewCashAsk, type OverviewOrdersAsk };

/** A page of the cash-flow lines the overview's paid out or paid back counts, from the mirror. */
export const overviewCashQuery = (a: OverviewCashAsk) =>
  queryOptions({
    queryKey: overviewKeys.cash(a),
    queryFn: ({ signal }) =>
      bffFetch<OverviewCash>(`/overview/cash?${new URLSearchParams({ ...a, page: String(a.page), size: String(a.size) })}`, { signal }),
    staleTime: STALE.live,
    placeholderData: keepPreviousData,
  });

const ordersPath = (a: OverviewOrdersAsk) => {
  const p = new URLSearchParams({ of: a.of, from: a.from, to: a.to, page: String(a.page), size: String(a.size) });
  if (a.key) p.set('key', a.key);
  return `/overview/orders?${p}`;
};

/** A page of the orders one overview figure counts, from the mirror. */
export const overviewOrdersQuery = (a: OverviewOrdersAsk) =>
  queryOptions({
    queryKey: overviewKeys.orders(a),
    queryFn: ({ signal }) => bffFetch<OverviewOrders>(ordersPath(a), { signal }),
    staleTime: STALE.live,
    placeholderData: keepPreviousData,
  });

/** Every order of such a list, a page of 100 at a time (for its CSV file). */
export async function fetchAllOverviewOrders(a: Omit<OverviewOrdersAsk, 'page' | 'size'>, onProgress: (done: number, of: number) => void) {
  const first = await bffFetch<OverviewOrders>(ordersPath({ ...a, page: 1, size: 100 }));
  const pages = Math.max(1, Math.ceil(first.total / 100));
  const rows: Order[] = [...first.list];
  onProgress(1, pages);
  for (let page = 2; page <= pages; page++) {
    rows.push(...(await bffFetch<OverviewOrders>(ordersPath({ ...a, page, size: 100 }))).list);
    onProgress(page, pages);
  }
  return rows;
}

const overviewPath = (a: OverviewAsk) => {
  const p = new URLSearchParams({ period: a.period });
  if (a.period === 'custom' && a.from && a.to) {
    p.set('from', a.from);
    p.set('to', a.to);
  }
  return `/overview?${p}`;
};

/** The whole overview of a period in one call: figures, the previous period's, and what the upstream says now. */
export const overviewQuery = (a: OverviewAsk) =>
  queryOptions({
    queryKey: overviewKeys.period(a),
    queryFn: ({ signal }) => bffFetch<Overview>(overviewPath(a), { signal }),
    staleTime: STALE.live,
    placeholderData: keepPreviousData,
  });

/** The merchant's strip over the catalogue: three figures in one call. */
export const stripQuery = queryOptions({
  queryKey: [...overviewKeys.all, 'strip'] as const,
  queryFn: ({ signal }) => bffFetch<MerchantStrip>('/strip', { signal }),
  staleTime: STALE.live,
});
