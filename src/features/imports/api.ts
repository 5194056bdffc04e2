import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateImportInput, ImportJob, ImportJobList, ImportJobSummary } from '../../../contract';
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
  bffFetch<{ known: { orderSn: string; platformSn: string | null }[] }>('/imports/known', { body: { orderSns } }).then((r) => r.known);

export function useCreateImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateImportInput) => bffFetch<{ id: number; created: boolean }>('/imports', { body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: importKeys.list() }),
  });
}

export function useJobAction(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: 'pause' | 'resume' | 'cancel') => bffFetch<ImportJobSummary>(`/imports/${id}/${action}`, { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: importKeys.all }),
  });
}
