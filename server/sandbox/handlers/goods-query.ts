import type { DB } from '../../lib/db';
import { MAX_PAGE, rangeUnit, type RangeType } from '../../../contract';
import { fail } from '../errors';

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

const SECTION_COLUMN: Record<SectionKey, { column: string; scale: number }> = {
  agreement_price: { column: 'g.agreement_price', scale: 100 },
  guide_price: { column: 'g.guide_price', scale: 100 },
  activity_price: { column: 'g.activity_price', scale: 100 },
  promotion_rate: { column: 'g.promotion_rate', scale: 1 },
  activity_rate: { column: 'g.activity_rate', scale: 1 },
  profits: { column: 'g.profits', scale: 100 },
  created_time: { column: 'g.created_time', scale: 1 },
};

const SORT_COLUMN: Record<string, string> = {
  agreement_price: 'g.agreement_price',
  guide_price: 'g.guide_price',
  activity_price: 'g.activity_price',
  promotion_rate: 'g.promotion_rate',
  activity_rate: 'g.activity_rate',
  created_time: 'g.created_time',
  real_month_sale: 'g.real_month_sale',
};

export function buildGoodsWhere(db: DB, f: GoodsFilter): { sql: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.source) {
    where.push('g.source = ?');
    params.push(f.source);
  }
  if (f.category_id) {
    const cat = db.prepare('SELECT level FROM categories WHERE id = ?').get(f.category_id) as { level: number } | undefined;
    if (!cat) fail(`分类不存在：category_id ${f.category_id}`);
    where.push(`g.cat${cat!.level + 1} = ?`);
    params.push(f.category_id);
  }
  if (f.brand_ids?.length) {
    where.push(`g.brand_id IN (${f.brand_ids.map(() => '?').join(',')})`);
    params.push(...f.brand_ids);
  }
  for (const word of (f.search_words ?? '').split(/\s+/).filter(Boolean)) {
    where.push(`g.title LIKE ? ESCAPE '\\'`);
    params.push(`%${word.replace(/[\\%_]/g, (m) => '\\' + m)}%`);
  }
  if (f.shop_words) {
    if (/^\d+$/.test(f.shop_words)) {
      where.push('g.shop_id = ?');
      params.push(Number(f.shop_words));
    } else {
      where.push(`g.shop_id IN (SELECT id FROM shops WHERE name LIKE ? ESCAPE '\\')`);
      params.push(`%${f.shop_words.replace(/[\\%_]/g, (m) => '\\' + m)}%`);
    }
  }
  if (f.is_free_shipping === 0 || f.is_free_shipping === 1) {
    where.push('g.is_free_shipping = ?');
    params.push(f.is_free_shipping);
  }
  if (f.range_type && (f.range_from !== undefined || f.range_to !== undefined)) {
    const scale = rangeUnit(f.range_type) === 'yuan' ? 100 : 1;
    const col = `g.${f.range_type}`;
    if (f.range_from !== undefined) {
      where.push(`${col} >= ?`);
      params.push(Math.round(f.range_from * scale * 100) / 100);
    }
    if (f.range_to !== undefined) {
      where.push(`${col} <= ?`);
      params.push(Math.round(f.range_to * scale * 100) / 100);
    }
  }
  for (const [key, range] of Object.entries(f.sections ?? {}) as [SectionKey, { from?: number; to?: number }][]) {
    if (!range) continue;
    const { column, scale } = SECTION_COLUMN[key];
    if (range.from !== undefined) {
      where.push(`${column} >= ?`);
      params.push(range.from * scale);
    }
    if (range.to !== undefined) {
      where.push(`${column} <= ?`);
      params.push(range.to * scale);
    }
  }
  if (f.group_id) {
    where.push('g.id IN (SELECT goods_id FROM group_goods WHERE group_id = ?)');
    params.push(f.group_id);
  }
  if (f.last_id) {
    where.push('g.id > ?');
    params.push(f.last_id);
  }
  if (f.onSaleOnly) where.push('g.status = 1');
  if (f.libraryOnly) where.push('l.goods_id IS NOT NULL');
  return { sql: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
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
  f: GoodsFilter,
  page: { page: number; limit: number; type?: string; sort?: 'asc' | 'desc' },
): PageResult<Row> {
  const { sql, params } = buildGoodsWhere(db, f);
  const from = `FROM goods g LEFT JOIN library l ON l.goods_id = g.id ${sql}`;
  const agg = db.prepare(`SELECT count(*) AS n, min(g.profits) AS lo, max(g.profits) AS hi ${from}`).get(...params) as {
    n: number;
    lo: number | null;
    hi: number | null;
  };
  // Pages beyond 50 answer with page 50, as the real service does (upstream-api.md §9).
  const pageNo = Math.min(page.page, MAX_PAGE);
  const dir = page.sort === 'asc' ? 'ASC' : 'DESC';
  const order = page.type && SORT_COLUMN[page.type] ? `${SORT_COLUMN[page.type]} ${dir}, g.id ${dir}` : 'g.id ASC';
  const rows = db
    .prepare(`SELECT g.*, (l.goods_id IS NOT NULL) AS is_selected ${from} ORDER BY ${order} LIMIT ? OFFSET ?`)
    .all(...params, page.limit, (pageNo - 1) * page.limit) as Row[];
  return { rows, count: agg.n, minProfits: agg.lo ?? 0, maxProfits: agg.hi ?? 0 };
}

export interface GoodsRow {
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
  market_price: number;
  guide_price: number;
  agreement_price: number;
  activity_price: number;
  sale_price: number;
  cost_price: number;
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
