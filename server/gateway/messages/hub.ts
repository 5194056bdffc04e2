import { BUS_RESYNC, type EventBus } from '../db';
import type { InboxMessage, VisibleMessageGroup } from '../../../contract';
import { toInbox, type MessageStore } from './store';
import type { ImportProgressEvent } from '../../../contract/schemas/imports';
import { IMPORT_TOPIC } from '../imports/events';
import { WATCH_TOPIC } from '../goods/events';
import type { WatchEvent } from '../../../contract/schemas/watch';
import { EXCEPTIONS_TOPIC } from '../exceptions/events';
import type { ExceptionEvent } from '../../../contract/schemas/exceptions';

/** Bus topics: messages were stored or linked (`{seqs, change}`), a person's read marks changed (`{userId}`). */
export const MESSAGE_TOPIC = 'messages.stored';
export const READ_TOPIC = 'messages.read';

export interface LiveEvent {
  message: InboxMessage;
  change: 'new' | 'linked';
}

export interface Listener {
  userId: number;
  groups: readonly VisibleMessageGroup[];
  message(ev: LiveEvent): void;
  unread(count: number): void;
  resync(): void;
  /** Whether this person follows everyone's bulk-order jobs (admins), not only their own. */
  allImports?: boolean;
  /** A bulk-order job of theirs moved on. */
  importProgress?(ev: ImportProgressEvent): void;
  /** Goods became at risk (the goods watch): for those who see goods messages (who sell the goods). */
  watch?(ev: WatchEvent): void;
  /** Exceptions opened, changed hands or closed: for those who may read exceptions (`exceptions.read`). */
  exceptions?(ev: ExceptionEvent): void;
}

/**
 * Fans bus events out to this process's open event streams: each stored or linked message is read
 * once and sent to every listener whose role may see its group. With PostgreSQL the bus carries
 * events between gateways, so a message received by one shows on streams held by another.
 */
export class LiveHub {
  private readonly listeners = new Set<Listener>();
  private readonly stops: (() => void)[] = [];

  constructor(
    private readonly store: MessageStore,
    private readonly bus: EventBus,
    private readonly log: (line: string) => void = () => {},
  ) {
    this.stops.push(
      bus.subscribe(MESSAGE_TOPIC, (p) => this.inTurn(() => this.onStored(p as { seqs: number[]; change: 'new' | 'linked' }))),
      bus.subscribe(READ_TOPIC, (p) => this.inTurn(() => this.onRead(p as { userId: number }))),
      bus.subscribe(BUS_RESYNC, () => this.listeners.forEach((l) => l.resync())),
      // A job's progress goes to its owner's streams and to admins', on whichever gateway they are.
      bus.subscribe(IMPORT_TOPIC, (p) => {
        const { userId, ...ev } = p as ImportProgressEvent & { userId: number };
        for (const l of this.listeners) if (l.userId === userId || l.allImports) l.importProgress?.(ev);
      }),
      bus.subscribe(WATCH_TOPIC, (p) => {
        for (const l of this.listeners) if (l.groups.includes('goods')) l.watch?.(p as WatchEvent);
      }),
      bus.subscribe(EXCEPTIONS_TOPIC, (p) => {
        for (const l of this.listeners) l.exceptions?.(p as ExceptionEvent);
      }),
    );
  }

  /**
   * Bus events are handled one after another, in the order they came: each reads the store first, and
   * two reads under way at once (two pool connections) can finish in either order, which sent a later
   * message to the streams before an earlier one.
   */
  private turn: Promise<void> = Promise.resolve();
  private inTurn(handle: () => Promise<void>) {
    this.turn = this.turn.then(handle).catch(this.failed);
  }

  private readonly failed = (e: unknown) =>
    this.log(`[messages] a live event could not be sent: ${e instanceof Error ? e.message : String(e)}`);

  get size() {
    return this.listeners.size;
  }

  add(l: Listener): () => void {
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  }

  private fresh: number[] = [];
  private freshTimer: NodeJS.Timeout | null = null;

  /** A message was stored: told to every gateway's streams together with those stored in the same few ms (one bus event). */
  noteNew(seq: number) {
    this.fresh.push(seq);
    this.freshTimer ??= setTimeout(() => {
      this.freshTimer = null;
      const seqs = this.fresh.splice(0);
      void this.publishStored(seqs, 'new').catch(this.failed);
    }, 5);
  }

  async publishStored(seqs: number[], change: 'new' | 'linked') {
    // A bus event carries at most ~7.9 kB: 500 ids a time.
    for (let i = 0; i < seqs.length; i += 500) await this.bus.publish(MESSAGE_TOPIC, { seqs: seqs.slice(i, i + 500), change });
  }

  publishRead(userId: number) {
    return this.bus.publish(READ_TOPIC, { userId });
  }

  private async onStored({ seqs, change }: { seqs: number[]; change: 'new' | 'linked' }) {
    const targets = [...this.listeners];
    if (targets.length === 0 || !Array.isArray(seqs)) return;
    const rows = await this.store.bySeqs(seqs);
    for (const l of targets) {
      const mine = rows.filter((r) => l.groups.includes(r.grp as VisibleMessageGroup));
      if (mine.length === 0) continue;
      const read =
        change === 'new'
          ? new Set<number>()
          : await this.store.readOf(
              l.userId,
              mine.map((r) => Number(r.seq)),
            );
      for (const row of mine) l.message({ message: toInbox(row, read.has(Number(row.seq))), change });
    }
  }

  private async onRead({ userId }: { userId: number }) {
    for (const l of this.listeners) if (l.userId === userId) l.unread(await this.store.unreadCount(userId, [...l.groups]));
  }

  close() {
    if (this.freshTimer) clearTimeout(this.freshTimer);
    this.stops.forEach((s) => s());
    this.listeners.clear();
  }
}
