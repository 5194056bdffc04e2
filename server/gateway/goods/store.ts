import { sql, type Insertable, type Selectable } from 'kysely';
import {
  WATCH_GOODS_RULES_MAX,
  type GoodsDetail,
  type SkuLookupItem,
  type WatchAtRiskGoods,
  type WatchHistoryPoint,
  type WatchRiskData,
  type WatchRiskSku,
} from '../../../contract';
import { WATCH_MESSAGE_TYPE } from '../../../contract/message-kinds';
import { dialectOf, lockKey, type GatewayDb, type Kdb } from '../db';
import { prepared } from '../db/prepared';
import { PRICING_LOCK, readSettings, retailOf, retailSql, skuRetailSql, type Retail } from '../pricing/retail';
import type { PricingSettings } from '../../../contract/schemas/pricing';
import type { GoodsHistoryTable, GoodsSkusTable } from './tables';
import './tables';
import '../mirror/tables';
import '../messages/tables';

/** A SKU as an order line names it: its goods, spec text and the price paid then (fen), at a time (ms). */
export interface LineSku {
  sku: number;
  goodsId: number;
  spec: string;
  price: number;
  at: number;
}

/** Why a SKU is at risk, as bits of `goods_skus.risk`. */
export const RISK = { 'below-margin': 1, 'off-sale': 2, 'out-of-stock': 4 } as const;
export type RiskReason = keyof typeof RISK;
const WATCH_REASON_ORDER = Object.keys(RISK) as RiskReason[];
export const reasonsOf = (bits: number): RiskReason[] => (Object.keys(RISK) as RiskReason[]).filter((r) => bits & RISK[r]);

/** The profit rate (%) of a SKU sold at its guide price, one decimal; null without a price to divide by. */
export const rateOf = (agreement: number, guide: number): number | null =>
  agreement > 0 ? Math.round(((guide - agreement) / agreement) * 1000) / 10 : null;

/**
 * Why a SKU is at risk: off sale, out of stock, or its profit rate at the merchant's retail price
 * (issue 53: its own price, else the pricing rules', else the guide price) below `min` (%). Compared
 * as (retail − agreement) × 100 < min × agreement, exactly as riskSql does.
 */
export function riskOf(
  s: { agreement_price: number; guide_price: number; stock: number; on_sale: number },
  min: number | null,
  retail: number = s.guide_price,
): number {
  let bits = 0;
  if (s.on_sale === 0) bits |= RISK['off-sale'];
  if (s.stock === 0) bits |= RISK['out-of-stock'];
  if (min !== null && s.agreement_price > 0 && (retail - s.agreement_price) * 100 < min * s.agreement_price) bits |= RISK['below-margin'];
  return bits;
}

/**
 * riskOf in SQL, over a goods_skus row (rows learned from order lines only, without prices or state,
 * are never at risk), the retail price by the pricing rules `prices` (pricing/retail.ts).
 */
const riskSql = (min: number | null, pg: boolean, prices: PricingSettings) =>
  sql<number>`(case when on_sale = 0 then ${sql.lit(RISK['off-sale'])} else 0 end) + (case when stock = 0 then ${sql.lit(RISK['out-of-stock'])} else 0 end)${
    min === null
      ? sql``
      : sql` + (case when guide_price is not null and agreement_price > 0 and (${skuRetailSql(prices)} - agreement_price) * 100 < cast(${min} as ${sql.raw(pg ? 'double precision' : 'real')}) * agreement_price then ${sql.lit(RISK['below-margin'])} else 0 end)`
  }`;

/** A point of a SKU's history (`/bff/watch/goods/:id/history`). */
export type HistoryPoint = WatchHistoryPoint;
export type AtRiskGoods = WatchAtRiskGoods;

/**
 * A goods_items row whose goods has a SKU that really changed (not its first read) since `since` (ms):
 * a SKU's previous prices are kept from its first change on, and its changed_at is its last change.
 */
const changedSinceSql = (since: number) =>
  sql<boolean>`exists (select 1 from goods_skus s where s.goods_id = goods_items.goods_id and s.prev_agreement_price is not null and s.changed_at >= ${since})`;

/** Library goods at risk (the predicate of the partial index goods_items_at_risk). */
const AT_RISK = sql<boolean>`risk > 0 and in_library = 1`;
/** Library goods at risk for `reason` (a SKU of theirs has that bit), or for any reason; literals, so the partial index still plans. */
const atRiskFor = (reason?: RiskReason) =>
  reason === undefined ? AT_RISK : sql<boolean>`risk > 0 and in_library = 1 and (risk / ${sql.lit(RISK[reason])}) % 2 = 1`;

export interface Observed {
  /** SKUs whose prices or state changed (history rows written). */
  changed: number;
  /** Goods with a SKU that gained a reason to be at risk. */
  newlyAtRisk: number[];
  /** The inbox messages written for library goods a change put at risk (their seqs; repeats are not written again). */
  messages: number[];
}

/** How far the order mirror's rows have been read into the index: a read time (ms) and an order number. */
export interface MirrorMark {
  at: number;
  sn: string;
}

/** A goods' own minimum refused: the goods is not in the selection library, or WATCH_GOODS_RULES_MAX goods have one already. */
export class RuleRefused extends Error {
  override name = 'RuleRefused';
  constructor(
    readonly rule: 'not_in_library' | 'too_many',
    readonly goodsId: number,
  ) {
    super(
      rule === 'not_in_library'
        ? `Goods ${goodsId} is not in the selection library: a minimum of its own can be set only for library goods. Add it to the library first.`
        : `At most ${WATCH_GOODS_RULES_MAX} goods may have a minimum of their own; remove one before setting another.`,
    );
  }
}

/** PostgreSQL's deadlock and serialization failures: the transaction was rolled back whole, and can run again. */
const TRY_AGAIN = new Set(['40P01', '40001']);
/** Tries of a goods write that met one (the last failure is thrown). */
export const WRITE_TRIES = 5;

/**
 * Runs a write transaction again when PostgreSQL chose it as a deadlock's or a serialization
 * failure's victim (it changed nothing): after a short pause, growing, with some spread, so the two
 * do not meet again at once. Any other failure is thrown at once.
 */
export async function retryingWrite<T>(write: () => Promise<T>, onRetry?: (e: unknown, attempt: number) => void): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (e) {
      if (attempt >= WRITE_TRIES || !TRY_AGAIN.has(String((e as { code?: unknown } | null)?.code))) throw e;
      onRetry?.(e, attempt);
      await new Promise((r) => setTimeout(r, attempt * 10 + Math.random() * 20));
    }
  }
}

const chunks = <T>(xs: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
};

/** A goods detail as a row of the library's list: what the list's columns show, without the detail's long parts. */
const listRow = (g: GoodsDetail): string => {
  const { description: _d, covers: _c, specs: _s, attributes: _a, ...row } = g;
  return JSON.stringify(row);
};

/** The spec text of a SKU option: its value names, as the detail gives them. */
export const specText = (o: { spec_value_names?: string }) => (o.spec_value_names ?? '').trim();

/**
 * What observe compares a SKU's new read with: named, not `*`, so a column added later does not
 * change the result of the named statement that reads them (PostgreSQL refuses a prepared plan whose
 * result changed).
 */
const KEPT_COLUMNS = [
  'sku',
  'agreement_price',
  'guide_price',
  'activity_price',
  'stock',
  'on_sale',
  'read_at',
  'prev_agreement_price',
  'prev_guide_price',
  'changed_at',
  'risk',
] as const;

/**
 * One goods' SKUs (those with points) with their history since `since`, oldest first (by time, then
 * as written), each led by its last row before `since` (a chart starts where the period starts):
 * per SKU, its points as a JSON array of [at, agreement, guide, activity, stock, on sale].
 */
function historyStatement(db: Kdb, pg: boolean) {
  const point = sql.raw(pg ? 'json_build_array' : 'json_array');
  const agg = sql.raw(pg ? 'json_agg' : 'json_group_array');
  return prepared<{ sku: number; spec: string; changes: number[][] | string }, 'goodsId' | 'since'>(db, (p) => ({
    compile: () =>
      sql<{ sku: number; spec: string; changes: number[][] | string }>`
with pts as (
  select sku, id, at, agreement_price, guide_price, activity_price, stock, on_sale from goods_history
  where goods_id = ${p('goodsId')} and at >= ${p('since')}
  union all
  select sku, id, at, agreement_price, guide_price, activity_price, stock, on_sale from goods_history
  where id in (select max(id) from goods_history where goods_id = ${p('goodsId')} and at < ${p('since')} group by sku)
)
select s.sku, s.spec, a.changes
from goods_skus s
join (
  select sku, ${agg}(${point}(at, agreement_price, guide_price, activity_price, stock, on_sale) order by at, id) as changes
  from pts group by sku
) a on a.sku = s.sku
where s.goods_id = ${p('goodsId')}
order by s.sku`.compile(db),
  }));
}

/**
 * observe's statements on PostgreSQL, each one fixed text whatever the batch's size (arrays bound as
 * parameters and unnested), so each is a named statement, parsed and planned once per connection
 * (db/prepared.ts): the SKUs kept of some goods, the rules that apply to them, and the write of a
 * batch (goods, SKUs, history rows) in one statement. The history rows are written whether or not a
 * newer read kept a row from being replaced, as on SQLite.
 */
function pgStatements(db: Kdb) {
  const compiled = (q: ReturnType<typeof sql>) => ({ compile: () => q.compile(db) });
  const kept = prepared(db, (p) =>
    db
      .selectFrom('goods_skus')
      .select(KEPT_COLUMNS)
      .where(sql<boolean>`goods_id = any(${p('ids')}::bigint[])`),
  );
  const rules = prepared(db, (p) =>
    db
      .selectFrom('goods_rules')
      .select(['goods_id', 'min_rate'])
      .where(sql<boolean>`goods_id = 0 or goods_id = any(${p('ids')}::bigint[])`),
  );
  type WriteNames =
    | 'readAt'
    | 'keepLibrary'
    | 'gId'
    | 'gTitle'
    | 'gCover'
    | 'gStatus'
    | 'gStock'
    | 'gInLibrary'
    | 'gChangedAt'
    | 'gRisk'
    | 'gRow'
    | 'sSku'
    | 'sGoods'
    | 'sSpec'
    | 'sAgreement'
    | 'sGuide'
    | 'sActivity'
    | 'sStock'
    | 'sOnSale'
    | 'sPrevAgreement'
    | 'sPrevGuide'
    | 'sChangedAt'
    | 'sRisk'
    | 'hSku'
    | 'hGoods'
    | 'hAgreement'
    | 'hGuide'
    | 'hActivity'
    | 'hStock'
    | 'hOnSale';
  const write = prepared<unknown, WriteNames>(db, (p) =>
    compiled(sql`
with items as (
  insert into goods_items as g (goods_id, title, cover, status, stock, in_library, read_at, changed_at, risk, "row")
  select i.goods_id, i.title, i.cover, i.status, i.stock, i.in_library, ${p('readAt')}::bigint, i.changed_at, i.risk, i."row"
  from unnest(${p('gId')}::bigint[], ${p('gTitle')}::text[], ${p('gCover')}::text[], ${p('gStatus')}::integer[], ${p('gStock')}::bigint[],
    ${p('gInLibrary')}::integer[], ${p('gChangedAt')}::bigint[], ${p('gRisk')}::integer[], ${p('gRow')}::text[])
    as i(goods_id, title, cover, status, stock, in_library, changed_at, risk, "row")
  on conflict (goods_id) do update set
    title = excluded.title, cover = excluded.cover, status = excluded.status, stock = excluded.stock, read_at = excluded.read_at,
    changed_at = coalesce(excluded.changed_at, g.changed_at), risk = excluded.risk, "row" = excluded."row",
    in_library = case when ${p('keepLibrary')}::boolean then g.in_library else excluded.in_library end
  where g.read_at <= excluded.read_at
), skus as (
  insert into goods_skus as s (sku, goods_id, spec, agreement_price, guide_price, activity_price, stock, on_sale, read_at, prev_agreement_price, prev_guide_price, changed_at, risk)
  select k.sku, k.goods_id, k.spec, k.agreement_price, k.guide_price, k.activity_price, k.stock, k.on_sale, ${p('readAt')}::bigint,
    k.prev_agreement_price, k.prev_guide_price, k.changed_at, k.risk
  from unnest(${p('sSku')}::bigint[], ${p('sGoods')}::bigint[], ${p('sSpec')}::text[], ${p('sAgreement')}::bigint[], ${p('sGuide')}::bigint[],
    ${p('sActivity')}::bigint[], ${p('sStock')}::bigint[], ${p('sOnSale')}::integer[], ${p('sPrevAgreement')}::bigint[], ${p('sPrevGuide')}::bigint[],
    ${p('sChangedAt')}::bigint[], ${p('sRisk')}::integer[])
    as k(sku, goods_id, spec, agreement_price, guide_price, activity_price, stock, on_sale, prev_agreement_price, prev_guide_price, changed_at, risk)
  on conflict (sku) do update set
    goods_id = excluded.goods_id, spec = excluded.spec, agreement_price = excluded.agreement_price, guide_price = excluded.guide_price,
    activity_price = excluded.activity_price, stock = excluded.stock, on_sale = excluded.on_sale, read_at = excluded.read_at,
    prev_agreement_price = excluded.prev_agreement_price, prev_guide_price = excluded.prev_guide_price, changed_at = excluded.changed_at,
    risk = excluded.risk
  where s.read_at <= excluded.read_at or s.guide_price is null
)
insert into goods_history (sku, goods_id, at, agreement_price, guide_price, activity_price, stock, on_sale)
select h.sku, h.goods_id, ${p('readAt')}::bigint, h.agreement_price, h.guide_price, h.activity_price, h.stock, h.on_sale
from unnest(${p('hSku')}::bigint[], ${p('hGoods')}::bigint[], ${p('hAgreement')}::bigint[], ${p('hGuide')}::bigint[], ${p('hActivity')}::bigint[],
  ${p('hStock')}::bigint[], ${p('hOnSale')}::integer[])
  as h(sku, goods_id, agreement_price, guide_price, activity_price, stock, on_sale)`),
  );
  return { kept, rules, write };
}

/**
 * The goods module's rows: SKUs (the index), goods whose whole detail was read, small state. Prices
 * in fen, times in ms. An older read never replaces a newer one.
 */
export class GoodsStore {
  readonly db: Kdb;
  private readonly pg: boolean;
  constructor(db: GatewayDb | Kdb) {
    this.db = 'kysely' in db ? db.kysely : db;
    this.pg = dialectOf(this.db) === 'postgres';
  }

  private pgWrites: ReturnType<typeof pgStatements> | null = null;
  /** observe's statements on PostgreSQL, compiled on first use. */
  private pgStatements() {
    return (this.pgWrites ??= pgStatements(this.db));
  }

  /** The minimum profit rates: per goods, and for the whole library under 0. */
  async rules(goodsIds?: readonly number[], db: Kdb = this.db): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    // Named goods 500 at a time (a statement's variables are bounded: SQLite's at 32,766).
    for (const part of goodsIds ? chunks([0, ...goodsIds], 500) : [null]) {
      let q = db.selectFrom('goods_rules').select(['goods_id', 'min_rate']);
      if (part) q = q.where('goods_id', 'in', part);
      for (const r of await q.execute()) out.set(Number(r.goods_id), Number(r.min_rate));
    }
    return out;
  }

  /** How many goods have a minimum of their own (at most WATCH_GOODS_RULES_MAX). */
  async goodsRuleCount(db: Kdb = this.db): Promise<number> {
    const r = await db
      .selectFrom('goods_rules')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('goods_id', '<>', 0)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /** The own retail prices (fen) of the SKUs of some goods (pricing_own), by SKU. */
  async ownPrices(goodsIds: readonly number[], db: Kdb = this.db): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (goodsIds.length === 0) return out;
    if (this.pg) {
      // One fixed text whatever the number of goods.
      const r = await sql<{
        sku: number;
        retail: number;
      }>`select sku, retail from pricing_own where goods_id = any(${goodsIds}::bigint[]) and retail is not null`.execute(db);
      for (const row of r.rows) out.set(Number(row.sku), Number(row.retail));
      return out;
    }
    for (const part of chunks(goodsIds, 500))
      for (const r of await db
        .selectFrom('pricing_own')
        .select(['sku', 'retail'])
        .where('goods_id', 'in', part)
        .where('retail', 'is not', null)
        .execute())
        out.set(Number(r.sku), Number(r.retail));
    return out;
  }

  /**
   * The risks again after the merchant's prices changed (issue 53: the pricing rules, or some goods'
   * own prices), in the caller's transaction: each SKU read whole (of `goodsIds`, else every one) with
   * its goods' minimum and the retail price of `prices`; only the rows whose risk changes are written,
   * and the goods of those. Joined, not a subquery per row (PostgreSQL ran four subplans per SKU:
   * 0.7 s for 20,000 SKUs). Answers the goods whose risk changed.
   */
  async repriceRisk(trx: Kdb, prices: PricingSettings, goodsIds?: readonly number[]): Promise<number[]> {
    if (goodsIds?.length === 0) return [];
    const real = sql.raw(this.pg ? 'double precision' : 'real');
    const retail = retailSql(prices, { cost: sql`k.agreement_price`, guide: sql`k.guide_price`, own: sql`o.retail` });
    const risk = sql<number>`(case when k.on_sale = 0 then ${sql.lit(RISK['off-sale'])} else 0 end) + (case when k.stock = 0 then ${sql.lit(RISK['out-of-stock'])} else 0 end) + (case when k.agreement_price > 0 and (${retail} - k.agreement_price) * 100 < cast(coalesce(r.min_rate, l.min_rate) as ${real}) * k.agreement_price then ${sql.lit(RISK['below-margin'])} else 0 end)`;
    const only = (col: string) => (goodsIds ? sql` and ${sql.raw(col)} in (${sql.join(goodsIds.map((id) => sql.lit(id)))})` : sql``);
    const { rows } = await sql<{ goods_id: number }>`update goods_skus set risk = v.risk
from (
  select k.sku, ${risk} as risk, k.risk as was
  from goods_skus k
  left join pricing_own o on o.sku = k.sku
  left join goods_rules r on r.goods_id = k.goods_id
  left join goods_rules l on l.goods_id = 0
  where k.guide_price is not null${only('k.goods_id')}
) v
where goods_skus.sku = v.sku and v.risk <> v.was
returning goods_skus.goods_id`.execute(trx);
    const moved = [...new Set(rows.map((r) => Number(r.goods_id)))];
    if (moved.length === 0) return moved;
    // Each goods' risk: the bits of its SKUs' together (every goods at once after a rule change, else the goods named).
    const bits = sql<number>`max((risk / 1) % 2) * 1 + max((risk / 2) % 2) * 2 + max((risk / 4) % 2) * 4`;
    await sql`update goods_items set risk = a.bits
from (select goods_id, ${bits} as bits from goods_skus where 1 = 1${only('goods_id')} group by goods_id) a
where goods_items.goods_id = a.goods_id and goods_items.risk <> a.bits`.execute(trx);
    return moved;
  }

  /**
   * Goods details as read at `readAt`, compared with what is kept: each goods and every SKU of it
   * written, and for every SKU whose prices, sale state or stock state changed (or that is new) a
   * history row, in one transaction. `inLibrary`: they were read as the selection library's goods
   * (true), or the flag is left as it is (undefined). Answers how many SKUs changed and which goods
   * gained a reason to be at risk.
   */
  async observe(goods: readonly GoodsDetail[], readAt: number, inLibrary?: boolean): Promise<Observed> {
    if (goods.length === 0) return { changed: 0, newlyAtRisk: [], messages: [] };
    // A deadlock with another writer of these rows (a rule's risks written over the library) is run again.
    return retryingWrite(() => this.observeOnce(goods, readAt, inLibrary)).catch((e: unknown) => {
      // Said as the gateway's own failure: a goods read the linker asked for fails with it, and its log
      // line must not read as the upstream's (the upstream did answer).
      throw new Error(`the goods mirror could not be written (${e instanceof Error ? e.message : String(e)})`, { cause: e });
    });
  }

  private async observeOnce(goods: readonly GoodsDetail[], readAt: number, inLibrary?: boolean): Promise<Observed> {
    const result: Observed = { changed: 0, newlyAtRisk: [], messages: [] };
    const byId = new Map(goods.map((g) => [g.id, g]));
    const ids = [...byId.keys()];
    await this.db.transaction().execute(async (trx) => {
      const kept = new Map<number, Pick<Selectable<GoodsSkusTable>, (typeof KEPT_COLUMNS)[number]>>();
      let rules: Map<number, number>;
      if (this.pg) {
        // Two gateways reading the same goods at once (each from its own message) both compared with
        // the same kept prices and both wrote the change to history, and their writes of the same rows
        // in different orders deadlocked. Each goods is taken in turn (a transaction-scoped advisory
        // lock per goods, taken in one order: ascending key), before what is kept is read: the second
        // writer reads what the first wrote (read committed: each statement sees what was committed
        // before it), so a change is written once, and goods writes never wait on each other in a circle.
        await sql`select count(*) from (select pg_advisory_xact_lock(hashtext('supply-desk:goods'), k) from (select distinct (id % 2147483647)::integer as k from unnest(${ids}::bigint[]) as u(id) order by k) ks) l`.execute(
          trx,
        );
        // The pricing rules cannot change while this write reckons its risks with them (a change takes it alone).
        await sql`select pg_advisory_xact_lock_shared(${PRICING_LOCK}::bigint)`.execute(trx);
        // Fixed texts (an array, not a list of values), so each is a named statement planned once per connection.
        const pg = this.pgStatements();
        for (const r of (await pg.kept({ ids }, trx)).rows) kept.set(Number(r.sku), r);
        rules = new Map((await pg.rules({ ids }, trx)).rows.map((r) => [Number(r.goods_id), Number(r.min_rate)]));
      } else {
        for (const part of chunks(ids, 500))
          for (const r of await trx.selectFrom('goods_skus').select(KEPT_COLUMNS).where('goods_id', 'in', part).execute())
            kept.set(Number(r.sku), r);
        rules = await this.rules(ids, trx);
      }
      // The merchant's retail prices (issue 53): the below-margin risk is reckoned on them.
      const prices = (await readSettings(trx)).settings;
      const own = await this.ownPrices(ids, trx);
      const skus: Insertable<GoodsSkusTable>[] = [];
      const history: Insertable<GoodsHistoryTable>[] = [];
      const changedGoods = new Set<number>();
      const atRisk = new Set<number>();
      /** Goods a change (not a first read) put at risk: told in the inbox when they are library goods. */
      const toTell = new Map<number, { min: number | null; since: number; skus: WatchRiskSku[] }>();
      const goodsRisk = new Map<number, number>();
      for (const g of byId.values()) {
        const min = rules.get(g.id) ?? rules.get(0) ?? null;
        for (const o of g.specs?.options ?? []) {
          const prev = kept.get(o.id);
          // An older read never replaces a newer one; a SKU known only from an order line (no guide
          // price: its time is the order's) is replaced by any read of its goods (issue 49).
          if (prev && prev.guide_price !== null && Number(prev.read_at) > readAt) continue;
          const now = {
            agreement_price: o.agreement_price,
            guide_price: o.guide_price,
            activity_price: o.activity_price,
            stock: o.stock,
            // A SKU off sale by itself (status 0), or the whole goods off sale.
            on_sale: g.status === 1 && o.status !== 0 ? 1 : 0,
          };
          const full = prev !== undefined && prev.guide_price !== null;
          const moved =
            !full ||
            Number(prev.agreement_price) !== now.agreement_price ||
            Number(prev.guide_price) !== now.guide_price ||
            Number(prev.activity_price) !== now.activity_price ||
            Number(prev.on_sale) !== now.on_sale ||
            (Number(prev.stock) === 0) !== (now.stock === 0);
          const retail = retailOf(now.agreement_price, now.guide_price, own.get(o.id), prices);
          const risk = riskOf(now, min, retail.retail);
          if (risk & ~Number(prev?.risk ?? 0)) {
            atRisk.add(g.id);
            if (full && moved) {
              const tell = toTell.get(g.id) ?? { min, since: 0, skus: [] };
              toTell.set(g.id, tell);
              // The change is known by the goods and when its SKUs last changed before it (as this transaction read them).
              tell.since = Math.max(tell.since, Number(prev.changed_at ?? 0));
              const before = retailOf(Number(prev.agreement_price), Number(prev.guide_price), own.get(o.id), prices);
              tell.skus.push({
                sku: o.id,
                spec: specText(o),
                reasons: reasonsOf(risk),
                agreementPrice: now.agreement_price,
                agreementBefore: Number(prev.agreement_price),
                rateBefore: rateOf(Number(prev.agreement_price), before.retail),
                rateAfter: rateOf(now.agreement_price, retail.retail),
                retail: retail.retail,
                retailSource: retail.source,
              });
            }
          }
          goodsRisk.set(g.id, (goodsRisk.get(g.id) ?? 0) | risk);
          skus.push({
            sku: o.id,
            goods_id: g.id,
            spec: specText(o),
            ...now,
            read_at: readAt,
            prev_agreement_price: moved ? (full ? Number(prev.agreement_price) : null) : (prev?.prev_agreement_price ?? null),
            prev_guide_price: moved ? (full ? Number(prev.guide_price) : null) : (prev?.prev_guide_price ?? null),
            changed_at: moved ? readAt : (prev?.changed_at ?? readAt),
            risk,
          });
          if (moved) {
            history.push({ sku: o.id, goods_id: g.id, at: readAt, ...now });
            changedGoods.add(g.id);
          }
        }
      }
      const items = [...byId.values()].map((g) => ({
        goods_id: g.id,
        title: g.title,
        cover: g.cover,
        status: g.status,
        stock: g.stock,
        in_library: inLibrary ? 1 : 0,
        read_at: readAt,
        changed_at: changedGoods.has(g.id) ? readAt : null,
        risk: goodsRisk.get(g.id) ?? 0,
        row: listRow(g),
      }));
      if (this.pg) {
        // The goods, their SKUs and the history rows in one statement (one round trip, whatever the batch's size).
        const col = <T, K extends keyof T>(rows: T[], k: K) => rows.map((r) => r[k]);
        await this.pgStatements().write(
          {
            readAt,
            keepLibrary: inLibrary === undefined,
            gId: col(items, 'goods_id'),
            gTitle: col(items, 'title'),
            gCover: col(items, 'cover'),
            gStatus: col(items, 'status'),
            gStock: col(items, 'stock'),
            gInLibrary: col(items, 'in_library'),
            gChangedAt: col(items, 'changed_at'),
            gRisk: col(items, 'risk'),
            gRow: col(items, 'row'),
            sSku: col(skus, 'sku'),
            sGoods: col(skus, 'goods_id'),
            sSpec: col(skus, 'spec'),
            sAgreement: col(skus, 'agreement_price'),
            sGuide: col(skus, 'guide_price'),
            sActivity: col(skus, 'activity_price'),
            sStock: col(skus, 'stock'),
            sOnSale: col(skus, 'on_sale'),
            sPrevAgreement: col(skus, 'prev_agreement_price'),
            sPrevGuide: col(skus, 'prev_guide_price'),
            sChangedAt: col(skus, 'changed_at'),
            sRisk: col(skus, 'risk'),
            hSku: col(history, 'sku'),
            hGoods: col(history, 'goods_id'),
            hAgreement: col(history, 'agreement_price'),
            hGuide: col(history, 'guide_price'),
            hActivity: col(history, 'activity_price'),
            hStock: col(history, 'stock'),
            hOnSale: col(history, 'on_sale'),
          },
          trx,
        );
        result.messages = await this.tell(trx, toTell, readAt);
        result.changed = history.length;
        result.newlyAtRisk = [...atRisk];
        return;
      }
      for (const part of chunks(items, 100)) {
        await trx
          .insertInto('goods_items')
          .values(part)
          .onConflict((oc) =>
            oc
              .column('goods_id')
              .doUpdateSet((eb) => ({
                title: eb.ref('excluded.title'),
                cover: eb.ref('excluded.cover'),
                status: eb.ref('excluded.status'),
                stock: eb.ref('excluded.stock'),
                read_at: eb.ref('excluded.read_at'),
                changed_at: eb.fn.coalesce('excluded.changed_at', 'goods_items.changed_at'),
                risk: eb.ref('excluded.risk'),
                row: eb.ref('excluded.row'),
                ...(inLibrary !== undefined && { in_library: eb.ref('excluded.in_library') }),
              }))
              .where('goods_items.read_at', '<=', readAt),
          )
          .execute();
      }
      for (const part of chunks(skus, 100)) {
        await trx
          .insertInto('goods_skus')
          .values(part)
          .onConflict((oc) =>
            oc
              .column('sku')
              .doUpdateSet((eb) => ({
                goods_id: eb.ref('excluded.goods_id'),
                spec: eb.ref('excluded.spec'),
                agreement_price: eb.ref('excluded.agreement_price'),
                guide_price: eb.ref('excluded.guide_price'),
                activity_price: eb.ref('excluded.activity_price'),
                stock: eb.ref('excluded.stock'),
                on_sale: eb.ref('excluded.on_sale'),
                read_at: eb.ref('excluded.read_at'),
                prev_agreement_price: eb.ref('excluded.prev_agreement_price'),
                prev_guide_price: eb.ref('excluded.prev_guide_price'),
                changed_at: eb.ref('excluded.changed_at'),
                risk: eb.ref('excluded.risk'),
              }))
              .where((eb) => eb.or([eb('goods_skus.read_at', '<=', readAt), eb('goods_skus.guide_price', 'is', null)])),
          )
          .execute();
      }
      result.messages = await this.tell(trx, toTell, readAt);
      for (const part of chunks(history, 200)) await trx.insertInto('goods_history').values(part).execute();
      result.changed = history.length;
      result.newlyAtRisk = [...atRisk];
    });
    return result;
  }

  /**
   * The inbox messages of a change that put library goods at risk (one per goods and change), in the
   * observe's transaction. The message id names the goods and when its SKUs last changed before this
   * change, as read at the transaction's start: two gateways storing the same change at once write
   * one message (the second insert meets the first's id), and a later change has another id.
   */
  private async tell(
    trx: Kdb,
    toTell: Map<number, { min: number | null; since: number; skus: WatchRiskSku[] }>,
    at: number,
  ): Promise<number[]> {
    if (toTell.size === 0) return [];
    const seqs: number[] = [];
    for (const part of chunks([...toTell.keys()], 500)) {
      const library = await trx
        .selectFrom('goods_items')
        .select(['goods_id', 'title'])
        .where('goods_id', 'in', part)
        .where('in_library', '=', 1)
        .execute();
      for (const r of library) {
        const goodsId = Number(r.goods_id);
        const { min, since, skus } = toTell.get(goodsId)!;
        skus.sort((a, b) => a.sku - b.sku);
        const reasons = WATCH_REASON_ORDER.filter((x) => skus.some((s) => s.reasons.includes(x)));
        const data: WatchRiskData = { goodsIds: [goodsId], title: r.title, reasons, minRate: min, skus };
        const row = await trx
          .insertInto('messages')
          .values({
            id: `sd-watch:${goodsId}:${since}`,
            type: WATCH_MESSAGE_TYPE,
            grp: 'goods',
            data: JSON.stringify(data),
            pushed_ms: null,
            received_ms: at,
            order_sn: null,
            // Nothing to look up: the message says what the gateway read.
            refs: JSON.stringify({ goods: [{ id: goodsId, title: r.title }] }),
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .returning('seq')
          .executeTakeFirst();
        if (row) seqs.push(Number(row.seq));
      }
    }
    return seqs;
  }

  /** Sets (a number) or removes (null) the minimum profit rate of one goods, or of the library (0); the risks follow. */
  async setRule(goodsId: number, minRate: number | null, by: string, at: number): Promise<void> {
    // Over the whole library it writes many goods' rows: a deadlock with a goods write is run again.
    await retryingWrite(() => this.setRuleOnce(goodsId, minRate, by, at));
  }

  private async setRuleOnce(goodsId: number, minRate: number | null, by: string, at: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // The risks are reckoned on the pricing rules read below: they may not change meanwhile.
      if (this.pg) await sql`select pg_advisory_xact_lock_shared(${PRICING_LOCK}::bigint)`.execute(trx);
      if (goodsId !== 0 && minRate !== null) {
        // Bounded: only library goods, and at most WATCH_GOODS_RULES_MAX of them (counted one writer at
        // a time on PostgreSQL, so two at once cannot both pass the last place).
        if (this.pg) await sql`select pg_advisory_xact_lock(${lockKey('goods.rules')}::bigint)`.execute(trx);
        const item = await trx.selectFrom('goods_items').select('in_library').where('goods_id', '=', goodsId).executeTakeFirst();
        if (Number(item?.in_library ?? 0) !== 1) throw new RuleRefused('not_in_library', goodsId);
        const has = await trx.selectFrom('goods_rules').select('goods_id').where('goods_id', '=', goodsId).executeTakeFirst();
        if (!has && (await this.goodsRuleCount(trx)) >= WATCH_GOODS_RULES_MAX) throw new RuleRefused('too_many', goodsId);
      }
      if (minRate === null) await trx.deleteFrom('goods_rules').where('goods_id', '=', goodsId).execute();
      else
        await trx
          .insertInto('goods_rules')
          .values({ goods_id: goodsId, min_rate: minRate, updated_at: at, updated_by: by })
          .onConflict((oc) => oc.column('goods_id').doUpdateSet({ min_rate: minRate, updated_at: at, updated_by: by }))
          .execute();
      // The library's minimum applies to goods without their own; a goods' own, or the library's when it has none.
      const rules = await this.rules(goodsId === 0 ? [] : [goodsId], trx);
      const min = goodsId === 0 ? (rules.get(0) ?? null) : (rules.get(goodsId) ?? rules.get(0) ?? null);
      // Goods with their own minimum, as a subquery (as a list of values, ~33,000 of them overflowed SQLite's variables).
      const own = sql<boolean>`goods_id not in (select r.goods_id from goods_rules r where r.goods_id <> 0)`;
      const prices = (await readSettings(trx)).settings;
      let q = trx.updateTable('goods_skus').set({ risk: riskSql(min, dialectOf(trx) === 'postgres', prices) });
      q = goodsId !== 0 ? q.where('goods_id', '=', goodsId) : q.where(own);
      await q.execute();
      // Each goods' risk: the bits of its SKUs' together.
      const bit = (b: number) =>
        sql<number>`(case when exists (select 1 from goods_skus s where s.goods_id = goods_items.goods_id and s.risk > 0 and (s.risk / ${sql.lit(b)}) % 2 = 1) then ${sql.lit(b)} else 0 end)`;
      let g = trx.updateTable('goods_items').set({ risk: sql<number>`${bit(1)} + ${bit(2)} + ${bit(4)}` });
      g = goodsId !== 0 ? g.where('goods_id', '=', goodsId) : g.where(own);
      await g.execute();
    });
  }
  /**
   * Library goods with a SKU at risk, the latest change first: a page of them with each SKU at risk
   * (its rate before the last change and now, with the minimum that applies), and how many in all.
   */
  async atRisk(page: number, size: number, reason?: RiskReason): Promise<{ total: number; list: AtRiskGoods[] }> {
    // Written as literals, so PostgreSQL plans with the partial index goods_items_at_risk (a bound value would not match its predicate).
    const base = this.db.selectFrom('goods_items').where(atRiskFor(reason));
    const [count, ids] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      base
        .select('goods_id')
        .orderBy('changed_at', 'desc')
        .orderBy('goods_id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
    ]);
    const goodsIds = ids.map((r) => Number(r.goods_id));
    if (goodsIds.length === 0) return { total: Number(count?.n ?? 0), list: [] };
    const [rows, rules, prices, own] = await Promise.all([
      this.db
        .selectFrom('goods_skus as s')
        .innerJoin('goods_items as g', 'g.goods_id', 's.goods_id')
        .select([
          's.goods_id',
          's.sku',
          's.spec',
          's.agreement_price',
          's.guide_price',
          's.stock',
          's.on_sale',
          's.prev_agreement_price',
          's.prev_guide_price',
          's.changed_at',
          's.risk',
          'g.title',
          'g.cover',
        ])
        .where('s.goods_id', 'in', goodsIds)
        .where('s.risk', '>', 0)
        .execute(),
      this.rules(goodsIds),
      readSettings(this.db),
      this.ownPrices(goodsIds),
    ]);
    const byGoods = new Map<number, AtRiskGoods>();
    for (const id of goodsIds)
      byGoods.set(id, {
        goodsId: id,
        title: '',
        cover: '',
        reasons: [],
        minRate: rules.get(id) ?? rules.get(0) ?? null,
        changedAt: 0,
        skus: [],
      });
    for (const r of rows) {
      const g = byGoods.get(Number(r.goods_id))!;
      g.title = r.title;
      g.cover = r.cover;
      const bits = Number(r.risk);
      for (const reason of reasonsOf(bits)) if (!g.reasons.includes(reason)) g.reasons.push(reason);
      const agreement = Number(r.agreement_price);
      const guide = Number(r.guide_price ?? 0);
      const changedAt = Number(r.changed_at ?? 0);
      g.changedAt = Math.max(g.changedAt, changedAt);
      // The rates at the merchant's retail price (own, else the rules', else the guide price), before the last change as now.
      const ownPrice = own.get(Number(r.sku));
      const retail: Retail = retailOf(agreement, guide, ownPrice, prices.settings);
      const before =
        r.prev_agreement_price === null
          ? null
          : retailOf(Number(r.prev_agreement_price), Number(r.prev_guide_price ?? guide), ownPrice, prices.settings);
      g.skus.push({
        sku: Number(r.sku),
        spec: r.spec,
        reasons: reasonsOf(bits),
        agreementPrice: agreement,
        guidePrice: guide,
        retail: retail.retail,
        retailSource: retail.source,
        stock: Number(r.stock ?? 0),
        onSale: Number(r.on_sale) === 1,
        rateBefore: before === null ? null : rateOf(Number(r.prev_agreement_price), before.retail),
        rateAfter: rateOf(agreement, retail.retail),
        agreementBefore: r.prev_agreement_price === null ? null : Number(r.prev_agreement_price),
        changedAt,
      });
    }
    for (const g of byGoods.values()) g.skus.sort((a, b) => a.sku - b.sku);
    return { total: Number(count?.n ?? 0), list: goodsIds.map((id) => byGoods.get(id)!) };
  }

  /** How many library goods are at risk now (the merchant strip's figure), or at risk for `reason` (off sale: the strip's and the overview's "library goods off sale"). */
  async atRiskCount(reason?: RiskReason): Promise<number> {
    const r = await this.db
      .selectFrom('goods_items')
      .where(atRiskFor(reason))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /**
   * One goods' SKUs with their history since `since` (ms), oldest first; each SKU's last row before
   * `since` leads, so a chart starts where the period starts.
   */
  async history(goodsId: number, since: number): Promise<{ sku: number; spec: string; changes: HistoryPoint[] }[]> {
    // One statement: each SKU's points as one JSON array built by the database (a year of a goods is ~1,500
    // rows: read as rows, their decoding was most of the time on PostgreSQL, ~5 of ~8 ms).
    const rows = (await this.historyQuery()({ goodsId, since })).rows;
    return rows.map((r) => ({
      sku: Number(r.sku),
      spec: r.spec,
      changes: (typeof r.changes === 'string' ? (JSON.parse(r.changes) as number[][]) : r.changes).map(
        ([at, agreement, guide, activity, stock, onSale]) => ({
          at: at!,
          agreementPrice: agreement!,
          guidePrice: guide!,
          activityPrice: activity!,
          stock: stock!,
          onSale: onSale === 1,
          rate: rateOf(agreement!, guide!),
        }),
      ),
    }));
  }

  private historyStatement: ReturnType<typeof historyStatement> | null = null;
  private historyQuery() {
    return (this.historyStatement ??= historyStatement(this.db, this.pg));
  }

  /**
   * When each of `goodsIds` last changed price or sale state (ms), for those the mirror has seen
   * change: a SKU's first read is not a change (a goods just added to the mirror has not "changed").
   */
  async changedAt(goodsIds: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    for (const part of chunks(goodsIds, 500)) {
      const rows = await this.db
        .selectFrom('goods_skus')
        .select(['goods_id', (eb) => eb.fn.max('changed_at').as('at')])
        .where('goods_id', 'in', part)
        .where('prev_agreement_price', 'is not', null)
        .groupBy('goods_id')
        .execute();
      for (const r of rows) if (r.at !== null) out.set(Number(r.goods_id), Number(r.at));
    }
    return out;
  }

  /** Library goods whose prices or sale state changed since `since` (ms), the latest first (a first read is no change). */
  async changedSince(since: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('goods_items')
      .select('goods_id')
      .where('changed_at', '>=', since)
      .where('in_library', '=', 1)
      .where(changedSinceSql(since))
      .orderBy('changed_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => Number(r.goods_id));
  }

  /**
   * Library goods whose prices or sale state changed since `since` (ms), the latest change first, as
   * rows of the library's list (their titles holding `q`, when given): a page of them, how many in
   * all, and when the oldest row of the page was read from the supplier (ms).
   */
  async changedRows(
    since: number,
    page: number,
    size: number,
    q?: string,
  ): Promise<{ count: number; list: Record<string, unknown>[]; readAt: number | null }> {
    let base = this.db
      .selectFrom('goods_items')
      .where('changed_at', '>=', since)
      .where('in_library', '=', 1)
      .where('row', 'is not', null)
      .where(changedSinceSql(since));
    if (q) base = base.where(sql<boolean>`title like ${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      base
        .select(['row', 'read_at'])
        .orderBy('changed_at', 'desc')
        .orderBy('goods_id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
    ]);
    return {
      count: Number(count?.n ?? 0),
      list: rows.map((r) => JSON.parse(r.row!) as Record<string, unknown>),
      readAt: rows.length ? Math.min(...rows.map((r) => Number(r.read_at))) : null,
    };
  }

  /** Goods marked in the library whose detail was last read before `before` (a reconcile did not meet them): no longer in it. */
  async leftLibrary(before: number): Promise<number> {
    const r = await this.db
      .updateTable('goods_items')
      .set({ in_library: 0 })
      .where('in_library', '=', 1)
      .where('read_at', '<', before)
      .executeTakeFirst();
    return Number(r.numUpdatedRows ?? 0);
  }

  /** SKUs named by order lines: kept only where the index has nothing on them (a detail says more). */
  async writeLines(lines: readonly LineSku[]): Promise<number> {
    const latest = new Map<number, LineSku>();
    for (const l of lines) if ((latest.get(l.sku)?.at ?? -1) < l.at) latest.set(l.sku, l);
    let added = 0;
    for (const part of chunks([...latest.values()], 200)) {
      const r = await this.db
        .insertInto('goods_skus')
        .values(part.map((l) => ({ sku: l.sku, goods_id: l.goodsId, spec: l.spec, agreement_price: l.price, read_at: l.at })))
        .onConflict((oc) => oc.column('sku').doNothing())
        .executeTakeFirst();
      added += Number(r.numInsertedOrUpdatedRows ?? 0);
    }
    return added;
  }

  /** The SKUs the index knows among `skus`. */
  async lookup(skus: readonly number[]): Promise<SkuLookupItem[]> {
    const out: SkuLookupItem[] = [];
    for (const part of chunks(skus, 500)) {
      const rows = await this.db
        .selectFrom('goods_skus')
        .select(['sku', 'goods_id', 'spec', 'agreement_price', 'read_at'])
        .where('sku', 'in', part)
        .execute();
      for (const r of rows)
        out.push({
          sku: Number(r.sku),
          goodsId: Number(r.goods_id),
          spec: r.spec,
          agreementPrice: Number(r.agreement_price),
          readAt: Number(r.read_at),
        });
    }
    return out;
  }

  /** Those of `goodsIds` whose whole detail has been read (at or after `since`, ms, when given). */
  async readGoods(goodsIds: readonly number[], since?: number): Promise<Set<number>> {
    const out = new Set<number>();
    for (const part of chunks(goodsIds, 500)) {
      let q = this.db.selectFrom('goods_items').select('goods_id').where('goods_id', 'in', part);
      if (since !== undefined) q = q.where('read_at', '>=', since);
      for (const r of await q.execute()) out.add(Number(r.goods_id));
    }
    return out;
  }

  /** Marks goods as in the selection library (true) or no longer in it. */
  async setInLibrary(goodsIds: readonly number[], inLibrary: boolean): Promise<void> {
    for (const part of chunks(goodsIds, 500))
      await this.db
        .updateTable('goods_items')
        .set({ in_library: inLibrary ? 1 : 0 })
        .where('goods_id', 'in', part)
        // Only rows that change: a page of the library read again writes nothing.
        .where('in_library', '=', inLibrary ? 0 : 1)
        .execute();
  }

  async state(name: string): Promise<string | undefined> {
    const r = await this.db.selectFrom('goods_state').select('value').where('name', '=', name).executeTakeFirst();
    return r?.value;
  }

  async setState(name: string, value: string): Promise<void> {
    await this.db
      .insertInto('goods_state')
      .values({ name, value })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
      .execute();
  }

  /**
   * Order mirror rows read after `from` (their read time, then their number), at most `limit`, the
   * oldest read first: their lines' SKUs, and where to go on from.
   */
  async mirrorLines(from: MirrorMark, limit: number): Promise<{ lines: LineSku[]; next: MirrorMark; rows: number }> {
    const rows = await this.db
      .selectFrom('mirror_orders')
      .select(['sn', 'data', 'read_at', 'created_time'])
      .where((eb) => eb.or([eb('read_at', '>', from.at), eb.and([eb('read_at', '=', from.at), eb('sn', '>', from.sn)])]))
      .orderBy('read_at')
      .orderBy('sn')
      .limit(limit)
      .execute();
    const lines: LineSku[] = [];
    let next = from;
    for (const r of rows) {
      next = { at: Number(r.read_at), sn: r.sn };
      let order: { children?: { goods?: { sku?: unknown; goodsId?: unknown; skuName?: unknown; price?: unknown }[] }[] };
      try {
        order = JSON.parse(r.data) as typeof order;
      } catch {
        continue;
      }
      for (const child of order.children ?? [])
        for (const g of child.goods ?? []) {
          if (typeof g.sku !== 'number' || typeof g.goodsId !== 'number' || !(g.sku > 0) || !(g.goodsId > 0)) continue;
          lines.push({
            sku: g.sku,
            goodsId: g.goodsId,
            spec: typeof g.skuName === 'string' ? g.skuName : '',
            price: typeof g.price === 'number' ? g.price : 0,
            at: Number(r.created_time) * 1000,
          });
        }
    }
    return { lines, next, rows: rows.length };
  }
}
