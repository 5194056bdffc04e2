import type { DB } from '../lib/db';

export interface LoginLimits {
  perAccount: number;
  perAddress: number;
  windowMs: number;
}
export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 };

/** Failed sign-ins counted per account and per address inside a window; past the limit, sign-in waits. */
export class LoginLimiter {
  constructor(
    private readonly db: DB,
    readonly limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  private failures(key: string): { failures: number; windowStart: number } {
    const r = this.db.prepare('SELECT failures, window_start FROM login_failures WHERE key = ?').get(key) as
      { failures: number; window_start: number } | undefined;
    if (!r || this.now() - r.window_start > this.limits.windowMs) return { failures: 0, windowStart: this.now() };
    return { failures: r.failures, windowStart: r.window_start };
  }

  /** Milliseconds to wait before another attempt, or 0 when one may be made now. */
  retryAfterMs(username: string, ip: string): number {
    const checks: [string, number][] = [
      [`user:${username.toLowerCase()}`, this.limits.perAccount],
      [`ip:${ip}`, this.limits.perAddress],
    ];
    let wait = 0;
    for (const [key, limit] of checks) {
      const f = this.failures(key);
      if (f.failures >= limit) wait = Math.max(wait, f.windowStart + this.limits.windowMs - this.now());
    }
    return wait;
  }

  recordFailure(username: string, ip: string): void {
    for (const key of [`user:${username.toLowerCase()}`, `ip:${ip}`]) {
      const f = this.failures(key);
      this.db
        .prepare(
          'INSERT INTO login_failures (key, window_start, failures) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET window_start = excluded.window_start, failures = excluded.failures',
        )
        .run(key, f.windowStart, f.failures + 1);
    }
  }

  recordSuccess(username: string): void {
    this.db.prepare('DELETE FROM login_failures WHERE key = ?').run(`user:${username.toLowerCase()}`);
  }
}
