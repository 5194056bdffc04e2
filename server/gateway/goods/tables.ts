import type { Migration } from 'kysely';
import { columnTypes } from '../db/dialect';

/** The goods module's tables, added to the gateway's by module augmentation (server/gateway/db/tables.ts). */
declare module '../db/tables' {
  interface GatewayTables {
    goods_skus: GoodsSkusTable;
    goods_items: GoodsItemsTable;
    goods_state: GoodsStateTable;
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
}

/** Small named values of the module (e.g. how far the order mirror's lines have been read). */
export interface GoodsStateTable {
  name: string;
  value: string;
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
};
