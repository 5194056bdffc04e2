import { createHash, randomBytes } from 'node:crypto';
import type { GatewayDb, Kdb } from '../db';
import { prepared } from '../db/prepared';
import type { User } from './users';

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
  private readonly db: Kdb;
  constructor(
    db: GatewayDb | Kdb,
    readonly policy: SessionPolicy = DEFAULT_SESSION_POLICY,
    private readonly now: () => number = Date.now,
  ) {
    this.db = 'kysely' in db ? db.kysely : db;
    const k = this.db;
    // One round trip: the session and its person together.
    this.lookup = prepared(k, (p) =>
      k
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'sessions.last_seen_at',
          'sessions.expires_at',
          'users.id',
          'users.username',
          'users.display_name',
          'users.role',
          'users.disabled',
          'users.demo',
          'users.created_at',
          'users.updated_at',
        ])
        .where('sessions.token_hash', '=', p('hash')),
    );
  }

  /** The session lookup of every call, compiled once. */
  private readonly lookup;

  async create(userId: number, meta: { ip: string; userAgent: string }): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const at = this.now();
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        created_at: at,
        last_seen_at: at,
        expires_at: at + this.policy.absoluteMs,
        ip: meta.ip,
        user_agent: meta.userAgent.slice(0, 200),
      })
      .execute();
    return token;
  }

  /** The signed-in user of a token, touching the session; undefined when it is unknown, expired or the user disabled. */
  async resolve(token: string | undefined): Promise<User | undefined> {
    if (!token) return undefined;
    const h = hashToken(token);
    const s = (await this.lookup({ hash: h })).rows[0];
    if (!s) return undefined;
    const at = this.now();
    if (at > s.expires_at || at - s.last_seen_at > this.policy.idleMs) {
      await this.db.deleteFrom('sessions').where('token_hash', '=', h).execute();
      return undefined;
    }
    if (s.disabled === 1) return undefined;
    // Touch at most once a minute: a busy page should not write on every call.
    if (at - s.last_seen_at > 60_000) await this.db.updateTable('sessions').set({ last_seen_at: at }).where('token_hash', '=', h).execute();
    return {
      id: s.id,
      username: s.username,
      displayName: s.display_name,
      role: s.role,
      disabled: false,
      demo: s.demo === 1,
      createdAt: s.created_at,
      updatedAt: s.updated_at,
    };
  }

  /**
   * Whether a token's session is still valid, without touching it: a page's open event stream asks
   * this at every heartbeat, and must not keep an idle session alive.
   */
  async alive(token: string | undefined): Promise<boolean> {
    if (!token) return false;
    const s = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.last_seen_at', 'sessions.expires_at', 'users.disabled'])
      .where('sessions.token_hash', '=', hashToken(token))
      .executeTakeFirst();
    const at = this.now();
    return !!s && s.disabled !== 1 && at <= s.expires_at && at - s.last_seen_at <= this.policy.idleMs;
  }

  async destroy(token: string | undefined): Promise<void> {
    if (token) await this.db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
  }

  /** Deletes sessions past either expiry (the periodic sweep); returns how many. */
  async sweep(): Promise<number> {
    const at = this.now();
    const r = await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<', at), eb('last_seen_at', '<', at - this.policy.idleMs)]))
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
