import type { OpCaller } from './effects';
import { linkMessage } from './effects';
import type { LiveHub } from './hub';
import type { MessageStore, StoredRow } from './store';

/** Tries per message before the periodic sweep leaves it unlinked for good. */
export const MAX_LINK_ATTEMPTS = 5;
/** The sweep looks back this far for messages still unlinked. */
export const LINK_LOOKBACK_MS = 2 * 86_400_000;

/**
 * Runs each stored message's effects after it was acknowledged, a few at a time, off the receiving
 * request: the order, after-sale record or products are looked up once and kept with the message,
 * then a `linked` event tells open pages. A failure is counted; the periodic sweep tries again.
 */
export class Linker {
  private readonly queue: number[] = [];
  private readonly queued = new Set<number>();
  private active = 0;
  private stopped = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly store: MessageStore,
    private readonly hub: LiveHub,
    private readonly call: OpCaller | null,
    private readonly opts: { concurrency?: number; log?: (line: string) => void } = {},
  ) {}

  enqueue(seq: number) {
    if (!this.call || this.stopped || this.queued.has(seq)) return;
    this.queued.add(seq);
    this.queue.push(seq);
    this.pump();
  }

  private pump() {
    while (!this.stopped && this.active < (this.opts.concurrency ?? 2) && this.queue.length) {
      const seq = this.queue.shift()!;
      this.active++;
      void this.run(seq).finally(() => {
        this.active--;
        this.queued.delete(seq);
        this.pump();
        if (this.active === 0 && this.queue.length === 0) this.idleWaiters.splice(0).forEach((r) => r());
      });
    }
  }

  private async run(seq: number) {
    const row = await this.store.bySeq(seq).catch(() => undefined);
    if (!row || row.refs !== null) return;
    await this.link(row);
  }

  private async link(row: StoredRow) {
    try {
      const refs = await linkMessage(row, this.call!);
      await this.store.setRefs(Number(row.seq), refs);
      await this.hub.publishStored(Number(row.seq), 'linked');
    } catch (e) {
      this.opts.log?.(`[messages] could not link message ${row.id} (${row.type}): ${e instanceof Error ? e.message : String(e)}`);
      await this.store.linkFailed(Number(row.seq)).catch(() => {});
    }
  }

  /** Queues what earlier runs or failures left unlinked (periodic job). */
  async sweep(now: number) {
    if (!this.call) return 0;
    const rows = await this.store.unlinked(500, MAX_LINK_ATTEMPTS, now - LINK_LOOKBACK_MS);
    for (const r of rows) this.enqueue(Number(r.seq));
    return rows.length;
  }

  /** Resolves when nothing is queued or running (tests). */
  idle(): Promise<void> {
    if (this.active === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.push(r));
  }

  stop() {
    this.stopped = true;
    this.queue.length = 0;
    this.idleWaiters.splice(0).forEach((r) => r());
  }
}
