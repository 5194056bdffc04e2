import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MerchantStrip, Overview, OverviewPeriod } from '../../../../contract';
import { bffFetch } from '../../../lib/bff';
import { STALE } from '../../../lib/stale';

export interface OverviewAsk {
  period: OverviewPeriod;
  from?: string;
  to?: string;
}

export const overviewKeys = {
  all: ['overview'] as const,
  period: (a: OverviewAsk) => [...overviewKeys.all, a] as const,
};

/** The whole overview of a period in one call: figures, the previous period's, and what the upstream says now. */
export const overviewQuery = (a: OverviewAsk) =>
  queryOptions({
    queryKey: overviewKeys.period(a),
    queryFn: ({ signal }) => {
      const p = new URLSearchParams({ period: a.period });
      if (a.period === 'custom' && a.from && a.to) {
        p.set('from', a.from);
        p.set('to', a.to);
      }
      return bffFetch<Overview>(`/overview?${p}`, { signal });
    },
    staleTime: STALE.live,
    placeholderData: keepPreviousData,
  });

/** The merchant's strip over the catalogue: three figures in one call. */
export const stripQuery = queryOptions({
  queryKey: [...overviewKeys.all, 'strip'] as const,
  queryFn: ({ signal }) => bffFetch<MerchantStrip>('/strip', { signal }),
  staleTime: STALE.live,
});
