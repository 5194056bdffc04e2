import type { DB } from '../lib/db';

/**
 * The sandbox's business clock: the one time line of the simulation. Every entity timestamp, every
 * job's due time and every delay (shipping, reviews, message retries, the market's rounds) is on it,
 * in business seconds. It runs `speed` times faster than the wall clock while the sandbox runs, and
 * `POST /sandbox/clock` moves it forward by business seconds, so advancing it by N seconds does
 * exactly what N seconds of running do. While the sandbox is stopped it does not move.
 *
 * Only signatures are checked against the wall clock (`wallMs`), as the real service checks them
 * against its own clock.
 */
export class SandboxClock {
  /** Business time at `anchorWall`. */
  private anchorBiz: number;
  private anchorWall: number;
  private pinned: number | null = null;

  constructor(
    private readonly db: DB,
    readonly speed: number,
    private readonly wall: () => number = Date.now,
  ) {
    const get = (key: string) => (db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
    const saved = get('clock_business_ms');
    // Databases from before the business clock kept an offset to the wall clock.
    const legacyOffset = get('clock_offset_ms');
    this.anchorWall = this.wall();
    this.anchorBiz = saved !== undefined ? Number(saved) : this.anchorWall + Number(legacyOffset ?? 0);
    this.save();
  }

  /** Wall-clock milliseconds: only for signature freshness and nonces. */
  wallMs(): number {
    return this.wall();
  }

  /** Business time in milliseconds. */
  nowMs(): number {
    if (this.pinned !== null) return this.pinned;
    return this.anchorBiz + Math.floor((this.wall() - this.anchorWall) * this.speed);
  }

  nowSec(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  /**
   * Runs `fn` as if it were `atMs`: a job that runs late (after the clock was advanced past it) stamps
   * its events, and schedules what follows, from when it was due rather than from now.
   */
  at<T>(atMs: number, fn: () => T): T {
    const before = this.pinned;
    this.pinned = Math.min(atMs, this.nowUnpinned());
    try {
      return fn();
    } finally {
      this.pinned = before;
    }
  }

  /** When something that takes `businessSeconds` from now will be due (business milliseconds). */
  after(businessSeconds: number): number {
    return this.nowMs() + Math.round(businessSeconds * 1000);
  }

  /** Moves business time forward by `businessSeconds`, as if the sandbox had run that long. */
  advance(businessSeconds: number): void {
    this.anchorBiz = this.nowUnpinned() + Math.round(businessSeconds * 1000);
    this.anchorWall = this.wall();
    this.save();
  }

  /** Writes the current business time down, so a restart resumes from it (the ticker calls this). */
  save(): void {
    const now = this.nowUnpinned();
    this.anchorBiz = now;
    this.anchorWall = this.wall();
    this.db
      .prepare(`INSERT INTO meta (key, value) VALUES ('clock_business_ms', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`)
      .run(String(now));
  }

  private nowUnpinned(): number {
    return this.anchorBiz + Math.floor((this.wall() - this.anchorWall) * this.speed);
  }
}
