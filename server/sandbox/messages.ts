import type { MessageType } from '../../contract';
import type { World } from './world';

/** Delivery schedule of §8.1: at once, then after 4 min, 10 min, 10 min and 1 h (business time); then given up. */
export const RETRY_DELAYS_S = [240, 600, 600, 3600] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_S.length + 1;
/** Deliveries in flight at once, across lanes. */
export const PUSH_CONCURRENCY = 4;
/** How long one delivery may take (wall clock) before it counts as failed. */
export const PUSH_TIMEOUT_MS = 5000;

let counter = 0;
/** 20 digits like the samples (`20200612100218210512`): time to the millisecond plus a counter. */
function messageId(ms: number): string {
  const d = new Date(ms + 8 * 3600_000); // Beijing time, as the platform stamps it
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  counter = (counter + 1) % 1000;
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}${p(d.getUTCMilliseconds(), 3)}${p(counter, 3)}`;
}

/** Stores a message in the outbox and wakes the pump; it survives restarts of either side. */
export function enqueueMessage(world: World, type: MessageType, data: Record<string, unknown>): string {
  let id = messageId(world.clock.nowMs());
  while (world.db.prepare('SELECT 1 FROM outbox WHERE id = ?').get(id)) id = messageId(world.clock.nowMs());
  world.db
    .prepare('INSERT INTO outbox (id, type, data, created_ms, next_attempt_ms) VALUES (?, ?, ?, ?, ?)')
    .run(id, type, JSON.stringify(data), world.clock.nowMs(), world.clock.nowMs());
  world.pump?.kick();
  return id;
}

/** Goods messages only concern goods in the selection library (§8.1). */
export function enqueueGoodsMessage(world: World, type: MessageType, goodsIds: number[]): void {
  if (goodsIds.length === 0) return;
  const inLibrary = goodsIds.filter((id) => world.db.prepare('SELECT 1 FROM library WHERE goods_id = ?').get(id));
  if (inLibrary.length) enqueueMessage(world, type, { goodsIds: inLibrary });
}

interface OutboxRow {
  id: string;
  type: string;
  data: string;
  created_ms: number;
  attempts: number;
}

/**
 * Messages about one order (or one after-sale of it) share a lane, and so do goods messages: a lane
 * delivers one message after the other, in the order they were made, so a receiver never sees
 * `order.delivered` before `order.delivery`. Lanes run side by side, at most `PUSH_CONCURRENCY`.
 */
function laneOf(m: OutboxRow): string {
  const data = JSON.parse(m.data) as { orderSn?: unknown };
  return typeof data.orderSn === 'string' ? `order:${data.orderSn}` : 'goods';
}

/**
 * Delivers the outbox in the background, off every request: `kick()` after anything that may make a
 * message due (a new message, the clock moving, the ticker), `idle()` to wait until nothing due is
 * left (tests), `stop()` when closing. An answer other than {"code":1} counts as a failure and is
 * retried on the §8.1 schedule with the same id.
 */
export class MessagePump {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly abort = new AbortController();

  constructor(
    private readonly world: World,
    private readonly opts: { concurrency?: number; timeoutMs?: number } = {},
  ) {}

  kick(): void {
    if (this.stopped || !this.world.config.callbackUrl) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.drain())
      .catch((e: unknown) => {
        if (!this.stopped) console.error('[sandbox] message push failed', e);
      })
      .finally(() => {
        this.running = null;
        if (this.again) this.kick();
      });
  }

  /** Resolves once every message due now has been tried (delivered, rescheduled or given up). */
  async idle(): Promise<void> {
    for (;;) {
      if (!this.running && !this.stopped && this.dueRows(1).length) this.kick();
      const r = this.running;
      if (!r) return;
      await r;
    }
  }

  stop(): void {
    this.stopped = true;
    this.abort.abort();
  }

  private dueRows(limit: number): OutboxRow[] {
    if (this.stopped || !this.world.config.callbackUrl) return [];
    return this.world.db
      .prepare(
        'SELECT id, type, data, created_ms, attempts FROM outbox WHERE delivered_ms IS NULL AND given_up = 0 AND next_attempt_ms <= ? ORDER BY created_ms, id LIMIT ?',
      )
      .all(this.world.clock.nowMs(), limit) as OutboxRow[];
  }

  private async drain(): Promise<void> {
    for (;;) {
      this.again = false;
      const due = this.dueRows(1000);
      if (due.length === 0) {
        if (this.again) continue;
        return;
      }
      const lanes = new Map<string, OutboxRow[]>();
      for (const m of due) {
        const key = laneOf(m);
        const lane = lanes.get(key);
        if (lane) lane.push(m);
        else lanes.set(key, [m]);
      }
      // Lanes start in the order of their oldest message; each is worked through in order.
      const queue = [...lanes.values()];
      const worker = async () => {
        for (let lane = queue.shift(); lane && !this.stopped; lane = queue.shift()) {
          for (const m of lane) {
            if (this.stopped) return;
            await this.deliver(m);
          }
        }
      };
      const n = Math.max(1, Math.min(this.opts.concurrency ?? PUSH_CONCURRENCY, queue.length));
      await Promise.all(Array.from({ length: n }, worker));
      if (this.stopped) return;
    }
  }

  private async deliver(m: OutboxRow): Promise<void> {
    const { world } = this;
    const url = world.config.callbackUrl!;
    const attempt = m.attempts + 1;
    const pushTime = world.clock.nowMs();
    const envelope = {
      id: m.id,
      type: m.type,
      data: JSON.parse(m.data) as unknown,
      push_time: pushTime,
      pushTime,
      appID: 10001,
      times: attempt,
      createTime: Math.floor(m.created_ms / 1000),
      url,
    };
    let error = '';
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...world.config.callbackHeaders },
        body: JSON.stringify(envelope),
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(this.opts.timeoutMs ?? PUSH_TIMEOUT_MS)]),
      });
      const text = await res.text();
      let ack: unknown;
      try {
        ack = JSON.parse(text);
      } catch {
        ack = undefined;
      }
      if (!(res.ok && typeof ack === 'object' && ack !== null && (ack as { code?: unknown }).code === 1)) {
        error = `HTTP ${res.status}: ${text.slice(0, 200)}`;
      }
    } catch (e) {
      error = (e as Error).message;
    }
    if (this.stopped) return; // closing: the attempt is not counted, the message stays due
    const db = world.db;
    if (!error) {
      db.prepare('UPDATE outbox SET attempts = ?, delivered_ms = ?, last_error = ? WHERE id = ?').run(
        attempt,
        world.clock.nowMs(),
        '',
        m.id,
      );
    } else if (attempt >= MAX_ATTEMPTS) {
      db.prepare('UPDATE outbox SET attempts = ?, given_up = 1, last_error = ? WHERE id = ?').run(attempt, error, m.id);
    } else {
      db.prepare('UPDATE outbox SET attempts = ?, next_attempt_ms = ?, last_error = ? WHERE id = ?').run(
        attempt,
        world.clock.after(RETRY_DELAYS_S[attempt - 1]!),
        error,
        m.id,
      );
    }
  }
}
