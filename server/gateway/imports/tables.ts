import type { Migration } from 'kysely';
import type { Role } from '../../../contract';
import type { ImportJobState, ImportOrderState, ImportStopReason } from '../../../contract/schemas/imports';
import { columnTypes } from '../db/dialect';

/** The bulk-order jobs' tables, added to the gateway's by module augmentation (server/gateway/db/tables.ts). */
declare module '../db/tables' {
  interface GatewayTables {
    import_jobs: ImportJobsTable;
    import_orders: ImportOrdersTable;
  }
}

/** A sheet handed to the gateway to place: who, which file, where it stands. */
export interface ImportJobsTable {
  id: import('kysely').Generated<number>;
  /** The page's key for this check: a second create with it is the same job. Unique per person. */
  key: string;
  user_id: number;
  username: string;
  role: Role;
  file_name: string;
  state: ImportJobState;
  stop_reason: ImportStopReason | null;
  /** Rows not sent, with why (JSON of ImportSkipped[]), and how many. */
  skipped: string;
  skipped_rows: number;
  /** Sends in a row that got no answer (reset by any answer): past a limit the job stops. */
  failures: number;
  /** 1 once the job's one audit entry is written. */
  audited: number;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
  /** When the job's rows (the sheet's cells, what was sent) were removed past the retention; its outcomes stay. */
  pruned_at: number | null;
}

/** One order of a job, with what is sent for it and what came back. */
export interface ImportOrdersTable {
  id: import('kysely').Generated<number>;
  job_id: number;
  order_sn: string;
  state: ImportOrderState;
  /** JSON of the `order.submit` input. */
  input: string;
  /** JSON of the sheet rows it came from. */
  rows: string;
  goods: number;
  freight: number;
  amount: number | null;
  /** What the buyer paid for the order (the sheet's 实付金额, fen); null when not given. Column added by mirror/sales.ts's migration. */
  sale: import('kysely').ColumnType<number | null, number | null | undefined, number | null>;
  platform_sn: string | null;
  msg: string;
  /** JSON of the refusal read into its parts (ImportRefusal[], refusal.ts): the page words it; `msg` keeps the supplier's sentence. */
  reasons: import('kysely').ColumnType<string, string | undefined, string>;
  /** Times it was sent; more than one means a later send may meet the first (then "order number exists" is this job's own order). */
  attempts: number;
  /** Not sent again before this (ms): after a send without an answer. */
  next_at: number;
  updated_at: number;
}

/** Appended to GATEWAY_MIGRATIONS (server/gateway/db/migrations/index.ts). */
export const importsMigrations: Record<string, Migration> = {
  '202611270100_imports_jobs': {
    async up(db) {
      const t = columnTypes(db);
      await db.schema
        .createTable('import_jobs')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('stop_reason', 'text')
        .addColumn('skipped', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('skipped_rows', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('audited', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', t.ms, (c) => c.notNull())
        .addColumn('updated_at', t.ms, (c) => c.notNull())
        .addColumn('finished_at', t.ms)
        .execute();
      await db.schema.createIndex('import_jobs_user_key').unique().on('import_jobs').columns(['user_id', 'key']).execute();
      await db.schema.createIndex('import_jobs_state').on('import_jobs').column('state').execute();
      await db.schema
        .createTable('import_orders')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('job_id', 'integer', (c) => c.notNull())
        .addColumn('order_sn', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('input', 'text', (c) => c.notNull())
        .addColumn('rows', 'text', (c) => c.notNull())
        .addColumn('goods', t.ms, (c) => c.notNull())
        .addColumn('freight', t.ms, (c) => c.notNull())
        .addColumn('amount', t.ms)
        .addColumn('platform_sn', 'text')
        .addColumn('msg', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_at', t.ms, (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', t.ms, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('import_orders_job').on('import_orders').columns(['job_id', 'state']).execute();
      await db.schema.createIndex('import_orders_sn').on('import_orders').column('order_sn').execute();
    },
  },
  '202611270400_imports_retention': {
    async up(db) {
      const t = columnTypes(db);
      await db.schema.alterTable('import_jobs').addColumn('pruned_at', t.ms).execute();
      await db.schema.createIndex('import_jobs_finished').on('import_jobs').column('finished_at').execute();
    },
  },
  '202611282130_imports_reasons': {
    async up(db) {
      await db.schema
        .alterTable('import_orders')
        .addColumn('reasons', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
    },
  },
};
