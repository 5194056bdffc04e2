import { sql } from 'kysely';
import type { GatewayDb, Kdb } from '../db';

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
  private readonly db: Kdb;
  constructor(
    db: GatewayDb | Kdb,
    readonly limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
    private readonly now: () => number = Date.now,
  ) {
    this.db = 'kysely' in db ? db.kysely : db;
  }

  private keys(username: string, ip: string) {
    const u = username.toLowerCase();
    return { pair: `pair:${u}|${ip}`, account: `user:${u}`, address: `ip:${ip}` };
  }

  /** Takes one attempt from a counter inside `trx`; the counter after it. */
  private async count(trx: Kdb, key: string, at: number, expired: number) {
    return trx
      .insertInto('login_attempts')
      .values({ key, window_start: at, attempts: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          attempts: sql<number>`CASE WHEN login_attempts.window_start <= ${expired} THEN 1 ELSE login_attempts.attempts + 1 END`,
          window_start: sql<number>`CASE WHEN login_attempts.window_start <= ${expired} THEN excluded.window_start ELSE login_attempts.window_start END`,
        }),
      )
      .returning(['attempts', 'window_start'])
      .executeTakeFirstOrThrow();
  }

  /** Counts one attempt; returns 0 when it may go on to the password check, else the milliseconds to wait. */
  async take(username: string, ip: string): Promise<number> {
    const at = this.now();
    const k = this.keys(username, ip);
    const known = await this.isKnown(username, ip, at);
    const expired = at - this.limits.windowMs;
    try {
      // Counters are always taken in the same order (pair, address, account), so two transactions
      // on PostgreSQL never wait on each other's rows in a circle.
      await this.db.transaction().execute(async (trx) => {
        const checks: [string, number][] = [
          [k.pair, this.limits.perPair],
          [k.address, this.limits.perAddress],
        ];
        if (!known) checks.push([k.account, this.limits.perAccount]);
        let wait = 0;
        for (const [key, limit] of checks) {
          const r = await this.count(trx, key, at, expired);
          if (r.attempts > limit) wait = Math.max(wait, r.window_start + this.limits.windowMs - at);
        }
        // A known address still counts against the account, without being held by it.
        if (known) await this.count(trx, k.account, at, expired);
        if (wait > 0) throw new Refused(wait);
      });
      return 0;
    } catch (e) {
      if (e instanceof Refused) return Math.max(1000, e.waitMs);
      throw e;
    }
  }

  /** The password was right: the attempt is given back, the pair cleared, the address remembered. */
  async succeeded(username: string, ip: string): Promise<void> {
    const k = this.keys(username, ip);
    const at = this.now();
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('login_attempts').where('key', '=', k.pair).execute();
      // Address before account: the order `take` locks them in.
      for (const key of [k.address, k.account]) {
        await trx
          .updateTable('login_attempts')
          .set({ attempts: sql<number>`attempts - 1` })
          .where('key', '=', key)
          .where('attempts', '>', 0)
          .execute();
      }
      await trx
        .insertInto('login_known')
        .values({ username: username.toLowerCase(), ip, last_at: at })
        .onConflict((oc) => oc.columns(['username', 'ip']).doUpdateSet({ last_at: (eb) => eb.ref('excluded.last_at') }))
        .execute();
    });
  }

  /** Forgets addresses not used for `knownMs` and windows long over (the periodic sweep). */
  async sweep(): Promise<void> {
    const at = this.now();
    await this.db
      .deleteFrom('login_known')
      .where('last_at', '<', at - this.limits.knownMs)
      .execute();
    await this.db
      .deleteFrom('login_attempts')
      .where('window_start', '<', at - this.limits.windowMs)
      .execute();
  }

  private async isKnown(username: string, ip: string, at: number): Promise<boolean> {
    const r = await this.db
      .selectFrom('login_known')
      .select('last_at')
      .where('username', '=', username.toLowerCase())
      .where('ip', '=', ip)
      .executeTakeFirst();
    return !!r && r.last_at >= at - this.limits.knownMs;
  }
}
