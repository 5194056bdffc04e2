import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AfterSaleOptions, OpInput, QueueAfterSales, QueueDelivered, WorkQueue } from '../../../../contract';
import { bffFetch, callOp } from '../../../lib/bff';
import { STALE } from '../../../lib/stale';
import { afterSaleKeys } from './keys';

export { afterSaleKeys };

export type AfterSaleListFilters = OpInput<'afterSale.list'>;

/** What after-sale the line allows right now. Kept short: the answer changes when the line ships. */
export const optionsQuery = (orderSn: string, sku: number) =>
  queryOptions({
    queryKey: afterSaleKeys.options(orderSn, sku),
    queryFn: ({ signal }) => callOp('afterSale.beforeCheck', { orderSn, sku }, { signal }),
    staleTime: STALE.live,
    // A refusal ("goods in transit") is an answer, not a failure to retry.
    retry: false,
  });

export const afterSaleListQuery = (filters: AfterSaleListFilters) =>
  queryOptions({
    queryKey: afterSaleKeys.list(filters),
    queryFn: ({ signal }) => callOp('afterSale.list', filters, { signal }),
    staleTime: STALE.live,
    placeholderData: keepPreviousData,
  });

/** The work queue's lists, from the gateway's order mirror, in one call. */
export const workQueueQuery = queryOptions({
  queryKey: afterSaleKeys.queue(),
  queryFn: ({ signal }) => bffFetch<WorkQueue>('/queue', { signal }),
  staleTime: STALE.live,
});

/** A filtered list of after-sale records from the mirror (`query`: queueViewToQuery). */
export const queueListQuery = (query: string) =>
  queryOptions({
    queryKey: afterSaleKeys.queueList(query),
    queryFn: ({ signal }) => bffFetch<QueueAfterSales>(`/queue/after-sales?${query}`, { signal }),
    staleTime: STALE.live,
    placeholderData: keepPreviousData,
  });

/** A page of every delivered order with an after-sale open, from the mirror (`query`: queueViewToDeliveredQuery). */
export const queueDeliveredQuery = (query: string) =>
  queryOptions({
    queryKey: afterSaleKeys.queueDelivered(query),
    queryFn: ({ signal }) => bffFetch<QueueDelivered>(`/queue/delivered?${query}`, { signal }),
    staleTime: STALE.live,
    placeholderData: keepPreviousData,
  });

export const afterSaleDetailQuery = (id: number) =>
  queryOptions({
    queryKey: afterSaleKeys.detail(id),
    queryFn: ({ signal }) => callOp('afterSale.detail', { id }, { signal }),
    staleTime: STALE.live,
  });

export const firmsQuery = () =>
  queryOptions({
    queryKey: afterSaleKeys.firms,
    queryFn: ({ signal }) => callOp('logistic.firms', {}, { signal }),
    staleTime: STALE.reference,
  });

/** A 20-digit platform number (or one of its child / line numbers) is looked up as such, anything else as the merchant's number. */
export function orderSearch(number: string) {
  const n = number.trim();
  const platform = /^(\d{20})(_\d+)*$/.exec(n);
  return platform ? { sn: platform[1]! } : { thirdSn: n };
}

export const findOrderQuery = (number: string) =>
  queryOptions({
    queryKey: afterSaleKeys.findOrder(number.trim()),
    queryFn: ({ signal }) => callOp('order.list', { search: { page: 1, limit: 5, ...orderSearch(number) } }, { signal }),
    staleTime: STALE.live,
  });

export type ApplyInput = OpInput<'afterSale.apply'>;

export function useApply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplyInput) => callOp('afterSale.apply', input),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: afterSaleKeys.all });
      void qc.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

export function useMail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: OpInput<'afterSale.mail'>) => callOp('afterSale.mail', input),
    onSettled: () => void qc.invalidateQueries({ queryKey: afterSaleKeys.all }),
  });
}

/** Uploads pictures (raw base64) one by one, so progress can be told per picture. Resolves with their URLs. */
export async function uploadPicture(orderSn: string, sku: number, base64: string): Promise<string> {
  const { urls } = await callOp('afterSale.picture', { orderSn, sku, pictures: [base64] });
  const url = urls[0];
  if (!url) throw new Error('no url');
  return url;
}

/** Two answers offer the same choices (the wizard was built from `a`; `b` is fresh). */
export function sameOptions(a: AfterSaleOptions, b: AfterSaleOptions): boolean {
  const key = (o: AfterSaleOptions) =>
    JSON.stringify([
      o.num,
      o.serviceType.map((x) => [x.code, x.name]),
      o.reasonsType.map((x) => [x.code, x.name, x.needVoucher, x.refundCarriage]),
      o.pickType.map((x) => x.code),
      o.packageType.map((x) => x.code),
      o.returnType.map((x) => x.code),
    ]);
  return key(a) === key(b);
}
