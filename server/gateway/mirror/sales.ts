import { sql, type Migration } from 'kysely';
import type { Order, OverviewSaleFigures } from '../../../contract';
import type { Kdb } from '../db';
import { columnTypes } from '../db/dialect';

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
};

/** Keeps orders' sale amounts (the last one given stands), in the caller's transaction or not. */
export async function keepSales(db: Kdb, sales: readonly { orderSn: string; sale: number; source: string }[], at: number) {
  const latest = new Map(sales.map((s) => [s.orderSn, s]));
  const rows = [...latest.values()].map((s) => ({ order_sn: s.orderSn, sale: s.sale, source: s.source, at }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('mirror_sales')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) =>
        oc.column('order_sn').doUpdateSet((eb) => ({
          sale: eb.ref('excluded.sale'),
          source: eb.ref('excluded.source'),
          at: eb.ref('excluded.at'),
        })),
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

/** The period's sales, cost and profit over its orders with a sale amount (one query: no order is read). */
export async function saleTotals(db: Kdb, from: string, to: string): Promise<OverviewSaleFigures> {
  const r = await soldOn(db, from, to)
    .select([
      sql<number>`count(*)`.as('n'),
      sql<number>`coalesce(sum(s.sale), 0)`.as('sales'),
      sql<number>`coalesce(sum(o.total), 0)`.as('cost'),
    ])
    .executeTakeFirst();
  return figures(Number(r?.n ?? 0), Number(r?.sales ?? 0), Number(r?.cost ?? 0));
}

/**
 * The period's sale figures by channel and by goods: every order with a sale amount read and split
 * (orderParts). Only orders with a sale amount are read, the period's current figures only.
 */
export async function saleBreakdown(db: Kdb, from: string, to: string) {
  const rows = await soldOn(db, from, to).select(['o.data', 's.sale']).execute();
  const channel = new Map<string, OverviewSaleFigures>();
  const goods = new Map<string, OverviewSaleFigures & { label: string }>();
  for (const r of rows) {
    const parts = orderParts(JSON.parse(r.data) as Order, Number(r.sale));
    for (const [key, p] of parts.channels) {
      const had = channel.get(key) ?? { ...ZERO_SALES };
      channel.set(key, figures(had.sold + 1, had.sales + p.sales, had.cost + p.cost));
    }
    for (const [key, p] of parts.goods) {
      const had = goods.get(key) ?? { ...ZERO_SALES, label: p.label };
      goods.set(key, { ...figures(had.sold + 1, had.sales + p.sales, had.cost + p.cost), label: had.label || p.label });
    }
  }
  return { channel, goods };
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
    dim === 'all'
      ? saleTotals(db, q.from, q.to)
      : saleBreakdown(db, q.from, q.to).then((b) => (dim === 'channel' ? b.channel : b.goods).get(key)),
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

/** Goods in the overview's list by sales. */
const TOP_SALES = 10;

/**
 * A period's figures (MirrorStore.period) with what its orders with a sale amount earned: in all, by
 * channel and for the goods it lists, and its ten goods with the most sales. `breakdown: false` (the
 * previous period, only compared in all) reads the totals alone.
 */
export async function withSales<
  P extends {
    from: string;
    to: string;
    totals: object;
    byChannel: { key: string }[];
    topGoodsByItems: { key: string }[];
    topGoodsByGmv: { key: string }[];
  },
>(db: Kdb, p: P, breakdown = true) {
  const [totals, parts] = await Promise.all([
    saleTotals(db, p.from, p.to),
    breakdown ? saleBreakdown(db, p.from, p.to) : Promise.resolve({ channel: new Map(), goods: new Map() }),
  ]);
  const of = (m: Map<string, OverviewSaleFigures>, key: string): OverviewSaleFigures => {
    const f = m.get(key);
    return f ? { sold: f.sold, sales: f.sales, cost: f.cost, profit: f.profit } : { ...ZERO_SALES };
  };
  return {
    ...p,
    totals: { ...p.totals, ...totals },
    byChannel: p.byChannel.map((r) => ({ ...r, ...of(parts.channel, r.key) })),
    topGoodsByItems: p.topGoodsByItems.map((r) => ({ ...r, ...of(parts.goods, r.key) })),
    topGoodsByGmv: p.topGoodsByGmv.map((r) => ({ ...r, ...of(parts.goods, r.key) })),
    topGoodsBySales: [...(parts.goods as Map<string, OverviewSaleFigures & { label: string }>)]
      .map(([key, f]) => ({ key, ...f }))
      .sort((a, b) => b.sales - a.sales || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .slice(0, TOP_SALES),
  };
}
