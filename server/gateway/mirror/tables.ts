import { sql, type Generated, type Migration } from 'kysely';
import type { Order } from '../../../contract';
import { columnTypes } from '../db/dialect';
import { cashOrderKey, orderKeys, orderOfSn } from './rollups';

/** The order mirror's tables, added to the gateway's by module augmentation (server/gateway/db/tables.ts). */
declare module '../db/tables' {
  interface GatewayTables {
    mirror_orders: MirrorOrdersTable;
    mirror_daily: MirrorDailyTable;
    mirror_state: MirrorStateTable;
    mirror_after_sales: MirrorAfterSalesTable;
    mirror_failed_orders: MirrorFailedOrdersTable;
    mirror_cash_flow: MirrorCashFlowTable;
    mirror_order_keys: MirrorOrderKeysTable;
    mirror_refunds: MirrorRefundsTable;
  }
}

/**
 * The money refunded of each order, each refund once (rollups.ts, matchRefunds): an after-sale's
 * refund and the cash-flow line that paid it back are one row. Made again from the after-sale records
 * and cash-flow lines whenever one of them or the order changes; its figures are `refunded` on `day`.
 */
export interface MirrorRefundsTable {
  /** `as:<after-sale id>`, or `cf:<cash-flow line id>` for a refund with no after-sale. */
  id: string;
  /** The platform's order number. */
  sn: string;
  /** The goods line's number ('' when the refund names no line). */
  line_sn: string;
  after_sale_id: number | null;
  cash_id: number | null;
  /** Refunded, fen. */
  money: number;
  /** Pieces refunded (the after-sale's quantity; 0 when unknown). */
  pieces: number;
  /** When the money came back (Unix seconds), and that day in the reseller's time zone. */
  time: number;
  day: string;
  province: string;
  source: number;
  goods_id: string;
}

/**
 * Which of the overview's lists each order is a row of (rollups.ts, orderKeys): `dim` `all` (counted
 * as an order), `channel`, `province`, `goods` (key: source id, province name, goods id), `refunded`,
 * `cancelled`; on the day its figures belong to. Written with the order, in the same transaction.
 */
export interface MirrorOrderKeysTable {
  dim: string;
  key: string;
  day: string;
  sn: string;
  created_time: number;
}

/** A failed order (placed, not paid) as the upstream's failed-order list last showed it. */
export interface MirrorFailedOrdersTable {
  /** The upstream's id of the failed order. */
  id: number;
  sn: string;
  third_sn: string;
  created_time: number;
  day: string;
  message: string;
  data: string;
  read_at: number;
  /** When a complete read of the list no longer had it (retried or refunded), ms; null while it is there. */
  resolved_at: number | null;
}

/** One cash-flow line of the reseller's balance at the supplier. Lines never change once written. */
export interface MirrorCashFlowTable {
  id: number;
  order_sn: string;
  /** 1 out of the balance, 2 into it. */
  direction: number;
  type: number;
  money: number;
  balance_after: number;
  /** Unix seconds; `day` is that day in the reseller's time zone. */
  update_time: number;
  day: string;
  data: string;
  /** `order_sn`'s first part: the platform's order number (or the merchant's) the line is for. */
  order_key: string;
}

/** One after-sale record as the upstream last answered it. */
export interface MirrorAfterSalesTable {
  id: number;
  /** The merchant's order number, and the goods line's number (the platform's, with `_` parts). */
  order_sn: string;
  line_sn: string;
  sku: number;
  /** Unix seconds: when it was asked for; `day` is that day in the reseller's time zone. */
  created_time: number;
  day: string;
  status: number;
  reason_code: string;
  /** Refunded, fen (0 until refunded). */
  refund_fee: number;
  /** JSON of the record as answered. */
  data: string;
  read_at: number;
  /** The platform's order number the goods line is of (its number's first part): how refunds find an order's records. */
  platform_sn: string;
}

/** One order as the upstream last answered it (the all-platform list's shape, children and lines inside). */
export interface MirrorOrdersTable {
  /** The platform's order number. */
  sn: string;
  /** The merchant's order number. */
  third_sn: string;
  /** Unix seconds, as the upstream gives it. */
  created_time: number;
  /** The day it belongs to in the reseller's time zone (YYYY-MM-DD): its rollups are that day's. */
  day: string;
  status: number;
  pay_status: number;
  /** Goods and freight, fen. */
  total: number;
  /** JSON of the order as answered. */
  data: string;
  /** When the gateway last read it (ms). */
  read_at: number;
  /**
   * The last four digits of the consignee's phone ('' when it has fewer), to find an order by them
   * (phone-tail.ts); null for an order mirrored before the column, until the next reconcile fills it.
   * Only the tail is a column: no index holds a whole phone number (docs/design.md).
   */
  phone_tail: string | null;
}

/**
 * Figures per day, kept in the same transaction as the orders they sum, so a period reads a few
 * hundred rows whatever the number of orders. `dim`: `all` (key ''), `channel` (source id), `goods`
 * (goods id), `province` (its name); of after-sale records (`orders` counts requests, `items` their
 * quantity, `gmv` what they claim, `refunded` what was refunded): `asReason` (reason code, its words
 * as label), `asResult` (record status).
 */
export interface MirrorDailyTable {
  day: string;
  dim: string;
  key: string;
  /** What a person reads for the key: the goods' name (the latest seen); empty for the others. */
  label: string;
  orders: number;
  /** Goods and freight, fen. */
  gmv: number;
  items: number;
  /** Refunded, fen. */
  refunded: number;
  cancelled: number;
  /**
   * Of the orders counted (`all`, `channel`, `goods`, `goodsWeek` rows), those with a sale amount
   * (mirror/sales.ts): how many, what the buyers paid and their cost (goods and freight), fen; a
   * channel's or goods' part split as orderParts splits it. Added by the sales migration.
   */
  sold: Generated<number>;
  sales: Generated<number>;
  cost: Generated<number>;
}

/** The mirror's own bookkeeping: the backfill's progress, the last reconcile. JSON values by name. */
export interface MirrorStateTable {
  name: string;
  value: string;
  updated_at: number;
}

/** Appended to GATEWAY_MIGRATIONS (server/gateway/db/migrations/index.ts). */
export const mirrorMigrations: Record<string, Migration> = {
  '202611251700_mirror_orders': {
    async up(db) {
      const t = columnTypes(db);
      await db.schema
        .createTable('mirror_orders')
        .addColumn('sn', 'text', (c) => c.primaryKey())
        .addColumn('third_sn', 'text', (c) => c.notNull())
        .addColumn('created_time', t.ms, (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('pay_status', 'integer', (c) => c.notNull())
        .addColumn('total', t.ms, (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('read_at', t.ms, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('mirror_orders_third_sn').on('mirror_orders').column('third_sn').execute();
      await db.schema.createIndex('mirror_orders_created').on('mirror_orders').columns(['created_time', 'status']).execute();
      await db.schema
        .createTable('mirror_daily')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('dim', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('orders', t.ms, (c) => c.notNull().defaultTo(0))
        .addColumn('gmv', t.ms, (c) => c.notNull().defaultTo(0))
        .addColumn('items', t.ms, (c) => c.notNull().defaultTo(0))
        .addColumn('refunded', t.ms, (c) => c.notNull().defaultTo(0))
        .addColumn('cancelled', t.ms, (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('mirror_daily_pk', ['dim', 'day', 'key'])
        .execute();
      await db.schema
        .createTable('mirror_state')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', t.ms, (c) => c.notNull())
        .execute();
    },
  },
  '202611252130_mirror_after_sales': {
    async up(db) {
      const t = columnTypes(db);
      await db.schema
        .createTable('mirror_after_sales')
        .addColumn('id', t.ms, (c) => c.primaryKey())
        .addColumn('order_sn', 'text', (c) => c.notNull())
        .addColumn('line_sn', 'text', (c) => c.notNull())
        .addColumn('sku', t.ms, (c) => c.notNull())
        .addColumn('created_time', t.ms, (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('reason_code', 'text', (c) => c.notNull())
        .addColumn('refund_fee', t.ms, (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('read_at', t.ms, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('mirror_after_sales_status').on('mirror_after_sales').columns(['status', 'created_time']).execute();
      await db.schema.createIndex('mirror_after_sales_order').on('mirror_after_sales').column('order_sn').execute();
      await db.schema.createIndex('mirror_after_sales_day').on('mirror_after_sales').columns(['day', 'reason_code']).execute();
    },
  },
  '202611252230_mirror_goods_indexes': {
    // The top goods of a period are found from each day's and week's largest rows (store.ts,
    // topGoods): a day's or week's goods by quantity and by GMV, and one goods' days or weeks.
    // Partial: only the goods rows need them. The goods' weekly rows are new: the mirror, a cache,
    // is emptied and read again from the supplier (the backfill runs again on the next start).
    async up(db) {
      for (const dim of ['goods', 'goodsWeek']) {
        const index = (name: string, columns: string[]) =>
          db.schema
            .createIndex(`mirror_daily_${dim.toLowerCase()}_${name}`)
            .on('mirror_daily')
            .columns(columns)
            .where(sql.ref('dim'), '=', dim)
            .execute();
        await index('items', ['day', 'items']);
        await index('gmv', ['day', 'gmv']);
        await index('key', ['key', 'day']);
      }
      for (const table of ['mirror_orders', 'mirror_daily', 'mirror_after_sales', 'mirror_state'] as const)
        await db.deleteFrom(table).execute();
    },
  },
  '202611260100_mirror_failed_orders_cash_flow': {
    async up(db) {
      const t = columnTypes(db);
      await db.schema
        .createTable('mirror_failed_orders')
        .addColumn('id', t.ms, (c) => c.primaryKey())
        .addColumn('sn', 'text', (c) => c.notNull())
        .addColumn('third_sn', 'text', (c) => c.notNull())
        .addColumn('created_time', t.ms, (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('read_at', t.ms, (c) => c.notNull())
        .addColumn('resolved_at', t.ms)
        .execute();
      await db.schema
        .createIndex('mirror_failed_orders_open')
        .on('mirror_failed_orders')
        .columns(['resolved_at', 'created_time'])
        .execute();
      await db.schema
        .createTable('mirror_cash_flow')
        .addColumn('id', t.ms, (c) => c.primaryKey())
        .addColumn('order_sn', 'text', (c) => c.notNull())
        .addColumn('direction', 'integer', (c) => c.notNull())
        .addColumn('type', 'integer', (c) => c.notNull())
        .addColumn('money', t.ms, (c) => c.notNull())
        .addColumn('balance_after', t.ms, (c) => c.notNull())
        .addColumn('update_time', t.ms, (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('mirror_cash_flow_time').on('mirror_cash_flow').column('update_time').execute();
    },
  },
  '202611272000_mirror_order_keys': {
    // The lists behind the overview's figures: the orders already mirrored are listed from their kept JSON.
    async up(db) {
      const t = columnTypes(db);
      await db.schema
        .createTable('mirror_order_keys')
        .addColumn('dim', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('sn', 'text', (c) => c.notNull())
        .addColumn('created_time', t.ms, (c) => c.notNull())
        .addPrimaryKeyConstraint('mirror_order_keys_pk', ['dim', 'key', 'day', 'sn'])
        .execute();
      await db.schema.createIndex('mirror_order_keys_sn').on('mirror_order_keys').column('sn').execute();
      for (let after = ''; ;) {
        const rows = (await db
          .selectFrom('mirror_orders' as never)
          .select(['sn', 'day', 'created_time', 'data'] as never[])
          .where('sn' as never, '>', after as never)
          .orderBy('sn' as never)
          .limit(500)
          .execute()) as { sn: string; day: string; created_time: number; data: string }[];
        if (rows.length === 0) break;
        const keys = rows.flatMap((r) =>
          // The zone only decides the day, which the row has already.
          orderKeys(JSON.parse(r.data) as Order, 'UTC').map((k) => ({ ...k, day: r.day, sn: r.sn, created_time: Number(r.created_time) })),
        );
        for (let i = 0; i < keys.length; i += 200)
          await db
            .insertInto('mirror_order_keys' as never)
            .values(keys.slice(i, i + 200) as never)
            .execute();
        after = rows.at(-1)!.sn;
      }
    },
  },
  '202611282200_mirror_refunds': {
    // The refunded figure is the money refunded, once (issue 48): the order dims' refunded figures,
    // made from the lines' refund times, are taken off, and the refunds are made again from the
    // after-sale records and cash-flow lines the mirror holds (MirrorStore.recomputeRefunds, on the
    // next reconcile: the days need the reseller's time zone, which a migration does not know).
    async up(db) {
      const t = columnTypes(db);
      await db.schema
        .createTable('mirror_refunds')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('sn', 'text', (c) => c.notNull())
        .addColumn('line_sn', 'text', (c) => c.notNull())
        .addColumn('after_sale_id', t.ms)
        .addColumn('cash_id', t.ms)
        .addColumn('money', t.ms, (c) => c.notNull())
        .addColumn('pieces', t.ms, (c) => c.notNull())
        .addColumn('time', t.ms, (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('province', 'text', (c) => c.notNull())
        .addColumn('source', 'integer', (c) => c.notNull())
        .addColumn('goods_id', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('mirror_refunds_sn').on('mirror_refunds').column('sn').execute();
      await db.schema
        .alterTable('mirror_after_sales')
        .addColumn('platform_sn', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('mirror_cash_flow')
        .addColumn('order_key', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      for (const [table, from, to] of [
        ['mirror_after_sales', 'line_sn', 'platform_sn'],
        ['mirror_cash_flow', 'order_sn', 'order_key'],
      ] as const) {
        for (let after = -1; ;) {
          const rows = (await db
            .selectFrom(table as never)
            .select(['id', from] as never[])
            .where('id' as never, '>', after as never)
            .orderBy('id' as never)
            .limit(500)
            .execute()) as Record<string, string | number>[];
          if (rows.length === 0) break;
          for (const r of rows)
            await db
              .updateTable(table as never)
              .set({ [to]: to === 'order_key' ? cashOrderKey(String(r[from])) : orderOfSn(String(r[from])) } as never)
              .where('id' as never, '=', r.id as never)
              .execute();
          after = Number(rows.at(-1)!.id);
        }
      }
      await db.schema.createIndex('mirror_after_sales_platform_sn').on('mirror_after_sales').column('platform_sn').execute();
      await db.schema.createIndex('mirror_cash_flow_order_key').on('mirror_cash_flow').columns(['order_key', 'direction']).execute();
      await db
        .updateTable('mirror_daily' as never)
        .set({ refunded: 0 } as never)
        .where('dim' as never, 'in', ['all', 'province', 'channel', 'goods', 'goodsWeek'] as never)
        .execute();
      await db
        .deleteFrom('mirror_order_keys' as never)
        .where('dim' as never, '=', 'refunded' as never)
        .execute();
    },
  },
  '202611290040_mirror_phone_tail': {
    // Orders by the last four digits of the consignee's phone (issue 52): the column, null for the orders
    // already mirrored (the next reconcile fills them from their kept answers: phone-tail.ts,
    // fillPhoneTails), and an index that reads a tail's orders newest first.
    async up(db) {
      await db.schema.alterTable('mirror_orders').addColumn('phone_tail', 'text').execute();
      await db.schema.createIndex('mirror_orders_phone_tail').on('mirror_orders').columns(['phone_tail', 'created_time', 'sn']).execute();
    },
  },
};
