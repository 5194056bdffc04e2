import type { DB } from '../lib/db';

/**
 * The sandbox's business clock: wall time plus an offset that only `POST /sandbox/clock` moves.
 * Business delays (shipping, reviews, retries) are simulated durations divided by the speed, so at
 * speed 120 a two-hour shipping delay takes one real minute. Signatures are checked against wall
 * time, as the real service checks them against its own clock.
 */
export class SandboxClock {
  private offset: number;

  constructor(
    private readonly db: DB,
    readonly speed: number,
    private readonly wall: () => number = Date.now,
  ) {
    const row = db.prepare(`SELECT value FROM meta WHERE key = 'clock_offset_ms'`).get() as { value: string } | undefined;
    this.offset = row ? Number(row.value) : 0;
  }

  wallMs(): number {
    return this.wall();
  }

  nowMs(): number {
    return this.pinned ?? this.wall() + this.offset;
  }

  private pinned: number | null = null;

  /**
   * Runs `fn` as if it were `atMs`: a job that runs late (after the clock was advanced past it) stamps
   * its events, and schedules what follows, from when it was due rather than from now.
   */
  at<T>(atMs: number, fn: () => T): T {
    const before = this.pinned;
    this.pinned = Math.min(atMs, this.wall() + this.offset);
    try {
      return fn();
    } finally {
      this.pinned = before;
    }
  }

  nowSec(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  /** When something that takes `simSeconds` of business time will be due. */
  after(simSeconds: number): number {
    return this.nowMs() + Math.round((simSeconds * 1000) / this.speed);
  }

  advance(seconds: number): void {
    this.offset += Math.round(seconds * 1000);
    this.db
      .prepare(`INSERT INTO meta (key, value) VALUES ('clock_offset_ms', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`)
      .run(String(this.offset));
  }
}
