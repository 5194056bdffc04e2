import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpInput } from '../../../../contract';
import { MAX_PAGE } from '../../../../contract/constants';
import { callOp } from '../../../lib/bff';
import { STALE } from '../../../lib/stale';

export type LibraryFilters = OpInput<'selection.list'>;

export type GroupGoodsFilters = OpInput<'group.goods'>;

export const selectionKeys = {
  all: ['selection'] as const,
  library: (f: LibraryFilters) => [...selectionKeys.all, 'library', f] as const,
  groups: () => [...selectionKeys.all, 'groups'] as const,
  groupGoods: (f: GroupGoodsFilters) => [...selectionKeys.all, 'group-goods', f] as const,
};

export const groupsQuery = () =>
  queryOptions({
    queryKey: selectionKeys.groups(),
    queryFn: ({ signal }) => callOp('group.list', { page: 1, limit: 100 }, { signal }),
    staleTime: STALE.reference,
  });

export const groupGoodsQuery = (f: GroupGoodsFilters) =>
  queryOptions({
    queryKey: selectionKeys.groupGoods(f),
    queryFn: ({ signal }) => callOp('group.goods', f, { signal }),
    staleTime: STALE.catalogue,
    placeholderData: keepPreviousData,
  });

export const libraryQuery = (f: LibraryFilters) =>
  queryOptions({
    queryKey: selectionKeys.library(f),
    queryFn: ({ signal }) => callOp('selection.list', f, { signal }),
    staleTime: STALE.catalogue,
    placeholderData: keepPreviousData,
  });

/** Add and remove change the library and every list's "in library" flag: refresh both families. */
function useInvalidateLists() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: selectionKeys.all }), qc.invalidateQueries({ queryKey: ['catalogue'] })]);
}

export function useAddToLibrary() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: (ids: number[]) => callOp('selection.add', { goods_ids: ids.join(',') }),
    onSettled: invalidate,
  });
}

export function useRemoveFromLibrary() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: (ids: number[]) => callOp('selection.remove', { goods_ids: ids.join(',') }),
    onSettled: invalidate,
  });
}

export function useClearLibrary() {
  const invalidate = useInvalidateLists();
  return useMutation({ mutationFn: () => callOp('selection.clear', {}), onSettled: invalidate });
}

/** GetBulkGoodsMessage takes at most 50 ids a call: larger selections go in batches, with progress. */
export const REFRESH_BATCH = 50;
export async function refreshGoods(ids: number[], onProgress: (done: number) => void): Promise<void> {
  for (let i = 0; i < ids.length; i += REFRESH_BATCH) {
    await callOp('goods.refresh', { goodsIds: ids.slice(i, i + REFRESH_BATCH).join(',') });
    onProgress(Math.min(ids.length, i + REFRESH_BATCH));
  }
}

/** Every page of the library under a filter, up to the upstream's page cap, 500 rows a call. */
export async function fetchAllLibrary(f: LibraryFilters, onProgress: (done: number, total: number) => void) {
  const limit = 500;
  const first = await callOp('selection.list', { ...f, page: 1, limit });
  const pages = Math.min(MAX_PAGE, Math.max(1, Math.ceil(first.count / limit)));
  const rows = [...first.list];
  onProgress(1, pages);
  for (let page = 2; page <= pages; page++) {
    rows.push(...(await callOp('selection.list', { ...f, page, limit })).list);
    onProgress(page, pages);
  }
  return rows;
}
