import { sql, type Generated, type Migration } from 'kysely';
import { columnTypes } from '../db/dialect';

/** Support's exceptions' tables, added to the gateway's by module augmentation (server/gateway/db/tables.ts). */
declare module '../db/tables' {
  interface GatewayTables {
    exceptions: ExceptionsTable;
    exception_notes: ExceptionNotesTable;
    exception_children: ExceptionChildrenTable;
    exception_sweep: ExceptionSweepTable;
    exception_ship_days: ExceptionShipDaysTable;
  }
}

/**
 * An order going wrong, found by the sweep (sweep.ts) from the order mirror: one row per case. At most
 * one case not resolved per (kind, subject): the unique index `exceptions_one_open`.
 */
export interface ExceptionsTable {
  id: Generated<number>;
  /** `late`, `cancelled`, `returned`, `failed`, `stalled` (contract/schemas/exceptions.ts). */
  kind: string;
  /** The platform's order number, the merchant's (the shop's) order number, the channel child's ('' for a failed order). */
  order_sn: string;
  shop_order_sn: string;
  child_sn: string;
  /** What it is about: the child's number, or the order's for a failed order (no child). */
  subject: string;
  /** Since when it is one (ms, business clock): when its cause began, or crossed its threshold. */
  since: number;
  /** `open`, `taken`, `resolved`. */
  state: string;
  /** Who has it (user id and name), null while open. */
  taken_by_id: number | null;
  taken_by: string | null;
  /** When it was resolved (ms, business clock) and by whom ('' for the system: its cause went away). */
  resolved_at: number | null;
  resolved_by: string | null;
  /** When the sweep found it (ms, business clock). */
  opened_at: number;
}

/** A note on an exception: who wrote what, when (business clock). */
export interface ExceptionNotesTable {
  id: Generated<number>;
  exception_id: number;
  at: number;
  by: string;
  text: string;
}

/**
 * Each paid channel child of the mirrored orders as the sweep last saw it (index.ts): its state, when
 * its order was paid and when it shipped, and its parcel's trace as last read. Made again by the sweep
 * from the orders that changed since its last run (`exception_sweep`'s cursor), so a run reads what
 * changed, and what becomes due by time alone (late, the traces to read) is found by index. The
 * overview's shipping figures (shipping.ts) read it too.
 */
export interface ExceptionChildrenTable {
  child_sn: string;
  order_sn: string;
  shop_order_sn: string;
  /** The channel (source id), and the first line's SKU (what a trace is asked by). */
  source: number;
  sku: number;
  /** `waiting` (paid, not shipped), `transit` (shipped, on its way), `done` (received or completed), `cancelled`, `returned`. */
  state: string;
  /** When its order was paid (ms, business clock): the payment's cash-flow line, else the order's creation. */
  paid_at: number;
  /** When it shipped (ms), 0 before. */
  shipped_at: number;
  /** Shipped minus paid (ms): what the overview's median is of; null before it ships. */
  ship_ms: number | null;
  /** Its trace as the sweep last read it (in transit only): when (ms; -1 never), its latest event (ms; 0 none), when it was refused at the door (ms). */
  trace_read_at: number;
  trace_last: number;
  trace_refused: number | null;
}

/**
 * The overview's shipping figures of one day's payments (shipping.ts), kept once worked out from
 * exception_children: the day as a span of business time (ms, its start and end in the reseller's
 * zone), the late hours they were counted with (ms); how many children shipped within them, later,
 * and were cancelled before shipping; how long the shipped took, counted per quarter hour (JSON
 * `{ "<quarter hours>": count }`). The sweep deletes the days whose children it changed.
 */
export interface ExceptionShipDaysTable {
  from_ms: number;
  to_ms: number;
  within_ms: number;
  within: number;
  late: number;
  cancelled: number;
  hist: string;
}

/** The sweep's own bookkeeping: its cursors, by name, as JSON. */
export interface ExceptionSweepTable {
  name: string;
  value: string;
}

/** Appended to GATEWAY_MIGRATIONS (server/gateway/db/migrations/index.ts). */
export const exceptionsMigrations: Record<string, Migration> = {
  '202611282330_exceptions': {
    async up(db) {
      const t = columnTypes(db);
      await db.schema
        .createTable('exceptions')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('order_sn', 'text', (c) => c.notNull())
        .addColumn('shop_order_sn', 'text', (c) => c.notNull())
        .addColumn('child_sn', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('since', t.ms, (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('taken_by_id', 'integer')
        .addColumn('taken_by', 'text')
        .addColumn('resolved_at', t.ms)
        .addColumn('resolved_by', 'text')
        .addColumn('opened_at', t.ms, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('exceptions_state_since').on('exceptions').columns(['state', 'since', 'id']).execute();
      await db.schema.createIndex('exceptions_kind_state_since').on('exceptions').columns(['kind', 'state', 'since', 'id']).execute();
      await db.schema.createIndex('exceptions_order').on('exceptions').column('order_sn').execute();
      await db.schema.createIndex('exceptions_subject').on('exceptions').columns(['subject', 'state']).execute();
      // One case not resolved per kind and child (or failed order).
      await db.schema
        .createIndex('exceptions_one_open')
        .on('exceptions')
        .columns(['kind', 'subject'])
        .unique()
        .where(sql.ref('state'), '<>', 'resolved')
        .execute();
      await db.schema
        .createTable('exception_notes')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('exception_id', 'integer', (c) => c.notNull())
        .addColumn('at', t.ms, (c) => c.notNull())
        .addColumn('by', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('exception_traces')
        .addColumn('child_sn', 'text', (c) => c.primaryKey())
        .addColumn('read_at', t.ms, (c) => c.notNull())
        .addColumn('last_event', t.ms, (c) => c.notNull())
        .addColumn('refused_at', t.ms)
        .execute();
      await db.schema.createIndex('exception_notes_of').on('exception_notes').columns(['exception_id', 'id']).execute();
    },
  },
  '202611290100_exception_children': {
    // The sweep works from what changed (issue 52.5): the mirror's orders by when they were last
    // written, the children by due times. The traces the sweep kept move into the children's rows
    // (read again at the next sweeps).
    async up(db) {
      const t = columnTypes(db);
      await db.schema
        .createTable('exception_children')
        .addColumn('child_sn', 'text', (c) => c.primaryKey())
        .addColumn('order_sn', 'text', (c) => c.notNull())
        .addColumn('shop_order_sn', 'text', (c) => c.notNull())
        .addColumn('source', 'integer', (c) => c.notNull())
        .addColumn('sku', t.ms, (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('paid_at', t.ms, (c) => c.notNull())
        .addColumn('shipped_at', t.ms, (c) => c.notNull())
        .addColumn('ship_ms', t.ms)
        .addColumn('trace_read_at', t.ms, (c) => c.notNull())
        .addColumn('trace_last', t.ms, (c) => c.notNull())
        .addColumn('trace_refused', t.ms)
        .execute();
      // Due by time: the children waiting by payment (late), those in transit by their last read (traces).
      await db.schema.createIndex('exception_children_due').on('exception_children').columns(['state', 'paid_at']).execute();
      await db.schema.createIndex('exception_children_trace').on('exception_children').columns(['state', 'trace_read_at']).execute();
      await db.schema.createIndex('exception_children_order').on('exception_children').column('order_sn').execute();
      // The overview's period: children paid in it, with how long each took to ship.
      await db.schema.createIndex('exception_children_paid').on('exception_children').columns(['paid_at', 'ship_ms', 'state']).execute();
      await db.schema
        .createTable('exception_sweep')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await db.schema.dropTable('exception_traces').execute();
      // The orders written since the sweep's cursor.
      await db.schema.createIndex('mirror_orders_read_at').on('mirror_orders').columns(['read_at', 'sn']).execute();
    },
  },
  '202611290200_exception_ship_days': {
    // The overview's shipping figures by day, kept (shipping.ts); the median found from them and the children by how long they took.
    async up(db) {
      const t = columnTypes(db);
      await db.schema
        .createTable('exception_ship_days')
        .addColumn('from_ms', t.ms, (c) => c.notNull())
        .addColumn('to_ms', t.ms, (c) => c.notNull())
        .addColumn('within_ms', t.ms, (c) => c.notNull())
        .addColumn('within', 'integer', (c) => c.notNull())
        .addColumn('late', 'integer', (c) => c.notNull())
        .addColumn('cancelled', 'integer', (c) => c.notNull())
        .addColumn('hist', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('exception_ship_days_pk', ['from_ms', 'to_ms', 'within_ms'])
        .execute();
      await db.schema.createIndex('exception_children_ship').on('exception_children').columns(['ship_ms', 'paid_at']).execute();
    },
  },
};
