import { sql, type Kysely, type Migration } from 'kysely';
import type { Order, OverviewSaleFigures } from '../../../contract';
import { lockKey } from '../db/lock-key';
import type { GatewayTables } from '../db/tables';
import { columnTypes, dialectOf } from '../db/dialect';
import { CLOSED, PAY_UNPAID, weekOf } from './rollups';

// The gateway's database, named here from its parts: this module's migrations are imported by the
// database's opening (server/gateway/db/index.ts), so it imports nothing from there.
type Kdb = Kysely<GatewayTables>;

/** The sale amounts' table, added to the gateway's by module augmentation (server/gateway/db/tables.ts). */
declare module '../db/tables' {
  interface GatewayTables {
    mirror_sales: MirrorSalesTable;
  }
}

/**
 * What the buyer paid the shop for an order (issue 53), by the merchant's order number: the shop's
 * own number, which the job and checkout send as `orderSn` and the mirror keeps as `third_sn`. Written
 * when a bulk job is created or checkout places an order, before the supplier (or the mirror) has the
 * order, and joined to the mirror's row by that number when figures are read. A table of its own: a
 * reconcile rewrites mirror rows, never this one.
 */
export interface MirrorSalesTable {
  /** The merchant's order number (the shop's). */
  order_sn: string;
  /** Fen. */
  sale: number;
  /** Where it came from: `import:<job id>` or `checkout`. */
  source: string;
  /** When it was kept (ms). */
  at: number;
}

/** Appended to GATEWAY_MIGRATIONS (server/gateway/db/migrations/index.ts). */
export const salesMigrations: Record<string, Migration> = {
  '202611290110_mirror_sales': {
    async up(db) {
      const t = columnTypes(db);
      await db.schema
        .createTable('mirror_sales')
        .addColumn('order_sn', 'text', (c) => c.primaryKey())
        .addColumn('sale', t.ms, (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('at', t.ms, (c) => c.notNull())
        .execute();
      // A job's orders carry their sale amount too (shown on its page).
      await db.schema.alterTable('import_orders').addColumn('sale', t.ms).execute();
    },
  },
  '202611290250_mirror_daily_sales': {
    // The overview's sale figures from the daily rollups (issue 53: reading every sold order's JSON took
    // seconds): sold, sales and cost on the `all`, `channel`, `goods` and `goodsWeek` rows, filled from
    // the sale amounts already kept, on the day of each order's `all` list row (so no time zone is
    // needed), and the goods' rows by sales for the top goods (as by items and GMV).
    async up(db) {
      const t = columnTypes(db);
      for (const column of ['sold', 'sales', 'cost'])
        await db.schema
          .alterTable('mirror_daily')
          .addColumn(column, t.ms, (c) => c.notNull().defaultTo(0))
          .execute();
      for (const dim of ['goods', 'goodsWeek'])
        await db.schema
          .createIndex(`mirror_daily_${dim.toLowerCase()}_sales`)
          .on('mirror_daily')
          .columns(['day', 'sales'])
          .where(sql.ref('dim'), '=', dim)
          .execute();
      await fillDailySales(db as unknown as Kdb);
    },
  },
};

/**
 * The rollups' sale figures added from the sale amounts kept, for every order counted (its `all`
 * list row, whose day is its figures' day): the sales migration's fill, once, on rollups without them.
 */
export async function fillDailySales(kdb: Kdb) {
  const moved = new Map<string, SaleRow>();
  for (let after = ''; ;) {
    const rows = await kdb
      .selectFrom('mirror_order_keys as k')
      .innerJoin('mirror_orders as o', 'o.sn', 'k.sn')
      .innerJoin('mirror_sales as s', 's.order_sn', 'o.third_sn')
      .where('k.dim', '=', 'all')
      .where('k.key', '=', '')
      .where('k.sn', '>', after)
      .select(['k.sn', 'k.day', 'o.data', 's.sale'])
      .orderBy('k.sn')
      .limit(500)
      .execute();
    if (rows.length === 0) break;
    for (const r of rows) addSaleRows(moved, saleRows(JSON.parse(r.data) as Order, Number(r.sale), r.day), 1);
    after = rows.at(-1)!.sn;
  }
  await addSales(kdb, moved);
}

/**
 * Keeps orders' sale amounts (the last one given stands), in the caller's transaction or its own. An
 * order already in the mirror moves its day's sale figures with it (the old amount's part taken off,
 * the new one's added: `mirror_daily`'s sold, sales and cost), in the same transaction, taking its
 * turn with the mirror's other writers (MirrorStore.oneWriter).
 */
export async function keepSales(db: Kdb, sales: readonly { orderSn: string; sale: number; source: string }[], at: number) {
  const latest = new Map(sales.map((s) => [s.orderSn, s]));
  const rows = [...latest.values()].map((s) => ({ order_sn: s.orderSn, sale: s.sale, source: s.source, at }));
  if (rows.length === 0) return;
  const keep = async (trx: Kdb) => {
    if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${lockKey('mirror.write')}::bigint)`.execute(trx);
    const moved = new Map<string, SaleRow>();
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      const mirrored = await trx
        .selectFrom('mirror_orders')
        .select(['third_sn', 'day', 'data'])
        .where(
          'third_sn',
          'in',
          chunk.map((r) => r.order_sn),
        )
        .execute();
      if (mirrored.length > 0) {
        const had = await salesOf(
          trx,
          mirrored.map((r) => r.third_sn),
        );
        for (const r of mirrored) {
          const o = JSON.parse(r.data) as Order;
          addSaleRows(moved, saleRows(o, had.get(r.third_sn), r.day), -1);
          addSaleRows(moved, saleRows(o, latest.get(r.third_sn)!.sale, r.day), 1);
        }
      }
      await trx
        .insertInto('mirror_sales')
        .values(chunk)
        .onConflict((oc) =>
          oc.column('order_sn').doUpdateSet((eb) => ({
            sale: eb.ref('excluded.sale'),
            source: eb.ref('excluded.source'),
            at: eb.ref('excluded.at'),
          })),
        )
        .execute();
    }
    await addSales(trx, moved);
  };
  if (db.isTransaction) await keep(db);
  else await db.transaction().execute(keep);
}

/** The sale amounts kept for some merchant order numbers (one indexed query per 500). */
export async function salesOf(db: Kdb, orderSns: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const sns = [...new Set(orderSns.filter(Boolean))];
  for (let i = 0; i < sns.length; i += 500)
    for (const r of await db
      .selectFrom('mirror_sales')
      .select(['order_sn', 'sale'])
      .where('order_sn', 'in', sns.slice(i, i + 500))
      .execute())
      out.set(r.order_sn, Number(r.sale));
  return out;
}

/** What an order with a sale amount adds to the daily rollups' sale figures, on one day and key. */
export interface SaleRow {
  day: string;
  dim: 'all' | 'channel' | 'goods' | 'goodsWeek';
  key: string;
  sold: number;
  sales: number;
  cost: number;
}

/**
 * What one order adds to the sale figures of the day it counts on (`day`, its `all` list's): nothing
 * without a sale amount, or when it is not counted as an order (closed, or not paid); else one sold
 * order with its sale and cost (goods and freight) for the shop, and its parts (orderParts) for each
 * channel and goods, the goods again in their week.
 */
export function saleRows(o: Order, sale: number | undefined, day: string): SaleRow[] {
  if (sale === undefined || o.status === CLOSED || o.payStatus === PAY_UNPAID) return [];
  const parts = orderParts(o, sale);
  const week = weekOf(day);
  return [
    { day, dim: 'all', key: '', sold: 1, sales: sale, cost: o.goodsFee + o.logisticFee },
    ...[...parts.channels].map(([key, p]) => ({ day, dim: 'channel' as const, key, sold: 1, ...p })),
    ...[...parts.goods].flatMap(([key, p]) => [
      { day, dim: 'goods' as const, key, sold: 1, sales: p.sales, cost: p.cost },
      { day: week, dim: 'goodsWeek' as const, key, sold: 1, sales: p.sales, cost: p.cost },
    ]),
  ];
}

/** Adds `rows` (`sign` -1: takes them off) into `into`, by day, dim and key. */
export function addSaleRows(into: Map<string, SaleRow>, rows: readonly SaleRow[], sign: 1 | -1) {
  for (const r of rows) {
    const id = `${r.day}\u0000${r.dim}\u0000${r.key}`;
    const had = into.get(id);
    if (!had) into.set(id, { ...r, sold: sign * r.sold, sales: sign * r.sales, cost: sign * r.cost });
    else {
      had.sold += sign * r.sold;
      had.sales += sign * r.sales;
      had.cost += sign * r.cost;
    }
  }
}

/** Adds the sale figures that moved to the daily rollups (in the caller's transaction). */
export async function addSales(trx: Kdb, moved: Map<string, SaleRow>) {
  const rows = [...moved.values()]
    .filter((r) => r.sold !== 0 || r.sales !== 0 || r.cost !== 0)
    .map((r) => ({ ...r, label: '', orders: 0, gmv: 0, items: 0, refunded: 0, cancelled: 0 }));
  for (let i = 0; i < rows.length; i += 200)
    await trx
      .insertInto('mirror_daily')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) =>
        oc.columns(['dim', 'day', 'key']).doUpdateSet({
          sold: sql`mirror_daily.sold + excluded.sold`,
          sales: sql`mirror_daily.sales + excluded.sales`,
          cost: sql`mirror_daily.cost + excluded.cost`,
        }),
      )
      .execute();
}

/**
 * `total` fen split over parts in proportion to `weights`, to the fen (largest remainders first, the
 * earlier part on a tie), so the parts add up to the total; equal weights when they are all zero.
 */
export function splitFen(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const w = weights.some((x) => x > 0) ? weights.map((x) => Math.max(0, x)) : weights.map(() => 1);
  const sum = w.reduce((a, b) => a + b, 0);
  const exact = w.map((x) => (total * x) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i]!++;
    left--;
  }
  return out;
}

/** An order's parts: by channel (a child: its goods and freight) and by goods (a line: its goods and its share of the child's freight). */
export function orderParts(o: Order, sale: number) {
  const channels = new Map<string, { sales: number; cost: number }>();
  const goods = new Map<string, { label: string; sales: number; cost: number }>();
  const childCosts = o.children.map((c) => c.goodsFee + c.logisticFee);
  const childSales = splitFen(sale, childCosts);
  const lines: { key: string; label: string; cost: number }[] = [];
  o.children.forEach((c, i) => {
    const had = channels.get(String(c.source)) ?? { sales: 0, cost: 0 };
    had.sales += childSales[i]!;
    had.cost += childCosts[i]!;
    channels.set(String(c.source), had);
    const freight = splitFen(
      c.logisticFee,
      c.goods.map((l) => l.price * l.number),
    );
    c.goods.forEach((l, j) => lines.push({ key: String(l.goodsId), label: l.name, cost: l.price * l.number + freight[j]! }));
  });
  const lineSales = splitFen(
    sale,
    lines.map((l) => l.cost),
  );
  lines.forEach((l, i) => {
    const had = goods.get(l.key) ?? { label: l.label, sales: 0, cost: 0 };
    had.sales += lineSales[i]!;
    had.cost += l.cost;
    goods.set(l.key, had);
  });
  return { channels, goods };
}

export const ZERO_SALES: OverviewSaleFigures = { sold: 0, sales: 0, cost: 0, profit: 0 };
const figures = (sold: number, sales: number, cost: number): OverviewSaleFigures => ({ sold, sales, cost, profit: sales - cost });

/** The orders counted (`all` list) on the days `from`..`to` that have a sale amount. */
const soldOn = (db: Kdb, from: string, to: string, dim: 'all' | 'channel' | 'goods' = 'all', key = '') =>
  db
    .selectFrom('mirror_order_keys as k')
    .innerJoin('mirror_orders as o', 'o.sn', 'k.sn')
    .innerJoin('mirror_sales as s', 's.order_sn', 'o.third_sn')
    .where('k.dim', '=', dim)
    .where('k.key', '=', key)
    .where('k.day', '>=', from)
    .where('k.day', '<=', to);

/**
 * The period's sales, cost and profit over its orders with a sale amount, in all or of one channel or
 * goods, summed from the daily rollups (`mirror_daily`: sold, sales, cost): no order is read.
 */
export async function saleTotals(
  db: Kdb,
  from: string,
  to: string,
  dim: 'all' | 'channel' | 'goods' = 'all',
  key = '',
): Promise<OverviewSaleFigures> {
  const r = await db
    .selectFrom('mirror_daily')
    // Written into the SQL, so that SQLite can use the goods rows' partial (key, day) index.
    .where('dim', '=', sql.lit(dim) as unknown as string)
    .where('key', '=', key)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .select([
      sql<number>`coalesce(sum(sold), 0)`.as('sold'),
      sql<number>`coalesce(sum(sales), 0)`.as('sales'),
      sql<number>`coalesce(sum(cost), 0)`.as('cost'),
    ])
    .executeTakeFirst();
  return figures(Number(r?.sold ?? 0), Number(r?.sales ?? 0), Number(r?.cost ?? 0));
}

/**
 * The `sold` list of the overview (orders with a sale amount, all or of one channel or goods: key
 * `channel:<id>` / `goods:<id>`), newest first, a page at a time, with each order's sale figures (its
 * part for a channel or goods) and the whole list's.
 */
export async function soldOrders(db: Kdb, q: { key?: string; from: string; to: string; offset: number; limit: number }) {
  const [dim, key] = q.key?.startsWith('channel:')
    ? (['channel', q.key.slice(8)] as const)
    : q.key?.startsWith('goods:')
      ? (['goods', q.key.slice(6)] as const)
      : (['all', ''] as const);
  const base = soldOn(db, q.from, q.to, dim, key);
  const [rows, total] = await Promise.all([
    base.select(['o.data', 's.sale']).orderBy('k.created_time', 'desc').orderBy('k.sn', 'desc').offset(q.offset).limit(q.limit).execute(),
    saleTotals(db, q.from, q.to, dim, key),
  ]);
  const part = (o: Order, sale: number) => {
    if (dim === 'all') return { sales: sale, cost: o.goodsFee + o.logisticFee };
    const parts = orderParts(o, sale);
    return (dim === 'channel' ? parts.channels : parts.goods).get(key) ?? { sales: 0, cost: 0 };
  };
  const list = rows.map((r) => JSON.parse(r.data) as Order);
  return {
    list,
    total: total?.sold ?? 0,
    sales: list.map((o, i) => {
      const p = part(o, Number(rows[i]!.sale));
      return { sn: o.sn, thirdSn: o.thirdSn, sales: p.sales, cost: p.cost, profit: p.sales - p.cost };
    }),
    salesTotal: total ? figures(total.sold, total.sales, total.cost) : { ...ZERO_SALES },
  };
}

/** Sold orders, their buyers' payments and cost (fen), as the rollups keep them. */
interface Sums {
  sold: number;
  sales: number;
  cost: number;
}

/** Goods in the overview's list by sales. */
const TOP_SALES = 10;

/**
 * A period's figures (MirrorStore.period) with what its orders with a sale amount earned: in all, by
 * channel and for the goods it lists, and its ten goods with the most sales, all from the daily
 * rollups the period read (`p.sales`). `breakdown: false` (the previous period, only compared in all)
 * gives the totals alone.
 */
export function withSales<
  P extends {
    from: string;
    to: string;
    totals: object;
    byChannel: { key: string }[];
    topGoodsByItems: { key: string }[];
    topGoodsByGmv: { key: string }[];
    sales: {
      totals: Sums;
      byChannel: Map<string, Sums>;
      goods: Map<string, Sums>;
      topGoodsBySales: ({ key: string; label: string } & Sums)[];
    };
  },
>(_db: Kdb, p: P, breakdown = true) {
  const { sales, ...period } = p;
  const of = (f: Sums | undefined): OverviewSaleFigures => (f ? figures(f.sold, f.sales, f.cost) : { ...ZERO_SALES });
  return Promise.resolve({
    ...period,
    totals: { ...p.totals, ...of(sales.totals) },
    byChannel: p.byChannel.map((r) => ({ ...r, ...of(breakdown ? sales.byChannel.get(r.key) : undefined) })),
    topGoodsByItems: p.topGoodsByItems.map((r) => ({ ...r, ...of(breakdown ? sales.goods.get(r.key) : undefined) })),
    topGoodsByGmv: p.topGoodsByGmv.map((r) => ({ ...r, ...of(breakdown ? sales.goods.get(r.key) : undefined) })),
    topGoodsBySales: breakdown ? sales.topGoodsBySales.slice(0, TOP_SALES).map((r) => ({ key: r.key, label: r.label, ...of(r) })) : [],
  });
}
