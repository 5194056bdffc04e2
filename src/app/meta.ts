import { queryOptions } from '@tanstack/react-query';
import { STALE } from '../lib/stale';

export interface GatewayMeta {
  mode: 'sandbox' | 'upstream';
  upstream: string;
}

export const metaQuery = queryOptions({
  queryKey: ['meta'],
  queryFn: async (): Promise<GatewayMeta> => {
    const res = await fetch('/bff/meta', { credentials: 'same-origin' });
    if (!res.ok) throw new Error(`meta: HTTP ${res.status}`);
    return (await res.json()) as GatewayMeta;
  },
  staleTime: STALE.reference,
});
