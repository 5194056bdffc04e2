import type { DB } from '../lib/db';

export interface LoginLimits {
  /** Attempts per account from one address (the lock an outsider can put on their own address only). */
  perPair: number;
  /** Attempts per account from all addresses together: the ceiling against guessing from many addresses. */
  perAccount: number;
  /** Attempts per address over all accounts. */
  perAddress: number;
  windowMs: number;
  /** An address that signed in to an account within this time is not held by that account's ceiling. */
  knownMs: number;
}
export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perPair: 5,
  perAccount: 50,
  perAddress: 20,
  windowMs: 15 * 60_000,
  knownMs: 30 * 24 * 3600_000,
};

class Refused extends Error {
  constructor(readonly waitMs: number) {
    super('refused');
  }
}

/**
 * Sign-in attempts, counted in the database before the password is checked. One transaction takes
 * an attempt from three counters (account and address pair, account, address), each a fixed window;
 * if any is used up the transaction rolls back and the attempt is refused without looking at the
 * password. The counting is one `INSERT … ON CONFLICT DO UPDATE … RETURNING` per counter (the same
 * SQL in SQLite and PostgreSQL), inside a write transaction, so parallel requests, also from other
 * gateway processes on the same database, cannot pass the check together.
 *
 * A successful sign-in gives its attempt back and clears the pair; failures stay counted for the
 * window. The address a person signed in from before is not held by the account's ceiling, so an
 * outsider guessing from many addresses cannot lock the real person out of their usual one.
 */
export class LoginLimiter {
  constructor(
    private readonly db: DB,
    readonly limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  private keys(username: string, ip: string) {
    const u = username.toLowerCase();
    return { pair: `pair:${u}|${ip}`, account: `user:${u}`, address: `ip:${ip}` };
  }

  /** Counts one attempt; returns 0 when it may go on to the password check, else the milliseconds to wait. */
  take(username: string, ip: string): number {
    const at = this.now();
    const k = this.keys(username, ip);
    const known = this.isKnown(username, ip, at);
    const count = this.db.prepare(
      `INSERT INTO login_attempts (key, window_start, attempts) VALUES (?, ?, 1)
       ON CONFLICT (key) DO UPDATE SET
         attempts = CASE WHEN login_attempts.window_start <= ? THEN 1 ELSE login_attempts.attempts + 1 END,
         window_start = CASE WHEN login_attempts.window_start <= ? THEN excluded.window_start ELSE login_attempts.window_start END
       RETURNING attempts, window_start`,
    );
    const expired = at - this.limits.windowMs;
    try {
      this.db
        .transaction(() => {
          const checks: [string, number][] = [
            [k.pair, this.limits.perPair],
            [k.address, this.limits.perAddress],
          ];
          if (!known) checks.push([k.account, this.limits.perAccount]);
          let wait = 0;
          for (const [key, limit] of checks) {
            const r = count.get(key, at, expired, expired) as { attempts: number; window_start: number };
            if (r.attempts > limit) wait = Math.max(wait, r.window_start + this.limits.windowMs - at);
          }
          // A known address still counts against the account, without being held by it.
          if (known) count.get(k.account, at, expired, expired);
          if (wait > 0) throw new Refused(wait);
        })
        .immediate();
      return 0;
    } catch (e) {
      if (e instanceof Refused) return Math.max(1000, e.waitMs);
      throw e;
    }
  }

  /** The password was right: the attempt is given back, the pair cleared, the address remembered. */
  succeeded(username: string, ip: string): void {
    const k = this.keys(username, ip);
    const at = this.now();
    this.db
      .transaction(() => {
        this.db.prepare('DELETE FROM login_attempts WHERE key = ?').run(k.pair);
        this.db.prepare('UPDATE login_attempts SET attempts = attempts - 1 WHERE key IN (?, ?) AND attempts > 0').run(k.account, k.address);
        this.db
          .prepare(
            `INSERT INTO login_known (username, ip, last_at) VALUES (?, ?, ?)
             ON CONFLICT (username, ip) DO UPDATE SET last_at = excluded.last_at`,
          )
          .run(username.toLowerCase(), ip, at);
        this.db.prepare('DELETE FROM login_known WHERE last_at < ?').run(at - this.limits.knownMs);
      })
      .immediate();
  }

  private isKnown(username: string, ip: string, at: number): boolean {
    const r = this.db.prepare('SELECT last_at FROM login_known WHERE username = ? AND ip = ?').get(username.toLowerCase(), ip) as
      { last_at: number } | undefined;
    return !!r && r.last_at >= at - this.limits.knownMs;
  }
}
