import type { ExceptionCase, ExceptionKind, ExceptionListState, ExceptionState } from '../../../contract/schemas/exceptions';
import type { GatewayDb } from '../db';
import { isUniqueViolation } from '../db/dialect';

const HOUR_MS = 3_600_000;

/** A cause the sweep found: an exception of this kind about this subject should be open since `since`. */
export interface Cause {
  kind: ExceptionKind;
  orderSn: string;
  shopOrderSn: string;
  childSn: string;
  /** The child's number, or the order's (failed orders). */
  subject: string;
  since: number;
}

export const causeKey = (c: { kind: string; subject: string }) => `${c.kind}\u0000${c.subject}`;

/** What a step on a case did: done, or refused with the reason (the case is missing, someone else has it, it is resolved). */
export type StepResult =
  | { ok: true; kase: ExceptionCase }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'taken'; by: string }
  | { ok: false; reason: 'resolved' };

/** The exceptions' rows (tables.ts): the list people read, their steps, and the sweep's opening and closing. */
export class ExceptionStore {
  constructor(readonly db: GatewayDb) {}

  private get k() {
    return this.db.kysely;
  }

  /** A page of one state (and kind; or one order's), oldest first, with their notes; `ageHours` against `now` (ms). */
  async list(q: { kind?: ExceptionKind; state?: ExceptionListState; orderSn?: string; offset: number; limit: number }, now: number) {
    let base = this.k.selectFrom('exceptions');
    if (q.state === 'unresolved') base = base.where('state', 'in', ['open', 'taken']);
    else if (q.state) base = base.where('state', '=', q.state);
    if (q.orderSn) base = base.where('order_sn', '=', q.orderSn);
    if (q.kind) base = base.where('kind', '=', q.kind);
    const [rows, total] = await Promise.all([
      base.selectAll().orderBy('since').orderBy('id').offset(q.offset).limit(q.limit).execute(),
      base.select((e) => e.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    ]);
    return { list: await this.withNotes(rows, now), count: Number(total?.n ?? 0) };
  }

  async get(id: number, now: number): Promise<ExceptionCase | undefined> {
    const row = await this.k.selectFrom('exceptions').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? (await this.withNotes([row], now))[0] : undefined;
  }

  private async withNotes(
    rows: {
      id: number;
      kind: string;
      order_sn: string;
      shop_order_sn: string;
      child_sn: string;
      since: number | string;
      state: string;
      taken_by: string | null;
      resolved_at: number | string | null;
      resolved_by: string | null;
    }[],
    now: number,
  ): Promise<ExceptionCase[]> {
    const notes = rows.length
      ? await this.k
          .selectFrom('exception_notes')
          .selectAll()
          .where(
            'exception_id',
            'in',
            rows.map((r) => r.id),
          )
          .orderBy('id')
          .execute()
      : [];
    const byCase = new Map<number, { at: number; by: string; text: string }[]>();
    for (const n of notes)
      byCase.set(n.exception_id, [...(byCase.get(n.exception_id) ?? []), { at: Number(n.at), by: n.by, text: n.text }]);
    return rows.map((r) => {
      const since = Number(r.since);
      const resolvedAt = r.resolved_at === null ? null : Number(r.resolved_at);
      return {
        id: r.id,
        kind: r.kind as ExceptionKind,
        orderSn: r.order_sn,
        shopOrderSn: r.shop_order_sn,
        childSn: r.child_sn,
        since,
        ageHours: Math.max(0, Math.floor(((resolvedAt ?? now) - since) / HOUR_MS)),
        state: r.state as ExceptionState,
        takenBy: r.taken_by,
        notes: byCase.get(r.id) ?? [],
        resolvedAt,
        resolvedBy: r.resolved_by,
      };
    });
  }

  /** Takes a case for a person: open, or already theirs (then nothing changes). */
  async take(id: number, user: { id: number; username: string }, now: number): Promise<StepResult> {
    const changed = await this.k
      .updateTable('exceptions')
      .set({ state: 'taken', taken_by_id: user.id, taken_by: user.username })
      .where('id', '=', id)
      .where('state', '=', 'open')
      .executeTakeFirst();
    return this.after(id, user, now, Number(changed.numUpdatedRows) > 0);
  }

  /** A note on a case not resolved, by anyone who works cases (taking it is not needed to note it). */
  async note(id: number, user: { id: number; username: string }, text: string, now: number): Promise<StepResult> {
    const row = await this.k.selectFrom('exceptions').select(['state']).where('id', '=', id).executeTakeFirst();
    if (!row) return { ok: false, reason: 'missing' };
    if (row.state === 'resolved') return { ok: false, reason: 'resolved' };
    await this.k.insertInto('exception_notes').values({ exception_id: id, at: now, by: user.username, text }).execute();
    return { ok: true, kase: (await this.get(id, now))! };
  }

  /** Resolves a case with a note: open (it is then the person's), or theirs. */
  async resolve(id: number, user: { id: number; username: string }, note: string, now: number): Promise<StepResult> {
    const done = await this.k.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable('exceptions')
        .set({ state: 'resolved', taken_by_id: user.id, taken_by: user.username, resolved_at: now, resolved_by: user.username })
        .where('id', '=', id)
        .where((e) => e.or([e('state', '=', 'open'), e.and([e('state', '=', 'taken'), e('taken_by_id', '=', user.id)])]))
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) return false;
      await trx.insertInto('exception_notes').values({ exception_id: id, at: now, by: user.username, text: note }).execute();
      return true;
    });
    if (!done) {
      const refusal = await this.refusal(id, user);
      return refusal.ok ? { ok: false, reason: 'resolved' } : refusal;
    }
    return { ok: true, kase: (await this.get(id, now))! };
  }

  private async after(id: number, user: { id: number }, now: number, changed: boolean): Promise<StepResult> {
    if (!changed) {
      const refusal = await this.refusal(id, user);
      if (!refusal.ok) return refusal;
    }
    return { ok: true, kase: (await this.get(id, now))! };
  }

  /** Why a step on a case did not change it: missing, someone else's, resolved; or it is the person's already (ok). */
  private async refusal(id: number, user: { id: number }): Promise<StepResult | { ok: true; kase?: undefined }> {
    const row = await this.k.selectFrom('exceptions').select(['state', 'taken_by_id', 'taken_by']).where('id', '=', id).executeTakeFirst();
    if (!row) return { ok: false, reason: 'missing' };
    if (row.state === 'resolved') return { ok: false, reason: 'resolved' };
    if (row.state === 'taken' && row.taken_by_id !== user.id) return { ok: false, reason: 'taken', by: row.taken_by ?? '' };
    return { ok: true };
  }

  /** The cases not resolved, of some subjects (or all of a kind): what the sweep compares its causes with. */
  unresolvedOf(subjects: string[]) {
    if (subjects.length === 0) return Promise.resolve([]);
    return this.k
      .selectFrom('exceptions')
      .select(['id', 'kind', 'subject', 'order_sn', 'state'])
      .where('state', '<>', 'resolved')
      .where('subject', 'in', subjects)
      .execute();
  }

  /** Every case not resolved: (kind, subject, order). */
  unresolved() {
    return this.k
      .selectFrom('exceptions')
      .select(['id', 'kind', 'subject', 'order_sn', 'state'])
      .where('state', '<>', 'resolved')
      .execute();
  }

  /** Subjects a person resolved a case of, per kind: the sweep does not open those again. */
  async resolvedByPeople(subjects: string[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (let i = 0; i < subjects.length; i += 500) {
      const rows = await this.k
        .selectFrom('exceptions')
        .select(['kind', 'subject'])
        .where('state', '=', 'resolved')
        .where('resolved_by', '<>', '')
        .where('subject', 'in', subjects.slice(i, i + 500))
        .execute();
      for (const r of rows) out.add(causeKey(r));
    }
    return out;
  }

  /** Opens a case for a cause; undefined when one is open already (another gateway was quicker). */
  async open(c: Cause, now: number): Promise<number | undefined> {
    try {
      const row = await this.k
        .insertInto('exceptions')
        .values({
          kind: c.kind,
          order_sn: c.orderSn,
          shop_order_sn: c.shopOrderSn,
          child_sn: c.childSn,
          subject: c.subject,
          since: c.since,
          state: 'open',
          taken_by_id: null,
          taken_by: null,
          resolved_at: null,
          resolved_by: null,
          opened_at: now,
        })
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    } catch (e) {
      if (isUniqueViolation(e)) return undefined;
      throw e;
    }
  }

  /** Closes an open case whose cause went away (by the system); false when someone took it meanwhile. */
  async closeBySystem(id: number, now: number): Promise<boolean> {
    const r = await this.k
      .updateTable('exceptions')
      .set({ state: 'resolved', resolved_at: now, resolved_by: '' })
      .where('id', '=', id)
      .where('state', '=', 'open')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
