import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';

/** A payload goes through JSON; keep it small (ids, not documents): PostgreSQL NOTIFY takes 8000 bytes at most. */
export type BusHandler = (payload: unknown) => void;

/**
 * Live events between the parts of the gateway, and with PostgreSQL between gateway processes.
 * Delivery is at most once and only to processes connected at the time: an event is a nudge to read
 * the database again, never the only copy of anything. After the PostgreSQL connection came back
 * from a loss, every subscriber of `BUS_RESYNC` is told, since events may have been missed meanwhile.
 * Events one process publishes reach every subscriber in the order it published them.
 */
export interface EventBus {
  /** Delivers `payload` to every subscriber of `topic`, in this process and (PostgreSQL) in every other. */
  publish(topic: string, payload: unknown): Promise<void>;
  /** Calls `handler` for each event of `topic`; returns the function that stops it. */
  subscribe(topic: string, handler: BusHandler): () => void;
  close(): Promise<void>;
}

/** Local topic: the bus reconnected and events may have been missed; re-read what you show. */
export const BUS_RESYNC = 'bus.resync';
/** Largest JSON envelope NOTIFY carries (PostgreSQL's limit is 8000 bytes). */
export const MAX_EVENT_BYTES = 7900;

class Local {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(0);
  }
  on(topic: string, h: BusHandler) {
    const safe = (p: unknown) => {
      try {
        h(p);
      } catch (e) {
        console.error(`[bus] a subscriber of "${topic}" failed`, e);
      }
    };
    this.emitter.on(topic, safe);
    return () => void this.emitter.off(topic, safe);
  }
  emit(topic: string, payload: unknown) {
    this.emitter.emit(topic, payload);
  }
  clear() {
    this.emitter.removeAllListeners();
  }
}

const encode = (topic: string, payload: unknown) => {
  const text = JSON.stringify({ t: topic, p: payload ?? null });
  if (Buffer.byteLength(text) > MAX_EVENT_BYTES) {
    throw new Error(`bus: the event "${topic}" is ${Buffer.byteLength(text)} bytes; at most ${MAX_EVENT_BYTES} (send ids, not documents)`);
  }
  return text;
};

/** One process: events go straight to this process's subscribers (a JSON copy, as across processes). */
export class InProcessBus implements EventBus {
  private readonly local = new Local();
  async publish(topic: string, payload: unknown): Promise<void> {
    const text = encode(topic, payload);
    // After the caller's current work, like an event that came over the network.
    queueMicrotask(() => this.local.emit(topic, (JSON.parse(text) as { p: unknown }).p));
    return Promise.resolve();
  }
  subscribe(topic: string, handler: BusHandler) {
    return this.local.on(topic, handler);
  }
  close() {
    this.local.clear();
    return Promise.resolve();
  }
}

export const BUS_CHANNEL = 'supply_desk_events';

/**
 * The NOTIFY channel for a schema: installs that share one database in different schemas
 * (search_path) must not hear each other's events.
 */
export const busChannel = (schema: string) =>
  schema === 'public' ? BUS_CHANNEL : `${BUS_CHANNEL}_${createHash('sha256').update(schema).digest('hex').slice(0, 16)}`;

/**
 * PostgreSQL LISTEN/NOTIFY: one dedicated connection listens on one channel; events are published
 * through the pool with `pg_notify`, and every listening process (this one too) hands them to its
 * subscribers. When the listening connection is lost (a database restart, a killed backend), it
 * reconnects with a growing pause (0.2 s up to 5 s) and LISTENs again, then tells `BUS_RESYNC`.
 */
export class PgBus implements EventBus {
  private readonly local = new Local();
  private client: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private delayMs = 200;
  private readyWaiters: (() => void)[] = [];
  /** True while LISTEN is in place. */
  listening = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly clientConfig: pg.ClientConfig,
    private readonly log: (line: string) => void = (l) => console.error(l),
    private readonly channel = BUS_CHANNEL,
  ) {}

  /** Connects and LISTENs; rejects when the first connection fails (start-up reports it). */
  async start(): Promise<void> {
    await this.connect();
  }

  /** Resolves once LISTEN is in place (at once when it is). */
  ready(): Promise<void> {
    return this.listening ? Promise.resolve() : new Promise((r) => this.readyWaiters.push(r));
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.clientConfig);
    let lost = false;
    const onLost = (why: unknown) => {
      if (lost) return;
      lost = true;
      this.listening = false;
      if (this.client === client) this.client = null;
      client.removeAllListeners('notification');
      void client.end().catch(() => {});
      if (!this.closed) {
        this.log(`[bus] lost the PostgreSQL listener (${why instanceof Error ? why.message : String(why)}); reconnecting`);
        this.schedule();
      }
    };
    client.on('error', onLost);
    client.on('end', () => onLost('connection ended'));
    client.on('notification', (n) => {
      if (n.channel !== this.channel || !n.payload) return;
      try {
        const { t, p } = JSON.parse(n.payload) as { t: string; p: unknown };
        this.local.emit(t, p);
      } catch {
        this.log('[bus] dropped an event that is not JSON');
      }
    });
    await client.connect();
    await client.query(`LISTEN ${this.channel}`);
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.listening = true;
    this.delayMs = 200;
    for (const w of this.readyWaiters.splice(0)) w();
  }

  private schedule() {
    if (this.retry || this.closed) return;
    const wait = this.delayMs;
    this.delayMs = Math.min(this.delayMs * 2, 5000);
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().then(
        () => {
          this.log('[bus] listening again');
          this.local.emit(BUS_RESYNC, null);
        },
        (e: unknown) => {
          this.log(`[bus] reconnect failed (${e instanceof Error ? e.message : String(e)}); trying again`);
          this.schedule();
        },
      );
    }, wait);
    this.retry.unref();
  }

  /**
   * One NOTIFY at a time, in the order asked: two under way at once go through two pool connections
   * and can reach the listeners in either order (a later message shown before an earlier one).
   */
  private sending: Promise<unknown> = Promise.resolve();
  async publish(topic: string, payload: unknown): Promise<void> {
    const text = encode(topic, payload);
    const sent = this.sending.then(() => this.pool.query('SELECT pg_notify($1, $2)', [this.channel, text]));
    this.sending = sent.catch(() => {});
    await sent;
  }

  subscribe(topic: string, handler: BusHandler) {
    return this.local.on(topic, handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.local.clear();
    const c = this.client;
    this.client = null;
    this.listening = false;
    if (c) await c.end().catch(() => {});
  }
}
