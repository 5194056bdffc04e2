import { PostgresAdapter } from 'kysely';

/** Any Kysely instance or transaction, whatever its tables. */
type AnyKysely = { getExecutor(): { readonly adapter: unknown } };

export type Dialect = 'sqlite' | 'postgres';

/** Which database a Kysely instance (or a transaction of one) talks to. */
export function dialectOf(db: AnyKysely): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Column types that differ: a generated integer key, and milliseconds (beyond 32 bits). */
export function columnTypes(db: AnyKysely) {
  const pg = dialectOf(db) === 'postgres';
  return { id: pg ? ('serial' as const) : ('integer' as const), ms: pg ? ('bigint' as const) : ('integer' as const), pg };
}

/** A unique-key violation, in either dialect (better-sqlite3's code or PostgreSQL's SQLSTATE). */
export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
