import { sql } from 'kysely';
import {
  PRICING_LOWEST,
  compareAtOf,
  profitRateOf,
  type PricedSku,
  type PricingGoodsAnswer,
  type PricingGoodsInput,
  type PricingGoodsSummary,
  type PricingLowSku,
  type PricingPreview,
  type PricingSettings,
  type PricingSummary,
} from '../../../contract/schemas/pricing';
import { dialectOf, type GatewayDb, type Kdb } from '../db';
import { GoodsStore, retryingWrite } from '../goods/store';
import '../goods/tables';
import { compareAtSql, PRICING_LOCK, readSettings, retailOf, retailSql, SETTINGS_NAME, type SavedSettings } from './retail';
import './tables';

/** An own price refused: the goods is not one the gateway has read, or a SKU named is not of it. */
export class PricingRefused extends Error {
  override name = 'PricingRefused';
  constructor(
    readonly rule: 'not_found' | 'not_of_goods',
    message: string,
    readonly skus: number[] = [],
  ) {
    super(message);
  }
}

/** A library SKU as the price sheet and the preview read it. */
export interface LibrarySku {
  sku: number;
  goodsId: number;
  title: string;
  spec: string;
  cost: number;
  guide: number;
  own: number | null;
  code: string | null;
  /** What the last price sheet downloaded held (null: no sheet held it). */
  sheetRetail: number | null;
  sheetCompareAt: number | null;
}

/** A row of the price sheet: a library SKU with its prices now. */
export interface SheetRow extends LibrarySku {
  retail: number;
  compareAt: number | null;
  changed: boolean;
}

const chunks = <T>(xs: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
};

/**
 * The pricing module's rows (issue 53): the rules, own prices (and the shop's codes) per SKU, what
 * the last price sheet held per SKU. Retail prices are computed when read, from the goods mirror's
 * costs (goods_skus, the goods watch's): a rule change or a supplier's price move changes them with
 * nothing to rewrite, and only the watch's risks, which are kept, are reckoned again.
 */
export class PricingStore {
  readonly db: Kdb;
  private readonly pg: boolean;
  readonly goods: GoodsStore;
  constructor(db: GatewayDb | Kdb) {
    this.db = 'kysely' in db ? db.kysely : db;
    this.pg = dialectOf(this.db) === 'postgres';
    this.goods = new GoodsStore(this.db);
  }

  settings(): Promise<SavedSettings> {
    return readSettings(this.db);
  }

  /**
   * Saves the rules and reckons the watch's risks of every SKU again with them, in one transaction
   * (PostgreSQL: alone, no goods write reckoning risks with the old rules meanwhile). Answers the
   * goods whose risk changed.
   */
  async saveSettings(settings: PricingSettings, by: string, at: number): Promise<number[]> {
    return retryingWrite(() =>
      this.db.transaction().execute(async (trx) => {
        if (this.pg) await sql`select pg_advisory_xact_lock(${PRICING_LOCK}::bigint)`.execute(trx);
        const value = JSON.stringify(settings);
        await trx
          .insertInto('pricing_settings')
          .values({ name: SETTINGS_NAME, value, updated_at: at, updated_by: by })
          .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: at, updated_by: by }))
          .execute();
        return this.goods.repriceRisk(trx, settings);
      }),
    );
  }

  /** One goods' SKUs (those read whole) with their prices; null when the gateway has not read the goods. */
  async goodsPrices(goodsId: number, db: Kdb = this.db): Promise<PricingGoodsAnswer | null> {
    const item = await db.selectFrom('goods_items').select('title').where('goods_id', '=', goodsId).executeTakeFirst();
    if (!item) return null;
    const [rows, saved, rules] = await Promise.all([
      db
        .selectFrom('goods_skus as s')
        .leftJoin('pricing_own as o', 'o.sku', 's.sku')
        .select(['s.sku', 's.spec', 's.agreement_price', 's.guide_price', 'o.retail', 'o.code'])
        .where('s.goods_id', '=', goodsId)
        .where('s.guide_price', 'is not', null)
        .orderBy('s.sku')
        .execute(),
      readSettings(db),
      this.goods.rules([goodsId], db),
    ]);
    const s = saved.settings;
    const skus = rows.map((r): PricedSku => {
      const cost = Number(r.agreement_price);
      const guide = Number(r.guide_price);
      const own = r.retail === null ? null : Number(r.retail);
      const p = retailOf(cost, guide, own, s);
      return {
        sku: Number(r.sku),
        spec: r.spec,
        cost,
        guide,
        retail: p.retail,
        source: p.source,
        own,
        rule: p.rule,
        compareAt: compareAtOf(p.retail, s),
        profitRate: profitRateOf(cost, p.retail),
        code: r.code,
      };
    });
    return { goodsId, title: item.title, minRate: rules.get(goodsId) ?? rules.get(0) ?? null, skus };
  }

  /**
   * Sets or removes own prices (and the shop's codes) of SKUs of one goods, and reckons its risks
   * again, in one transaction; refused whole (PricingRefused) when the goods was never read or a SKU
   * is not of it. Answers what changed, for the audit: [sku, before, after] of the prices.
   */
  async setOwn(
    goodsId: number,
    input: PricingGoodsInput['skus'],
    by: string,
    at: number,
  ): Promise<{ title: string; prices: [number, number | null, number | null][]; codes: number }> {
    return retryingWrite(() =>
      this.db.transaction().execute(async (trx) => {
        if (this.pg) {
          // As a goods write of the mirror does: this goods alone, then the rules read under the shared lock.
          await sql`select pg_advisory_xact_lock(hashtext('supply-desk:goods'), ${goodsId % 2147483647}::integer)`.execute(trx);
          await sql`select pg_advisory_xact_lock_shared(${PRICING_LOCK}::bigint)`.execute(trx);
        }
        const item = await trx.selectFrom('goods_items').select('title').where('goods_id', '=', goodsId).executeTakeFirst();
        if (!item)
          throw new PricingRefused(
            'not_found',
            `Goods ${goodsId} has not been read by the gateway yet: open it in the catalogue or add it to the selection library first.`,
          );
        const known = new Set(
          (
            await trx.selectFrom('goods_skus').select('sku').where('goods_id', '=', goodsId).where('guide_price', 'is not', null).execute()
          ).map((r) => Number(r.sku)),
        );
        const foreign = input.filter((x) => !known.has(x.sku)).map((x) => x.sku);
        if (foreign.length)
          throw new PricingRefused(
            'not_of_goods',
            `SKU ${foreign.join(', ')} ${foreign.length === 1 ? 'is' : 'are'} not of goods ${goodsId} (“${item.title}”): nothing was saved.`,
            foreign,
          );
        const before = new Map(
          (
            await trx
              .selectFrom('pricing_own')
              .select(['sku', 'retail', 'code'])
              .where(
                'sku',
                'in',
                input.map((x) => x.sku),
              )
              .execute()
          ).map((r) => [Number(r.sku), { retail: r.retail === null ? null : Number(r.retail), code: r.code }]),
        );
        const prices: [number, number | null, number | null][] = [];
        let codes = 0;
        for (const x of input) {
          const was = before.get(x.sku) ?? { retail: null, code: null };
          const code = x.code === undefined ? was.code : x.code === '' ? null : x.code;
          if (was.retail !== x.retail) prices.push([x.sku, was.retail, x.retail]);
          if (code !== was.code) codes++;
          if (x.retail === null && code === null) await trx.deleteFrom('pricing_own').where('sku', '=', x.sku).execute();
          else
            await trx
              .insertInto('pricing_own')
              .values({ sku: x.sku, goods_id: goodsId, retail: x.retail, code, updated_at: at, updated_by: by })
              .onConflict((oc) =>
                oc.column('sku').doUpdateSet({ goods_id: goodsId, retail: x.retail, code, updated_at: at, updated_by: by }),
              )
              .execute();
        }
        await this.goods.repriceRisk(trx, (await readSettings(trx)).settings, [goodsId]);
        return { title: item.title, prices, codes };
      }),
    );
  }

  /** Per goods (of those read), its retail range, SKUs with an own price, lowest profit rate. */
  async summaries(goodsIds: readonly number[]): Promise<PricingGoodsSummary> {
    const { settings } = await readSettings(this.db);
    const by = new Map<number, PricingGoodsSummary['goods'][number]>();
    for (const part of chunks(goodsIds, 500)) {
      const rows = await this.db
        .selectFrom('goods_skus as s')
        .leftJoin('pricing_own as o', 'o.sku', 's.sku')
        .select(['s.goods_id', 's.agreement_price', 's.guide_price', 'o.retail'])
        .where('s.goods_id', 'in', part)
        .where('s.guide_price', 'is not', null)
        .execute();
      for (const r of rows) {
        const goodsId = Number(r.goods_id);
        const cost = Number(r.agreement_price);
        const p = retailOf(cost, Number(r.guide_price), r.retail === null ? null : Number(r.retail), settings);
        const rate = profitRateOf(cost, p.retail);
        const g = by.get(goodsId);
        if (!g) {
          by.set(goodsId, { goodsId, skus: 1, own: p.source === 'own' ? 1 : 0, retailMin: p.retail, retailMax: p.retail, rateMin: rate });
          continue;
        }
        g.skus++;
        if (p.source === 'own') g.own++;
        g.retailMin = Math.min(g.retailMin, p.retail);
        g.retailMax = Math.max(g.retailMax, p.retail);
        if (rate !== null) g.rateMin = g.rateMin === null ? rate : Math.min(g.rateMin, rate);
      }
    }
    return { goods: goodsIds.filter((id) => by.has(id)).map((id) => by.get(id)!) };
  }

  /** Every SKU of the selection library's goods read whole, with its own price, code and what the last sheet held; by goods, then SKU. */
  async librarySkus(): Promise<LibrarySku[]> {
    const rows = await this.db
      .selectFrom('goods_skus as s')
      .innerJoin('goods_items as g', 'g.goods_id', 's.goods_id')
      .leftJoin('pricing_own as o', 'o.sku', 's.sku')
      .leftJoin('pricing_sheet as h', 'h.sku', 's.sku')
      .select([
        's.sku',
        's.goods_id',
        'g.title',
        's.spec',
        's.agreement_price',
        's.guide_price',
        'o.retail as own',
        'o.code',
        'h.retail as sheet_retail',
        'h.compare_at as sheet_compare_at',
      ])
      .where('g.in_library', '=', 1)
      .where('s.guide_price', 'is not', null)
      .orderBy('s.goods_id')
      .orderBy('s.sku')
      .execute();
    return rows.map((r) => ({
      sku: Number(r.sku),
      goodsId: Number(r.goods_id),
      title: r.title,
      spec: r.spec,
      cost: Number(r.agreement_price),
      guide: Number(r.guide_price),
      own: r.own === null ? null : Number(r.own),
      code: r.code,
      sheetRetail: r.sheet_retail === null ? null : Number(r.sheet_retail),
      sheetCompareAt: r.sheet_compare_at === null ? null : Number(r.sheet_compare_at),
    }));
  }

  /** The library's SKUs with their prices now under `settings` (the saved ones unless given), each marked changed when it differs from what the last sheet held. */
  async sheetRows(settings?: PricingSettings): Promise<SheetRow[]> {
    const [skus, saved] = await Promise.all([this.librarySkus(), settings ? null : readSettings(this.db)]);
    const s = settings ?? saved!.settings;
    return skus.map((k) => {
      const { retail } = retailOf(k.cost, k.guide, k.own, s);
      const compareAt = compareAtOf(retail, s);
      return { ...k, retail, compareAt, changed: k.sheetRetail !== retail || k.sheetCompareAt !== compareAt };
    });
  }

  /**
   * How many library SKUs are priced, have an own price, and would be in a "changed" sheet now: in
   * SQL (retailSql, compareAtSql), so 200,000 SKUs are not read into the gateway to be counted.
   */
  async summary(): Promise<PricingSummary> {
    const saved = await readSettings(this.db);
    const s = saved.settings;
    const retail = retailSql(s, { cost: sql`k.agreement_price`, guide: sql`k.guide_price`, own: sql`o.retail` });
    const [counts, last] = await Promise.all([
      sql<{ skus: number; own: number; changed: number | null }>`
select count(*) as skus, count(t.own) as own,
  sum(case when t.was is null or t.was <> t.retail or coalesce(t.was_compare, -1) <> coalesce(${compareAtSql(s, sql`t.retail`)}, -1) then 1 else 0 end) as changed
from (
  select ${retail} as retail, o.retail as own, h.retail as was, h.compare_at as was_compare
  from goods_skus k
  join goods_items g on g.goods_id = k.goods_id
  left join pricing_own o on o.sku = k.sku
  left join pricing_sheet h on h.sku = k.sku
  where g.in_library = 1 and k.guide_price is not null
) t`.execute(this.db),
      this.db
        .selectFrom('pricing_sheet')
        .select((eb) => eb.fn.max('at').as('at'))
        .executeTakeFirst(),
    ]);
    const c = counts.rows[0];
    return {
      skus: Number(c?.skus ?? 0),
      own: Number(c?.own ?? 0),
      changed: Number(c?.changed ?? 0),
      downloadedAt: last?.at === null || last?.at === undefined ? null : Number(last.at),
      rulesUpdatedAt: saved.updatedAt,
    };
  }

  /** What `settings` would give over the library, against the prices now (nothing saved). */
  async preview(settings: PricingSettings): Promise<PricingPreview> {
    const [skus, saved, mins] = await Promise.all([this.librarySkus(), readSettings(this.db), this.goods.rules()]);
    const library = mins.get(0) ?? null;
    let changed = 0;
    let belowMinimum = 0;
    const lowest: PricingLowSku[] = [];
    const rateKey = (r: number | null) => (r === null ? Infinity : r);
    for (const k of skus) {
      const now = retailOf(k.cost, k.guide, k.own, saved.settings).retail;
      const p = retailOf(k.cost, k.guide, k.own, settings);
      if (p.retail !== now) changed++;
      const rate = profitRateOf(k.cost, p.retail);
      const min = mins.get(k.goodsId) ?? library;
      if (min !== null && k.cost > 0 && (p.retail - k.cost) * 100 < min * k.cost) belowMinimum++;
      if (rate === null) continue;
      if (lowest.length === PRICING_LOWEST && rate >= rateKey(lowest[lowest.length - 1]!.profitRate)) continue;
      lowest.push({
        goodsId: k.goodsId,
        title: k.title,
        sku: k.sku,
        spec: k.spec,
        cost: k.cost,
        retail: p.retail,
        source: p.source,
        profitRate: rate,
      });
      lowest.sort((a, b) => rateKey(a.profitRate) - rateKey(b.profitRate) || a.sku - b.sku);
      if (lowest.length > PRICING_LOWEST) lowest.pop();
    }
    return { skus: skus.length, changed, belowMinimum, lowest };
  }

  /** Marks what a downloaded sheet held for each of its SKUs (a "changed" sheet leaves them out until they move). */
  async markSheet(rows: readonly SheetRow[], at: number): Promise<void> {
    if (rows.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      if (this.pg) {
        for (const part of chunks(rows, 50_000))
          await sql`insert into pricing_sheet (sku, retail, compare_at, at)
select u.sku, u.retail, u.compare_at, ${at}::bigint from unnest(${part.map((r) => r.sku)}::bigint[], ${part.map((r) => r.retail)}::bigint[], ${part.map((r) => r.compareAt)}::bigint[]) as u(sku, retail, compare_at)
on conflict (sku) do update set retail = excluded.retail, compare_at = excluded.compare_at, at = excluded.at`.execute(trx);
        return;
      }
      for (const part of chunks(rows, 2000))
        await trx
          .insertInto('pricing_sheet')
          .values(part.map((r) => ({ sku: r.sku, retail: r.retail, compare_at: r.compareAt, at })))
          .onConflict((oc) =>
            oc.column('sku').doUpdateSet((eb) => ({
              retail: eb.ref('excluded.retail'),
              compare_at: eb.ref('excluded.compare_at'),
              at: eb.ref('excluded.at'),
            })),
          )
          .execute();
    });
  }
}
