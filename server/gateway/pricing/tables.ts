import type { Migration } from 'kysely';
import { columnTypes } from '../db/dialect';

/** The pricing module's tables, added to the gateway's by module augmentation (server/gateway/db/tables.ts). */
declare module '../db/tables' {
  interface GatewayTables {
    pricing_settings: PricingSettingsTable;
    pricing_own: PricingOwnTable;
    pricing_sheet: PricingSheetTable;
  }
}

/** The pricing rules (one row, name 'rules'): the settings as JSON (contract PricingSettings), who saved them when. */
export interface PricingSettingsTable {
  name: string;
  value: string;
  updated_at: number;
  updated_by: string;
}

/** A SKU's own retail price (fen; null: none, the row keeps only the shop's code) and the shop's code for it. */
export interface PricingOwnTable {
  sku: number;
  goods_id: number;
  retail: number | null;
  code: string | null;
  updated_at: number;
  updated_by: string;
}

/** What the last price sheet downloaded held for a SKU (fen): a "changed" sheet holds the SKUs whose prices differ from it. */
export interface PricingSheetTable {
  sku: number;
  retail: number;
  compare_at: number | null;
  /** When that sheet was downloaded (ms). */
  at: number;
}

/** Appended to GATEWAY_MIGRATIONS (server/gateway/db/migrations/index.ts). */
export const pricingMigrations: Record<string, Migration> = {
  '202611290200_pricing': {
    async up(db) {
      const t = columnTypes(db);
      await db.schema
        .createTable('pricing_settings')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', t.ms, (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('pricing_own')
        .addColumn('sku', t.ms, (c) => c.primaryKey())
        .addColumn('goods_id', t.ms, (c) => c.notNull())
        .addColumn('retail', t.ms)
        .addColumn('code', 'text')
        .addColumn('updated_at', t.ms, (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('pricing_own_goods').on('pricing_own').column('goods_id').execute();
      await db.schema
        .createTable('pricing_sheet')
        .addColumn('sku', t.ms, (c) => c.primaryKey())
        .addColumn('retail', t.ms, (c) => c.notNull())
        .addColumn('compare_at', t.ms)
        .addColumn('at', t.ms, (c) => c.notNull())
        .execute();
    },
  },
};
