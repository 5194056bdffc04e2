import { sql, type Migration } from 'kysely';
import { columnTypes } from '../db/dialect';

/**
 * Indexes for finding records by the start of a number (search.ts). SQLite compares text byte by
 * byte, so its ordinary indexes serve a prefix range as they are; only the messages' order number
 * lacks one. PostgreSQL compares text by the database's collation, where a prefix is not a range:
 * `text_pattern_ops` indexes serve `LIKE 'prefix%'` whatever the collation.
 */
export const searchMigrations: Record<string, Migration> = {
  '202611260200_search_prefix_indexes': {
    async up(db) {
      if (!columnTypes(db).pg) {
        await db.schema.createIndex('messages_order_sn').on('messages').column('order_sn').execute();
        return;
      }
      for (const [name, table, column] of [
        ['mirror_orders_third_sn_prefix', 'mirror_orders', 'third_sn'],
        ['mirror_orders_sn_prefix', 'mirror_orders', 'sn'],
        ['mirror_after_sales_order_prefix', 'mirror_after_sales', 'order_sn'],
        ['messages_order_sn_prefix', 'messages', 'order_sn'],
      ] as const)
        await sql`create index ${sql.id(name)} on ${sql.table(table)} (${sql.ref(column)} text_pattern_ops)`.execute(db);
    },
  },
};
