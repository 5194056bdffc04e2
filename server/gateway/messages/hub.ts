import { BUS_RESYNC, type EventBus } from '../db';
import type { InboxMessage, VisibleMessageGroup } from '../../../contract';
import { toInbox, type MessageStore } from './store';

/** Bus topics: a message was stored or linked (`{seq, change}`), a person's read marks changed (`{userId}`). */
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
      bus.subscribe(MESSAGE_TOPIC, (p) => void this.onStored(p as { seq: number; change: 'new' | 'linked' }).catch(this.failed)),
      bus.subscribe(READ_TOPIC, (p) => void this.onRead(p as { userId: number }).catch(this.failed)),
      bus.subscribe(BUS_RESYNC, () => this.listeners.forEach((l) => l.resync())),
    );
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

  publishStored(seq: number, change: 'new' | 'linked') {
    return this.bus.publish(MESSAGE_TOPIC, { seq, change });
  }

  publishRead(userId: number) {
    return this.bus.publish(READ_TOPIC, { userId });
  }

  private async onStored({ seq, change }: { seq: number; change: 'new' | 'linked' }) {
    const targets = [...this.listeners];
    if (targets.length === 0) return;
    const row = await this.store.bySeq(seq);
    if (!row) return;
    for (const l of targets) {
      if (!l.groups.includes(row.grp as VisibleMessageGroup)) continue;
      const read = change === 'new' ? false : await this.store.isRead(l.userId, seq);
      l.message({ message: toInbox(row, read), change });
    }
  }

  private async onRead({ userId }: { userId: number }) {
    for (const l of this.listeners) if (l.userId === userId) l.unread(await this.store.unreadCount(userId, [...l.groups]));
  }

  close() {
    this.stops.forEach((s) => s());
    this.listeners.clear();
  }
}
