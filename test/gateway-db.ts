import { afterAll, inject } from 'vitest';
import pg from 'pg';
import { openGatewayDb, type GatewayDb } from '../server/gateway/db';
import { createDatabase } from './pg-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the PostgreSQL that test/pg-global-setup.ts started (or TEST_DATABASE_URL). */
    pgAdminUrl: string;
  }
}

/** The dialect this test run's gateways use: the `postgres` Vitest project sets it; SQLite otherwise. */
export const TEST_DIALECT: 'sqlite' | 'postgres' = process.env.GATEWAY_TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

let fileDb: Promise<string> | null = null;
let schemas = 0;

/** The admin URL of the test PostgreSQL; throws (never skips) when the run has none. */
export function pgAdminUrl(): string {
  const url = inject('pgAdminUrl');
  if (!url) throw new Error('No test PostgreSQL: the postgres project needs test/pg-global-setup.ts (or TEST_DATABASE_URL).');
  return url;
}

/**
 * A URL of a fresh, empty place on the test PostgreSQL: one database per test file (made on first
 * use), one schema per call (a few ms), selected with the URL's search_path option.
 */
export async function freshPgUrl(): Promise<string> {
  fileDb ??= createDatabase(pgAdminUrl(), 'file');
  const dbUrl = await fileDb;
  const schema = `s${schemas++}`;
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await client.end();
  }
  const u = new URL(dbUrl);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

/** A fresh gateway database in this run's dialect (SQLite in memory, or a new PostgreSQL schema). */
export async function testGatewayDb(opts: { poolSize?: number } = {}): Promise<GatewayDb> {
  const db =
    TEST_DIALECT === 'sqlite'
      ? await openGatewayDb({ file: ':memory:' })
      : await openGatewayDb({ databaseUrl: await freshPgUrl(), poolSize: opts.poolSize ?? 4 });
  opened.push(db);
  return db;
}

// Whatever a test file opened is closed after it (closing twice is harmless), so pools do not pile up.
const opened: GatewayDb[] = [];
afterAll(async () => {
  await Promise.all(opened.splice(0).map((d) => d.close().catch(() => {})));
});
