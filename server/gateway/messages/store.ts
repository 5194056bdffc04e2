import { sql } from 'kysely';
import type { InboxMessage, InboxPage, InboxQuery, MessageRefs, ReceivedMessage, VisibleMessageGroup } from '../../../contract';
import type { GatewayDb } from '../db';
import { prepared } from '../db/prepared';
import './tables';

export interface StoredRow {
  seq: number;
  id: string;
  type: string;
  grp: string;
  data: string;
  pushed_ms: number | null;
  received_ms: number;
  refs: string | null;
}

const parse = (s: string | null): unknown => (s === null ? null : JSON.parse(s));

export function toInbox(r: StoredRow, read: boolean): InboxMessage {
  return {
    seq: Number(r.seq),
    id: r.id,
    type: r.type,
    group: r.grp as InboxMessage['group'],
    data: parse(r.data) as Record<string, unknown>,
    pushedAt: r.pushed_ms === null ? null : Number(r.pushed_ms),
    receivedAt: Number(r.received_ms),
    read,
    refs: parse(r.refs) as MessageRefs | null,
  };
}

const COLUMNS = ['m.seq', 'm.id', 'm.type', 'm.grp', 'm.data', 'm.pushed_ms', 'm.received_ms', 'm.refs'] as const;

/** The receiver's insert, compiled once (on PostgreSQL a named statement, planned once per connection): it runs for every message pushed. */
function insertStatement(db: GatewayDb) {
  return prepared(db.kysely, (p) =>
    db.kysely
      .insertInto('messages')
      .values({
        id: p('id'),
        type: p('type'),
        grp: p('grp'),
        data: p('data'),
        pushed_ms: p<number | null>('pushed_ms'),
        received_ms: p<number>('received_ms'),
        order_sn: p<string | null>('order_sn'),
        refs: p<string | null>('refs'),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('seq'),
  );
}

/** The inbox in the gateway's database (SQLite or PostgreSQL): messages, who read what, and prefs. */
export class MessageStore {
  constructor(
    private readonly db: GatewayDb,
    private readonly now: () => number = Date.now,
    /**
     * The clock the inbox is shown on (server/gateway/clock.ts): on the business clock a message is
     * shown and grouped by its push time (the sandbox stamps it on that clock; the receipt is on the
     * wall clock), so the date filter reads the same time (src/lib/clock.ts, messageTime).
     */
    private readonly shownClock: 'business' | 'wall' = 'wall',
  ) {
    this.insertRow = insertStatement(db);
  }

  private readonly insertRow: ReturnType<typeof insertStatement>;

  /**
   * Keeps a pushed message unless its id is already kept. Resolves to the new row's seq, or null
   * when it was a repeat. Throws when the write failed (then the push must not be acknowledged).
   */
  async insert(m: ReceivedMessage): Promise<number | null> {
    const orderSn = typeof m.data.orderSn === 'string' ? m.data.orderSn : null;
    const { rows } = await this.insertRow({
      id: m.id,
      type: m.type,
      grp: m.group,
      data: JSON.stringify(m.data),
      pushed_ms: m.pushedMs,
      received_ms: this.now(),
      order_sn: orderSn,
      // Kinds with nothing to look up are linked at once.
      refs: m.group === 'unknown' || m.type === 'goods.storage.delete' ? '{}' : null,
    });
    const row = rows[0];
    return row ? Number(row.seq) : null;
  }

  async bySeq(seq: number): Promise<StoredRow | undefined> {
    return this.db.kysely.selectFrom('messages as m').select(COLUMNS).where('m.seq', '=', seq).executeTakeFirst();
  }

  async bySeqs(seqs: number[]): Promise<StoredRow[]> {
    if (seqs.length === 0) return [];
    return this.db.kysely.selectFrom('messages as m').select(COLUMNS).where('m.seq', 'in', seqs).orderBy('m.seq').execute();
  }

  /** Which of `seqs` this person has read. */
  async readOf(userId: number, seqs: number[]): Promise<Set<number>> {
    if (seqs.length === 0) return new Set();
    const rows = await this.db.kysely
      .selectFrom('message_reads')
      .select('seq')
      .where('user_id', '=', userId)
      .where('seq', 'in', seqs)
      .execute();
    return new Set(rows.map((r) => Number(r.seq)));
  }

  /** Keeps the links of many messages in one transaction. */
  async setRefsMany(refs: Map<number, MessageRefs>): Promise<void> {
    if (refs.size === 0) return;
    if (this.db.dialect === 'postgres') {
      // One statement for the batch (up to LINK_BATCH rows), not one round trip per message: at 1,000 goods
      // messages a second the per-row updates were half of the linker's time on PostgreSQL.
      const entries = [...refs];
      await sql`update messages as m set refs = v.refs from unnest(${entries.map(([seq]) => seq)}::bigint[], ${entries.map(([, r]) => JSON.stringify(r))}::text[]) as v(seq, refs) where m.seq = v.seq`.execute(
        this.db.kysely,
      );
      return;
    }
    await this.db.kysely.transaction().execute(async (trx) => {
      for (const [seq, r] of refs)
        await trx
          .updateTable('messages')
          .set({ refs: JSON.stringify(r) })
          .where('seq', '=', seq)
          .execute();
    });
  }

  async linkFailedMany(seqs: number[]): Promise<void> {
    if (seqs.length === 0) return;
    await this.db.kysely
      .updateTable('messages')
      .set({ link_attempts: sql`link_attempts + 1` })
      .where('seq', 'in', seqs)
      .execute();
  }

  async isRead(userId: number, seq: number): Promise<boolean> {
    const r = await this.db.kysely
      .selectFrom('message_reads')
      .select('seq')
      .where('user_id', '=', userId)
      .where('seq', '=', seq)
      .executeTakeFirst();
    return !!r;
  }

  async setRefs(seq: number, refs: MessageRefs): Promise<void> {
    await this.db.kysely
      .updateTable('messages')
      .set({ refs: JSON.stringify(refs) })
      .where('seq', '=', seq)
      .execute();
  }

  async linkFailed(seq: number): Promise<void> {
    await this.db.kysely
      .updateTable('messages')
      .set({ link_attempts: sql`link_attempts + 1` })
      .where('seq', '=', seq)
      .execute();
  }

  /** Messages whose effects have not run (a gateway stopped before, or the upstream failed), oldest first. */
  async unlinked(limit: number, maxAttempts: number, sinceMs: number): Promise<StoredRow[]> {
    return this.db.kysely
      .selectFrom('messages as m')
      .select(COLUMNS)
      .where('m.refs', 'is', null)
      .where('m.link_attempts', '<', maxAttempts)
      .where('m.received_ms', '>=', sinceMs)
      .orderBy('m.seq')
      .limit(limit)
      .execute();
  }

  private visible(userId: number, groups: VisibleMessageGroup[]) {
    return this.db.kysely
      .selectFrom('messages as m')
      .leftJoin('message_reads as r', (j) => j.onRef('r.seq', '=', 'm.seq').on('r.user_id', '=', userId))
      .where('m.grp', 'in', groups.length ? groups : ['-']);
  }

  async list(userId: number, groups: VisibleMessageGroup[], q: InboxQuery): Promise<InboxPage> {
    let base = this.visible(userId, groups);
    if (q.group) base = base.where('m.grp', '=', q.group);
    if (q.type) base = base.where('m.type', '=', q.type);
    // The time each message is shown at: its push time on the business clock (its receipt when it has none).
    const shown = this.shownClock === 'business' ? sql<number>`coalesce(m.pushed_ms, m.received_ms)` : sql<number>`m.received_ms`;
    if (q.from !== undefined) base = base.where(shown, '>=', q.from);
    if (q.to !== undefined) base = base.where(shown, '<=', q.to);
    if (q.unread === '1') base = base.where('r.seq', 'is', null);
    const [rows, total, unread] = await Promise.all([
      base
        .select([...COLUMNS, 'r.seq as read_seq'])
        .orderBy('m.seq', 'desc')
        .limit(q.limit)
        .offset((q.page - 1) * q.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      this.unreadCount(userId, groups),
    ]);
    return { list: rows.map((r) => toInbox(r, r.read_seq !== null)), total: Number(total.n), unread };
  }

  async unreadCount(userId: number, groups: VisibleMessageGroup[]): Promise<number> {
    const r = await this.visible(userId, groups)
      .where('r.seq', 'is', null)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Replay after a reconnect: what this person may see after `afterSeq`, oldest first. */
  async since(userId: number, groups: VisibleMessageGroup[], afterSeq: number, limit: number) {
    const rows = await this.visible(userId, groups)
      .where('m.seq', '>', afterSeq)
      .select([...COLUMNS, 'r.seq as read_seq'])
      .orderBy('m.seq')
      .limit(limit)
      .execute();
    return rows.map((r) => toInbox(r, r.read_seq !== null));
  }

  async lastSeq(): Promise<number> {
    const r = await this.db.kysely
      .selectFrom('messages')
      .select((eb) => eb.fn.max('seq').as('s'))
      .executeTakeFirst();
    return Number(r?.s ?? 0);
  }

  /** Marks messages read or unread for one person; only those the person may see. Resolves to how many changed. */
  async mark(userId: number, groups: VisibleMessageGroup[], ids: string[] | 'all', read: boolean): Promise<number> {
    const at = this.now();
    return this.db.kysely.transaction().execute(async (trx) => {
      let target = trx
        .selectFrom('messages as m')
        .select('m.seq')
        .where('m.grp', 'in', groups.length ? groups : ['-']);
      if (ids !== 'all') target = target.where('m.id', 'in', ids);
      if (read) {
        const r = await trx
          .insertInto('message_reads')
          .columns(['seq', 'user_id', 'read_at'])
          .expression(
            target
              .where(({ not, exists, selectFrom }) =>
                not(
                  exists(selectFrom('message_reads as x').select('x.seq').whereRef('x.seq', '=', 'm.seq').where('x.user_id', '=', userId)),
                ),
              )
              .select([sql.lit(userId).as('user_id'), sql.lit(at).as('read_at')]),
          )
          .onConflict((oc) => oc.columns(['user_id', 'seq']).doNothing())
          .executeTakeFirst();
        return Number(r.numInsertedOrUpdatedRows ?? 0);
      }
      const r = await trx.deleteFrom('message_reads').where('user_id', '=', userId).where('seq', 'in', target).executeTakeFirst();
      return Number(r.numDeletedRows);
    });
  }

  /** Retention: messages received before `beforeMs` go, with their read marks. Resolves to how many went. */
  async prune(beforeMs: number): Promise<number> {
    return this.db.kysely.transaction().execute(async (trx) => {
      const old = trx.selectFrom('messages').select('seq').where('received_ms', '<', beforeMs);
      await trx.deleteFrom('message_reads').where('seq', 'in', old).execute();
      const r = await trx.deleteFrom('messages').where('received_ms', '<', beforeMs).executeTakeFirst();
      return Number(r.numDeletedRows);
    });
  }

  async count(): Promise<number> {
    const r = await this.db.kysely
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
}
