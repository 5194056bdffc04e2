import { sql, type Selectable } from 'kysely';
import type { AfterSaleRecord, CashFlow, ErrorOrder, Order, OrderRefund } from '../../../contract';
import type { MirrorRefundsTable } from './tables';
import type { GatewayDb, Kdb } from '../db';
import { dialectOf } from '../db/dialect';
import { lockKey } from '../db';
import { writePackages } from '../shipments/store';
import { phoneTail } from './phone-tail';
import { addSaleRows, addSales, saleRows, salesOf, type SaleRow } from './sales';
import {
  AFTER_SALE_FINAL,
  afterSaleContributions,
  CASH_IN,
  CASH_OUT,
  cashContributions,
  cashOrderKey,
  changes,
  dayOf,
  diff,
  FIGURES,
  failedContributions,
  FINAL_STATUSES,
  matchRefunds,
  merge,
  orderKeys,
  orderOfSn,
  refundContributions,
  weekOf,
  type Refund,
  type ListDim,
  ZERO_FIGURES,
  type Contribution,
  type Dimension,
  type Figures,
} from './rollups';

/** One period's figures as the overview reads them from the daily rollups. */

/** A kept refund row as the contract says a refund (the numbers the driver may answer as text made numbers). */
const orderRefundOf = (r: Selectable<MirrorRefundsTable>): OrderRefund => ({
  sn: r.sn,
  lineSn: r.line_sn,
  afterSaleId: r.after_sale_id === null ? null : Number(r.after_sale_id),
  cashId: r.cash_id === null ? null : Number(r.cash_id),
  money: Number(r.money),
  pieces: Number(r.pieces),
  time: Number(r.time),
  day: r.day,
});

export interface PeriodFigures {
  from: string;
  to: string;
  totals: Figures;
  /** Every day of the period, in order, zeros included. */
  days: ({ day: string } & Figures)[];
  byChannel: ({ key: string } & Figures)[];
  byProvince: ({ key: string } & Figures)[];
  /** The ten goods sold most by quantity, and by GMV. */
  topGoodsByItems: ({ key: string; label: string } & Figures)[];
  topGoodsByGmv: ({ key: string; label: string } & Figures)[];
  /**
   * The orders with a sale amount (mirror/sales.ts) from the same rollups: in all, by channel, for
   * the goods listed above, and the ten goods with the most sales (with the top goods: not when
   * `goods: false`).
   */
  sales: {
    totals: SaleSums;
    byChannel: Map<string, SaleSums>;
    goods: Map<string, SaleSums>;
    topGoodsBySales: ({ key: string; label: string } & SaleSums)[];
  };
  /** After-sale requests asked for in the period (`orders`: requests), by reason (code; words as label) and by status. */
  afterSales: Figures;
  /** `label`: the reason in words, as the pre-check answered it for one of the requests (the gateway keeps them), else empty. */
  afterSalesByReason: ({ key: string; label: string } & Figures)[];
  afterSalesByResult: ({ key: string } & Figures)[];
  /** Orders placed in the period that failed (not paid: 余额不足), whatever became of them since. */
  failedOrders: number;
  /** The balance's cash flow in the period, fen: paid out (orders), and paid back in (refunds); `lines` of each. */
  cash: { out: number; in: number; outLines: number; inLines: number };
}

/** Orders with a sale amount, what their buyers paid and their cost (fen), as the rollups sum them. */
export interface SaleSums {
  sold: number;
  sales: number;
  cost: number;
}
const SALE_FIGURES = ['sold', 'sales', 'cost'] as const;
type Sums = Figures & Partial<SaleSums>;
/** A row's sale sums (numbers), zeros where it has none. */
const saleSums = (r: Partial<Record<keyof SaleSums, unknown>>): SaleSums => ({
  sold: Number(r.sold ?? 0),
  sales: Number(r.sales ?? 0),
  cost: Number(r.cost ?? 0),
});
/** A row without its sale sums (the period's figures as they were). */
function withoutSales<T extends object>(r: T): Omit<T, keyof SaleSums> {
  const { sold: _sold, sales: _sales, cost: _cost, ...rest } = r as T & Partial<SaleSums>;
  return rest;
}

/** Goods in a top list; each day's rows read per try before the whole sum is made. */
const TOP = 10;
const TOP_K_TRIES = [50, 150] as const;
/** Orders in a period below which its top goods are summed whole (bench/overview.ts: cheaper than the tries there). */
export const WHOLE_SUM_BELOW = 5_000;
const TOP_BY = ['items', 'gmv', 'sales'] as const;
type TopBy = (typeof TOP_BY)[number];
/** `dim = 'goods'` written into the SQL, so SQLite can use the partial indexes on goods rows (a bound value cannot). */
const GOODS = sql.lit('goods') as unknown as 'goods';
const GOODS_WEEK = sql.lit('goodsWeek') as unknown as 'goodsWeek';

/** Figures of the same goods from several queries, added up (the latest label kept). */
function merged(rows: ({ key: string; label: string } & Partial<Sums>)[]): ({ key: string; label: string } & Figures & SaleSums)[] {
  const by = new Map<string, { key: string; label: string } & Figures & SaleSums>();
  for (const r of rows) {
    const n = { ...numbers(r), ...saleSums(r) };
    const had = by.get(r.key);
    if (!had) by.set(r.key, n);
    else {
      for (const k of FIGURES) had[k] += n[k];
      for (const k of SALE_FIGURES) had[k] += n[k];
      if (n.label > had.label) had.label = n.label;
    }
  }
  return [...by.values()];
}

const SUMS = FIGURES.map((k) => sql<number>`coalesce(sum(${sql.ref(k)}), 0)`.as(k));
/** With the sale sums (the `all`, `channel` and goods rows have them). */
const SALE_SUMS = [...FIGURES, ...SALE_FIGURES].map((k) => sql<number>`coalesce(sum(${sql.ref(k)}), 0)`.as(k));

/** Days (YYYY-MM-DD, in order) as runs of consecutive ones `step` days apart: [first, last] of each. */
export function runs(days: string[], step: number): [string, string][] {
  const out: [string, string][] = [];
  for (const day of days) {
    const last = out.at(-1);
    if (last && Date.parse(`${day}T00:00:00Z`) - Date.parse(`${last[1]}T00:00:00Z`) === step * 86_400_000) last[1] = day;
    else out.push([day, day]);
  }
  return out;
}

/** Each day from `from` to `to` (YYYY-MM-DD, inclusive). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/**
 * The gateway's copy of the reseller's orders and their daily figures (DESIGN.md, the order mirror).
 * Orders come in as the upstream answered them; each is written with the change it makes to the
 * figures in one transaction, and an order read again unchanged writes nothing.
 */
export class MirrorStore {
  readonly db: Kdb;
  /** How top-goods lists were settled: from each day's largest rows, or by the whole sum (the bench prints it; tests read it). */
  readonly topGoodsWays = { candidates: 0, whole: 0 };
  constructor(
    db: GatewayDb | Kdb,
    readonly timeZone: string,
    private readonly now: () => number = Date.now,
  ) {
    this.db = 'kysely' in db ? db.kysely : db;
  }

  /**
   * Each write compares what it reads with what the mirror had and adds the difference to the
   * figures: two writers of the same record at once (a reconcile, the gateway's write-through, another
   * gateway) both read "new" and both added it (PostgreSQL, read committed: a day counted an order
   * three times in a test). The mirror's writes take turns: a transaction-scoped advisory lock, held to
   * the commit. SQLite writes one transaction at a time already.
   */
  private async oneWriter(trx: Kdb) {
    if (dialectOf(this.db) === 'postgres') await sql`select pg_advisory_xact_lock(${lockKey('mirror.write')}::bigint)`.execute(trx);
  }

  /** Writes what changed among `orders`; resolves how many orders were new or different. */
  async upsert(orders: readonly Order[]): Promise<number> {
    if (orders.length === 0) return 0;
    // The same order twice in one batch: the last one read stands.
    const latest = new Map(orders.map((o) => [o.sn, o]));
    return this.db.transaction().execute(async (trx) => {
      await this.oneWriter(trx);
      const before = new Map(
        (
          await trx
            .selectFrom('mirror_orders')
            .select(['sn', 'data'])
            .where('sn', 'in', [...latest.keys()])
            .execute()
        ).map((r) => [r.sn, r.data]),
      );
      const moved = new Map<string, Contribution>();
      const rows = [];
      const keys: { dim: ListDim; key: string; day: string; sn: string; created_time: number }[] = [];
      const written = [...latest.values()].flatMap((o) => {
        const data = JSON.stringify(o);
        const old = before.get(o.sn);
        return old === data ? [] : [{ o, data, old: old === undefined ? undefined : (JSON.parse(old) as Order) }];
      });
      // What the buyers paid for them (mirror/sales.ts): the sale figures move with the order, old part out, new part in.
      const sales = await salesOf(
        trx,
        written.flatMap((w) => [w.o.thirdSn, w.old?.thirdSn ?? '']),
      );
      const salesMoved = new Map<string, SaleRow>();
      for (const { o, data, old } of written) {
        for (const c of changes(old, o, this.timeZone)) merge(moved, c);
        if (old) addSaleRows(salesMoved, saleRows(old, sales.get(old.thirdSn), dayOf(old.createdTime, this.timeZone)), -1);
        addSaleRows(salesMoved, saleRows(o, sales.get(o.thirdSn), dayOf(o.createdTime, this.timeZone)), 1);
        for (const k of orderKeys(o, this.timeZone)) keys.push({ ...k, sn: o.sn, created_time: o.createdTime });
        rows.push({
          sn: o.sn,
          third_sn: o.thirdSn,
          created_time: o.createdTime,
          day: dayOf(o.createdTime, this.timeZone),
          status: o.status,
          pay_status: o.payStatus,
          total: o.goodsFee + o.logisticFee,
          data,
          read_at: this.now(),
          phone_tail: phoneTail(o.address?.phone),
        });
      }
      for (let i = 0; i < rows.length; i += 200) {
        await trx
          .insertInto('mirror_orders')
          .values(rows.slice(i, i + 200))
          .onConflict((oc) =>
            oc.column('sn').doUpdateSet((eb) => ({
              third_sn: eb.ref('excluded.third_sn'),
              created_time: eb.ref('excluded.created_time'),
              day: eb.ref('excluded.day'),
              status: eb.ref('excluded.status'),
              pay_status: eb.ref('excluded.pay_status'),
              total: eb.ref('excluded.total'),
              data: eb.ref('excluded.data'),
              read_at: eb.ref('excluded.read_at'),
              phone_tail: eb.ref('excluded.phone_tail'),
            })),
          )
          .execute();
      }
      // The lists it is a row of, as it is now.
      for (let i = 0; i < rows.length; i += 200)
        await trx
          .deleteFrom('mirror_order_keys')
          .where(
            'sn',
            'in',
            rows.slice(i, i + 200).map((r) => r.sn),
          )
          .execute();
      for (let i = 0; i < keys.length; i += 200)
        await trx
          .insertInto('mirror_order_keys')
          .values(keys.slice(i, i + 200))
          .execute();
      await addFigures(trx, moved);
      await addSales(trx, salesMoved);
      // Its refunds (and the `refunded` list's rows) with it: the order says where they count.
      await this.refreshRefunds(
        trx,
        rows.map((r) => r.sn),
      );
      // Its shipped packages with it (server/gateway/shipments): what the shops are to be told.
      await writePackages(
        trx,
        rows.map((r) => latest.get(r.sn)!),
        this.now(),
      );
      return rows.length;
    });
  }

  /**
   * The orders one of the overview's figures counts (rollups.ts, orderKeys), created on the days
   * `from`..`to`, newest first, a page at a time; and how many there are (the figure's count).
   */
  async orders(q: { dim: ListDim; key?: string; from: string; to: string; offset: number; limit: number }) {
    // Orders placed that failed (not paid for want of balance), whatever became of them: by the failed-order rows of those days.
    if (q.dim === 'failed') {
      const failed = this.db
        .selectFrom('mirror_failed_orders as f')
        .innerJoin('mirror_orders as o', 'o.third_sn', 'f.third_sn')
        .where('f.day', '>=', q.from)
        .where('f.day', '<=', q.to);
      const [rows, total] = await Promise.all([
        failed.select('o.data').orderBy('f.created_time', 'desc').orderBy('f.id', 'desc').offset(q.offset).limit(q.limit).execute(),
        failed.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
      ]);
      return { list: rows.map((r) => JSON.parse(r.data) as Order), total: Number(total?.n ?? 0) };
    }
    const base = this.db
      .selectFrom('mirror_order_keys as k')
      .where('k.dim', '=', q.dim)
      .where('k.key', '=', q.key ?? '')
      .where('k.day', '>=', q.from)
      .where('k.day', '<=', q.to);
    const [rows, total] = await Promise.all([
      base
        .innerJoin('mirror_orders as o', 'o.sn', 'k.sn')
        .select('o.data')
        .orderBy('k.created_time', 'desc')
        .orderBy('k.sn', 'desc')
        .offset(q.offset)
        .limit(q.limit)
        .execute(),
      base.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
    ]);
    return { list: rows.map((r) => JSON.parse(r.data) as Order), total: Number(total?.n ?? 0) };
  }

  /**
   * The cash-flow lines the overview's paid out (direction 1) or paid back (2) counts for the days
   * `from`..`to` (the days they were written on, as cashContributions counts them), newest first, a
   * page at a time; and how many there are (the figure's lines).
   */
  async cashLines(q: { direction: number; from: string; to: string; offset: number; limit: number }) {
    const base = this.db
      .selectFrom('mirror_cash_flow')
      .where('direction', '=', q.direction)
      .where('day', '>=', q.from)
      .where('day', '<=', q.to);
    const [rows, sums] = await Promise.all([
      base.select('data').orderBy('update_time', 'desc').orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute(),
      base.select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(money), 0)`.as('money')]).executeTakeFirst(),
    ]);
    return { list: rows.map((r) => JSON.parse(r.data) as CashFlow), total: Number(sums?.n ?? 0), money: Number(sums?.money ?? 0) };
  }

  /** Writes what changed among after-sale records; resolves how many were new or different. */
  async upsertAfterSales(records: readonly AfterSaleRecord[]): Promise<number> {
    if (records.length === 0) return 0;
    const latest = new Map(records.map((r) => [r.id, r]));
    return this.db.transaction().execute(async (trx) => {
      await this.oneWriter(trx);
      const before = new Map(
        (
          await trx
            .selectFrom('mirror_after_sales')
            .select(['id', 'data'])
            .where('id', 'in', [...latest.keys()])
            .execute()
        ).map((r) => [Number(r.id), r.data]),
      );
      const moved = new Map<string, Contribution>();
      const rows = [];
      for (const r of latest.values()) {
        const data = JSON.stringify(r);
        const old = before.get(r.id);
        if (old === data) continue;
        const was = old === undefined ? undefined : afterSaleContributions(JSON.parse(old) as AfterSaleRecord, this.timeZone);
        for (const c of diff(was, afterSaleContributions(r, this.timeZone))) merge(moved, c);
        rows.push({
          id: r.id,
          order_sn: r.orderSn,
          line_sn: r.orderSn3,
          sku: r.sku,
          created_time: r.createdTime,
          day: dayOf(r.createdTime, this.timeZone),
          status: r.status,
          reason_code: r.reasonsTypeCode,
          refund_fee: r.refundFee ?? 0,
          data,
          read_at: this.now(),
          platform_sn: orderOfSn(r.orderSn3),
        });
      }
      for (let i = 0; i < rows.length; i += 200) {
        await trx
          .insertInto('mirror_after_sales')
          .values(rows.slice(i, i + 200))
          .onConflict((oc) =>
            oc.column('id').doUpdateSet((eb) => ({
              order_sn: eb.ref('excluded.order_sn'),
              line_sn: eb.ref('excluded.line_sn'),
              sku: eb.ref('excluded.sku'),
              created_time: eb.ref('excluded.created_time'),
              day: eb.ref('excluded.day'),
              status: eb.ref('excluded.status'),
              reason_code: eb.ref('excluded.reason_code'),
              refund_fee: eb.ref('excluded.refund_fee'),
              data: eb.ref('excluded.data'),
              read_at: eb.ref('excluded.read_at'),
              platform_sn: eb.ref('excluded.platform_sn'),
            })),
          )
          .execute();
      }
      await addFigures(trx, moved);
      await this.refreshRefunds(trx, [...new Set(rows.map((r) => r.platform_sn))]);
      return rows.length;
    });
  }

  /**
   * Failed orders as the upstream's list showed them. `complete`: these are all the list has now, so
   * those the mirror held open and the list no longer has were handled (retried or refunded) and are
   * marked resolved; one that comes back is open again. A failed order counts on its day once, when
   * this write is the one that inserts it. Resolves how many rows were new or changed.
   */
  async upsertFailedOrders(list: readonly ErrorOrder[], opts: { complete?: boolean } = {}): Promise<number> {
    const latest = new Map(list.map((f) => [f.id, f]));
    return this.db.transaction().execute(async (trx) => {
      await this.oneWriter(trx);
      const rows = [...latest.values()].map((f) => ({
        id: f.id,
        sn: f.sn,
        third_sn: f.thirdSn,
        created_time: f.createdTime,
        day: dayOf(f.createdTime, this.timeZone),
        message: f.message,
        data: JSON.stringify(f),
        read_at: this.now(),
        resolved_at: null,
      }));
      const moved = new Map<string, Contribution>();
      const inserted = new Set<number>();
      for (let i = 0; i < rows.length; i += 200) {
        const done = await trx
          .insertInto('mirror_failed_orders')
          .values(rows.slice(i, i + 200))
          .onConflict((oc) => oc.column('id').doNothing())
          .returning('id')
          .execute();
        for (const r of done) inserted.add(Number(r.id));
      }
      for (const id of inserted) for (const c of failedContributions(latest.get(id)!, this.timeZone)) merge(moved, c);
      let changed = inserted.size;
      for (const row of rows) {
        if (inserted.has(row.id)) continue;
        const r = await trx
          .updateTable('mirror_failed_orders')
          .set({ message: row.message, data: row.data, read_at: row.read_at, resolved_at: null })
          .where('id', '=', row.id)
          .where((eb) => eb.or([eb('data', '!=', row.data), eb('resolved_at', 'is not', null)]))
          .executeTakeFirst();
        changed += Number(r.numUpdatedRows);
      }
      if (opts.complete) {
        let gone = trx.updateTable('mirror_failed_orders').set({ resolved_at: this.now() }).where('resolved_at', 'is', null);
        if (latest.size) gone = gone.where('id', 'not in', [...latest.keys()]);
        changed += Number((await gone.executeTakeFirst()).numUpdatedRows);
      }
      await addFigures(trx, moved);
      return changed;
    });
  }

  /** The platform numbers of the mirrored orders some numbers name (each a platform or a merchant order number). */
  private async ordersNamed(trx: Kdb, names: string[]): Promise<string[]> {
    const out = new Set<string>();
    for (let i = 0; i < names.length; i += 200) {
      const part = names.slice(i, i + 200);
      const rows = await trx
        .selectFrom('mirror_orders')
        .select('sn')
        .where((eb) => eb.or([eb('sn', 'in', part), eb('third_sn', 'in', part)]))
        .execute();
      for (const r of rows) out.add(r.sn);
    }
    return [...out];
  }

  /**
   * Makes the refunds of some orders again (platform numbers) from the after-sale records and the
   * cash-flow lines paid back that the mirror holds (rollups.ts, matchRefunds), in the caller's
   * transaction: the figures move by the difference, and the `refunded` list's rows are the days money
   * of each order came back. An order not mirrored (yet) has none: its refunds are made when it comes.
   */
  private async refreshRefunds(trx: Kdb, sns: readonly string[]): Promise<void> {
    const moved = new Map<string, Contribution>();
    for (let i = 0; i < sns.length; i += 200) {
      const part = sns.slice(i, i + 200);
      const orders = (await trx.selectFrom('mirror_orders').select('data').where('sn', 'in', part).execute()).map(
        (r) => JSON.parse(r.data) as Order,
      );
      const old = await trx.selectFrom('mirror_refunds').selectAll().where('sn', 'in', part).execute();
      const named = [...new Set(orders.flatMap((o) => [o.sn, o.thirdSn]))];
      const [afterSales, cash] = await Promise.all([
        orders.length
          ? trx
              .selectFrom('mirror_after_sales')
              .select(['id', 'line_sn', 'platform_sn', 'refund_fee', 'created_time', 'data'])
              .where('platform_sn', 'in', part)
              .where('refund_fee', '>', 0)
              .execute()
          : [],
        named.length
          ? trx
              .selectFrom('mirror_cash_flow')
              .select(['id', 'order_sn', 'order_key', 'money', 'update_time'])
              .where('order_key', 'in', named)
              .where('direction', '=', Number(CASH_IN))
              .execute()
          : [],
      ]);
      const fresh: Refund[] = [];
      for (const o of orders)
        fresh.push(
          ...matchRefunds(
            o,
            afterSales
              .filter((a) => a.platform_sn === o.sn)
              .map((a) => ({
                id: Number(a.id),
                lineSn: a.line_sn,
                num: Number((JSON.parse(a.data) as { num?: unknown }).num ?? 0),
                refundFee: Number(a.refund_fee),
                createdTime: Number(a.created_time),
              })),
            cash
              .filter((c) => c.order_key === o.sn || c.order_key === o.thirdSn)
              .map((c) => ({ id: Number(c.id), orderSn: c.order_sn, money: Number(c.money), updateTime: Number(c.update_time) })),
            this.timeZone,
          ),
        );
      const was = old.map((r): Refund => ({
        ...orderRefundOf(r),
        id: r.id,
        province: r.province,
        source: Number(r.source),
        goodsId: r.goods_id,
      }));
      for (const c of diff(refundContributions(was), refundContributions(fresh))) merge(moved, c);
      await trx.deleteFrom('mirror_refunds').where('sn', 'in', part).execute();
      for (let j = 0; j < fresh.length; j += 200)
        await trx
          .insertInto('mirror_refunds')
          .values(
            fresh.slice(j, j + 200).map((r) => ({
              id: r.id,
              sn: r.sn,
              line_sn: r.lineSn,
              after_sale_id: r.afterSaleId,
              cash_id: r.cashId,
              money: r.money,
              pieces: r.pieces,
              time: r.time,
              day: r.day,
              province: r.province,
              source: r.source,
              goods_id: r.goodsId,
            })),
          )
          .execute();
      // The `refunded` list: each order once a day money of it came back.
      await trx.deleteFrom('mirror_order_keys').where('dim', '=', 'refunded').where('sn', 'in', part).execute();
      const created = new Map(orders.map((o) => [o.sn, o.createdTime]));
      const keys = new Map<string, { dim: ListDim; key: string; day: string; sn: string; created_time: number }>();
      for (const r of fresh)
        if (r.money > 0)
          keys.set(`${r.sn}\u0000${r.day}`, { dim: 'refunded', key: '', day: r.day, sn: r.sn, created_time: created.get(r.sn)! });
      const list = [...keys.values()];
      for (let j = 0; j < list.length; j += 200)
        await trx
          .insertInto('mirror_order_keys')
          .values(list.slice(j, j + 200))
          .execute();
    }
    await addFigures(trx, moved);
  }

  /**
   * Every order's refunds made again (the refunded figures with them): after the migration that made
   * refunds the money refunded (tables.ts, 202611282200_mirror_refunds), once, on the first reconcile.
   * Resolves how many orders had a refund.
   */
  async recomputeRefunds(): Promise<number> {
    const candidates = new Set<string>();
    for (const r of await this.db.selectFrom('mirror_after_sales').select('platform_sn').distinct().where('refund_fee', '>', 0).execute())
      candidates.add(r.platform_sn);
    const keys = (
      await this.db.selectFrom('mirror_cash_flow').select('order_key').distinct().where('direction', '=', Number(CASH_IN)).execute()
    ).map((r) => r.order_key);
    for (const r of await this.db.selectFrom('mirror_refunds').select('sn').distinct().execute()) candidates.add(r.sn);
    for (const sn of await this.ordersNamed(this.db, keys)) candidates.add(sn);
    const all = [...candidates];
    for (let i = 0; i < all.length; i += 200)
      await this.db.transaction().execute(async (trx) => {
        await this.oneWriter(trx);
        await this.refreshRefunds(trx, all.slice(i, i + 200));
      });
    return (await this.db.selectFrom('mirror_refunds').select('sn').distinct().execute()).length;
  }

  /**
   * The refunds of some orders (platform numbers), each once, oldest first; only those that came back
   * on the days `from`..`to` when given (what the `refunded` list shows against each order).
   */
  async refundsOf(sns: readonly string[], days?: { from: string; to: string }) {
    if (sns.length === 0) return [];
    let q = this.db
      .selectFrom('mirror_refunds')
      .selectAll()
      .where('sn', 'in', [...sns]);
    if (days) q = q.where('day', '>=', days.from).where('day', '<=', days.to);
    const rows = await q.orderBy('time').orderBy('id').execute();
    return rows.map(orderRefundOf);
  }

  /** The money refunded on the days `from`..`to`, fen, and how many refunds: what the overview's figure sums. */
  async refundedBetween(from: string, to: string) {
    const r = await this.db
      .selectFrom('mirror_refunds')
      .select([sql<number>`coalesce(sum(money), 0)`.as('money'), sql<number>`count(*)`.as('n')])
      .where('day', '>=', from)
      .where('day', '<=', to)
      .executeTakeFirst();
    return { money: Number(r?.money ?? 0), refunds: Number(r?.n ?? 0) };
  }

  /** Failed orders still waiting (for a retry or a refund), as of the last read of the list. */
  async openFailedOrders(): Promise<number> {
    const r = await this.db
      .selectFrom('mirror_failed_orders')
      .select(sql<number>`count(*)`.as('n'))
      .where('resolved_at', 'is', null)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /**
   * Cash-flow lines: the new ones are written with their figures (a line never changes). Only the lines
   * this write inserted count, so two gateways writing the same page at once do not count it twice.
   * Resolves how many were new.
   */
  async upsertCashFlow(lines: readonly CashFlow[]): Promise<number> {
    if (lines.length === 0) return 0;
    const latest = new Map(lines.map((l) => [l.id, l]));
    return this.db.transaction().execute(async (trx) => {
      await this.oneWriter(trx);
      const rows = [...latest.values()].map((l) => ({
        id: l.id,
        order_sn: l.order_sn,
        direction: Number(l.direction),
        type: l.type,
        money: l.money,
        balance_after: l.balance_after,
        update_time: l.update_time,
        day: dayOf(l.update_time, this.timeZone),
        data: JSON.stringify(l),
        order_key: cashOrderKey(l.order_sn),
      }));
      const moved = new Map<string, Contribution>();
      const paidBack = new Set<string>();
      let added = 0;
      for (let i = 0; i < rows.length; i += 200) {
        const inserted = await trx
          .insertInto('mirror_cash_flow')
          .values(rows.slice(i, i + 200))
          .onConflict((oc) => oc.column('id').doNothing())
          .returning('id')
          .execute();
        added += inserted.length;
        for (const r of inserted) {
          const line = latest.get(Number(r.id))!;
          for (const c of cashContributions(line, this.timeZone)) merge(moved, c);
          if (String(line.direction) === CASH_IN) paidBack.add(cashOrderKey(line.order_sn));
        }
      }
      await addFigures(trx, moved);
      // Money paid back names an order (its platform or merchant number, a child or a line): its refunds again.
      if (paidBack.size) await this.refreshRefunds(trx, await this.ordersNamed(trx, [...paidBack]));
      return added;
    });
  }

  /** The time (Unix seconds) of the latest cash-flow line mirrored, if any. */
  async latestCashTime(): Promise<number | undefined> {
    const r = await this.db
      .selectFrom('mirror_cash_flow')
      .select(sql<number | null>`max(update_time)`.as('t'))
      .executeTakeFirst();
    return r?.t == null ? undefined : Number(r.t);
  }

  /** The ids of after-sale records not yet final (completed, refused, closed), oldest first, at most `limit`. */
  async openAfterSales(limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('mirror_after_sales')
      .select('id')
      .where('status', 'not in', [...AFTER_SALE_FINAL])
      .orderBy('created_time')
      .limit(limit)
      .execute();
    return rows.map((r) => Number(r.id));
  }

  /** Each reason code with its words, as kept for the latest request of that reason that has them. */
  private async reasonWords<T extends { key: string }>(rows: T[]): Promise<(T & { label: string })[]> {
    if (rows.length === 0) return [];
    // From the kept names, the newest first (a few per request made here), each joined to its record.
    const named = await this.db
      .selectFrom('after_sale_names as n')
      .innerJoin('mirror_after_sales as m', 'm.id', 'n.after_sale_id')
      .select(['m.reason_code', 'n.names'])
      .where(
        'm.reason_code',
        'in',
        rows.map((r) => r.key),
      )
      .orderBy('n.after_sale_id', 'desc')
      .limit(500)
      .execute();
    const words = new Map<string, string>();
    for (const r of named) {
      const reason = (JSON.parse(r.names) as { reason?: string }).reason;
      if (reason && !words.has(r.reason_code)) words.set(r.reason_code, reason);
    }
    return rows.map((r) => ({ ...r, label: words.get(r.key) ?? '' }));
  }

  /** After-sale records as answered, newest first, by status and/or reason and/or days; and how many there are. */
  async afterSales(q: { status?: number[]; reason?: string; from?: string; to?: string; offset?: number; limit: number }) {
    let base = this.db.selectFrom('mirror_after_sales');
    if (q.status?.length) base = base.where('status', 'in', q.status);
    if (q.reason !== undefined) base = base.where('reason_code', '=', q.reason);
    if (q.from) base = base.where('day', '>=', q.from);
    if (q.to) base = base.where('day', '<=', q.to);
    const [rows, total] = await Promise.all([
      base
        .select('data')
        .orderBy('created_time', 'desc')
        .orderBy('id', 'desc')
        .offset(q.offset ?? 0)
        .limit(q.limit)
        .execute(),
      base.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
    ]);
    return { list: rows.map((r) => JSON.parse(r.data) as AfterSaleRecord), total: Number(total?.n ?? 0) };
  }

  /**
   * Orders shipped or completed that have an after-sale still open (asked, agreed, on its way back),
   * the newest request first (the order number breaking ties, so pages neither skip nor repeat an
   * order): each order once, with its open records' ids; `limit` of them from `offset`, and how many there are.
   */
  async deliveredWithOpenAfterSale(q: { offset?: number; limit: number }) {
    const open = [1, 2, 5];
    const base = this.db
      .selectFrom('mirror_after_sales as a')
      .innerJoin('mirror_orders as o', 'o.third_sn', 'a.order_sn')
      .where('a.status', 'in', open)
      .where('o.status', 'in', [3, 4]);
    const [rows, total] = await Promise.all([
      base
        .select(['o.data', sql<number>`max(a.created_time)`.as('latest'), sql<string>`${sql.raw(this.listAgg('a.id'))}`.as('ids')])
        .groupBy(['o.sn', 'o.data'])
        .orderBy('latest', 'desc')
        .orderBy('o.sn', 'desc')
        .offset(q.offset ?? 0)
        .limit(q.limit)
        .execute(),
      base.select(sql<number>`count(distinct o.sn)`.as('n')).executeTakeFirst(),
    ]);
    return {
      list: rows.map((r) => ({
        order: JSON.parse(r.data) as Order,
        afterSaleIds: String(r.ids)
          .split(',')
          .map(Number)
          .sort((a, b) => b - a),
      })),
      total: Number(total?.n ?? 0),
    };
  }

  /** `string_agg` in PostgreSQL, `group_concat` in SQLite. */
  private listAgg(column: string) {
    return dialectOf(this.db) === 'postgres' ? `string_agg(cast(${column} as text), ',')` : `group_concat(${column}, ',')`;
  }

  /**
   * The figures of the days `from`..`to` (inclusive), from the rollups only. `goods: false` leaves the
   * top goods out (the previous period's are not shown, and they are most of the work).
   */
  async period(from: string, to: string, opts: { goods?: boolean } = {}): Promise<PeriodFigures> {
    const goods = opts.goods ?? true;
    const inPeriod = (dim: Dimension) =>
      this.db.selectFrom('mirror_daily').where('dim', '=', dim).where('day', '>=', from).where('day', '<=', to);
    // The period's size first: it decides how the top goods are found.
    const totals = await inPeriod('all').select(SALE_SUMS).executeTakeFirst();
    const [days, byChannel, byProvince, top, asReason, asResult, failed, cash] = await Promise.all([
      inPeriod('all')
        .select(['day', ...FIGURES])
        .orderBy('day')
        .execute(),
      inPeriod('channel').select('key').select(SALE_SUMS).groupBy('key').execute(),
      inPeriod('province').select('key').select(SUMS).groupBy('key').execute(),
      goods ? this.topGoods(from, to, Number(totals?.orders ?? 0) + Number(totals?.cancelled ?? 0)) : { items: [], gmv: [], sales: [] },
      inPeriod('asReason').select('key').select(SUMS).groupBy('key').execute(),
      inPeriod('asResult').select('key').select(SUMS).groupBy('key').execute(),
      inPeriod('failed').select(SUMS).executeTakeFirst(),
      inPeriod('cash').select('key').select(SUMS).groupBy('key').execute(),
    ]);
    const cashOf = (key: string) => numbers(cash.find((r) => r.key === key) ?? ZERO_FIGURES);
    const byDay = new Map(days.map((d) => [d.day, d]));
    const live = (rows: ({ key: string } & Figures)[]) => rows.map(numbers).filter((r) => FIGURES.some((k) => r[k] !== 0));
    const goodsSales = new Map([...top.items, ...top.gmv, ...top.sales].map((r) => [r.key, saleSums(r)]));
    return {
      from,
      to,
      totals: withoutSales(numbers(totals ?? ZERO_FIGURES)),
      days: daysBetween(from, to).map((day) => ({ ...numbers(byDay.get(day) ?? ZERO_FIGURES), day })),
      byChannel: live(byChannel)
        .sort((a, b) => b.gmv - a.gmv)
        .map(withoutSales),
      byProvince: live(byProvince).sort((a, b) => b.orders - a.orders || b.gmv - a.gmv),
      topGoodsByItems: top.items.map((r) => withoutSales(r)),
      topGoodsByGmv: top.gmv.map((r) => withoutSales(r)),
      sales: {
        totals: saleSums(totals ?? {}),
        byChannel: new Map(byChannel.map((r) => [r.key, saleSums(r)])),
        goods: goodsSales,
        topGoodsBySales: top.sales.map((r) => ({ key: r.key, label: r.label, ...saleSums(r) })),
      },
      afterSales: live(asResult).reduce(
        (sum, r) => {
          for (const k of FIGURES) sum[k] += r[k];
          return sum;
        },
        { ...ZERO_FIGURES },
      ),
      afterSalesByReason: await (goods ? this.reasonWords.bind(this) : async <T>(rows: T[]) => rows.map((r) => ({ ...r, label: '' })))(
        live(asReason).sort((a, b) => b.orders - a.orders || a.key.localeCompare(b.key)),
      ),
      afterSalesByResult: live(asResult).sort((a, b) => Number(a.key) - Number(b.key)),
      failedOrders: numbers(failed ?? ZERO_FIGURES).orders,
      cash: { out: cashOf(CASH_OUT).gmv, in: cashOf(CASH_IN).gmv, outLines: cashOf(CASH_OUT).orders, inLines: cashOf(CASH_IN).orders },
    };
  }

  /**
   * The ten goods with the most items, and with the most GMV, over the days `from`..`to`, exact,
   * without summing every goods row of the period (tens of thousands a day in a large shop). Each
   * day's K largest rows by each measure are read (an index per day), the candidates' sums over the
   * period are made in one query, and a list is the answer when its tenth is above what any other
   * goods could reach: the sum over the days of each day's K-th value (a goods in no day's top K is
   * at most that on each day). What that does not settle (goods that sell evenly) is tried again
   * with a larger K, then summed whole. A period of few orders is summed whole at once: its goods
   * rows are few, and goods sell too evenly there for the largest rows to settle anything.
   */
  private async topGoods(
    from: string,
    to: string,
    orders: number,
  ): Promise<Record<TopBy, ({ key: string; label: string } & Figures & Partial<SaleSums>)[]>> {
    // The period as whole weeks (one goods row per week) and the days around them.
    const weeks: string[] = [];
    const days: string[] = [];
    for (const day of daysBetween(from, to)) {
      const monday = weekOf(day);
      const sunday = new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
      if (monday >= from && sunday <= to) {
        if (weeks.at(-1) !== monday) weeks.push(monday);
      } else days.push(day);
    }
    const buckets = [...weeks.map((day) => ({ dim: GOODS_WEEK, day })), ...days.map((day) => ({ dim: GOODS, day }))];
    const out: Partial<Record<TopBy, ({ key: string; label: string } & Figures & Partial<SaleSums>)[]>> = {};
    for (const k of orders < WHOLE_SUM_BELOW ? [] : TOP_K_TRIES) {
      const open = TOP_BY.filter((by) => !out[by]);
      if (open.length === 0) break;
      const lists = await Promise.all(
        open.flatMap((by) =>
          buckets.map((b) =>
            this.db
              .selectFrom('mirror_daily')
              .select(['key', by])
              .where('dim', '=', b.dim)
              .where('day', '=', b.day)
              .orderBy(by, 'desc')
              .limit(k)
              .execute()
              .then((rows) => ({ by, rows })),
          ),
        ),
      );
      // Per measure: what each goods is known to have (its values where it is among a bucket's K largest)
      // and at most could have (plus each other bucket's K-th value, or nothing where the bucket was
      // read whole). Only goods that could reach the tenth known total are summed exactly.
      const bound: Record<TopBy, number> = { items: 0, gmv: 0, sales: 0 };
      const keep = new Set<string>();
      for (const by of open) {
        const known = new Map<string, { sum: number; kthSeen: number }>();
        for (const list of lists) {
          if (list.by !== by) continue;
          const kth = list.rows.length === k ? Number(list.rows[k - 1]![by]) : 0;
          // A day or week with fewer than K goods has them all here: nobody else sold then.
          bound[by] += kth;
          for (const r of list.rows) {
            const had = known.get(r.key) ?? { sum: 0, kthSeen: 0 };
            had.sum += Number(r[by]);
            had.kthSeen += kth;
            known.set(r.key, had);
          }
        }
        const tenthKnown = [...known.values()].map((v) => v.sum).sort((a, b) => b - a)[TOP - 1] ?? 0;
        for (const [key, v] of known) if (v.sum + bound[by] - v.kthSeen >= tenthKnown) keep.add(key);
      }
      const keys = [...keep];
      const sums = keys.length
        ? merged([...(await this.goodsSums(keys, 'goodsWeek', runs(weeks, 7))), ...(await this.goodsSums(keys, 'goods', runs(days, 1)))])
        : [];
      for (const by of open) {
        const ranked = sums.filter((r) => r[by] > 0).sort((a, b) => b[by] - a[by] || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
        const tenth = ranked[TOP - 1];
        if (bound[by] === 0 || (tenth && tenth[by] > bound[by])) {
          this.topGoodsWays.candidates++;
          out[by] = ranked.slice(0, TOP);
        }
      }
    }
    for (const by of TOP_BY) {
      if (out[by]) continue;
      this.topGoodsWays.whole++;
      out[by] = (
        await this.db
          .selectFrom('mirror_daily')
          .where('dim', '=', GOODS)
          .where('day', '>=', from)
          .where('day', '<=', to)
          .select('key')
          .select(sql<string>`max(label)`.as('label'))
          .select(SALE_SUMS)
          .groupBy('key')
          .having(sql<number>`sum(${sql.ref(by)})`, '>', 0)
          .orderBy(sql`sum(${sql.ref(by)})`, 'desc')
          .orderBy('key')
          .limit(TOP)
          .execute()
      ).map((r) => ({ ...numbers(r), ...saleSums(r) }));
    }
    return out as Record<TopBy, ({ key: string; label: string } & Figures & Partial<SaleSums>)[]>;
  }

  /**
   * The figures of some goods over runs of days (`goods`) or of weeks (`goodsWeek`, each run from its
   * first Monday to its last), through that dimension's (key, day) index: for each goods one seek per
   * run, not one per day. SQLite's planner, without statistics, would rather walk the whole period on
   * the primary key (dim, day, key): it is told which index to use.
   */
  private async goodsSums(keys: string[], dim: 'goods' | 'goodsWeek', on: [string, string][]) {
    const out: ({ key: string; label: string } & Sums)[] = [];
    for (const [first, last] of on) {
      if (dialectOf(this.db) === 'postgres') {
        out.push(
          ...(await this.db
            .selectFrom('mirror_daily')
            .where('dim', '=', dim === 'goods' ? GOODS : GOODS_WEEK)
            .where('key', 'in', keys)
            .where('day', '>=', first)
            .where('day', '<=', last)
            .select('key')
            .select(sql<string>`max(label)`.as('label'))
            .select(SALE_SUMS)
            .groupBy('key')
            .execute()),
        );
        continue;
      }
      const sums = sql.join([...FIGURES, ...SALE_FIGURES].map((k) => sql`coalesce(sum(${sql.ref(k)}), 0) as ${sql.ref(k)}`));
      const index = sql.raw(`mirror_daily_${dim.toLowerCase()}_key`);
      const rows = await sql<{ key: string; label: string } & Sums>`
        select key, max(label) as label, ${sums} from mirror_daily indexed by ${index}
        where dim = ${sql.lit(dim)} and key in (${sql.join(keys)}) and day >= ${first} and day <= ${last}
        group by key`.execute(this.db);
      out.push(...rows.rows);
    }
    return out;
  }

  /** The numbers of the orders not yet completed or closed, created at or after `since` (Unix seconds). */
  async openSince(since: number): Promise<{ sn: string; created_time: number }[]> {
    return this.db
      .selectFrom('mirror_orders')
      .select(['sn', 'created_time'])
      .where('created_time', '>=', since)
      .where('status', 'not in', [...FINAL_STATUSES])
      .orderBy('created_time')
      .execute();
  }

  async count(): Promise<number> {
    const r = await this.db
      .selectFrom('mirror_orders')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async countAfterSales(): Promise<number> {
    const r = await this.db
      .selectFrom('mirror_after_sales')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async state<T>(name: string): Promise<T | undefined> {
    const r = await this.db.selectFrom('mirror_state').select('value').where('name', '=', name).executeTakeFirst();
    return r ? (JSON.parse(r.value) as T) : undefined;
  }

  async setState(name: string, value: unknown): Promise<void> {
    await this.db
      .insertInto('mirror_state')
      .values({ name, value: JSON.stringify(value), updated_at: this.now() })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: JSON.stringify(value), updated_at: this.now() }))
      .execute();
  }
}

/** Adds the figures that moved to the daily rollups (in the caller's transaction). */
async function addFigures(trx: Kdb, moved: Map<string, Contribution>) {
  const figures = [...moved.values()].filter((c) => FIGURES.some((k) => c[k] !== 0) || c.label !== '');
  for (let i = 0; i < figures.length; i += 200) {
    await trx
      .insertInto('mirror_daily')
      .values(figures.slice(i, i + 200))
      .onConflict((oc) =>
        oc.columns(['dim', 'day', 'key']).doUpdateSet({
          orders: sql`mirror_daily.orders + excluded.orders`,
          gmv: sql`mirror_daily.gmv + excluded.gmv`,
          items: sql`mirror_daily.items + excluded.items`,
          refunded: sql`mirror_daily.refunded + excluded.refunded`,
          cancelled: sql`mirror_daily.cancelled + excluded.cancelled`,
          label: sql`case when excluded.label = '' then mirror_daily.label else excluded.label end`,
        }),
      )
      .execute();
  }
}

/** Sums come back as strings from PostgreSQL's numeric sum() and as numbers from SQLite: numbers. */
function numbers<T extends Partial<Figures>>(r: T): T & Figures {
  const out = { ...r } as T & Figures;
  for (const k of FIGURES) out[k] = Number(r[k] ?? 0);
  return out;
}
