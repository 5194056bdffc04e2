import type { Migration } from 'kysely';
import { columnTypes } from '../db/dialect';

/** The after-sale names table (server/gateway/db/tables.ts says how concerns add their tables). */
interface AfterSaleNamesTable {
  /** The upstream's after-sale id. */
  after_sale_id: number;
  /** JSON of AfterSaleNames. */
  names: string;
  created_by: number;
  created_at: number;
}
declare module '../db/tables' {
  interface GatewayTables {
    after_sale_names: AfterSaleNamesTable;
  }
}

export const afterSaleNamesMigrations: Record<string, Migration> = {
  '202611230220_after_sale_names': {
    up: async (db) => {
      const t = columnTypes(db);
      await db.schema
        .createTable('after_sale_names')
        .addColumn('after_sale_id', t.ms, (c) => c.primaryKey())
        .addColumn('names', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.notNull())
        .addColumn('created_at', t.ms, (c) => c.notNull())
        .execute();
    },
  },
};
