import type { MessageType } from '../../contract';
import type { World } from './world';

/** Delivery schedule of §8.1: at once, then after 4 min, 10 min, 10 min and 1 h; then given up. */
export const RETRY_DELAYS_S = [240, 600, 600, 3600] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_S.length + 1;

let counter = 0;
/** 20 digits like the samples (`20200612100218210512`): time to the millisecond plus a counter. */
function messageId(ms: number): string {
  const d = new Date(ms + 8 * 3600_000); // Beijing time, as the platform stamps it
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  counter = (counter + 1) % 1000;
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}${p(d.getUTCMilliseconds(), 3)}${p(counter, 3)}`;
}

/** Stores a message in the outbox; the pusher delivers it (and survives restarts of either side). */
export function enqueueMessage(world: World, type: MessageType, data: Record<string, unknown>): string {
  let id = messageId(world.clock.nowMs());
  while (world.db.prepare('SELECT 1 FROM outbox WHERE id = ?').get(id)) id = messageId(world.clock.nowMs());
  world.db
    .prepare('INSERT INTO outbox (id, type, data, created_ms, next_attempt_ms) VALUES (?, ?, ?, ?, ?)')
    .run(id, type, JSON.stringify(data), world.clock.nowMs(), world.clock.nowMs());
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

/** Sends every message that is due; an answer other than {"code":1} counts as a failure. */
export async function pushDueMessages(world: World): Promise<number> {
  const url = world.config.callbackUrl;
  if (!url) return 0;
  // Everything due now, oldest first; each message is tried at most once per call.
  const due = world.db
    .prepare(
      'SELECT id, type, data, created_ms, attempts FROM outbox WHERE delivered_ms IS NULL AND given_up = 0 AND next_attempt_ms <= ? ORDER BY created_ms, id LIMIT 5000',
    )
    .all(world.clock.nowMs()) as OutboxRow[];
  let delivered = 0;
  for (const m of due) {
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
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(envelope),
        signal: AbortSignal.timeout(5000),
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
    if (!error) {
      world.db
        .prepare('UPDATE outbox SET attempts = ?, delivered_ms = ?, last_error = ? WHERE id = ?')
        .run(attempt, world.clock.nowMs(), '', m.id);
      delivered++;
    } else if (attempt >= MAX_ATTEMPTS) {
      world.db.prepare('UPDATE outbox SET attempts = ?, given_up = 1, last_error = ? WHERE id = ?').run(attempt, error, m.id);
    } else {
      world.db
        .prepare('UPDATE outbox SET attempts = ?, next_attempt_ms = ?, last_error = ? WHERE id = ?')
        .run(attempt, world.clock.after(RETRY_DELAYS_S[attempt - 1]!), error, m.id);
    }
  }
  return delivered;
}
