import type { Selectable } from 'kysely';
import type { ChildOrder, Order } from '../../../contract';
import type { GatewayDb } from '../db';
import type { OpCaller } from '../messages/effects';
import { exceptionsChanged } from './events';
import { forgetShipDays } from './shipping';
import { causeKey, ExceptionStore, type Cause } from './store';
import type { ExceptionChildrenTable } from './tables';

export { ExceptionStore } from './store';
export { exceptionsMigrations } from './tables';
export { EXCEPTIONS_TOPIC } from './events';

const HOUR_MS = 3_600_000;
/** Mirror rows written this long (wall clock, ms) before a run are read again by the next: a write committed late is not missed. */
export const EXCEPTION_OVERLAP_MS = 60_000;
/** Cash-flow lines this long (business seconds) before the latest seen are looked at again (a payment mirrored late). */
const CASH_OVERLAP_S = 600;
/** Mirrored orders examined per run at most (the first run over a large mirror goes on at the next runs). */
export const EXCEPTION_ORDERS_PER_RUN = 20_000;
const BATCH = 500;
/** What a trace event of a refused parcel says (the sandbox's words: 收件人拒收，包裹退回商家). */
const REFUSED = /拒收/;
/** The kinds a child's case can be of (a failed order's is the order's). */
const CHILD_KINDS = ['late', 'stalled', 'cancelled', 'returned'] as const;

export interface ExceptionSettings {
  /** EXCEPTION_LATE_HOURS: a paid child not shipped this long after payment is late. */
  lateHours: number;
  /** EXCEPTION_FAILED_HOURS: a failed order neither retried nor refunded this long after it was placed. */
  failedHours: number;
  /** EXCEPTION_STALLED_HOURS: a parcel in transit whose trace has had no new event for this long. */
  stalledHours: number;
  /** EXCEPTION_TRACE_READS: traces of parcels in transit read per sweep at most (those read longest ago first). */
  traceReads: number;
}
export const DEFAULT_EXCEPTION_SETTINGS: ExceptionSettings = { lateHours: 48, failedHours: 24, stalledHours: 72, traceReads: 50 };

export interface SweepResult {
  opened: number;
  closed: number;
  tracesRead: number;
  /** Orders examined because the mirror wrote them (or their payment) since the last run. */
  orders: number;
  /** Children found late by time alone (their order unchanged). */
  due: number;
  /** The mirror's changes are all examined (false: more than a run's worth waited; the next run goes on). */
  caughtUp: boolean;
  ms: number;
}

/** Where the sweep got to (`exception_sweep` 'cursor'). */
interface Cursor {
  /** The last mirror row examined: its write time (wall clock, ms) and number. */
  readAt: number;
  sn: string;
  /** The latest payment line looked at (business seconds; -1: none yet). */
  cashTime: number;
  /** The business time of the last run (ms; null before the first): what became due since is found by time. */
  now: number | null;
  /** EXCEPTION_LATE_HOURS of the last run, ms (another: every child waiting is looked at once). */
  lateMs?: number;
}
const START: Cursor = { readAt: -1, sn: '', cashTime: -1, now: null };

type ChildRow = Selectable<ExceptionChildrenTable>;

/** A child's state from its order's answer (tables.ts, exception_children.state). */
function stateOf(ch: ChildOrder): string {
  if (ch.goodsStatus === 0) return 'waiting';
  if (ch.goodsStatus === 1) return ch.deliverTime > 0 ? 'returned' : 'cancelled';
  if (ch.goodsStatus === 3 && ch.goods[0]) return 'transit';
  return 'done';
}

/**
 * Support's exceptions (DESIGN.md, "The reseller's loop"): `sweep` finds orders going wrong in the
 * order mirror (and the traces of parcels in transit, which it reads itself, a bounded number per run),
 * opens a case per cause and closes by itself each open case whose cause went away. A case someone has
 * taken stays theirs until they resolve it; a case a person resolved is not opened again for the same
 * kind and child. The server runs the sweep on one gateway at a time.
 *
 * Each run is bounded by what changed, not by the mirror's size: the orders the mirror wrote since the
 * last run (by their write time, a cursor kept in `exception_sweep`) and the orders paid since, whose
 * children it keeps in `exception_children`; what becomes due by time alone (a child late, a trace to
 * read) is found there by index; failed orders from the mirror's list of those waiting.
 */
export function createExceptions(deps: {
  db: GatewayDb;
  /** Now on the shown clock (the business clock in sandbox mode), ms. */
  now: () => number;
  ready?: () => Promise<void>;
  /** Reads traces (`logistic.trace`); without it no trace is read and nothing is found stalled. */
  call?: OpCaller;
  settings?: Partial<ExceptionSettings>;
  log?: (line: string) => void;
  /** The wall clock the mirror stamps its writes with (ms). */
  wallNow?: () => number;
  /** Tests: how far back (ms) a run reads the mirror's writes again (EXCEPTION_OVERLAP_MS). */
  overlapMs?: number;
  /** Orders examined per run at most (EXCEPTION_ORDERS_PER_RUN). */
  ordersPerRun?: number;
}) {
  const settings = { ...DEFAULT_EXCEPTION_SETTINGS, ...deps.settings };
  const store = new ExceptionStore(deps.db);
  const log = deps.log ?? (() => {});
  const k = deps.db.kysely;
  const wallNow = deps.wallNow ?? Date.now;
  const overlapMs = deps.overlapMs ?? EXCEPTION_OVERLAP_MS;
  const perRun = deps.ordersPerRun ?? EXCEPTION_ORDERS_PER_RUN;

  /** When each order was paid (its payment's cash-flow line, Unix seconds), of those the mirror has the line of. */
  const paidTimes = async (sns: string[]) => {
    const out = new Map<string, number>();
    if (sns.length === 0) return out;
    const rows = await k
      .selectFrom('mirror_cash_flow')
      .select(['order_key', (e) => e.fn.min('update_time').as('t')])
      .where('order_key', 'in', sns)
      .where('direction', '=', 1)
      .groupBy('order_key')
      .execute();
    for (const r of rows) out.set(r.order_key, Number(r.t));
    return out;
  };

  const readCursor = async (): Promise<Cursor> => {
    const row = await k.selectFrom('exception_sweep').select('value').where('name', '=', 'cursor').executeTakeFirst();
    return row ? { ...START, ...(JSON.parse(row.value) as Partial<Cursor>) } : START;
  };
  const writeCursor = (c: Cursor) =>
    k
      .insertInto('exception_sweep')
      .values({ name: 'cursor', value: JSON.stringify(c) })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: JSON.stringify(c) }))
      .execute();

  const sweepOnce = async (): Promise<SweepResult> => {
    await deps.ready?.().catch(() => {});
    const started = Date.now();
    const wallStart = wallNow();
    const now = deps.now();
    const lateMs = settings.lateHours * HOUR_MS;
    const stalledMs = settings.stalledHours * HOUR_MS;
    const cursor = await readCursor();
    const causes = new Map<string, Cause>();
    const add = (c: Cause) => causes.set(causeKey(c), c);
    /** Cases to compare with the causes found: of the orders examined (child kinds), of the children whose trace was read (stalled), failed ones. */
    const examined = new Set<string>();
    const traced = new Set<string>();

    /** What a child's row says is wrong now. */
    const childCauses = (r: ChildRow) => {
      const base = { orderSn: r.order_sn, shopOrderSn: r.shop_order_sn, childSn: r.child_sn, subject: r.child_sn };
      for (const kind of CHILD_KINDS) causes.delete(causeKey({ kind, subject: r.child_sn }));
      if (r.state === 'waiting') {
        const due = Number(r.paid_at) + lateMs;
        if (now >= due) add({ ...base, kind: 'late', since: due });
      } else if (r.state === 'transit') {
        const read = Number(r.trace_read_at);
        const last = Number(r.trace_last);
        if (r.trace_refused !== null) add({ ...base, kind: 'returned', since: Number(r.trace_refused) });
        // Stalled as of its last read (a trace read long ago says nothing of the events since).
        else if (last > 0 && read >= last + stalledMs) add({ ...base, kind: 'stalled', since: last + stalledMs });
      }
    };

    /** Orders the mirror wrote: their children's rows made again, and what is wrong with each. */
    const examine = async (rows: { sn: string; third_sn: string; data: string }[]) => {
      if (rows.length === 0) return;
      const sns = rows.map((r) => r.sn);
      const [paid, keptRows] = await Promise.all([
        paidTimes(sns),
        k.selectFrom('exception_children').selectAll().where('order_sn', 'in', sns).execute(),
      ]);
      const kept = new Map(keptRows.map((r) => [r.child_sn, r]));
      const write: ChildRow[] = [];
      const extra: Record<string, { cancelled: boolean; since: number }> = {};
      for (const r of rows) {
        examined.add(r.sn);
        const o = JSON.parse(r.data) as Order;
        // Not paid: a failed order (below), not a child's case.
        if (o.payStatus !== 1) continue;
        const paidAt = (paid.get(r.sn) ?? o.createdTime) * 1000;
        for (const ch of o.children) {
          const state = stateOf(ch);
          const old = kept.get(ch.sn);
          const traceKept = state === 'transit' && old?.state === 'transit';
          const shippedAt = ch.deliverTime * 1000;
          write.push({
            child_sn: ch.sn,
            order_sn: r.sn,
            shop_order_sn: r.third_sn,
            source: ch.source,
            sku: ch.goods[0]?.sku ?? 0,
            state,
            paid_at: paidAt,
            shipped_at: shippedAt,
            ship_ms: shippedAt > 0 ? Math.max(0, shippedAt - paidAt) : null,
            trace_read_at: traceKept ? Number(old.trace_read_at) : -1,
            trace_last: traceKept ? Number(old.trace_last) : 0,
            trace_refused: traceKept && old.trace_refused !== null ? Number(old.trace_refused) : null,
          });
          // Cancelled by the supplier: before shipping, or after it (the parcel came back).
          if (ch.goodsStatus === 1 && ch.orderStatus === 4) {
            const refunded = Math.max(0, ...ch.goods.map((g) => g.refundTime || 0));
            extra[ch.sn] = {
              cancelled: ch.deliverTime === 0,
              since: ch.deliverTime > 0 ? (refunded || ch.deliverTime) * 1000 : refunded ? refunded * 1000 : now,
            };
          }
        }
      }
      for (const w of write) {
        childCauses(w);
        const x = extra[w.child_sn];
        if (x)
          add({
            kind: x.cancelled ? 'cancelled' : 'returned',
            orderSn: w.order_sn,
            shopOrderSn: w.shop_order_sn,
            childSn: w.child_sn,
            subject: w.child_sn,
            since: x.since,
          });
      }
      // The rows as now: children gone from their order (or of an order no longer paid) go.
      const current = new Set(write.map((w) => w.child_sn));
      const gone = keptRows.filter((r) => !current.has(r.child_sn)).map((r) => r.child_sn);
      // The overview's kept days of the children that changed are forgotten (shipping.ts).
      const moved: number[] = keptRows.filter((r) => !current.has(r.child_sn)).map((r) => Number(r.paid_at));
      for (const w of write) {
        const old = kept.get(w.child_sn);
        if (!old) moved.push(w.paid_at);
        else if (
          Number(old.paid_at) !== w.paid_at ||
          old.state !== w.state ||
          (old.ship_ms === null ? null : Number(old.ship_ms)) !== w.ship_ms
        )
          moved.push(Number(old.paid_at), w.paid_at);
      }
      if (moved.length) await forgetShipDays(k, moved);
      if (gone.length) await k.deleteFrom('exception_children').where('child_sn', 'in', gone).execute();
      for (let i = 0; i < write.length; i += 200)
        await k
          .insertInto('exception_children')
          .values(write.slice(i, i + 200))
          .onConflict((oc) =>
            oc.column('child_sn').doUpdateSet((eb) => ({
              order_sn: eb.ref('excluded.order_sn'),
              shop_order_sn: eb.ref('excluded.shop_order_sn'),
              source: eb.ref('excluded.source'),
              sku: eb.ref('excluded.sku'),
              state: eb.ref('excluded.state'),
              paid_at: eb.ref('excluded.paid_at'),
              shipped_at: eb.ref('excluded.shipped_at'),
              ship_ms: eb.ref('excluded.ship_ms'),
              trace_read_at: eb.ref('excluded.trace_read_at'),
              trace_last: eb.ref('excluded.trace_last'),
              trace_refused: eb.ref('excluded.trace_refused'),
            })),
          )
          .execute();
    };

    // 1. The orders the mirror wrote since the last run (read again from a little before: a write committed late is not missed).
    let at = { readAt: cursor.readAt, sn: cursor.sn };
    let orders = 0;
    let caughtUp = false;
    for (;;) {
      const limit = Math.min(BATCH, perRun - orders);
      if (limit <= 0) break;
      const rows = await k
        .selectFrom('mirror_orders')
        .select(['sn', 'third_sn', 'data', 'read_at'])
        .where(({ eb, refTuple, tuple }) => eb(refTuple('read_at', 'sn'), '>', tuple(at.readAt, at.sn)))
        .orderBy('read_at')
        .orderBy('sn')
        .limit(limit)
        .execute();
      await examine(rows);
      orders += rows.length;
      if (rows.length > 0) at = { readAt: Number(rows.at(-1)!.read_at), sn: rows.at(-1)!.sn };
      if (rows.length < limit) {
        caughtUp = true;
        break;
      }
    }
    if (caughtUp && at.readAt > wallStart - overlapMs) at = { readAt: wallStart - overlapMs, sn: '' };

    // 2. Orders whose payment the mirror read since (their children's payment time), once the first run has made the rows.
    let cashTime = cursor.cashTime;
    const latestCash = await k
      .selectFrom('mirror_cash_flow')
      .select((e) => e.fn.max('update_time').as('t'))
      .executeTakeFirst();
    if (cursor.now !== null && cursor.cashTime >= 0) {
      const keys = await k
        .selectFrom('mirror_cash_flow')
        .select('order_key')
        .distinct()
        .where('update_time', '>=', cursor.cashTime - CASH_OVERLAP_S)
        .where('direction', '=', 1)
        .execute();
      const candidates = keys.map((r) => r.order_key).filter((sn) => !examined.has(sn));
      for (let i = 0; i < candidates.length; i += BATCH) {
        const part = candidates.slice(i, i + BATCH);
        // Only those whose children do not say that payment yet (or have no rows: paid after they were mirrored).
        const [paid, kept] = await Promise.all([
          paidTimes(part),
          k.selectFrom('exception_children').select(['order_sn', 'paid_at']).where('order_sn', 'in', part).execute(),
        ]);
        const keptPaid = new Map(kept.map((r) => [r.order_sn, Number(r.paid_at)]));
        const sns = part.filter((sn) => keptPaid.get(sn) !== (paid.get(sn) ?? 0) * 1000);
        if (sns.length === 0) continue;
        const rows = await k.selectFrom('mirror_orders').select(['sn', 'third_sn', 'data']).where('sn', 'in', sns).execute();
        await examine(rows);
        orders += rows.length;
      }
    }
    if (latestCash?.t !== null && latestCash?.t !== undefined) cashTime = Math.max(cashTime, Number(latestCash.t));

    // 3. Traces of parcels in transit (as the rows are now), those read longest ago (never read first), at most `traceReads`.
    const tracesRead = await traces(now, traced);
    for (const r of tracesRead.rows) childCauses(r);

    // 4. Children late by time alone: waiting, their payment's due time passed since the last run.
    let due = 0;
    for (let after = { paid: -Infinity, sn: '' }; ;) {
      let q = k
        .selectFrom('exception_children')
        .selectAll()
        .where('state', '=', 'waiting')
        .where('paid_at', '<=', now - lateMs);
      if (cursor.now !== null && cursor.lateMs === lateMs) q = q.where('paid_at', '>', cursor.now - lateMs);
      if (after.paid !== -Infinity)
        q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('paid_at', 'child_sn'), '>', tuple(after.paid, after.sn)));
      const rows = await q.orderBy('paid_at').orderBy('child_sn').limit(BATCH).execute();
      for (const r of rows)
        if (!examined.has(r.order_sn)) {
          childCauses(r);
          due++;
        }
      if (rows.length < BATCH) break;
      after = { paid: Number(rows.at(-1)!.paid_at), sn: rows.at(-1)!.child_sn };
    }

    // 5. Failed orders still waiting (the mirror keeps the whole list, a short one): each its own case after a while.
    const failedMs = settings.failedHours * HOUR_MS;
    const failed = await k
      .selectFrom('mirror_failed_orders')
      .select(['sn', 'third_sn', 'created_time'])
      .where('resolved_at', 'is', null)
      .execute();
    for (const f of failed) {
      const dueAt = Number(f.created_time) * 1000 + failedMs;
      if (now >= dueAt) add({ kind: 'failed', orderSn: f.sn, shopOrderSn: f.third_sn, childSn: '', subject: f.sn, since: dueAt });
    }

    // Open what is new (unless a person resolved a case of that kind and child); close what went away.
    const subjects = [...new Set([...causes.values()].map((c) => c.subject))];
    const open = new Set<string>();
    for (let i = 0; i < subjects.length; i += BATCH)
      for (const u of await store.unresolvedOf(subjects.slice(i, i + BATCH))) open.add(causeKey(u));
    const fresh = [...causes.values()].filter((c) => !open.has(causeKey(c)));
    const handled = await store.resolvedByPeople([...new Set(fresh.map((c) => c.subject))]);
    const opened: number[] = [];
    for (const c of fresh) {
      if (handled.has(causeKey(c))) continue;
      const id = await store.open(c, now);
      if (id !== undefined) opened.push(id);
    }
    // Cases whose cause is known now: of the orders examined (a child's), of the traces read (stalled), failed ones (the list is whole).
    const known: { id: number; kind: string; subject: string; state: string }[] = [];
    const examinedSns = [...examined];
    for (let i = 0; i < examinedSns.length; i += BATCH)
      known.push(
        ...(await k
          .selectFrom('exceptions')
          .select(['id', 'kind', 'subject', 'state'])
          .where('order_sn', 'in', examinedSns.slice(i, i + BATCH))
          .where('state', '=', 'open')
          .where('kind', '<>', 'failed')
          .execute()),
      );
    if (traced.size)
      known.push(
        ...(await k
          .selectFrom('exceptions')
          .select(['id', 'kind', 'subject', 'state'])
          .where('subject', 'in', [...traced])
          .where('state', '=', 'open')
          .where('kind', '=', 'stalled')
          .execute()),
      );
    known.push(
      ...(await k
        .selectFrom('exceptions')
        .select(['id', 'kind', 'subject', 'state'])
        .where('kind', '=', 'failed')
        .where('state', '=', 'open')
        .execute()),
    );
    const closed: number[] = [];
    for (const u of new Map(known.map((u) => [u.id, u])).values()) {
      if (causes.has(causeKey(u))) continue;
      if (await store.closeBySystem(u.id, now)) closed.push(u.id);
    }
    await writeCursor({ readAt: at.readAt, sn: at.sn, cashTime, now, lateMs });
    await exceptionsChanged(deps.db.bus, { opened, closed }, log);
    const result = {
      opened: opened.length,
      closed: closed.length,
      tracesRead: tracesRead.read,
      orders,
      due,
      caughtUp,
      ms: Date.now() - started,
    };
    if (opened.length || closed.length)
      log(`[exceptions] sweep: ${opened.length} opened, ${closed.length} closed by themselves; ${tracesRead.read} trace(s) read`);
    return result;
  };

  /**
   * Parcels in transit: the traces read longest ago (never read first) are read, at most
   * `traceReads`, found by index; what each trace last said is kept on its child's row: from it a
   * parcel is stalled (no new event for `stalledHours`) or refused at the door and going back (returned).
   */
  const traces = async (now: number, traced: Set<string>): Promise<{ read: number; rows: ChildRow[] }> => {
    if (!deps.call || settings.traceReads <= 0) return { read: 0, rows: [] };
    const due = await k
      .selectFrom('exception_children')
      .selectAll()
      .where('state', '=', 'transit')
      // By the index alone (no sort of every parcel in transit): ties in the index's order.
      .orderBy('trace_read_at')
      .limit(settings.traceReads)
      .execute();
    let read = 0;
    const rows: ChildRow[] = [];
    for (const t of due) {
      try {
        const data = await deps.call('logistic.trace', { orderSn: t.shop_order_sn, sku: Number(t.sku) });
        read++;
        const last = Math.max(0, ...data.list.map((e) => e.time)) * 1000;
        const refusedAt = data.list.filter((e) => REFUSED.test(e.message)).map((e) => e.time * 1000)[0] ?? null;
        await k
          .updateTable('exception_children')
          .set({ trace_read_at: now, trace_last: last, trace_refused: refusedAt })
          .where('child_sn', '=', t.child_sn)
          .where('state', '=', 'transit')
          .execute();
        traced.add(t.child_sn);
        rows.push({ ...t, trace_read_at: now, trace_last: last, trace_refused: refusedAt });
      } catch (e) {
        log(`[exceptions] trace of ${t.child_sn} not read: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    return { read, rows };
  };

  let running: Promise<SweepResult> | null = null;
  return {
    store,
    settings,
    /** One sweep; a call while one runs waits for that one. */
    sweep(): Promise<SweepResult> {
      running ??= sweepOnce().finally(() => (running = null));
      return running;
    },
  };
}
export type Exceptions = ReturnType<typeof createExceptions>;
