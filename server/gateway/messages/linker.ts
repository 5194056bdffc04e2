import { linkMessages, type OpCaller } from './effects';
import type { LiveHub } from './hub';
import type { MessageStore, StoredRow } from './store';

/** Tries per message before the periodic sweep leaves it unlinked for good. */
export const MAX_LINK_ATTEMPTS = 5;
/** The sweep looks back this far for messages still unlinked. */
export const LINK_LOOKBACK_MS = 2 * 86_400_000;
/** Messages linked together at most, and how long a new one waits for company. */
export const LINK_BATCH = 200;
export const LINK_WAIT_MS = 50;

/**
 * Runs the stored messages' effects after they were acknowledged, off the receiving request, in
 * small batches that share their lookups (one order lookup for the lines of one order, products 50
 * at a time): the order, after-sale record or products are looked up once and kept with the
 * message, then a `linked` event tells open pages. A failure is counted; the periodic sweep tries
 * again, up to MAX_LINK_ATTEMPTS.
 */
export class Linker {
  private readonly queue: number[] = [];
  private readonly queued = new Set<number>();
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly store: MessageStore,
    private readonly hub: LiveHub,
    private readonly call: OpCaller | null,
    private readonly opts: {
      log?: (line: string) => void;
      waitMs?: number;
      /** After a batch was linked: what else reads its messages (the order mirror). Never throws. */
      afterLinked?: (rows: StoredRow[]) => Promise<void>;
    } = {},
  ) {}

  enqueue(seq: number) {
    if (!this.call || this.stopped || this.queued.has(seq)) return;
    this.queued.add(seq);
    this.queue.push(seq);
    this.schedule();
  }

  private schedule() {
    if (this.running || this.timer || this.stopped || this.queue.length === 0) return;
    const run = () => {
      this.timer = null;
      this.running = this.drain().finally(() => {
        this.running = null;
        this.schedule();
      });
    };
    if (this.queue.length >= LINK_BATCH) run();
    else {
      this.timer = setTimeout(run, this.opts.waitMs ?? LINK_WAIT_MS);
      this.timer.unref();
    }
  }

  private async drain() {
    while (!this.stopped && this.queue.length) {
      const seqs = this.queue.splice(0, LINK_BATCH);
      try {
        const rows = (await this.store.bySeqs(seqs)).filter((r) => r.refs === null);
        let why: unknown;
        const refs = await linkMessages(rows, this.call!, (e) => (why ??= e));
        await this.store.setRefsMany(refs);
        const failed = rows.map((r) => Number(r.seq)).filter((s) => !refs.has(s));
        if (failed.length) {
          // Why, as it was: the upstream's failure says so; the gateway's own (its database) says that.
          this.opts.log?.(
            `[messages] ${failed.length} message(s) could not be linked yet (${why instanceof Error ? why.message : String(why ?? 'no answer')}); tried again later`,
          );
          await this.store.linkFailedMany(failed);
        }
        if (refs.size) await this.hub.publishStored([...refs.keys()], 'linked');
        if (this.opts.afterLinked) await this.opts.afterLinked(rows.filter((r) => refs.has(Number(r.seq))));
      } catch (e) {
        this.opts.log?.(`[messages] linking failed: ${e instanceof Error ? e.message : String(e)}`);
        await this.store.linkFailedMany(seqs).catch(() => {});
      } finally {
        for (const s of seqs) this.queued.delete(s);
      }
    }
  }

  /** Queues what earlier runs or failures left unlinked (periodic job). */
  async sweep(now: number) {
    if (!this.call) return 0;
    const rows = await this.store.unlinked(1000, MAX_LINK_ATTEMPTS, now - LINK_LOOKBACK_MS);
    for (const r of rows) this.enqueue(Number(r.seq));
    return rows.length;
  }

  /** Resolves when nothing is queued or running (tests). */
  async idle(): Promise<void> {
    for (;;) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
        this.running = this.drain().finally(() => {
          this.running = null;
          this.schedule();
        });
      }
      if (this.running) {
        await this.running;
        continue;
      }
      if (this.queue.length === 0 || this.stopped) return;
      this.schedule();
    }
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.queue.length = 0;
  }
}
