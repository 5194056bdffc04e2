import { MAX_PAGE, SORT_KEYS, type SortKey } from '../../../contract/constants';
import { PAGE_SIZES } from '../../components/goods-page-sizes';
import { rangeSections, read, readRanges, useUrlView, writeRanges, type Range } from '../../lib/url-view';
import type { OnlineListFilters } from './api/queries';

export const SORT_OPTIONS = SORT_KEYS.flatMap((k) => [`${k}:desc`, `${k}:asc`] as const);
/** NewList sections the catalogue offers, with the unit people type them in. */
export const RANGES = [
  { key: 'agreement_price', param: 'ap', unit: 'yuan' },
  { key: 'guide_price', param: 'gp', unit: 'yuan' },
  { key: 'activity_price', param: 'acp', unit: 'yuan' },
  { key: 'promotion_rate', param: 'pr', unit: 'percent' },
  { key: 'activity_rate', param: 'ar', unit: 'percent' },
  { key: 'profits', param: 'pf', unit: 'yuan' },
] as const;
export type RangeKey = (typeof RANGES)[number]['key'];

export interface CatalogueView {
  page: number;
  size: number;
  source: number;
  /** The category path picked level by level, top first. */
  cats: number[];
  brands: number[];
  q: string;
  shop: string;
  free: '' | '0' | '1';
  sort: string;
  /** `auto`: what suits the screen (cards on a phone, the table elsewhere) until the person picks one. */
  view: 'auto' | 'table' | 'cards';
  ranges: Record<RangeKey, Range>;
}

/** The list's filters, sort, page and view live in the URL, so a view can be reloaded and shared. */
export function parseView(p: URLSearchParams): CatalogueView {
  return {
    page: Math.min(read.int(p, 'page', 1), MAX_PAGE),
    size: read.oneOf(p, 'size', PAGE_SIZES, 20),
    source: read.int(p, 'source', 0),
    cats: read.categoryPath(p, 'cat'),
    brands: (p.get('brand') ?? '')
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0)
      .slice(0, 50),
    q: p.get('q') ?? '',
    shop: p.get('shop') ?? '',
    free: read.oneOf(p, 'free', ['', '0', '1'] as const, ''),
    sort: read.oneOf(p, 'sort', ['', ...SORT_OPTIONS], ''),
    view: read.oneOf(p, 'view', ['table', 'cards'] as const, 'auto'),
    ranges: readRanges(p, RANGES),
  };
}

export function viewToParams(v: CatalogueView): URLSearchParams {
  const p = new URLSearchParams();
  if (v.q) p.set('q', v.q);
  if (v.source) p.set('source', String(v.source));
  if (v.cats.length) p.set('cat', v.cats.join(','));
  if (v.brands.length) p.set('brand', v.brands.join(','));
  if (v.shop) p.set('shop', v.shop);
  if (v.free) p.set('free', v.free);
  writeRanges(p, v.ranges, RANGES);
  if (v.sort) p.set('sort', v.sort);
  if (v.view !== 'auto') p.set('view', v.view);
  if (v.size !== 20) p.set('size', String(v.size));
  if (v.page !== 1) p.set('page', String(v.page));
  return p;
}

export function viewToFilters(v: CatalogueView): OnlineListFilters {
  const [type, sort] = v.sort ? (v.sort.split(':') as [SortKey, 'asc' | 'desc']) : [undefined, undefined];
  return {
    page: v.page,
    limit: v.size,
    ...(v.source ? { source: v.source } : {}),
    ...(v.cats.length ? { category_id: v.cats[v.cats.length - 1] } : {}),
    ...(v.brands.length ? { brand_ids: v.brands } : {}),
    ...(v.q.trim() ? { search_words: v.q.trim() } : {}),
    ...(v.shop.trim() ? { shop_words: v.shop.trim() } : {}),
    ...(v.free ? { is_free_shipping: Number(v.free) } : {}),
    ...(type ? { type, sort } : {}),
    ...rangeSections(v.ranges, RANGES),
  };
}

export const useCatalogueView = () => useUrlView(parseView, viewToParams);
