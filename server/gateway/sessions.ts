import { createHash, randomBytes } from 'node:crypto';
import type { DB } from '../lib/db';
import type { User } from './users';
import type { UserStore } from './users';

export interface SessionPolicy {
  /** A session unused this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, used or not. */
  absoluteMs: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleMs: 2 * 3600_000, absoluteMs: 12 * 3600_000 };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Sessions live in the database (only a hash of each token), so any gateway instance can serve them. */
export class SessionStore {
  constructor(
    private readonly db: DB,
    private readonly users: UserStore,
    readonly policy: SessionPolicy = DEFAULT_SESSION_POLICY,
    private readonly now: () => number = Date.now,
  ) {}

  create(userId: number, meta: { ip: string; userAgent: string }): string {
    const token = randomBytes(32).toString('base64url');
    const at = this.now();
    this.db
      .prepare(
        'INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at, ip, user_agent) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(hashToken(token), userId, at, at, at + this.policy.absoluteMs, meta.ip, meta.userAgent.slice(0, 200));
    this.db.prepare('DELETE FROM sessions WHERE expires_at < ? OR last_seen_at < ?').run(at, at - this.policy.idleMs);
    return token;
  }

  /** The signed-in user of a token, touching the session; undefined when it is unknown, expired or the user disabled. */
  resolve(token: string | undefined): User | undefined {
    if (!token) return undefined;
    const h = hashToken(token);
    const s = this.db.prepare('SELECT user_id, last_seen_at, expires_at FROM sessions WHERE token_hash = ?').get(h) as
      { user_id: number; last_seen_at: number; expires_at: number } | undefined;
    if (!s) return undefined;
    const at = this.now();
    if (at > s.expires_at || at - s.last_seen_at > this.policy.idleMs) {
      this.db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(h);
      return undefined;
    }
    const user = this.users.byId(s.user_id);
    if (!user || user.disabled) return undefined;
    // Touch at most once a minute: a busy page should not write on every call.
    if (at - s.last_seen_at > 60_000) this.db.prepare('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?').run(at, h);
    return user;
  }

  destroy(token: string | undefined): void {
    if (token) this.db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(hashToken(token));
  }
}
