import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WatchAtRisk, WatchChanged, WatchHistory, WatchReason, WatchRuleInput, WatchRules } from '../../../contract';
import { bffFetch } from '../../lib/bff';

/** Query keys of the goods watch, general to specific; a live `watch` event invalidates them all. */
export const watchKeys = {
  all: ['watch'] as const,
  history: (id: number, days: number) => ['watch', 'history', id, days] as const,
  atRisk: (page: number, size: number, reason?: WatchReason) => ['watch', 'atRisk', page, size, reason ?? 'all'] as const,
  summary: ['watch', 'summary'] as const,
  rules: ['watch', 'rules'] as const,
  changed: (ids: number[], days?: number) => ['watch', 'changed', ids.join(','), days ?? 0] as const,
};

export const historyQuery = (id: number, days: number) =>
  queryOptions({
    queryKey: watchKeys.history(id, days),
    queryFn: ({ signal }) => bffFetch<WatchHistory>(`/watch/goods/${id}/history?days=${days}`, { signal }),
    staleTime: 30_000,
  });

/** A page of the library goods at risk; with `reason`, only those at risk for it (the strip's "off sale" opens off-sale). */
export const atRiskQuery = (page: number, size: number, reason?: WatchReason) =>
  queryOptions({
    queryKey: watchKeys.atRisk(page, size, reason),
    queryFn: ({ signal }) =>
      bffFetch<WatchAtRisk>(
        `/watch/at-risk?${new URLSearchParams({ page: String(page), size: String(size), ...(reason ? { reason } : {}) })}`,
        { signal },
      ),
    staleTime: 10_000,
  });

export const summaryQuery = () =>
  queryOptions({
    queryKey: watchKeys.summary,
    queryFn: ({ signal }) => bffFetch<{ atRisk: number }>('/watch/summary', { signal }),
    staleTime: 30_000,
  });

export const rulesQuery = () =>
  queryOptions({ queryKey: watchKeys.rules, queryFn: ({ signal }) => bffFetch<WatchRules>('/watch/rules', { signal }), staleTime: 60_000 });

/** When each of `ids` last changed (ms), and with `days` the library goods changed in that many days. */
export const changedQuery = (ids: number[], days?: number) =>
  queryOptions({
    queryKey: watchKeys.changed(ids, days),
    queryFn: ({ signal }) =>
      bffFetch<WatchChanged>(`/watch/changed?${new URLSearchParams({ ...(ids.length ? { ids: ids.join(',') } : {}), ...(days ? { days: String(days) } : {}) })}`, {
        signal,
      }),
    staleTime: 30_000,
  });

/** Sets or removes a minimum profit rate (no goodsId: the library's); every watch query is read again. */
export function useSetRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: WatchRuleInput) => bffFetch<WatchRules>('/watch/rules', { method: 'PUT', body: input }),
    onSettled: () => qc.invalidateQueries({ queryKey: watchKeys.all }),
  });
}
