import type { Generated, Migration } from 'kysely';
import type { Order } from '../../../contract';
import { columnTypes } from '../db/dialect';
import { FINAL_STATUSES } from '../mirror/rollups';
import { packagesOf } from './packages';

/** The shipments' tables, added to the gateway's by module augmentation (server/gateway/db/tables.ts). */
declare module '../db/tables' {
  interface GatewayTables {
    shipments: ShipmentsTable;
    shipment_couriers: ShipmentCouriersTable;
    shipment_batches: ShipmentBatchesTable;
    shipment_formats: ShipmentFormatsTable;
  }
}

/**
 * One package: a channel child and a tracking number (packages.ts), written by the order mirror in the
 * same transaction as its order. Unique on (child_sn, tracking_no): read again, it is the same row.
 */
export interface ShipmentsTable {
  id: Generated<number>;
  /** The merchant's order number: the shop's order number. */
  shop_order_sn: string;
  /** The platform's order number, and the channel child's. */
  order_sn: string;
  child_sn: string;
  /** The child's source id. */
  channel: number;
  /** The supplier's courier name as the goods line gives it (`deliverName`). */
  courier_name: string;
  tracking_no: string;
  /** The child's `deliverTime` (Unix seconds). */
  shipped_at: number;
  /** JSON of the lines in the package: [{ name, spec, quantity }]. */
  lines: string;
  /** When it was marked handed to the shop (ms, on the shown clock); null until then. */
  exported_at: number | null;
  /** When the gateway first saw it (ms). */
  created_at: number;
  /** The download (shipment_batches) that marked it handed over; null when marked otherwise (`/mark`) or not. */
  batch_id: number | null;
}

/** A download that marked packages handed to the shop: what `undo` puts back. */
export interface ShipmentBatchesTable {
  id: Generated<number>;
  user_id: number;
  username: string;
  /** The format's key (a built-in id, or an own format's number as text) and the file type. */
  format: string;
  type: string;
  /** Packages it marked. */
  count: number;
  created_at: number;
  /** When it was undone (ms), null until then. */
  undone_at: number | null;
}

/** A merchant's own sheet format, shared by the reseller's team (the shop's template is the shop's). */
export interface ShipmentFormatsTable {
  id: Generated<number>;
  name: string;
  /** JSON: [{ field, header }]. */
  columns: string;
  per_order: number;
  joiner: string;
  /** JSON: { supplier courier code: shop's courier name }. */
  carrier_map: string;
  created_by: string;
  updated_by: string;
  created_at: number;
  updated_at: number;
}

/** The supplier's courier list (`logistic.firms`) as last forwarded: the code of each courier name. */
export interface ShipmentCouriersTable {
  name: string;
  code: string;
}

/** Appended to GATEWAY_MIGRATIONS (server/gateway/db/migrations/index.ts). */
export const shipmentsMigrations: Record<string, Migration> = {
  '202611282230_shipments': {
    async up(db) {
      const t = columnTypes(db);
      await db.schema
        .createTable('shipments')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('shop_order_sn', 'text', (c) => c.notNull())
        .addColumn('order_sn', 'text', (c) => c.notNull())
        .addColumn('child_sn', 'text', (c) => c.notNull())
        .addColumn('channel', 'integer', (c) => c.notNull())
        .addColumn('courier_name', 'text', (c) => c.notNull())
        .addColumn('tracking_no', 'text', (c) => c.notNull())
        .addColumn('shipped_at', t.ms, (c) => c.notNull())
        .addColumn('lines', 'text', (c) => c.notNull())
        .addColumn('exported_at', t.ms)
        .addColumn('created_at', t.ms, (c) => c.notNull())
        .addUniqueConstraint('shipments_package', ['child_sn', 'tracking_no'])
        .execute();
      await db.schema.createIndex('shipments_state').on('shipments').columns(['exported_at', 'shipped_at']).execute();
      await db.schema.createIndex('shipments_shipped').on('shipments').columns(['shipped_at', 'id']).execute();
      await db.schema.createIndex('shipments_shop_order').on('shipments').column('shop_order_sn').execute();
      await db.schema
        .createTable('shipment_couriers')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull())
        .execute();
      // The packages of the orders the mirror holds that are still under way (not completed or
      // closed): those a shop may still wait for. Completed ones were handed over by hand already.
      const now = Date.now();
      for (let after = ''; ;) {
        const rows = (await db
          .selectFrom('mirror_orders' as never)
          .select(['sn', 'data'] as never[])
          .where('sn' as never, '>', after as never)
          .where('status' as never, 'not in', [...FINAL_STATUSES] as never)
          .orderBy('sn' as never)
          .limit(500)
          .execute()) as { sn: string; data: string }[];
        if (rows.length === 0) break;
        const packages = rows.flatMap((r) => packagesOf(JSON.parse(r.data) as Order)).map((p) => ({ ...p, created_at: now }));
        for (let i = 0; i < packages.length; i += 200)
          await db
            .insertInto('shipments' as never)
            .values(packages.slice(i, i + 200) as never)
            .onConflict((oc) => oc.columns(['child_sn', 'tracking_no'] as never).doNothing())
            .execute();
        after = rows.at(-1)!.sn;
      }
    },
  },
  '202611290030_shipments_formats': {
    async up(db) {
      const t = columnTypes(db);
      await db.schema.alterTable('shipments').addColumn('batch_id', 'integer').execute();
      await db.schema.createIndex('shipments_batch').on('shipments').column('batch_id').execute();
      await db.schema
        .createTable('shipment_batches')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('created_at', t.ms, (c) => c.notNull())
        .addColumn('undone_at', t.ms)
        .execute();
      await db.schema
        .createTable('shipment_formats')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('columns', 'text', (c) => c.notNull())
        .addColumn('per_order', 'integer', (c) => c.notNull())
        .addColumn('joiner', 'text', (c) => c.notNull())
        .addColumn('carrier_map', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .addColumn('created_at', t.ms, (c) => c.notNull())
        .addColumn('updated_at', t.ms, (c) => c.notNull())
        .execute();
    },
  },
};
