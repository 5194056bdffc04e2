import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  IMPORT_RESEND_MAX,
  type CreateImportInput,
  type ImportJob,
  type ImportJobList,
  type ImportJobSummary,
  type ImportPrecheckAnswer,
  type ImportPrecheckInput,
  type ImportRecheck,
  type ImportResendAnswer,
  type ImportResendInput,
  type SkuLookupAnswer,
} from '../../../contract';
import { bffFetch } from '../../lib/bff';

export const importKeys = {
  all: ['imports'] as const,
  list: () => [...importKeys.all, 'list'] as const,
  job: (id: number) => [...importKeys.all, 'job', id] as const,
};

/** Past imports: the person's own, or everyone's for admins (newest first). */
export const importListQuery = () =>
  queryOptions({
    queryKey: importKeys.list(),
    queryFn: ({ signal }) => bffFetch<ImportJobList>('/imports', { signal }),
  });

/** One job with its orders; the live events say when it moved on (live-events.tsx invalidates it). */
export const importJobQuery = (id: number) =>
  queryOptions({
    queryKey: importKeys.job(id),
    queryFn: ({ signal }) => bffFetch<ImportJob>(`/imports/${id}`, { signal }),
  });

/** Which order numbers were placed before (the mirror, earlier jobs). */
export const knownOrders = (orderSns: string[]) =>
  bffFetch<{ known: { orderSn: string; platformSn: string | null }[] }>('/known-orders', { body: { orderSns } }).then((r) => r.known);

/** The pre-check of many orders in one request (`/bff/precheck-orders`): one answer per order, in order. */
export const precheckOrders = (orders: ImportPrecheckInput['orders']) =>
  bffFetch<ImportPrecheckAnswer>('/precheck-orders', { body: { orders } }).then((r) => r.results);

/**
 * Which goods these SKU ids belong to, from the gateway's SKU index (`/bff/skus`; `unknown`: found
 * nowhere). Sent as a body, as the route also takes it: a sheet's thousands of ids would not fit a URL.
 */
export const lookupSkus = (ids: number[]) => bffFetch<SkuLookupAnswer>('/skus', { body: { ids } });

export function useCreateImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateImportInput) => bffFetch<{ id: number; created: boolean }>('/imports', { body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: importKeys.list() }),
  });
}

/** A job's refused orders checked again at the supplier's prices now (nothing is placed). */
export const recheckRefused = (id: number) => bffFetch<ImportRecheck>(`/imports/${id}/recheck`, { method: 'POST' });

/** Refused orders sent again under their own numbers at the prices confirmed, IMPORT_RESEND_MAX a request. */
export function useResend(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (orders: ImportResendInput['orders']) => {
      const all: ImportResendAnswer = { queued: [], skipped: [] };
      for (let i = 0; i < orders.length; i += IMPORT_RESEND_MAX) {
        const r = await bffFetch<ImportResendAnswer>(`/imports/${id}/resend`, { body: { orders: orders.slice(i, i + IMPORT_RESEND_MAX) } });
        all.queued.push(...r.queued);
        all.skipped.push(...r.skipped);
      }
      return all;
    },
    onSettled: () => qc.invalidateQueries({ queryKey: importKeys.all }),
  });
}

export function useJobAction(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: 'pause' | 'resume' | 'cancel') => bffFetch<ImportJobSummary>(`/imports/${id}/${action}`, { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: importKeys.all }),
  });
}
