import type { DB } from '../lib/db';
import type { SortKey } from '../../contract';

/** Columns the goods lists filter and sort on, in typed arrays: a query is one pass over them. */
const NUMERIC = [
  'source',
  'cat1',
  'cat2',
  'cat3',
  'brand_id',
  'shop_id',
  'status',
  'is_free_shipping',
  'agreement_price',
  'guide_price',
  'activity_price',
  'profits',
  'created_time',
  'real_month_sale',
] as const;
const RATES = ['promotion_rate', 'activity_rate'] as const;
export type IndexedColumn = (typeof NUMERIC)[number] | (typeof RATES)[number];
type Sortable = SortKey;

export interface IndexQuery {
  /** Each test gets a row position and answers whether the row matches. */
  tests: ((i: number) => boolean)[];
  sortKey?: Sortable;
  desc?: boolean;
  offset: number;
  limit: number;
}

/**
 * An in-memory index of the catalogue's list columns, kept beside SQLite (which stays the source of
 * truth). SQLite cannot combine a range on one column with a sort on another without reading
 * thousands of rows; one pass over typed arrays does any combination of filters in about a
 * millisecond for 100,000 goods. Writes to goods call `refresh`, library writes `setLibrary`.
 */
export class GoodsIndex {
  private n = 0;
  ids = new Int32Array(0);
  private pos = new Map<number, number>();
  cols = {} as Record<IndexedColumn, Float64Array>;
  inLibrary = new Uint8Array(0);
  titles: string[] = [];
  private grams = new Map<string, number[]>();
  private groups = new Map<number, Uint8Array>();
  private sorted = new Map<Sortable, Int32Array>();
  categoryLevel = new Map<number, number>();
  shopNames = new Map<number, string>();

  constructor(private readonly db: DB) {
    this.load();
  }

  get size() {
    return this.n;
  }

  positionOf(goodsId: number): number | undefined {
    return this.pos.get(goodsId);
  }

  private load() {
    const rows = this.db
      .prepare(
        `SELECT id, title, ${[...NUMERIC, ...RATES].join(', ')}, (SELECT 1 FROM library l WHERE l.goods_id = g.id) AS lib FROM goods g ORDER BY id`,
      )
      .all() as Record<string, number | string | null>[];
    this.n = rows.length;
    this.ids = new Int32Array(this.n);
    this.inLibrary = new Uint8Array(this.n);
    for (const c of [...NUMERIC, ...RATES]) this.cols[c] = new Float64Array(this.n);
    this.titles = new Array<string>(this.n);
    rows.forEach((r, i) => {
      const id = r.id as number;
      this.ids[i] = id;
      this.pos.set(id, i);
      for (const c of [...NUMERIC, ...RATES]) this.cols[c][i] = r[c] as number;
      this.inLibrary[i] = r.lib ? 1 : 0;
      this.titles[i] = (r.title as string).toLowerCase();
      for (const g of bigrams(this.titles[i])) {
        const list = this.grams.get(g);
        if (!list) this.grams.set(g, [i]);
        else if (list[list.length - 1] !== i) list.push(i);
      }
    });
    for (const r of this.db.prepare('SELECT group_id, goods_id FROM group_goods').all() as { group_id: number; goods_id: number }[]) {
      let set = this.groups.get(r.group_id);
      if (!set) this.groups.set(r.group_id, (set = new Uint8Array(this.n)));
      const p = this.pos.get(r.goods_id);
      if (p !== undefined) set[p] = 1;
    }
    for (const r of this.db.prepare('SELECT id, level FROM categories').all() as { id: number; level: number }[])
      this.categoryLevel.set(r.id, r.level);
    for (const r of this.db.prepare('SELECT id, name FROM shops').all() as { id: number; name: string }[])
      this.shopNames.set(r.id, r.name.toLowerCase());
  }

  /** Re-reads one product after a write (price, status, stock…). */
  refresh(goodsId: number): void {
    const i = this.pos.get(goodsId);
    if (i === undefined) return;
    const r = this.db.prepare(`SELECT ${[...NUMERIC, ...RATES].join(', ')} FROM goods WHERE id = ?`).get(goodsId) as Record<string, number>;
    for (const c of [...NUMERIC, ...RATES]) {
      if (this.cols[c][i] !== r[c]) {
        this.cols[c][i] = r[c]!;
        this.sorted.delete(c as Sortable);
      }
    }
  }

  setLibrary(goodsId: number, inLibrary: boolean): void {
    const i = this.pos.get(goodsId);
    if (i !== undefined) this.inLibrary[i] = inLibrary ? 1 : 0;
  }

  clearLibrary(): void {
    this.inLibrary.fill(0);
  }

  inGroup(groupId: number): Uint8Array | undefined {
    return this.groups.get(groupId);
  }

  /** Row positions whose title contains `word` (case-insensitive), via a bigram index. */
  titleMatches(word: string): Uint8Array {
    const w = word.toLowerCase();
    const hit = new Uint8Array(this.n);
    const gs = [...bigrams(w)];
    if (gs.length === 0) {
      for (let i = 0; i < this.n; i++) if (this.titles[i]!.includes(w)) hit[i] = 1;
      return hit;
    }
    let best: number[] | undefined;
    for (const g of gs) {
      const list = this.grams.get(g) ?? [];
      if (!best || list.length < best.length) best = list;
    }
    for (const i of best!) if (this.titles[i]!.includes(w)) hit[i] = 1;
    return hit;
  }

  private order(key: Sortable): Int32Array {
    let o = this.sorted.get(key);
    if (!o) {
      const col = this.cols[key];
      o = Int32Array.from({ length: this.n }, (_, i) => i).sort((a, b) => col[a]! - col[b]! || this.ids[a]! - this.ids[b]!);
      this.sorted.set(key, o);
    }
    return o;
  }

  query(q: IndexQuery): { positions: number[]; count: number; minProfits: number; maxProfits: number } {
    // Pass 1, in storage order (cache-friendly): which rows match, how many, and the profit bounds.
    const n = this.n;
    const match = new Uint8Array(n);
    const profits = this.cols.profits;
    const tests = q.tests;
    let count = 0;
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < n; i++) {
      let ok = true;
      for (let t = 0; t < tests.length; t++) {
        if (!tests[t]!(i)) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      match[i] = 1;
      count++;
      const p = profits[i]!;
      if (p < lo) lo = p;
      if (p > hi) hi = p;
    }
    // Pass 2, in the requested order, only as far as the page reaches.
    const positions: number[] = [];
    const order = q.sortKey ? this.order(q.sortKey) : null;
    const desc = q.desc ?? false;
    let seen = 0;
    for (let k = 0; k < n && positions.length < q.limit; k++) {
      const j = desc ? n - 1 - k : k;
      const idx = order ? order[j]! : j;
      if (match[idx] !== 1) continue;
      if (seen++ >= q.offset) positions.push(idx);
    }
    return { positions, count, minProfits: count ? lo : 0, maxProfits: count ? hi : 0 };
  }
}

function* bigrams(s: string): Generator<string> {
  const chars = [...s.replace(/\s+/g, ' ')];
  for (let i = 0; i + 1 < chars.length; i++) {
    if (chars[i] === ' ' || chars[i + 1] === ' ') continue;
    yield chars[i]! + chars[i + 1]!;
  }
}
