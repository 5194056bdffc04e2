import { sql, type Migration } from 'kysely';
import { columnTypes } from '../db/dialect';

/**
 * Indexes for finding records by the start of a number (store.ts): a prefix is a range in byte
 * order, read in that order. SQLite compares text byte by byte, so its ordinary indexes serve as
 * they are; only the messages' order number lacks one. PostgreSQL compares text by the database's
 * collation, where a prefix is not a range: the number columns are indexed in the C collation (byte
 * order), which the queries name.
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
        await sql`create index ${sql.id(name)} on ${sql.table(table)} ((${sql.ref(column)} collate "C"))`.execute(db);
    },
  },
};
