import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MAX_PAGE, type SortKey } from '../../../contract/constants';
import { PAGE_SIZES } from '../../components/goods-table';

export const SORT_OPTIONS = [
  'created_time:desc',
  'real_month_sale:desc',
  'promotion_rate:desc',
  'agreement_price:asc',
  'agreement_price:desc',
] as const;

export interface CatalogueView {
  page: number;
  size: number;
  source: number;
  q: string;
  sort: string;
}

/** The list's filters, sort and page live in the URL, so a view can be reloaded and shared. */
export function parseView(params: URLSearchParams): CatalogueView {
  const int = (key: string, fallback: number) => {
    const n = Number(params.get(key));
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
  const size = int('size', 20);
  const sort = params.get('sort') ?? '';
  return {
    page: Math.min(int('page', 1), MAX_PAGE),
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : 20,
    source: int('source', 0),
    q: params.get('q') ?? '',
    sort: (SORT_OPTIONS as readonly string[]).includes(sort) ? sort : '',
  };
}

export function viewToParams(view: CatalogueView): URLSearchParams {
  const p = new URLSearchParams();
  if (view.q) p.set('q', view.q);
  if (view.source) p.set('source', String(view.source));
  if (view.sort) p.set('sort', view.sort);
  if (view.size !== 20) p.set('size', String(view.size));
  if (view.page !== 1) p.set('page', String(view.page));
  return p;
}

export function viewToFilters(view: CatalogueView) {
  const [type, sort] = view.sort ? (view.sort.split(':') as [SortKey, 'asc' | 'desc']) : [undefined, undefined];
  return {
    page: view.page,
    limit: view.size,
    ...(view.source ? { source: view.source } : {}),
    ...(view.q.trim() ? { search_words: view.q.trim() } : {}),
    ...(type ? { type, sort } : {}),
  };
}

export function useCatalogueView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseView(params), [params]);
  const update = useCallback(
    (patch: Partial<CatalogueView>) => {
      // Any change other than paging starts again at page 1.
      const resetPage = Object.keys(patch).some((k) => k !== 'page');
      setParams(viewToParams({ ...view, ...(resetPage ? { page: 1 } : {}), ...patch }), { replace: false });
    },
    [view, setParams],
  );
  return [view, update] as const;
}
