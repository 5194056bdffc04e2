import type { DB } from '../../lib/db';
import { MAX_PAGE, SORT_KEYS, rangeUnit, type RangeType, type SortKey } from '../../../contract';
import { fail } from '../errors';
import type { GoodsIndex, IndexedColumn } from '../goods-index';

/** Filters shared by the goods lists; every field is optional. Money bounds arrive in yuan, rates in %. */
export interface GoodsFilter {
  source?: number;
  category_id?: number;
  brand_ids?: number[];
  search_words?: string;
  shop_words?: string;
  is_free_shipping?: number;
  range_type?: RangeType;
  range_from?: number;
  range_to?: number;
  sections?: Partial<Record<SectionKey, { from?: number; to?: number }>>;
  group_id?: number;
  last_id?: number;
  onSaleOnly?: boolean;
  libraryOnly?: boolean;
}
export type SectionKey =
  'agreement_price' | 'guide_price' | 'activity_price' | 'promotion_rate' | 'activity_rate' | 'profits' | 'created_time';

/** Sections in the unit people type (yuan, %, seconds) and the factor to the stored unit. */
const SECTION_SCALE: Record<SectionKey, number> = {
  agreement_price: 100,
  guide_price: 100,
  activity_price: 100,
  promotion_rate: 1,
  activity_rate: 1,
  profits: 100,
  created_time: 1,
};

function tests(index: GoodsIndex, f: GoodsFilter): ((i: number) => boolean)[] {
  const c = index.cols;
  const out: ((i: number) => boolean)[] = [];
  const eq = (col: Float64Array, v: number) => out.push((i) => col[i] === v);
  const range = (col: IndexedColumn, from: number | undefined, to: number | undefined, scale: number) => {
    const a = c[col];
    // Stored money is whole fen: compare in fen, rounding the typed yuan to the nearest fen.
    const lo = from === undefined ? -Infinity : Math.round(from * scale * 100) / 100;
    const hi = to === undefined ? Infinity : Math.round(to * scale * 100) / 100;
    out.push((i) => a[i]! >= lo && a[i]! <= hi);
  };
  if (f.onSaleOnly) eq(c.status, 1);
  if (f.libraryOnly) out.push((i) => index.inLibrary[i] === 1);
  if (f.source) eq(c.source, f.source);
  if (f.category_id) {
    const level = index.categoryLevel.get(f.category_id);
    if (level === undefined) fail(`分类不存在：category_id ${f.category_id}`);
    eq(c[(['cat1', 'cat2', 'cat3'] as const)[level!]!], f.category_id);
  }
  if (f.brand_ids?.length) {
    const set = new Set(f.brand_ids);
    out.push((i) => set.has(c.brand_id[i]!));
  }
  for (const word of (f.search_words ?? '').split(/\s+/).filter(Boolean)) {
    const hit = index.titleMatches(word);
    out.unshift((i) => hit[i] === 1); // the most selective test goes first
  }
  if (f.shop_words) {
    if (/^\d+$/.test(f.shop_words)) eq(c.shop_id, Number(f.shop_words));
    else {
      const w = f.shop_words.toLowerCase();
      const shops = new Set([...index.shopNames].filter(([, name]) => name.includes(w)).map(([id]) => id));
      out.push((i) => shops.has(c.shop_id[i]!));
    }
  }
  if (f.is_free_shipping === 0 || f.is_free_shipping === 1) eq(c.is_free_shipping, f.is_free_shipping);
  if (f.range_type && (f.range_from !== undefined || f.range_to !== undefined)) {
    range(f.range_type, f.range_from, f.range_to, rangeUnit(f.range_type) === 'yuan' ? 100 : 1);
  }
  for (const [key, r] of Object.entries(f.sections ?? {}) as [SectionKey, { from?: number; to?: number } | undefined][]) {
    if (r && (r.from !== undefined || r.to !== undefined)) range(key, r.from, r.to, SECTION_SCALE[key]);
  }
  if (f.group_id) {
    const g = index.inGroup(f.group_id);
    out.unshift(g ? (i) => g[i] === 1 : () => false);
  }
  if (f.last_id) {
    const last = f.last_id;
    out.push((i) => index.ids[i]! > last);
  }
  return out;
}

export interface PageResult<Row> {
  rows: Row[];
  count: number;
  minProfits: number;
  maxProfits: number;
}

/** One page of goods rows (with `is_selected`), with the count of the whole filtered set. */
export function queryGoodsPage<Row = GoodsRow>(
  db: DB,
  index: GoodsIndex,
  f: GoodsFilter,
  page: { page: number; limit: number; type?: string; sort?: 'asc' | 'desc' },
): PageResult<Row> {
  // Pages beyond 50 answer with page 50, as the real service does (upstream-api.md §9).
  const pageNo = Math.min(page.page, MAX_PAGE);
  const sortKey = (SORT_KEYS as readonly string[]).includes(page.type ?? '') ? (page.type as SortKey) : undefined;
  const r = index.query({
    tests: tests(index, f),
    sortKey,
    desc: sortKey ? page.sort !== 'asc' : false,
    offset: (pageNo - 1) * page.limit,
    limit: page.limit,
  });
  const ids = r.positions.map((p) => index.ids[p]!);
  const rows = ids.length
    ? (db
        .prepare(
          `SELECT g.*, EXISTS (SELECT 1 FROM library l WHERE l.goods_id = g.id) AS is_selected FROM goods g WHERE g.id IN (${ids.map(() => '?').join(',')})`,
        )
        .all(...ids) as (Row & { id: number })[])
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { rows: ids.map((id) => byId.get(id)!), count: r.count, minProfits: r.minProfits, maxProfits: r.maxProfits };
}

/** The six prices every goods row and SKU option carries, in fen. */
export interface PriceColumns {
  market_price: number;
  guide_price: number;
  agreement_price: number;
  activity_price: number;
  sale_price: number;
  cost_price: number;
}

export interface GoodsRow extends PriceColumns {
  id: number;
  third_id: number;
  shop_id: number;
  source: number;
  cat1: number;
  cat2: number;
  cat3: number;
  brand_id: number;
  title: string;
  unit: string;
  origin: string;
  activity_rate: number;
  promotion_rate: number;
  profits: number;
  stock: number;
  sale: number;
  real_sale: number;
  real_month_sale: number;
  real_return_sale: number;
  real_month_return_sale: number;
  status: number;
  is_free_shipping: number;
  choose_count: number;
  created_time: number;
  updated_time: number;
  attributes: string;
  spec_names: string;
  spec_values: string;
  hue: number;
  is_selected?: number;
}
