import { queryOptions } from '@tanstack/react-query';
import { setShownClock, type ShownClockInfo } from '../lib/clock';
import { setLateHours } from '../lib/late-hours';
import { STALE } from '../lib/stale';

export interface GatewayMeta {
  mode: 'sandbox' | 'upstream';
  upstream: string;
  /** The clock people are shown (src/lib/clock.ts). */
  clock?: ShownClockInfo;
  /** EXCEPTION_LATE_HOURS: when a paid child not shipped is late (src/lib/late-hours.ts). */
  exceptions?: { lateHours: number };
}

export const metaQuery = queryOptions({
  queryKey: ['meta'],
  queryFn: async (): Promise<GatewayMeta> => {
    const res = await fetch('/bff/meta', { credentials: 'same-origin' });
    if (!res.ok) throw new Error(`meta: HTTP ${res.status}`);
    const meta = (await res.json()) as GatewayMeta;
    setShownClock(meta.clock);
    setLateHours(meta.exceptions?.lateHours);
    return meta;
  },
  staleTime: STALE.reference,
  // Business time: read again now and then (someone may move it from another window).
  refetchInterval: (q) => (q.state.data?.mode === 'sandbox' ? 60_000 : false),
});
