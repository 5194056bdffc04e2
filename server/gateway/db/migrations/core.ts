import { sql, type Migration } from 'kysely';
import { columnTypes, dialectOf } from '../dialect';

/** What a migration is handed (Kysely over no declared tables). */
type MigrationDb = Parameters<Migration['up']>[0];

/**
 * SQLite files made before Kysely counted their migrations in `PRAGMA user_version` (1 to 3, the old
 * server/gateway/schema.ts). Those steps are skipped for such a file and recorded as done, so an
 * existing install upgrades without touching its tables; every later step runs on both dialects.
 */
async function sqliteVersion(db: MigrationDb): Promise<number> {
  if (dialectOf(db) !== 'sqlite') return Infinity;
  const r = await sql<{ user_version: number }>`pragma user_version`.execute(db);
  return r.rows[0]?.user_version ?? 0;
}
async function setSqliteVersion(db: MigrationDb, v: number) {
  if (dialectOf(db) === 'sqlite') await sql.raw(`pragma user_version = ${v}`).execute(db);
}

/** Runs `up` unless an old SQLite file already has step `v`. */
const legacy =
  (v: number, up: (db: MigrationDb) => Promise<void>): Migration['up'] =>
  async (db) => {
    const current = await sqliteVersion(db);
    if (current !== Infinity && current >= v) return;
    await up(db);
    await setSqliteVersion(db, v);
  };

/**
 * The gateway's own migrations. Names sort in the order they run: the three steps of the SQLite-only
 * era keep their numbers, later ones are named by the UTC time they were written (YYYYMMDDHHMM_...),
 * so a module that appends its own (server/gateway/db/migrations/index.ts) never sorts in between.
 * Never edit a step that has shipped: add one.
 */
export const coreMigrations: Record<string, Migration> = {
  '000001_accounts': {
    up: legacy(1, async (db) => {
      const t = columnTypes(db);
      await db.schema
        .createTable('users')
        .addColumn('id', t.id, (c) => c.primaryKey())
        // Usernames are unique whatever their case: COLLATE NOCASE in SQLite, an index on lower() in PostgreSQL.
        .addColumn('username', 'text', (c) =>
          t.pg
            ? c.notNull()
            : c
                .notNull()
                .unique()
                .modifyEnd(sql`collate nocase`),
        )
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('demo', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', t.ms, (c) => c.notNull())
        .addColumn('updated_at', t.ms, (c) => c.notNull())
        .execute();
      if (t.pg)
        await db.schema
          .createIndex('users_username_lower')
          .on('users')
          .unique()
          .expression(sql`lower(username)`)
          .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', t.ms, (c) => c.notNull())
        .addColumn('last_seen_at', t.ms, (c) => c.notNull())
        .addColumn('expires_at', t.ms, (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      await db.schema
        .createTable('audit')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('at', t.ms, (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('code', 'integer', (c) => c.notNull())
        .addColumn('msg', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_at').on('audit').column('at').execute();
      await db.schema.createIndex('audit_user').on('audit').columns(['username', 'at']).execute();
      await db.schema.createIndex('audit_action').on('audit').columns(['action', 'at']).execute();
      await db.schema
        .createTable('login_failures')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', t.ms, (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .execute();
    }),
  },
  // The signed-in person's cart, address book and checkout draft (server/gateway/auth/person-data.ts).
  '000002_person_data': {
    up: legacy(2, async (db) => {
      const t = columnTypes(db);
      await db.schema
        .createTable('person_data')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', t.ms, (c) => c.notNull())
        .addPrimaryKeyConstraint('person_data_pk', ['user_id', 'kind'])
        .execute();
    }),
  },
  // Issue 11: sign-in attempts counted before the password check (login-limit.ts); audit rows written
  // before a write is forwarded ("sent") and completed after; failed usernames that are no account masked.
  '000003_login_attempts': {
    up: legacy(3, async (db) => {
      const t = columnTypes(db);
      await db.schema.dropTable('login_failures').execute();
      await db.schema
        .createTable('login_attempts')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', t.ms, (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('login_known')
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('last_at', t.ms, (c) => c.notNull())
        .addPrimaryKeyConstraint('login_known_pk', ['username', 'ip'])
        .execute();
      await db.schema
        .createTable('gateway_keys')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .alterTable('audit')
        .addColumn('outcome', 'text', (c) => c.notNull().defaultTo('done'))
        .execute();
      await db.schema.createIndex('audit_sent').on('audit').column('outcome').where('outcome', '=', 'sent').execute();
      await db
        .updateTable('audit')
        .set({ username: '(not an account)', summary: '{}' })
        .where('action', '=', 'auth.login')
        .where('user_id', 'is', null)
        .execute();
    }),
  },
  // Issue 16: expired sessions are swept by a periodic job (one process at a time), so it needs indexes
  // on the two expiry columns; sign-in looks usernames up by lower(username) in both dialects.
  '202611230200_session_expiry': {
    async up(db) {
      await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();
      await db.schema.createIndex('sessions_last_seen').on('sessions').column('last_seen_at').execute();
      if (dialectOf(db) === 'sqlite')
        await db.schema
          .createIndex('users_username_lower')
          .on('users')
          .expression(sql`lower(username)`)
          .execute();
    },
  },
  // Issue 38: the audit says when on the clock people are shown (business time in sandbox mode), beside `at` (wall clock, its bookkeeping).
  '202611272100_audit_shown_at': {
    async up(db) {
      await db.schema.alterTable('audit').addColumn('shown_at', columnTypes(db).ms).execute();
    },
  },
};
