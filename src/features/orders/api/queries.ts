import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OpInput, Order, OrderRefunds } from '../../../../contract';
import { MAX_PAGE } from '../../../../contract/constants';
import { bffFetch, callOp } from '../../../lib/bff';
import { STALE } from '../../../lib/stale';

export type OrderSearch = OpInput<'order.list'>['search'];
export type SourceOrderFilters = OpInput<'order.sourceList'>;
export type ErrorFilters = OpInput<'order.errors'>;

export const orderKeys = {
  all: ['orders'] as const,
  list: (f: OrderSearch) => [...orderKeys.all, 'list', f] as const,
  source: (f: SourceOrderFilters) => [...orderKeys.all, 'source', f] as const,
  one: (sn: string) => [...orderKeys.all, 'one', sn] as const,
  line: (lineSn: string) => [...orderKeys.all, 'line', lineSn] as const,
  /** Under the order's own key: what refreshes the order (an after-sale's message) refreshes its refunds. */
  refunds: (sn: string) => [...orderKeys.all, 'one', sn, 'refunds'] as const,
  errors: (f: ErrorFilters) => [...orderKeys.all, 'errors', f] as const,
};

export const orderListQuery = (f: OrderSearch) =>
  queryOptions({
    queryKey: orderKeys.list(f),
    queryFn: ({ signal }) => callOp('order.list', { search: f }, { signal }),
    staleTime: STALE.live,
    placeholderData: keepPreviousData,
  });

export const sourceOrdersQuery = (f: SourceOrderFilters) =>
  queryOptions({
    queryKey: orderKeys.source(f),
    queryFn: ({ signal }) => callOp('order.sourceList', f, { signal }),
    staleTime: STALE.live,
    placeholderData: keepPreviousData,
  });

/** One order by its platform number (the main number; a child or line number names the same order). */
export const orderQuery = (sn: string) =>
  queryOptions({
    queryKey: orderKeys.one(sn),
    queryFn: async ({ signal }): Promise<Order | null> => {
      const page = await callOp('order.list', { search: { page: 1, limit: 1, sn: sn.split('_')[0] } }, { signal });
      return page.list[0] ?? null;
    },
    staleTime: STALE.live,
  });

/**
 * One order's refunds as the gateway's order mirror counts them (money back, pieces per line), for
 * its lines' words; null where the gateway keeps no mirror (the lines then say only that a refund was seen).
 */
export const orderRefundsQuery = (sn: string) =>
  queryOptions({
    queryKey: orderKeys.refunds(sn),
    queryFn: ({ signal }): Promise<OrderRefunds | null> =>
      bffFetch<OrderRefunds>(`/order-refunds?${new URLSearchParams({ sn })}`, { signal }).catch((e: unknown) => {
        if ((e as Error).name === 'AbortError') throw e;
        return null;
      }),
    staleTime: STALE.live,
  });

/** The refunds of a page's orders (platform numbers, at most 100), under the channel lists' key: they refresh together. */
export const pageRefundsQuery = (sns: readonly string[]) =>
  queryOptions({
    queryKey: [...orderKeys.all, 'source', 'refunds', [...sns].sort()] as const,
    queryFn: ({ signal }): Promise<OrderRefunds | null> =>
      bffFetch<OrderRefunds>(`/order-refunds?${new URLSearchParams({ sn: [...sns].sort().join(',') })}`, { signal }).catch((e: unknown) => {
        if ((e as Error).name === 'AbortError') throw e;
        return null;
      }),
    staleTime: STALE.live,
    enabled: sns.length > 0,
  });

/** The supplier's record of one goods line (third-level number). */
export const lineRecordQuery = (lineSn: string) =>
  queryOptions({
    queryKey: orderKeys.line(lineSn),
    queryFn: ({ signal }) => callOp('order.detail', { sn: lineSn }, { signal }),
    staleTime: STALE.live,
  });

export const errorOrdersQuery = (f: ErrorFilters) =>
  queryOptions({
    queryKey: orderKeys.errors(f),
    queryFn: ({ signal }) => callOp('order.errors', f, { signal }),
    staleTime: STALE.live,
    placeholderData: keepPreviousData,
  });

/**
 * Everything an order changes: the order lists and detail, the logistics of its lines, the balance
 * and the cash flow. Called after submit, retry, refund, confirm receipt and a move of the clock.
 */
export function invalidateOrderData(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: orderKeys.all }),
    qc.invalidateQueries({ queryKey: ['logistic'] }),
    qc.invalidateQueries({ queryKey: ['account', 'balance'] }),
    qc.invalidateQueries({ queryKey: ['account', 'cashFlow'] }),
  ]);
}

/** Pays a failed order again from the balance (PATCH), or closes it (PUT). Never retried on its own. */
export function useFailedOrderAction(kind: 'retry' | 'refund') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orderSn: string) => callOp(kind === 'retry' ? 'order.retry' : 'order.refund', { orderSn }),
    onSettled: () => invalidateOrderData(qc),
  });
}

/** Every order of a search, up to the upstream's page cap, 100 a call (the operation's largest page). */
export async function fetchAllOrders(f: OrderSearch, onProgress: (done: number, total: number) => void) {
  const limit = 100;
  const first = await callOp('order.list', { search: { ...f, page: 1, limit } });
  const pages = Math.min(MAX_PAGE, Math.max(1, Math.ceil(first.total / limit)));
  const rows = [...first.list];
  onProgress(1, pages);
  for (let page = 2; page <= pages; page++) {
    rows.push(...(await callOp('order.list', { search: { ...f, page, limit } })).list);
    onProgress(page, pages);
  }
  return rows;
}
