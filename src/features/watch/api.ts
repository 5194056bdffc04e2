import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  WatchAtRisk,
  WatchChanged,
  WatchHistory,
  WatchLibrary,
  WatchReason,
  WatchRuleInput,
  WatchRuleSaved,
  WatchRules,
} from '../../../contract';
import { bffFetch } from '../../lib/bff';

/** Query keys of the goods watch, general to specific; a live `watch` event invalidates them all. */
export const watchKeys = {
  all: ['watch'] as const,
  history: (id: number, days: number) => ['watch', 'history', id, days] as const,
  atRisk: (page: number, size: number, reason?: WatchReason) => ['watch', 'atRisk', page, size, reason ?? 'all'] as const,
  summary: ['watch', 'summary'] as const,
  rules: ['watch', 'rules'] as const,
  changed: (ids: number[], days?: number) => ['watch', 'changed', ids.join(','), days ?? 0] as const,
  library: (days: number, page: number, size: number, q: string) => ['watch', 'library', days, page, size, q] as const,
};

const libraryPath = (days: number, page: number, size: number, q: string) =>
  `/watch/library?${new URLSearchParams({ days: String(days), page: String(page), size: String(size), ...(q ? { q } : {}) })}`;

/** The library goods changed in the last `days` days, a page of them, listed from the gateway's goods mirror (the supplier's list cannot filter by it). */
export const changedLibraryQuery = (days: number, page: number, size: number, q: string) =>
  queryOptions({
    queryKey: watchKeys.library(days, page, size, q),
    queryFn: ({ signal }) => bffFetch<WatchLibrary>(libraryPath(days, page, size, q), { signal }),
    staleTime: 10_000,
  });

/** Every row of that list (the CSV export), 100 a call. */
export async function fetchAllChanged(days: number, q: string, onProgress: (done: number, total: number) => void) {
  const first = await bffFetch<WatchLibrary>(libraryPath(days, 1, 100, q));
  const pages = Math.max(1, Math.ceil(first.count / 100));
  const rows = [...first.list];
  onProgress(1, pages);
  for (let page = 2; page <= pages; page++) {
    rows.push(...(await bffFetch<WatchLibrary>(libraryPath(days, page, 100, q))).list);
    onProgress(page, pages);
  }
  return rows;
}

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
      bffFetch<WatchChanged>(
        `/watch/changed?${new URLSearchParams({ ...(ids.length ? { ids: ids.join(',') } : {}), ...(days ? { days: String(days) } : {}) })}`,
        {
          signal,
        },
      ),
    staleTime: 30_000,
  });

/** Sets or removes a minimum profit rate (no goodsId: the library's); every watch query is read again. */
export function useSetRule() {
  const qc = useQueryClient();
  return useMutation({
    // The answer names only the rule changed; every watch query is read again instead.
    mutationFn: (input: WatchRuleInput) => bffFetch<WatchRuleSaved>('/watch/rules', { method: 'PUT', body: input }),
    onSettled: () => qc.invalidateQueries({ queryKey: watchKeys.all }),
  });
}
