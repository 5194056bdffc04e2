import {
  afterSalePage,
  afterSaleRecord,
  getOperation,
  operations,
  MAX_LIST_LIMIT,
  type AfterSaleRecord,
  type CashFlow,
  type ErrorOrder,
  type MirrorBackfill,
  type MirrorLibrary,
  type MirrorReconcile,
  type MirrorStatus,
  type Order,
  type OpId,
  type OpInput,
} from '../../../contract';
import { orderListPage } from '../../../contract/schemas/order';
import type { UpstreamTarget } from '../config';
import type { GatewayDb } from '../db';
import { upstreamCaller, type OpCaller } from '../messages/effects';
import { callUpstream } from '../operations/upstream';
import { pauseAware, type PauseAware } from '../operations/resilience';
import { MirrorStore } from './store';
import { learnCouriers } from '../shipments/store';
import { fillPhoneTails } from './phone-tail';

export { MirrorStore, type PeriodFigures } from './store';
export { mirrorMigrations } from './tables';

/** The upstream's order list: at most 100 a page, and pages past 50 answer page 50 again (upstream-api.md). */
export const PAGE_SIZE = 100;
export const MAX_PAGES = 50;
/** A window with more orders than the pages reach is split in two. */
export const WINDOW_CAP = PAGE_SIZE * MAX_PAGES;
const DAY_S = 86_400;
/** A periodic reconcile reads again at least the last two days, and every order not yet final since the backfill's start. */
const RECENT_S = 2 * DAY_S;
/** After-sale records not yet final read again one by one per reconcile, at most (the oldest first). */
export const OPEN_AFTER_SALES_PER_RECONCILE = 200;

export interface MirrorSettings {
  /** The reseller's time zone: the day an order's figures belong to (MIRROR_TIME_ZONE). */
  timeZone: string;
  /** How far back the first start reads (MIRROR_BACKFILL_DAYS); 0: no backfill. */
  backfillDays: number;
}
export const DEFAULT_MIRROR_SETTINGS: MirrorSettings = { timeZone: 'Asia/Shanghai', backfillDays: 90 };

export interface MirrorDeps {
  db: GatewayDb;
  /** The upstream to read from (the gateway's own calls, signed like any other). */
  upstream: UpstreamTarget | OpCaller;
  /** Sandbox mode: "now" is the sandbox's business clock, which people may move forward. */
  mode: 'sandbox' | 'upstream';
  settings?: Partial<MirrorSettings>;
  /** Its bookkeeping (rows' read times, how long a reconcile took): the wall clock. */
  now?: () => number;
  /**
   * The clock people are shown (server/gateway/clock.ts): each read's time is also kept on it when it
   * is made (`shownAt`), so "last read" never moves when someone moves the business clock (issue 49).
   * Default: `now`.
   */
  shown?: () => number;
  /** Resolves once `shown` can be trusted (the business clock read once): a read's stamps wait for it. */
  ready?: () => Promise<void>;
  log?: (line: string) => void;
}

/** When a read was made, on the shown clock (kept beside the wall-clock `at`). */
type ShownAt = { shownAt?: number };

/**
 * The order mirror (DESIGN.md): the gateway's copy of the reseller's orders and their daily figures,
 * fed by what it forwards (`took`, `afterWrite`), by order and after-sale messages (`feeding`), and
 * by `reconcile`, which the server runs on one gateway at a time. It is a cache: every action still
 * goes to the upstream.
 */
export function createOrderMirror(deps: MirrorDeps) {
  const settings = { ...DEFAULT_MIRROR_SETTINGS, ...deps.settings };
  const now = deps.now ?? Date.now;
  const shown = deps.shown ?? now;
  /** Before a read is stamped: the shown clock read at least once (else its first stamps would be the wall clock's). */
  const clockRead = () => (deps.ready ? deps.ready().catch(() => {}) : Promise.resolve());
  const log = deps.log ?? (() => {});
  const store = new MirrorStore(deps.db, settings.timeZone, now);
  const target = typeof deps.upstream === 'function' ? undefined : deps.upstream;
  const call: OpCaller = typeof deps.upstream === 'function' ? deps.upstream : upstreamCaller(deps.upstream);
  /**
   * While a reconcile runs, its reads wait out the breaker's pause rather than fail (./resilience.ts
   * pauseAware): the first reconcile after an outage reads everything even if it starts while the
   * breaker still pauses. Other reads (a forwarded write's re-read) are asked as they come.
   */
  let paced: PauseAware | null = null;
  const ask = (<K extends OpId>(id: K, input: OpInput<K>) => (paced ? paced(() => call(id, input)) : call(id, input))) as OpCaller;

  /** Orders as they came: a page that does not have the list's shape is left out (and said in the log). */
  const valid = (data: unknown): Order[] => {
    const parsed = orderListPage.safeParse(data);
    if (!parsed.success) {
      log(`[mirror] an order list answer did not have the expected shape; not mirrored`);
      return [];
    }
    return parsed.data.list;
  };
  /** A write of the mirror: what failed is said in the log and counts as nothing written (the next read tries again). */
  const guarded = async (what: string, write: () => Promise<number>) => {
    try {
      return await write();
    } catch (e) {
      log(`[mirror] could not write ${what}: ${e instanceof Error ? e.message : String(e)}`);
      return 0;
    }
  };
  const take = (orders: Order[]) => guarded(`${orders.length} order(s)`, () => store.upsert(orders));
  /** After-sale records as they came (a list page, or one record): what does not have the record's shape is left out. */
  const validAfterSales = (data: unknown, one = false): AfterSaleRecord[] => {
    const parsed = one ? afterSaleRecord.safeParse(data) : afterSalePage.safeParse(data);
    if (!parsed.success) {
      log(`[mirror] an after-sale answer did not have the expected shape; not mirrored`);
      return [];
    }
    return one ? [parsed.data as AfterSaleRecord] : (parsed.data as { list: AfterSaleRecord[] }).list;
  };
  const takeAfterSales = (records: AfterSaleRecord[]) =>
    guarded(`${records.length} after-sale record(s)`, () => store.upsertAfterSales(records));
  /** A page of failed orders (the list is of those still waiting) or of cash-flow lines, as it came; else nothing. */
  const validPage = <T>(what: 'order.errors' | 'account.cashFlow', data: unknown): { list: T[]; total: number } => {
    const parsed = operations[what].data.safeParse(data);
    if (!parsed.success) {
      log(`[mirror] a ${what === 'order.errors' ? 'failed-order' : 'cash-flow'} answer did not have the expected shape; not mirrored`);
      return { list: [], total: 0 };
    }
    const page = parsed.data as { list: T[]; total?: number; count?: number };
    return { list: page.list, total: Number(page.total ?? page.count ?? page.list.length) };
  };
  const takeFailed = (list: ErrorOrder[], complete: boolean) =>
    guarded('failed orders', () => store.upsertFailedOrders(list, { complete }));
  const takeCash = (list: CashFlow[]) => guarded('cash-flow lines', () => store.upsertCashFlow(list));

  const list = async (search: OpInput<'order.list'>['search']) => {
    const data = await ask('order.list', { search });
    return { list: valid(data), total: Number((data as { total?: unknown }).total ?? 0) };
  };

  /** Business time in Unix seconds: the sandbox's clock (people move it forward), else this machine's. */
  const nowSeconds = async (): Promise<number> => {
    if (deps.mode === 'sandbox' && target) {
      const answer = await callUpstream(target, { method: 'POST', path: '/sandbox/clock', query: {}, body: '{"advanceSeconds":0}' });
      const ms = (answer.envelope as { data?: { nowMs?: unknown } }).data?.nowMs;
      if (typeof ms === 'number') return Math.floor(ms / 1000);
    }
    return Math.floor(now() / 1000);
  };

  type Page<T> = { list: T[]; total: number };
  /**
   * Reads every row of a list filtered by a time window, from..to (inclusive; `to` undefined: no end),
   * splitting windows that the pages cannot reach, and hands each page to `take`.
   */
  const walkWindows = async <T>(
    read: (page: number, from: number, to: number | undefined) => Promise<Page<T>>,
    take: (rows: T[]) => Promise<number>,
    from: number,
    to: number | undefined,
    until: number,
  ): Promise<{ read: number; changed: number }> => {
    const first = await read(1, from, to);
    if (first.total > WINDOW_CAP) {
      const end = to ?? until;
      if (end > from) {
        const mid = Math.floor((from + end) / 2);
        const a = await walkWindows(read, take, from, mid, until);
        const b = await walkWindows(read, take, mid + 1, to, until);
        return { read: a.read + b.read, changed: a.changed + b.changed };
      }
      log(`[mirror] more than ${WINDOW_CAP} rows in one second at ${from}: only ${WINDOW_CAP} read`);
    }
    let count = first.list.length;
    let changed = await take(first.list);
    const pages = Math.min(MAX_PAGES, Math.ceil(first.total / PAGE_SIZE));
    for (let page = 2; page <= pages; page++) {
      const next = await read(page, from, to);
      count += next.list.length;
      changed += await take(next.list);
      if (next.list.length < PAGE_SIZE) break;
    }
    return { read: count, changed };
  };
  /** Every order created in from..to. */
  const walk = (from: number, to: number | undefined, until: number) =>
    walkWindows(
      (page, a, b) => list({ page, limit: PAGE_SIZE, createdTime: b === undefined ? { from: a } : { from: a, to: b } }),
      take,
      from,
      to,
      until,
    );
  /** Every cash-flow line written in from..to. */
  const walkCash = (from: number, to: number | undefined, until: number) =>
    walkWindows(
      async (page, a, b) =>
        validPage<CashFlow>(
          'account.cashFlow',
          await ask('account.cashFlow', { page, limit: PAGE_SIZE, startTime: a, ...(b === undefined ? {} : { endTime: b }) }),
        ),
      takeCash,
      from,
      to,
      until,
    );
  /**
   * The failed orders still waiting: the whole list (it holds only those), so that the mirror marks
   * the ones it no longer has as handled. A list longer than the pages reach is taken as it is.
   */
  const walkFailed = async (): Promise<{ read: number; changed: number }> => {
    const all: ErrorOrder[] = [];
    let complete = false;
    for (let page = 1; page <= MAX_PAGES; page++) {
      const got = validPage<ErrorOrder>('order.errors', await ask('order.errors', { page, limit: PAGE_SIZE }));
      all.push(...got.list);
      if (got.list.length < PAGE_SIZE || all.length >= got.total) {
        complete = true;
        break;
      }
    }
    return { read: all.length, changed: await takeFailed(all, complete) };
  };

  /**
   * After-sale records: the list has no time filter and comes newest first, so its pages are read
   * until a page ends before `since` (or the pages stop), then the records still open that the pages
   * did not reach are read one by one (the oldest first, a bounded number per run).
   */
  const walkAfterSales = async (since: number): Promise<{ read: number; changed: number }> => {
    let read = 0;
    let changed = 0;
    const seen = new Set<number>();
    for (let page = 1; page <= MAX_PAGES; page++) {
      const records = validAfterSales(await ask('afterSale.list', { page, limit: PAGE_SIZE }));
      read += records.length;
      changed += await takeAfterSales(records);
      for (const r of records) seen.add(r.id);
      if (records.length < PAGE_SIZE || records.every((r) => r.createdTime < since)) break;
    }
    for (const id of (await store.openAfterSales(OPEN_AFTER_SALES_PER_RECONCILE + seen.size))
      .filter((i) => !seen.has(i))
      .slice(0, OPEN_AFTER_SALES_PER_RECONCILE)) {
      const record = validAfterSales(await ask('afterSale.detail', { id }), true);
      read += record.length;
      changed += await takeAfterSales(record);
    }
    return { read, changed };
  };

  /** Counts the library's goods off sale, a page of the largest size at a time (at most MAX_PAGES pages). */
  const countLibrary = async () => {
    let size = 0;
    let offSale = 0;
    for (let page = 1; page <= MAX_PAGES; page++) {
      const data = await ask('selection.list', { page, limit: MAX_LIST_LIMIT, source: 0 });
      size = data.count;
      offSale += data.list.filter((g) => g.status !== 1).length;
      if (data.list.length < MAX_LIST_LIMIT || page * MAX_LIST_LIMIT >= data.count) break;
    }
    await store.setState('library', { at: now(), shownAt: shown(), size, offSale } satisfies MirrorLibrary & ShownAt);
  };

  /**
   * The balance moved (an order paid, retried or refunded): the cash-flow lines since the latest one
   * held are read, so the overview's money out matches its orders at once rather than at the next
   * reconcile. Calls while one read runs are folded into one more read after it (each read takes
   * every line since the last). A bulk-order job calls it at most every few seconds while it places
   * orders, and once when it ends (imports/runner.ts). The time of the last read is kept
   * (`cash` state) for the overview to say how fresh its money figures are.
   */
  let cashRead: Promise<void> | null = null;
  let cashAgain = false;
  const cashMoved = (): Promise<void> => {
    if (cashRead) {
      cashAgain = true;
      return cashRead;
    }
    cashRead = (async () => {
      await clockRead();
      do {
        cashAgain = false;
        const at = await nowSeconds();
        await walkCash((await store.latestCashTime()) ?? at - DAY_S, undefined, at);
        await store.setState('cash', { at: now(), shownAt: shown() } satisfies { at: number } & ShownAt);
      } while (cashAgain);
    })().finally(() => (cashRead = null));
    return cashRead;
  };

  let running: Promise<MirrorReconcile> | null = null;
  const reconcileOnce = async (): Promise<MirrorReconcile> => {
    await clockRead();
    paced = pauseAware(target?.guard);
    const started = now();
    const at = await nowSeconds();
    let read = 0;
    let changed = 0;
    const add = (r: { read: number; changed: number }) => {
      read += r.read;
      changed += r.changed;
    };
    try {
      // Refunds are the money refunded, each once (issue 48): those of what the mirror held before are made again, once.
      if (!(await store.state('refunds'))) {
        const orders = await store.recomputeRefunds();
        await store.setState('refunds', { version: 1, at: now(), orders });
      }
      // The consignee phones' last four digits of orders mirrored before they were kept (issue 52): once, then nothing to do.
      const tails = await fillPhoneTails(store.db);
      if (tails) log(`[mirror] phone tails kept for ${tails} order(s) mirrored before`);
      let backfill = await store.state<MirrorBackfill>('backfill');
      if (!backfill && settings.backfillDays > 0) {
        backfill = {
          from: at - settings.backfillDays * DAY_S,
          to: at,
          cursor: at - settings.backfillDays * DAY_S,
          done: false,
          startedAt: now(),
        };
        await store.setState('backfill', backfill);
      }
      // The backfill a day at a time, its progress kept: a restarted gateway goes on where it was.
      while (backfill && !backfill.done) {
        const end = Math.min(backfill.cursor + DAY_S - 1, backfill.to);
        add(await walk(backfill.cursor, end, at));
        backfill = { ...backfill, cursor: end + 1, done: end >= backfill.to, ...(end >= backfill.to ? { finishedAt: now() } : {}) };
        await store.setState('backfill', backfill);
      }
      // Then what may still change: the orders not final since the backfill's start, and the last days, to no end.
      const horizon = at - Math.max(settings.backfillDays * DAY_S, RECENT_S);
      const open = await store.openSince(horizon);
      const from = Math.min(at - RECENT_S, open[0]?.created_time ?? at);
      add(await walk(from, undefined, at));
      const afterSales = await walkAfterSales(horizon);
      const failed = await walkFailed();
      // Cash-flow lines from the latest one mirrored (the same second again: lines already held are skipped), else the backfill's start.
      const cash = await walkCash((await store.latestCashTime()) ?? backfill?.from ?? horizon, undefined, at);
      await store.setState('cash', { at: now(), shownAt: shown() } satisfies { at: number } & ShownAt);
      await countLibrary();
      const state = {
        at: now(),
        shownAt: shown(),
        ms: now() - started,
        read,
        changed,
        afterSalesRead: afterSales.read,
        afterSalesChanged: afterSales.changed,
        failedOrdersRead: failed.read,
        cashLinesRead: cash.read,
        cashLinesNew: cash.changed,
      };
      await store.setState('reconcile', state);
      if (changed || afterSales.changed || failed.changed || cash.changed)
        log(
          `[mirror] reconcile: ${read} order(s) read, ${changed} new or changed; ${afterSales.read} after-sale record(s) read, ${afterSales.changed} new or changed; ${failed.read} failed order(s) waiting, ${failed.changed} changed; ${cash.changed} new cash-flow line(s); ${state.ms} ms`,
        );
      return state;
    } catch (e) {
      const state = { at: now(), shownAt: shown(), ms: now() - started, read, changed, error: e instanceof Error ? e.message : String(e) };
      await store.setState('reconcile', state).catch(() => {});
      log(`[mirror] reconcile stopped: ${state.error}`);
      return state;
    } finally {
      paced = null;
    }
  };

  return {
    store,
    settings,
    nowSeconds,
    /** One reconcile (the backfill first while it is not done); a call while one runs waits for that one. */
    reconcile(): Promise<MirrorReconcile> {
      running ??= reconcileOnce().finally(() => (running = null));
      return running;
    },
    /**
     * What the gateway forwarded to someone, as it is now: a page of orders, after-sale records,
     * failed orders or cash-flow lines, or one after-sale record. Other reads are not mirrored.
     * A first page of failed orders that holds the whole list tells which ones were handled.
     */
    took(id: OpId, input: Record<string, unknown>, data: unknown): Promise<number> {
      switch (id) {
        case 'order.list':
          return take(valid(data));
        case 'afterSale.list':
        case 'afterSale.detail':
          return takeAfterSales(validAfterSales(data, id === 'afterSale.detail'));
        case 'order.errors': {
          const page = validPage<ErrorOrder>(id, data);
          return takeFailed(page.list, input.page === 1 && page.list.length >= page.total);
        }
        case 'account.cashFlow':
          return takeCash(validPage<CashFlow>(id, data).list);
        case 'logistic.firms':
          // The couriers' codes, which the shipments list beside each package's courier name.
          return guarded('the courier list', () => learnCouriers(store.db, data));
        default:
          return Promise.resolve(0);
      }
    },
    /** The balance moved outside a forwarded write (a bulk-order job paid for orders): its new cash-flow lines are read. Never throws. */
    async cashMoved(): Promise<void> {
      await cashMoved().catch((e: unknown) => log(`[mirror] cash-flow read failed: ${e instanceof Error ? e.message : String(e)}`));
    },
    /**
     * How fresh the mirror's figures are, for anyone who reads them (the whole status is for admins):
     * when orders, failed orders and the library were last read (the last reconcile, ms), when the
     * cash flow was (ms), and the backfill's cursor while it reads (Unix seconds; null once done).
     */
    async freshness() {
      const [reconcile, cash, backfill, library] = await Promise.all([
        store.state<MirrorReconcile & ShownAt>('reconcile'),
        store.state<{ at: number } & ShownAt>('cash'),
        store.state<MirrorBackfill>('backfill'),
        store.state<MirrorLibrary & ShownAt>('library'),
      ]);
      return {
        /** The same reads on the shown clock, as kept when each was made (null: before, or kept before that was). */
        shown: { orders: reconcile?.shownAt ?? null, cash: cash?.shownAt ?? null, library: library?.shownAt ?? null },
        reads: {
          orders: reconcile?.at ?? null,
          cash: cash?.at ?? null,
          library: library?.at ?? null,
          backfillCursor: backfill && !backfill.done ? backfill.cursor : null,
          failing: Boolean(reconcile?.error),
        },
        libraryOffSale: library?.offSale ?? null,
      };
    },
    /** Reads after-sale records again: one by id, or those of one order line (merchant order number and SKU). */
    async rereadAfterSale(q: { id: number } | { orderSn: string; sku: number }): Promise<number> {
      if ('id' in q) return takeAfterSales(validAfterSales(await call('afterSale.detail', { id: q.id }), true));
      return takeAfterSales(validAfterSales(await call('afterSale.list', { page: 1, limit: PAGE_SIZE, orderSn: q.orderSn, sku: q.sku })));
    },
    /** Reads one order again (by merchant or platform number) and writes what changed. */
    async reread(search: { thirdSn?: string; sn?: string }): Promise<number> {
      const page = await list({ page: 1, limit: 10, ...search });
      return take(page.list.filter((o) => (search.thirdSn ? o.thirdSn === search.thirdSn : o.sn === search.sn)));
    },
    /**
     * After a write the gateway forwarded and the upstream accepted: an order placed, retried,
     * refunded, received, or an after-sale asked for names its merchant order number; that order is
     * read again. Never throws (the person's answer has gone already).
     */
    async afterWrite(id: OpId, input: Record<string, unknown>): Promise<void> {
      const op = getOperation(id);
      if (!op?.writes || !['order', 'logistic', 'afterSale'].includes(op.group)) return;
      // The merchant's number (orders, after-sale), or a goods line's number, which starts with the platform's (receipt).
      const search =
        typeof input.orderSn === 'string'
          ? { thirdSn: input.orderSn }
          : typeof input.goods_sn === 'string'
            ? { sn: input.goods_sn.split('_')[0]! }
            : undefined;
      const failed = (e: unknown) => log(`[mirror] re-read after ${id} failed: ${e instanceof Error ? e.message : String(e)}`);
      if (search) await this.reread(search).catch(failed);
      // A failed order retried or refunded leaves the failed-order list. An order placed or retried
      // pays from the balance (a new cash-flow line). (An order placed unpaid is a failed order: the
      // next reconcile reads that list, and the overview asks the failed count live.)
      if (id === 'order.retry' || id === 'order.refund') await walkFailed().catch(failed);
      if (id === 'order.submit' || id === 'order.retry' || id === 'order.refund') await cashMoved().catch(failed);
      // An after-sale asked for (its order line) or its mailing info given (its id): the record too.
      if (op.group === 'afterSale') {
        const q =
          typeof input.id === 'number'
            ? { id: input.id }
            : typeof input.orderSn === 'string' && typeof input.sku === 'number'
              ? { orderSn: input.orderSn, sku: input.sku }
              : undefined;
        if (q) await this.rereadAfterSale(q).catch(failed);
      }
    },
    /**
     * Messages the gateway received and linked: an after-sale message (agreed, refused, refunded)
     * names its record, read again here (order messages read their order in the linking already).
     */
    async afterMessages(rows: readonly { grp: string; data: string }[]): Promise<void> {
      const ids = new Set<number>();
      for (const r of rows) {
        if (r.grp !== 'afterSale') continue;
        const id = Number((JSON.parse(r.data) as { afterSaleId?: unknown }).afterSaleId);
        if (Number.isSafeInteger(id) && id > 0) ids.add(id);
      }
      for (const id of ids)
        await this.rereadAfterSale({ id }).catch((e: unknown) =>
          log(`[mirror] re-read of after-sale ${id} after its message failed: ${e instanceof Error ? e.message : String(e)}`),
        );
    },
    /** An OpCaller that gives the mirror every order list it reads (the message effects look orders up so). */
    feeding(inner: OpCaller): OpCaller {
      return (async (id, input) => {
        const data = await inner(id, input);
        await this.took(id, input as Record<string, unknown>, data);
        return data;
      }) as OpCaller;
    },
    async status(): Promise<MirrorStatus> {
      const [orders, afterSales, backfill, lastReconcile, library] = await Promise.all([
        store.count(),
        store.countAfterSales(),
        store.state<MirrorBackfill>('backfill'),
        store.state<MirrorReconcile>('reconcile'),
        store.state<MirrorLibrary>('library'),
      ]);
      return { orders, afterSales, timeZone: settings.timeZone, backfill, lastReconcile, library };
    },
  };
}
export type OrderMirror = ReturnType<typeof createOrderMirror>;
