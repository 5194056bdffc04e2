import { sql, type Generated, type Migration } from 'kysely';
import { columnTypes } from '../db/dialect';

/** The goods module's tables, added to the gateway's by module augmentation (server/gateway/db/tables.ts). */
declare module '../db/tables' {
  interface GatewayTables {
    goods_skus: GoodsSkusTable;
    goods_items: GoodsItemsTable;
    goods_state: GoodsStateTable;
    goods_history: GoodsHistoryTable;
    goods_rules: GoodsRulesTable;
  }
}

/**
 * One SKU as the gateway last read it: the SKU index of bulk orders (SKU id → goods, spec, price),
 * and the start of the goods mirror. Prices in fen. A row learned from an order line knows only its
 * goods, spec and the price paid then (guide / activity price, stock and sale state null).
 */
export interface GoodsSkusTable {
  sku: number;
  goods_id: number;
  /** The SKU's spec text (`spec_value_names`, or an order line's `skuName`). */
  spec: string;
  agreement_price: number;
  guide_price: number | null;
  activity_price: number | null;
  stock: number | null;
  /** 1 on sale, 0 off sale, null not known. */
  on_sale: number | null;
  /** When what the row holds was read at the supplier (ms); an older read never replaces a newer one. */
  read_at: number;
  /** The agreement and guide price before the last change (fen), for the profit rate before it. */
  prev_agreement_price: number | null;
  prev_guide_price: number | null;
  /** When its prices or sale state last changed (ms; its first read counts). */
  changed_at: number | null;
  /** Why it is at risk now, as bits (RISK in store.ts): below its minimum profit rate, off sale, out of stock. */
  risk: Generated<number>;
}

/** One goods whose whole detail (every SKU) the gateway has read. */
export interface GoodsItemsTable {
  goods_id: number;
  title: string;
  cover: string;
  /** The goods' own sale state (1 on sale) and stock (sum over its SKUs as the supplier gives it). */
  status: number;
  stock: number;
  /** 1 while it is in the selection library as far as the gateway knows. */
  in_library: number;
  /** When its detail was last read (ms). */
  read_at: number;
  /** When a SKU of it last changed price or sale state (ms). */
  changed_at: number | null;
  /** Why it is at risk now: the bits of its SKUs' risks together (store.ts, RISK). */
  risk: Generated<number>;
  /**
   * The goods as a row of the library's list (JSON: its detail without description, pictures,
   * attributes and SKUs): the library filtered by "changed in the last N days", which the
   * upstream's list cannot do, is listed from these. Null for goods read before it was kept.
   */
  row: string | null;
}

/** Small named values of the module (e.g. how far the order mirror's lines have been read). */
export interface GoodsStateTable {
  name: string;
  value: string;
}

/** One change of a SKU's prices, stock state or sale state (its first read is one too), written with the new state. */
export interface GoodsHistoryTable {
  id: Generated<number>;
  sku: number;
  goods_id: number;
  /** When it was seen (ms). */
  at: number;
  agreement_price: number;
  guide_price: number;
  activity_price: number;
  stock: number;
  on_sale: number;
}

/** A minimum profit rate (%): for one goods, or for the whole library (goods_id 0). */
export interface GoodsRulesTable {
  goods_id: number;
  min_rate: number;
  updated_at: number;
  updated_by: string;
}

/** Appended to GATEWAY_MIGRATIONS (server/gateway/db/migrations/index.ts). */
export const goodsMigrations: Record<string, Migration> = {
  '202611270300_goods_index': {
    async up(db) {
      const t = columnTypes(db);
      await db.schema
        .createTable('goods_skus')
        .addColumn('sku', t.ms, (c) => c.primaryKey())
        .addColumn('goods_id', t.ms, (c) => c.notNull())
        .addColumn('spec', 'text', (c) => c.notNull())
        .addColumn('agreement_price', t.ms, (c) => c.notNull())
        .addColumn('guide_price', t.ms)
        .addColumn('activity_price', t.ms)
        .addColumn('stock', t.ms)
        .addColumn('on_sale', 'integer')
        .addColumn('read_at', t.ms, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('goods_skus_goods').on('goods_skus').column('goods_id').execute();
      await db.schema
        .createTable('goods_items')
        .addColumn('goods_id', t.ms, (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('cover', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('stock', t.ms, (c) => c.notNull())
        .addColumn('in_library', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('read_at', t.ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('goods_state')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      // The order mirror's lines are read into the index by when they were read (store.ts, fromOrders).
      await db.schema.createIndex('goods_mirror_orders_read_at').on('mirror_orders').columns(['read_at', 'sn']).execute();
    },
  },
  '202611270400_goods_watch': {
    async up(db) {
      const t = columnTypes(db);
      const real = t.pg ? 'double precision' : 'real';
      for (const c of ['prev_agreement_price', 'prev_guide_price', 'changed_at'])
        await db.schema.alterTable('goods_skus').addColumn(c, t.ms).execute();
      await db.schema
        .alterTable('goods_skus')
        .addColumn('risk', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // The at-risk page reads only the SKUs at risk.
      await db.schema
        .createIndex('goods_skus_risk')
        .on('goods_skus')
        .columns(['risk', 'goods_id'])
        .where(sql.ref('risk'), '>', 0)
        .execute();
      await db.schema.alterTable('goods_items').addColumn('changed_at', t.ms).execute();
      await db.schema.createIndex('goods_items_changed').on('goods_items').column('changed_at').execute();
      await db.schema
        .createTable('goods_history')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('sku', t.ms, (c) => c.notNull())
        .addColumn('goods_id', t.ms, (c) => c.notNull())
        .addColumn('at', t.ms, (c) => c.notNull())
        .addColumn('agreement_price', t.ms, (c) => c.notNull())
        .addColumn('guide_price', t.ms, (c) => c.notNull())
        .addColumn('activity_price', t.ms, (c) => c.notNull())
        .addColumn('stock', t.ms, (c) => c.notNull())
        .addColumn('on_sale', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('goods_history_goods').on('goods_history').columns(['goods_id', 'at']).execute();
      // The at-risk page: library goods at risk, the latest change first, a page at a time.
      await db.schema
        .alterTable('goods_items')
        .addColumn('risk', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('goods_items_at_risk')
        .on('goods_items')
        .columns(['changed_at', 'goods_id'])
        .where(sql<boolean>`risk > 0 and in_library = 1`)
        .execute();
      await db.schema
        .createTable('goods_rules')
        .addColumn('goods_id', t.ms, (c) => c.primaryKey())
        .addColumn('min_rate', real, (c) => c.notNull())
        .addColumn('updated_at', t.ms, (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '202611272230_goods_rows': {
    async up(db) {
      await db.schema.alterTable('goods_items').addColumn('row', 'text').execute();
    },
  },
  '202611272330_goods_fillfactor': {
    async up(db) {
      // PostgreSQL: room in each page of goods_skus for a SKU's new version, so a price change (no
      // indexed column changes) is a HOT update that writes no index entry. Pages written from now on.
      if (columnTypes(db).pg) await sql`alter table goods_skus set (fillfactor = 80)`.execute(db);
    },
  },
};
