/** The gateway's SQLite schema before Kysely (PRAGMA user_version 1–3): kept to test that such files upgrade. */
export const GATEWAY_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE users (
    id INTEGER PRIMARY KEY, username TEXT NOT NULL UNIQUE COLLATE NOCASE, display_name TEXT NOT NULL, role TEXT NOT NULL,
    password_hash TEXT NOT NULL, disabled INTEGER NOT NULL DEFAULT 0, demo INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
  );
  CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL, last_seen_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, ip TEXT NOT NULL, user_agent TEXT NOT NULL
  );
  CREATE INDEX sessions_user ON sessions (user_id);
  CREATE TABLE audit (
    id INTEGER PRIMARY KEY, at INTEGER NOT NULL, user_id INTEGER, username TEXT NOT NULL, role TEXT NOT NULL,
    action TEXT NOT NULL, summary TEXT NOT NULL, code INTEGER NOT NULL, msg TEXT NOT NULL, ip TEXT NOT NULL
  );
  CREATE INDEX audit_at ON audit (at);
  CREATE INDEX audit_user ON audit (username, at);
  CREATE INDEX audit_action ON audit (action, at);
  CREATE TABLE login_failures (key TEXT PRIMARY KEY, window_start INTEGER NOT NULL, failures INTEGER NOT NULL);
  `,
  // The signed-in person's cart, address book and checkout draft (server/gateway/auth/person-data.ts).
  `
  CREATE TABLE person_data (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE, kind TEXT NOT NULL, value TEXT NOT NULL,
    updated_at INTEGER NOT NULL, PRIMARY KEY (user_id, kind)
  );
  `,
  // Issue 11: sign-in attempts counted before the password check (login-limit.ts); audit rows written
  // before a write is forwarded ("sent") and completed after; failed usernames that are no account masked.
  `
  DROP TABLE login_failures;
  CREATE TABLE login_attempts (key TEXT PRIMARY KEY, window_start INTEGER NOT NULL, attempts INTEGER NOT NULL);
  CREATE TABLE login_known (username TEXT NOT NULL, ip TEXT NOT NULL, last_at INTEGER NOT NULL, PRIMARY KEY (username, ip));
  CREATE TABLE gateway_keys (name TEXT PRIMARY KEY, value TEXT NOT NULL);
  ALTER TABLE audit ADD COLUMN outcome TEXT NOT NULL DEFAULT 'done';
  CREATE INDEX audit_sent ON audit (outcome) WHERE outcome = 'sent';
  UPDATE audit SET username = '(not an account)', summary = '{}' WHERE action = 'auth.login' AND user_id IS NULL;
  `,
];
