import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OpInput } from '../../../../contract';
import { callOp } from '../../../lib/bff';
import { STALE } from '../../../lib/stale';

export type OnlineListFilters = OpInput<'selection.online'>;

/** Query keys from general to specific, so one prefix invalidates a whole family. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  online: (filters: OnlineListFilters) => [...catalogueKeys.all, 'online', filters] as const,
  detail: (id: number) => [...catalogueKeys.all, 'detail', id] as const,
  comments: (sku: number, page: number) => [...catalogueKeys.all, 'comments', sku, page] as const,
};

export const goodsDetailQuery = (id: number) =>
  queryOptions({
    queryKey: catalogueKeys.detail(id),
    queryFn: ({ signal }) => callOp('goods.detail', { id }, { signal }),
    staleTime: STALE.catalogue,
  });

export const commentsQuery = (sku: number, page = 1) =>
  queryOptions({
    queryKey: catalogueKeys.comments(sku, page),
    queryFn: ({ signal }) => callOp('goods.comments', { sku, page, limit: 10 }, { signal }),
    staleTime: STALE.catalogue,
  });

export const onlineListQuery = (filters: OnlineListFilters) =>
  queryOptions({
    queryKey: catalogueKeys.online(filters),
    queryFn: ({ signal }) => callOp('selection.online', filters, { signal }),
    staleTime: STALE.catalogue,
    placeholderData: keepPreviousData,
  });
