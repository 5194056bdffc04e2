import { createHash, randomBytes } from 'node:crypto';
import { BUS_RESYNC, type EventBus, type GatewayDb, type Kdb } from '../db';
import { prepared } from '../db/prepared';
import { SESSIONS_ENDED, sessionsEnded } from './events';
import type { User } from './users';

/**
 * How long a session read from the database answers later calls with the same cookie from memory.
 * A page's first screen makes several calls at once, and every call used to read its session again
 * (on PostgreSQL a round trip, on SQLite a query on the event loop: the largest part of what the
 * gateway adds to a call after HTTP itself). Endings made through the app reach every gateway at once
 * (SESSIONS_ENDED on the bus); this bounds only what the bus cannot carry (a session row deleted by
 * hand, a bus that lost its connection), and expiry is checked against the time of each call anyway.
 */
export const SESSION_MEMORY_MS = 2_000;
/** Sessions kept in memory at most (each is a few hundred bytes); the oldest read is dropped first. */
const SESSION_MEMORY_MAX = 10_000;

interface SessionRow {
  last_seen_at: number;
  expires_at: number;
  id: number;
  username: string;
  display_name: string;
  role: User['role'];
  disabled: number;
  demo: number;
  created_at: number;
  updated_at: number;
}

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
  private readonly bus: EventBus | undefined;
  /** Sessions read lately, by token (never written anywhere), with when each was read. */
  private readonly memory = new Map<string, { row: SessionRow; readAt: number }>();
  constructor(
    db: GatewayDb | Kdb,
    readonly policy: SessionPolicy = DEFAULT_SESSION_POLICY,
    private readonly now: () => number = Date.now,
  ) {
    this.db = 'kysely' in db ? db.kysely : db;
    this.bus = 'kysely' in db ? db.bus : undefined;
    // Ended anywhere, or events possibly missed while the bus was away: read every session again.
    this.bus?.subscribe(SESSIONS_ENDED, () => this.forget());
    this.bus?.subscribe(BUS_RESYNC, () => this.forget());
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

  /** Drops every session read from memory: the next call of each reads the database. */
  forget(): void {
    this.memory.clear();
  }

  /** The session's row: from memory when read within SESSION_MEMORY_MS (monotonic time), else from the database. */
  private async read(token: string): Promise<SessionRow | undefined> {
    const t = performance.now();
    const kept = this.memory.get(token);
    if (kept && t - kept.readAt < SESSION_MEMORY_MS) return kept.row;
    const row = (await this.lookup({ hash: hashToken(token) })).rows[0] as SessionRow | undefined;
    this.memory.delete(token);
    if (row) {
      if (this.memory.size >= SESSION_MEMORY_MAX) {
        for (const [k, v] of this.memory)
          if (t - v.readAt >= SESSION_MEMORY_MS || this.memory.size >= SESSION_MEMORY_MAX) this.memory.delete(k);
      }
      this.memory.set(token, { row, readAt: t });
    }
    return row;
  }

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
    const s = await this.read(token);
    if (!s) return undefined;
    const at = this.now();
    if (at > s.expires_at || at - s.last_seen_at > this.policy.idleMs) {
      this.memory.delete(token);
      await this.db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
      return undefined;
    }
    if (s.disabled === 1) return undefined;
    // Touch at most once a minute: a busy page should not write on every call.
    if (at - s.last_seen_at > 60_000) {
      s.last_seen_at = at;
      await this.db.updateTable('sessions').set({ last_seen_at: at }).where('token_hash', '=', hashToken(token)).execute();
    }
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
  async alive(token: string | undefined, role?: User['role']): Promise<boolean> {
    if (!token) return false;
    const s = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.last_seen_at', 'sessions.expires_at', 'users.disabled', 'users.role'])
      .where('sessions.token_hash', '=', hashToken(token))
      .executeTakeFirst();
    const at = this.now();
    // With `role`: the session must still have it (a stream filtered by the role it was opened with ends when it changed).
    return (
      !!s && s.disabled !== 1 && at <= s.expires_at && at - s.last_seen_at <= this.policy.idleMs && (role === undefined || s.role === role)
    );
  }

  async destroy(token: string | undefined): Promise<void> {
    if (!token) return;
    this.memory.delete(token);
    const gone = await this.db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).returning('user_id').executeTakeFirst();
    // Whose: that person's open streams look at their sessions again at once (on every gateway).
    await sessionsEnded(this.bus, gone === undefined ? undefined : Number(gone.user_id));
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
