import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { ConfigError } from '../../lib/env';
import { InProcessBus, PgBus, busChannel, type EventBus } from './bus';
import type { Dialect } from './dialect';
import { lockKey } from './lock-key';
import { GATEWAY_MIGRATIONS } from './migrations';
import { statementName } from './prepared';
import type { GatewayTables } from './tables';

export type { GatewayTables } from './tables';
export type { EventBus } from './bus';
export { BUS_RESYNC } from './bus';
export { dialectOf, isUniqueViolation, type Dialect } from './dialect';

export type Kdb = Kysely<GatewayTables>;

/** The gateway's database: the Kysely handle, the event bus, and what operations need. */
export interface GatewayDb {
  /** Typed queries; the same code runs on SQLite and PostgreSQL. */
  readonly kysely: Kdb;
  readonly dialect: Dialect;
  readonly bus: EventBus;
  /** Where it lives, for logs: the SQLite file, or host:port/database (never the password). */
  readonly where: string;
  /** Whether the database answers within `timeoutMs` (for /healthz). */
  ping(timeoutMs?: number): Promise<boolean>;
  /** The PostgreSQL pool's connections now (the metrics); null on SQLite. */
  poolStats(): { total: number; idle: number; waiting: number; max: number } | null;
  /**
   * Runs `fn` unless another process (PostgreSQL: a session advisory lock named `name`) or another
   * call in this process is running the same `name` now. Resolves `false` when it did not run.
   */
  exclusive(name: string, fn: () => Promise<void>): Promise<boolean>;
  /**
   * Periodic work, one process at a time: every `intervalMs` (first run after `firstMs`, default the
   * interval) `fn` runs under `exclusive(name)`. Errors are logged, never thrown. Returns the stop function.
   */
  every(name: string, intervalMs: number, fn: () => Promise<void>, firstMs?: number): () => void;
  /** Stops periodic work, the bus and the pool (or the SQLite file). */
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… ; unset: SQLite at `file`. */
  databaseUrl?: string;
  /** SQLite file (`:memory:` for tests). */
  file?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
  migrations?: Record<string, Migration>;
  log?: (line: string) => void;
  /** How long to wait for PostgreSQL at start-up before saying it is unreachable. */
  connectTimeoutMs?: number;
}

/** PostgreSQL `bigint` (times in ms, counts) read as JavaScript numbers; every value we store is below 2^53. */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * Kysely prepares every query anew; better-sqlite3 statements can be reused, and preparing is most of
 * a small query's cost. The gateway's queries are a small fixed set of SQL texts (values are bound),
 * so a bounded cache by text keeps them all.
 */
function withStatementCache(db: Database.Database, max = 500) {
  const cache = new Map<string, Database.Statement>();
  return {
    close: () => db.close(),
    prepare(text: string) {
      let stmt = cache.get(text);
      if (!stmt) {
        stmt = db.prepare(text);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        cache.set(text, stmt);
      }
      return stmt;
    },
  };
}

/**
 * The pool as Kysely sees it, the `prepared` queries (the session lookup and the audit rows of every
 * call) sent as named statements: PostgreSQL parses and plans each once per connection instead of on
 * every call (the session lookup: ~0.25 -> ~0.1 ms a round trip). A pooler in between that does not
 * keep prepared statements (PgBouncer in transaction mode before 1.21) refuses them: that query is
 * sent again unnamed, and so is every later one.
 */
function namedStatements(pool: pg.Pool, log: (line: string) => void): PostgresPool {
  let naming = true;
  return {
    async connect() {
      const client = await pool.connect();
      const query = (text: string, values: unknown[]) => {
        const name = naming ? statementName(text) : undefined;
        if (!name) return client.query(text, values);
        return client.query({ name, text, values }).catch((e: unknown) => {
          const code = (e as { code?: string } | null)?.code;
          // 26000: no such statement; 42P05: it exists already; 0A000: its plan no longer fits (the schema changed).
          if (code !== '26000' && code !== '42P05' && code !== '0A000') throw e;
          if (naming) log(`[db] PostgreSQL refused a named statement (${code}); sending every query unnamed from now on`);
          naming = false;
          return client.query(text, values);
        });
      };
      return {
        query: ((textOrCursor: unknown, values?: unknown[]) =>
          typeof textOrCursor === 'string'
            ? query(textOrCursor, values ?? [])
            : client.query(textOrCursor as pg.Submittable)) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}

export { lockKey };

async function migrate(db: Kdb, migrations: Record<string, Migration>, schema?: string) {
  // PostgreSQL: Kysely's bookkeeping tables in the schema of the install (search_path), not found in another.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(schema && { migrationTableSchema: schema }),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`The gateway database could not be migrated${failed ? ` (step ${failed.migrationName})` : ''}: ${String(error)}`, {
      cause: error,
    });
  }
  return results ?? [];
}

/** Says in one sentence why PostgreSQL could not be used, naming DATABASE_URL. */
export function describePgError(e: unknown, where: string): string {
  const err = e as { code?: string; message?: string };
  const why =
    err.code === 'ECONNREFUSED'
      ? `nothing answers at ${where} (connection refused): start PostgreSQL there or correct the host and port`
      : err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN'
        ? `the host of ${where} is not known: correct the host name`
        : err.code === '28P01' || err.code === '28000'
          ? `PostgreSQL at ${where} refused the user name or password in the URL`
          : err.code === '3D000'
            ? `the database named in the URL does not exist at ${where}: create it (createdb) or correct the name`
            : /timeout/i.test(err.message ?? '')
              ? `PostgreSQL at ${where} did not answer in time`
              : `PostgreSQL at ${where} could not be used: ${err.message ?? String(e)}`;
  return `The configuration is not usable:\n  DATABASE_URL: ${why}`;
}

/** host:port/database of a URL, without user or password. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return '(an unreadable URL)';
  }
}

/**
 * Opens the gateway's database and brings its schema up to date: PostgreSQL when `databaseUrl` is
 * given, else the SQLite file. A PostgreSQL that cannot be reached ends in a ConfigError naming
 * DATABASE_URL.
 */
export async function openGatewayDb(o: OpenOptions): Promise<GatewayDb> {
  const log = o.log ?? (() => {});
  const migrations = o.migrations ?? GATEWAY_MIGRATIONS;
  let kysely: Kdb;
  let bus: EventBus;
  let dialect: Dialect;
  let where: string;
  let pool: pg.Pool | null = null;
  let lockConfig: pg.ClientConfig | null = null;
  if (o.databaseUrl) {
    dialect = 'postgres';
    where = describeUrl(o.databaseUrl);
    const clientConfig: pg.ClientConfig = {
      connectionString: o.databaseUrl,
      types: pgTypes,
      connectionTimeoutMillis: o.connectTimeoutMs ?? 5000,
      application_name: 'supply-desk-gateway',
    };
    pool = new pg.Pool({ ...clientConfig, max: o.poolSize ?? 10, idleTimeoutMillis: 30_000 });
    lockConfig = clientConfig;
    // A pooled connection that dies (database restart) is dropped by the pool; say so, do not crash.
    pool.on('error', (e) => log(`[db] a pooled PostgreSQL connection failed: ${e.message}`));
    // A connection lost while checked out (mid-query) errors the query and then emits 'error' on the
    // client, which the pool does not listen to then: without this, that would end the process.
    pool.on('connect', (client) => client.on('error', () => {}));
    try {
      await pool.query('SELECT 1');
    } catch (e) {
      await pool.end().catch(() => {});
      throw new ConfigError(describePgError(e, where));
    }
    kysely = new Kysely<GatewayTables>({ dialect: new PostgresDialect({ pool: namedStatements(pool, log) }) });
    const schema = (await pool.query<{ s: string | null }>('SELECT current_schema() AS s')).rows[0]?.s ?? 'public';
    const pgBus = new PgBus(pool, clientConfig, log, busChannel(schema));
    bus = pgBus;
    try {
      await migrate(kysely, migrations, schema);
      await pgBus.start();
    } catch (e) {
      await pgBus.close();
      await kysely.destroy().catch(() => {});
      throw e;
    }
  } else {
    dialect = 'sqlite';
    const file = o.file ?? ':memory:';
    where = file;
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const sqlite = new Database(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    kysely = new Kysely<GatewayTables>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    bus = new InProcessBus();
    try {
      await migrate(kysely, migrations);
    } catch (e) {
      await kysely.destroy().catch(() => {});
      throw e;
    }
  }

  const running = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  const exclusive = async (name: string, fn: () => Promise<void>): Promise<boolean> => {
    if (running.has(name)) return false;
    running.add(name);
    try {
      if (!lockConfig) {
        await fn();
        return true;
      }
      // A session lock on a connection of its own (not the pool's: with a pool of one, fn would wait for
      // the connection that holds the lock), held while fn runs; it ends with that connection in any case.
      const client = new pg.Client(lockConfig);
      client.on('error', () => {});
      await client.connect();
      try {
        const got = (await client.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS got', [lockKey(name)])).rows[0]?.got;
        if (!got) return false;
        try {
          await fn();
          return true;
        } finally {
          await client.query('SELECT pg_advisory_unlock($1::bigint)', [lockKey(name)]).catch(() => {});
        }
      } finally {
        await client.end().catch(() => {});
      }
    } finally {
      running.delete(name);
    }
  };

  return {
    kysely,
    dialect,
    bus,
    where,
    async ping(timeoutMs = 2000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((r) => (timer = setTimeout(() => r(false), timeoutMs)));
      try {
        return await Promise.race([
          sql`SELECT 1`.execute(kysely).then(
            () => true,
            () => false,
          ),
          timeout,
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
    poolStats: () =>
      pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 } : null,
    exclusive,
    every(name, intervalMs, fn, firstMs = intervalMs) {
      let timer: NodeJS.Timeout;
      const tick = () => {
        timers.delete(timer);
        void exclusive(name, fn)
          .catch((e: unknown) => log(`[db] periodic "${name}" failed: ${e instanceof Error ? e.message : String(e)}`))
          .finally(() => {
            if (!stopped && !closed) arm(intervalMs);
          });
      };
      let stopped = false;
      const arm = (ms: number) => {
        timer = setTimeout(tick, ms);
        timer.unref();
        timers.add(timer);
      };
      arm(firstMs);
      return () => {
        stopped = true;
        clearTimeout(timer);
        timers.delete(timer);
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await bus.close();
      await kysely.destroy();
    },
  };
}
