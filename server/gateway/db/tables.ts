import type { Generated } from 'kysely';
import type { Role } from '../../../contract';

/**
 * The gateway's tables as Kysely sees them, declared once for SQLite and PostgreSQL. Times are
 * milliseconds since 1970 (`bigint` in PostgreSQL, read back as numbers); flags are 0/1 integers in
 * both dialects, so rows look the same whichever database answers.
 *
 * Another module adds its tables without editing this file, by module augmentation in its own file:
 *
 *   declare module '../db/tables' { interface GatewayTables { inbox: InboxTable } }
 */
export interface GatewayTables {
  users: UsersTable;
  sessions: SessionsTable;
  audit: AuditTable;
  person_data: PersonDataTable;
  login_attempts: LoginAttemptsTable;
  login_known: LoginKnownTable;
  gateway_keys: GatewayKeysTable;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  display_name: string;
  role: Role;
  password_hash: string;
  disabled: Generated<number>;
  demo: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  ip: string;
  user_agent: string;
}

export interface AuditTable {
  id: Generated<number>;
  at: number;
  user_id: number | null;
  username: string;
  role: string;
  action: string;
  summary: string;
  code: number;
  msg: string;
  ip: string;
  outcome: Generated<'sent' | 'done' | 'unknown'>;
  /** When, on the clock people are shown (the business clock in sandbox mode: clock.ts), ms; null on rows from before it. */
  shown_at: number | null;
}

export interface PersonDataTable {
  user_id: number;
  kind: string;
  value: string;
  updated_at: number;
}

export interface LoginAttemptsTable {
  key: string;
  window_start: number;
  attempts: number;
}

export interface LoginKnownTable {
  username: string;
  ip: string;
  last_at: number;
}

export interface GatewayKeysTable {
  name: string;
  value: string;
}
