import type { OpId } from './operations';
import type { Feature, Role } from './permissions';

/**
 * Shapes of the gateway's own answers (not the upstream's): the signed-in person and an audit
 * entry, written by the server and read by the SPA.
 */
export interface SessionUser {
  id: number;
  username: string;
  displayName: string;
  role: Role;
}

export interface Session {
  user: SessionUser;
  permissions: { ops: OpId[]; features: Feature[] };
}

export interface AuditEntry {
  id: number;
  /** Unix milliseconds. */
  at: number;
  username: string;
  role: string;
  action: string;
  /** JSON summary of the input, with passwords, secrets and pictures left out. */
  summary: string;
  /** The upstream code, 403 for a refusal by role, 400 for input the gateway refused, 413 for a body too large. */
  code: number;
  msg: string;
  ip: string;
  /**
   * `done`: the answer is recorded in code and msg. `sent`: forwarded, no answer yet. `unknown`: the
   * gateway stopped (or timed out) before it knew the answer; the write may or may not have happened.
   */
  outcome: 'sent' | 'done' | 'unknown';
}
