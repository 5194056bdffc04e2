import { queryOptions } from '@tanstack/react-query';
import { callOp } from '../lib/bff';
import { STALE } from '../lib/stale';

/** The channels on sale (GetSource): every goods list filters by them. Apart from the filters, so start-up (src/app/boot.ts) stays light. */
export const sourcesQuery = () =>
  queryOptions({
    queryKey: ['sources'] as const,
    queryFn: ({ signal }) => callOp('source.list', {}, { signal }),
    staleTime: STALE.reference,
  });
