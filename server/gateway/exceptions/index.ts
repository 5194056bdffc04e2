import type { Order } from '../../../contract';
import type { GatewayDb } from '../db';
import type { OpCaller } from '../messages/effects';
import { exceptionsChanged } from './events';
import { causeKey, ExceptionStore, type Cause } from './store';

export { ExceptionStore } from './store';
export { exceptionsMigrations } from './tables';
export { EXCEPTIONS_TOPIC } from './events';

const HOUR_MS = 3_600_000;
const DAY_S = 86_400;
/** The sweep looks at the orders made in the last this many days (and at those of cases not resolved). */
export const EXCEPTION_HORIZON_DAYS = 14;
/** What a trace event of a refused parcel says (the sandbox's words: 收件人拒收，包裹退回商家). */
const REFUSED = /拒收/;

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
  ms: number;
}

/**
 * Support's exceptions (DESIGN.md, "The reseller's loop"): `sweep` finds orders going wrong in the
 * order mirror (and the traces of parcels in transit, which it reads itself, a bounded number per run),
 * opens a case per cause and closes by itself each open case whose cause went away. A case someone has
 * taken stays theirs until they resolve it; a case a person resolved is not opened again for the same
 * kind and child. The server runs the sweep on one gateway at a time.
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
}) {
  const settings = { ...DEFAULT_EXCEPTION_SETTINGS, ...deps.settings };
  const store = new ExceptionStore(deps.db);
  const log = deps.log ?? (() => {});
  const k = deps.db.kysely;

  interface Transit {
    childSn: string;
    orderSn: string;
    shopOrderSn: string;
    sku: number;
  }

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

  const sweepOnce = async (): Promise<SweepResult> => {
    await deps.ready?.().catch(() => {});
    const started = Date.now();
    const now = deps.now();
    const nowS = Math.floor(now / 1000);
    const lateMs = settings.lateHours * HOUR_MS;
    const causes = new Map<string, Cause>();
    const add = (c: Cause) => causes.set(causeKey(c), c);
    /** Orders looked at this sweep: a case of theirs whose cause is not found closes. */
    const examined = new Set<string>();
    const inTransit: Transit[] = [];

    const examine = async (rows: { sn: string; third_sn: string; data: string }[]) => {
      const paid = await paidTimes(rows.map((r) => r.sn));
      for (const r of rows) {
        examined.add(r.sn);
        const o = JSON.parse(r.data) as Order;
        // Not paid: a failed order (below), not a child's case.
        if (o.payStatus !== 1) continue;
        const paidS = paid.get(r.sn) ?? o.createdTime;
        for (const ch of o.children) {
          const base = { orderSn: r.sn, shopOrderSn: r.third_sn, childSn: ch.sn, subject: ch.sn };
          const refunded = Math.max(0, ...ch.goods.map((g) => g.refundTime || 0));
          if (ch.goodsStatus === 0) {
            const due = paidS * 1000 + lateMs;
            if (now >= due) add({ ...base, kind: 'late', since: due });
          } else if (ch.goodsStatus === 1 && ch.orderStatus === 4) {
            // Cancelled: before shipping by the supplier, or after it (the parcel came back).
            if (ch.deliverTime > 0) add({ ...base, kind: 'returned', since: (refunded || ch.deliverTime) * 1000 });
            else add({ ...base, kind: 'cancelled', since: refunded ? refunded * 1000 : now });
          } else if (ch.goodsStatus === 3 && ch.goods[0]) {
            inTransit.push({ childSn: ch.sn, orderSn: r.sn, shopOrderSn: r.third_sn, sku: ch.goods[0].sku });
          }
        }
      }
    };

    // The orders of the last days, a page at a time.
    const horizon = nowS - EXCEPTION_HORIZON_DAYS * DAY_S;
    for (let after = ''; ;) {
      const rows = await k
        .selectFrom('mirror_orders')
        .select(['sn', 'third_sn', 'data'])
        .where('created_time', '>=', horizon)
        .where('sn', '>', after)
        .orderBy('sn')
        .limit(500)
        .execute();
      if (rows.length === 0) break;
      await examine(rows);
      after = rows.at(-1)!.sn;
    }
    // And the orders of cases not resolved that are older.
    const unresolved = await store.unresolved();
    const older = [...new Set(unresolved.filter((u) => u.kind !== 'failed' && !examined.has(u.order_sn)).map((u) => u.order_sn))];
    for (let i = 0; i < older.length; i += 500)
      await examine(
        await k
          .selectFrom('mirror_orders')
          .select(['sn', 'third_sn', 'data'])
          .where('sn', 'in', older.slice(i, i + 500))
          .execute(),
      );

    // Failed orders still waiting (the mirror keeps the whole list): each its own case after a while.
    const failedMs = settings.failedHours * HOUR_MS;
    const failed = await k
      .selectFrom('mirror_failed_orders')
      .select(['sn', 'third_sn', 'created_time'])
      .where('resolved_at', 'is', null)
      .execute();
    for (const f of failed) {
      const due = Number(f.created_time) * 1000 + failedMs;
      if (now >= due) add({ kind: 'failed', orderSn: f.sn, shopOrderSn: f.third_sn, childSn: '', subject: f.sn, since: due });
    }

    const tracesRead = await traces(inTransit, examined, now, add);

    // Open what is new (unless a person resolved a case of that kind and child); close what went away.
    const open = new Map(unresolved.map((u) => [causeKey(u), u]));
    const fresh = [...causes.values()].filter((c) => !open.has(causeKey(c)));
    const handled = await store.resolvedByPeople([...new Set(fresh.map((c) => c.subject))]);
    const opened: number[] = [];
    for (const c of fresh) {
      if (handled.has(causeKey(c))) continue;
      const id = await store.open(c, now);
      if (id !== undefined) opened.push(id);
    }
    const closed: number[] = [];
    for (const u of unresolved) {
      if (u.state !== 'open' || causes.has(causeKey(u))) continue;
      // A child's case closes only when its order was looked at (a failed order's: the list is whole).
      if (u.kind !== 'failed' && !examined.has(u.order_sn)) continue;
      if (await store.closeBySystem(u.id, now)) closed.push(u.id);
    }
    await exceptionsChanged(deps.db.bus, { opened, closed }, log);
    const result = { opened: opened.length, closed: closed.length, tracesRead, ms: Date.now() - started };
    if (opened.length || closed.length)
      log(`[exceptions] sweep: ${opened.length} opened, ${closed.length} closed by themselves; ${tracesRead} trace(s) read`);
    return result;
  };

  /**
   * Parcels in transit: the traces read longest ago (never read first) are read, at most
   * `traceReads`; from what each trace last said, a parcel is stalled (no new event for
   * `stalledHours`) or refused at the door and going back (returned). Rows of parcels no longer in
   * transit go.
   */
  const traces = async (inTransit: Transit[], examined: Set<string>, now: number, add: (c: Cause) => void): Promise<number> => {
    const kept = new Map(
      (await k.selectFrom('exception_traces').selectAll().execute()).map((r) => [
        r.child_sn,
        { read: Number(r.read_at), last: Number(r.last_event), refused: r.refused_at === null ? null : Number(r.refused_at) },
      ]),
    );
    const moving = new Set(inTransit.map((t) => t.childSn));
    const gone = [...kept.keys()].filter((sn) => !moving.has(sn) && examined.has(sn.split('_')[0]!));
    for (let i = 0; i < gone.length; i += 500)
      await k
        .deleteFrom('exception_traces')
        .where('child_sn', 'in', gone.slice(i, i + 500))
        .execute();
    let read = 0;
    if (deps.call && settings.traceReads > 0) {
      const due = [...inTransit]
        .sort((a, b) => (kept.get(a.childSn)?.read ?? -1) - (kept.get(b.childSn)?.read ?? -1))
        .slice(0, settings.traceReads);
      for (const t of due) {
        try {
          const data = await deps.call('logistic.trace', { orderSn: t.shopOrderSn, sku: t.sku });
          read++;
          const last = Math.max(0, ...data.list.map((e) => e.time)) * 1000;
          const refusedAt = data.list.filter((e) => REFUSED.test(e.message)).map((e) => e.time * 1000)[0] ?? null;
          const row = { read: now, last, refused: refusedAt };
          kept.set(t.childSn, row);
          await k
            .insertInto('exception_traces')
            .values({ child_sn: t.childSn, read_at: now, last_event: last, refused_at: refusedAt })
            .onConflict((oc) => oc.column('child_sn').doUpdateSet({ read_at: now, last_event: last, refused_at: refusedAt }))
            .execute();
        } catch (e) {
          log(`[exceptions] trace of ${t.childSn} not read: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
    }
    const stalledMs = settings.stalledHours * HOUR_MS;
    for (const t of inTransit) {
      const row = kept.get(t.childSn);
      if (!row) continue;
      const base = { orderSn: t.orderSn, shopOrderSn: t.shopOrderSn, childSn: t.childSn, subject: t.childSn };
      if (row.refused !== null) add({ ...base, kind: 'returned', since: row.refused });
      // Stalled as of its last read (a trace read long ago says nothing of the events since).
      else if (row.last > 0 && row.read >= row.last + stalledMs) add({ ...base, kind: 'stalled', since: row.last + stalledMs });
    }
    return read;
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
