import type { DB } from '../lib/db';
import type { Faults, SandboxConfig } from './config';
import type { SandboxClock } from './clock';
import type { GoodsIndex } from './goods-index';

/** Everything the business simulation acts on. */
export interface World {
  db: DB;
  config: SandboxConfig;
  clock: SandboxClock;
  /** The list index over the goods table: every write to goods must refresh it. */
  goods: GoodsIndex;
  /** The faults in force now: `config.faults` at start, changed by `POST /sandbox/faults`. */
  faults: Faults;
  /** Delivers the outbox in the background (messages.ts's MessagePump, set once the world is built): kicked when messages may be due. */
  pump?: { kick(): void };
}

export type JobKind = 'ship' | 'deliver' | 'complete' | 'review' | 'return_received' | 'market' | 'parcel_back';

export function schedule(world: World, kind: JobKind, ref: string, dueMs: number): void {
  world.db.prepare('INSERT INTO jobs (due_ms, kind, ref) VALUES (?, ?, ?)').run(dueMs, kind, ref);
}

export const meta = {
  get(db: DB, key: string): string | undefined {
    return (db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
  },
  set(db: DB, key: string, value: string): void {
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
  },
};
