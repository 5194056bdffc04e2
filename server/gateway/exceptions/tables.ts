import { sql, type Generated, type Migration } from 'kysely';
import { columnTypes } from '../db/dialect';

/** Support's exceptions' tables, added to the gateway's by module augmentation (server/gateway/db/tables.ts). */
declare module '../db/tables' {
  interface GatewayTables {
    exceptions: ExceptionsTable;
    exception_notes: ExceptionNotesTable;
    exception_traces: ExceptionTracesTable;
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
 * The trace of a parcel in transit as the sweep last read it (`logistic.trace`), a bounded number per
 * sweep, those read longest ago first; a row goes when its child is no longer in transit.
 */
export interface ExceptionTracesTable {
  child_sn: string;
  /** When the sweep read it (ms, business clock). */
  read_at: number;
  /** Its latest event's time (ms, business clock; 0: no event yet). */
  last_event: number;
  /** When the parcel was refused at the door (ms), if the trace says so. */
  refused_at: number | null;
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
};
