import { queryOptions } from '@tanstack/react-query';
import type { ShipmentsAnswer } from '../../../contract/schemas/shipments';
import { bffFetch } from '../../lib/bff';
import type { ShipmentsFilter } from './url-state';

/**
 * Query keys, general to specific: anything that changes packages invalidates `shipmentKeys.all`.
 * Apart from api.ts (and without zod), so the merchant's strip reads its count with little code.
 */
export const shipmentKeys = {
  all: ['shipments'] as const,
  list: (filter: ShipmentsFilter, page: number, size: number) => [...shipmentKeys.all, 'list', filter, page, size] as const,
  formats: () => [...shipmentKeys.all, 'formats'] as const,
  /** How many packages wait to be handed to the shop (the merchant's strip). */
  toShop: () => [...shipmentKeys.all, 'to-shop'] as const,
};

/** The count of packages not handed to the shop yet: one row asked for, its count read. */
export const toShopCountQuery = () =>
  queryOptions({
    queryKey: shipmentKeys.toShop(),
    queryFn: ({ signal }) => bffFetch<ShipmentsAnswer>('/shipments?state=new&size=1', { signal }).then((a) => a.count),
    staleTime: 30_000,
  });
