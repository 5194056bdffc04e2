import { existsSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { ConfigError } from '../../lib/env';
import { gatewayConfigFromEnv, gatewayDbFile } from '../config';
import { openGatewayDb, type GatewayDb } from './index';

/** Tables copied first, in this order (parents before children); any other table follows by name. */
const FIRST = ['users', 'sessions', 'person_data', 'audit', 'login_known', 'gateway_keys'];
/** Not copied: Kysely's bookkeeping (the target has its own) and counters that start anew anyway. */
const SKIP = /^(kysely_|sqlite_)|^login_attempts$/;
const BATCH = 500;

export interface CopyResult {
  tables: { name: string; rows: number }[];
}

/** Tables known only by name at run time. */
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

/**
 * Copies everything a gateway keeps from one database into another, empty one (SQLite to
 * PostgreSQL, for an install that moves to several gateways): people with their ids and password
 * hashes, sessions (people stay signed in), carts and drafts, the audit log, known sign-in
 * addresses, the install's keys, and the tables other modules added. One transaction on the
 * target: all or nothing. Refuses a target that already has people.
 */
export async function copyGatewayData(from: GatewayDb, to: GatewayDb, log: (line: string) => void = () => {}): Promise<CopyResult> {
  const existing = Number(
    (
      await to.kysely
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (existing > 0) {
    throw new ConfigError(
      `The target database already has ${existing} user(s): db:copy only fills an empty gateway database (${to.where}). Point DATABASE_URL at a new one.`,
    );
  }
  const tablesOf = async (db: GatewayDb) => {
    // PostgreSQL lists every schema's tables: only the install's own (search_path) count.
    const schema =
      db.dialect === 'postgres' ? (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(db.kysely)).rows[0]?.s : undefined;
    return (await db.kysely.introspection.getTables()).filter((t) => !t.isView && !SKIP.test(t.name) && (!schema || t.schema === schema));
  };
  const source = await tablesOf(from);
  const target = new Map((await tablesOf(to)).map((t) => [t.name, t]));
  const names = source.map((t) => t.name).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const missing = names.filter((n) => !target.has(n));
  if (missing.length) throw new Error(`The target has no table ${missing.join(', ')}: is it the same version of Supply Desk?`);

  const result: CopyResult = { tables: [] };
  await to.kysely.transaction().execute(async (trx) => {
    for (const name of names) {
      const src = source.find((t) => t.name === name)!;
      const cols = src.columns.map((c) => c.name).filter((c) => target.get(name)!.columns.some((t) => t.name === c));
      let rows = 0;
      // Keyset-free paging by rowid order is not portable; LIMIT/OFFSET over the whole table is fine at this size.
      for (let offset = 0; ; offset += BATCH) {
        const batch = await (from.kysely as unknown as AnyDb)
          .selectFrom(name)
          .select(cols)
          .orderBy(sql.lit(1))
          .limit(BATCH)
          .offset(offset)
          .execute();
        if (batch.length === 0) break;
        await (trx as unknown as AnyDb).insertInto(name).values(batch).execute();
        rows += batch.length;
        if (batch.length < BATCH) break;
      }
      result.tables.push({ name, rows });
      log(`${name}: ${rows} row(s)`);
    }
    // Generated ids go on after the copied ones.
    if (to.dialect === 'postgres') {
      const serials = await sql<{ table_name: string; column_name: string }>`
        SELECT table_name, column_name FROM information_schema.columns
         WHERE table_schema = current_schema() AND column_default LIKE 'nextval(%'`.execute(trx);
      for (const s of serials.rows) {
        await sql`SELECT setval(pg_get_serial_sequence(${s.table_name}, ${s.column_name}), coalesce((SELECT max(${sql.ref(s.column_name)}) FROM ${sql.table(s.table_name)}), 0) + 1, false)`.execute(
          trx,
        );
      }
    }
  });
  return result;
}

const rank = (name: string) => {
  const i = FIRST.indexOf(name);
  return i === -1 ? FIRST.length : i;
};

/** `npm run db:copy`: DATA_DIR's gateway.sqlite (or the file given) into DATABASE_URL. */
async function main() {
  const config = gatewayConfigFromEnv();
  const file = process.argv[2] ?? gatewayDbFile(config.dataDir);
  if (!config.database.url) {
    throw new ConfigError(
      'The configuration is not usable:\n  DATABASE_URL is missing: db:copy copies the SQLite gateway database into the PostgreSQL database it names',
    );
  }
  if (!existsSync(file))
    throw new ConfigError(`There is no SQLite gateway database at ${file}: set DATA_DIR, or give the file as an argument.`);
  const from = await openGatewayDb({ file });
  try {
    const to = await openGatewayDb({ databaseUrl: config.database.url, poolSize: 2 });
    try {
      console.log(`Copying ${from.where} into ${to.where}…`);
      const r = await copyGatewayData(from, to, (l) => console.log(`  ${l}`));
      console.log(
        `Done: ${r.tables.reduce((s, t) => s + t.rows, 0)} rows in ${r.tables.length} tables. Start the gateways with DATABASE_URL set.`,
      );
    } finally {
      await to.close();
    }
  } finally {
    await from.close();
  }
}

if (process.argv[1] && /db[/\\]copy\.ts$/.test(process.argv[1])) {
  main().catch((e: unknown) => {
    console.error(e instanceof ConfigError ? e.message : e);
    process.exit(1);
  });
}
