import { MAX_LIST_LIMIT, type GoodsDetail, type OpId, type SkuLookupItem, type WatchEvent } from '../../../contract';
import type { GatewayDb } from '../db';
import type { OpCaller } from '../messages/effects';
import { pauseAware, type UpstreamGuard } from '../operations/resilience';
import { WATCH_TOPIC } from './events';
import { MESSAGE_TOPIC } from '../messages/hub';
import { GoodsStore, type LineSku, type MirrorMark, type Observed } from './store';

export { GoodsStore } from './store';
export { WATCH_TOPIC } from './events';
export { goodsMigrations } from './tables';

/** Goods per `goods.bulkDetail` (the upstream's most). */
export const BULK = 50;
/** Library goods per page read (the largest page `selection.list` takes), walked by `last_id`. */
const LIBRARY_PAGE = MAX_LIST_LIMIT;
/** How long what the gateway forwarded waits to be written with what follows it (ms). */
const LEARN_DELAY_MS = 25;
/** Forwarded answers waiting to be learned, at most (a flood beyond it is dropped, and said once). */
const LEARN_QUEUE_MAX = 500;
/** Order mirror rows read into the index per step. */
const MIRROR_STEP = 1000;
const MIRROR_MARK = 'mirror-lines';
const RECONCILE_STATE = 'reconcile';
/** Goods added to the library through the app are read again unless read this recently (ms). */
const ADDED_FRESH_MS = 10 * 60_000;

/** What the last reconcile did. */
export interface GoodsReconcile {
  at: number;
  /** Library goods read. */
  goods: number;
  /** Goods marked as no longer in the library. */
  left: number;
  ms: number;
}

export interface GoodsDeps {
  db: GatewayDb;
  /** The gateway's own calls to the upstream (signed like any other). */
  call: OpCaller;
  /** The breaker those calls go through: a reconcile that starts during its pause waits it out (../operations/resilience.ts pauseAware). */
  guard?: UpstreamGuard;
  /**
   * The clock its times are stamped on (read times, history, changes, its inbox messages): the shown
   * clock (server/gateway/clock.ts), so a price change's history, its message and the order lines it
   * is compared with are on one time line (issue 49). Default: the wall clock.
   */
  now?: () => number;
  /** Resolves once `now` can be trusted (the business clock read once); stamps wait for it. */
  ready?: () => Promise<void>;
  log?: (line: string) => void;
}

/** A goods detail as far as the index needs it (the answer is the upstream's, passed on unchecked). */
const isDetail = (g: unknown): g is GoodsDetail => {
  const d = g as { id?: unknown; specs?: { options?: unknown } } | null;
  return typeof d === 'object' && d !== null && typeof d.id === 'number' && Array.isArray(d.specs?.options);
};

/**
 * The goods module (DESIGN.md, "The goods mirror and the watch"): the SKU index that bulk orders
 * need (SKU id → goods, spec, agreement price as last read), learned from every goods detail the
 * gateway forwards (`took`, written after the answer, batched), from the selection library (an
 * unknown SKU makes `lookup` read the library's goods in batches of 50 until it is found) and from
 * the order mirror's lines. A cache: it never decides an action.
 */
export function createGoods(deps: GoodsDeps) {
  const clockNow = deps.now ?? Date.now;
  const ready = deps.ready ?? (() => Promise.resolve());
  const log = deps.log ?? (() => {});
  /** Now, once the clock has been read (a stamp on a clock not read yet would order reads wrongly). */
  const stamp = async () => {
    await ready().catch(() => {});
    return clockNow();
  };
  const store = new GoodsStore(deps.db);
  const call = deps.call;

  /** Goods that just became at risk: told to every gateway's live streams (people who sell them see it at once). */
  const observed = async (o: Observed) => {
    // The inbox messages stored with the change: shown on the open pages of those who see goods messages.
    for (let i = 0; i < o.messages.length; i += 500)
      await deps.db.bus
        .publish(MESSAGE_TOPIC, { seqs: o.messages.slice(i, i + 500), change: 'new' })
        .catch((e: unknown) => log(`[goods] bus: ${e instanceof Error ? e.message : String(e)}`));
    if (o.newlyAtRisk.length === 0) return;
    const atRisk = await store.atRiskCount();
    for (let i = 0; i < o.newlyAtRisk.length; i += 500)
      await deps.db.bus
        .publish(WATCH_TOPIC, { goodsIds: o.newlyAtRisk.slice(i, i + 500), atRisk } satisfies WatchEvent)
        .catch((e: unknown) => log(`[goods] bus: ${e instanceof Error ? e.message : String(e)}`));
  };
  /** Reads goods' details in batches of 50 and keeps them (compared, with their history). */
  const readDetails = async (ids: readonly number[], inLibrary?: boolean) => {
    for (let i = 0; i < ids.length; i += BULK) {
      const details = await call('goods.bulkDetail', { ids: ids.slice(i, i + BULK).join(',') });
      await observed(await store.observe(details, await stamp(), inLibrary));
    }
  };
  /**
   * Goods in the library: marked so; those not read yet (or, with `freshMs`, not read within that
   * many ms) read now. Remembered in this process, so a page of the library read again costs nothing.
   */
  const inLibrary = new Set<number>();
  const intoLibrary = async (ids: readonly number[], freshMs?: number) => {
    const read = await store.readGoods(ids, freshMs === undefined ? undefined : (await stamp()) - freshMs);
    await store.setInLibrary([...read], true);
    await readDetails(
      ids.filter((id) => !read.has(id)),
      true,
    );
    if (inLibrary.size > 200_000) inLibrary.clear();
    for (const id of ids) inLibrary.add(id);
  };

  // ---- learning from what the gateway forwards, off the answer's path ----
  let queue: { id: OpId; data: unknown }[] = [];
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();
  let dropped = false;
  const flush = async () => {
    timer = null;
    const batch = queue;
    queue = [];
    const details: GoodsDetail[] = [];
    const lines: LineSku[] = [];
    const library = new Set<number>();
    // Stamped when written, on the clock once read (what `took` was given is at most a few ms older).
    const at = await stamp();
    for (const item of batch) {
      if (item.id === 'goods.detail') {
        if (isDetail(item.data)) details.push(item.data);
      } else if (item.id === 'goods.bulkDetail') {
        if (Array.isArray(item.data)) for (const g of item.data) if (isDetail(g)) details.push(g);
      } else if (item.id === 'order.list') {
        lines.push(...orderLines(item.data, at));
      } else if (item.id === 'selection.list') {
        const list = (item.data as { list?: unknown } | null)?.list;
        if (Array.isArray(list)) for (const g of list as { id?: unknown }[]) if (typeof g?.id === 'number') library.add(g.id);
      }
    }
    try {
      // The latest detail of each goods (one batch may hold the same goods twice).
      const byId = new Map(details.map((g) => [g.id, g]));
      await observed(await store.observe([...byId.values()], at));
      if (lines.length) await store.writeLines(lines);
      // A page of the library someone read: its goods are in it; those the mirror has not read yet are read now.
      const fresh = [...library].filter((id) => !inLibrary.has(id));
      if (fresh.length) await intoLibrary(fresh);
    } catch (e) {
      log(`[goods] could not learn from ${batch.length} answer(s): ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  const schedule = () => {
    if (timer) return;
    timer = setTimeout(() => {
      flushing = flushing.then(flush);
    }, LEARN_DELAY_MS);
    timer.unref?.();
  };

  // ---- the order mirror's lines ----
  let catchingUp: Promise<number> | null = null;
  /** Reads the order mirror's rows written since the last time into the index; resolves to the SKUs added. */
  const fromOrders = (): Promise<number> =>
    (catchingUp ??= (async () => {
      let mark: MirrorMark = { at: 0, sn: '' };
      const kept = await store.state(MIRROR_MARK);
      if (kept) mark = JSON.parse(kept) as MirrorMark;
      let added = 0;
      for (;;) {
        const step = await store.mirrorLines(mark, MIRROR_STEP);
        if (step.rows === 0) break;
        added += await store.writeLines(step.lines);
        mark = step.next;
        await store.setState(MIRROR_MARK, JSON.stringify(mark));
        if (step.rows < MIRROR_STEP) break;
      }
      return added;
    })().finally(() => (catchingUp = null)));

  // ---- the selection library ----
  let scanning: Promise<void> | null = null;
  /**
   * Reads the library's goods, a page at a time, and the details of those not read yet in batches
   * of 50, until every SKU of `wanted` is known or the library ends. Found SKUs leave `wanted`.
   */
  const scanLibrary = async (wanted: Set<number>): Promise<void> => {
    let lastId = 0;
    for (;;) {
      const page = await call('selection.list', { page: 1, limit: LIBRARY_PAGE, source: 0, ...(lastId ? { last_id: lastId } : {}) });
      const ids = page.list.map((g) => g.id).filter((id) => id > lastId);
      if (ids.length === 0) return;
      lastId = Math.max(...ids);
      const read = await store.readGoods(ids);
      await store.setInLibrary([...read], true);
      const unread = ids.filter((id) => !read.has(id));
      for (let i = 0; i < unread.length; i += BULK) {
        const details = await call('goods.bulkDetail', { ids: unread.slice(i, i + BULK).join(',') });
        await observed(await store.observe(details, await stamp(), true));
        for (const g of details) for (const o of g.specs?.options ?? []) wanted.delete(o.id);
        if (wanted.size === 0) return;
      }
      if (page.list.length < LIBRARY_PAGE) return;
    }
  };

  return {
    store,
    /**
     * An answer the gateway forwarded (a goods detail, a bulk detail, a page of orders): kept to be
     * written after the answer has gone, with the others of the next few milliseconds. Never throws.
     */
    took(id: OpId, data: unknown): void {
      if (id !== 'goods.detail' && id !== 'goods.bulkDetail' && id !== 'order.list' && id !== 'selection.list') return;
      if (queue.length >= LEARN_QUEUE_MAX) {
        if (!dropped) log(`[goods] more than ${LEARN_QUEUE_MAX} answers waiting to be learned: later ones are not`);
        dropped = true;
        return;
      }
      dropped = false;
      queue.push({ id, data });
      schedule();
    },
    /** Resolves once what `took` was given so far is written (tests, shutdown). */
    async settled(): Promise<void> {
      // What the gateway forwarded is handed over after its answer (operations/routes.ts, setImmediate).
      await new Promise((r) => setImmediate(r));
      if (timer) {
        clearTimeout(timer);
        timer = null;
        flushing = flushing.then(flush);
      }
      await flushing;
    },
    fromOrders,
    /**
     * Library goods off sale now (the goods or a SKU of it), as the goods mirror knows them: what the
     * At risk page lists for the reason off-sale, so the strip's and the overview's figure open exactly it.
     */
    libraryOffSale: (): Promise<number> => store.atRiskCount('off-sale'),
    /** Sets or removes a minimum profit rate (goods 0: the library's); the risks follow, and open pages are told. */
    async setRule(goodsId: number, minRate: number | null, by: string): Promise<void> {
      await store.setRule(goodsId, minRate, by, await stamp());
      const atRisk = await store.atRiskCount();
      await deps.db.bus
        .publish(WATCH_TOPIC, { goodsIds: [], atRisk } satisfies WatchEvent)
        .catch((e: unknown) => log(`[goods] bus: ${e instanceof Error ? e.message : String(e)}`));
    },
    /**
     * After a write the gateway forwarded and the upstream accepted: goods added to the library are
     * read and kept as library goods; removed ones (or all, on clearing) leave it. Never throws.
     */
    async afterWrite(id: OpId, input: Record<string, unknown>): Promise<void> {
      try {
        const ids =
          typeof input.goods_ids === 'string'
            ? input.goods_ids
                .split(',')
                .map(Number)
                .filter((n) => n > 0)
            : [];
        if (id === 'selection.add') await intoLibrary(ids, ADDED_FRESH_MS);
        else if (id === 'selection.remove') {
          for (const g of ids) inLibrary.delete(g);
          await store.setInLibrary(ids, false);
        } else if (id === 'selection.clear') {
          inLibrary.clear();
          await store.leftLibrary(Number.MAX_SAFE_INTEGER);
        }
      } catch (e) {
        log(`[goods] after ${id}: ${e instanceof Error ? e.message : String(e)}`);
      }
    },
    /**
     * An OpCaller whose goods reads (the message linker reads the goods of each burst of goods
     * messages with goods.bulkDetail, 50 at a time) are compared and kept before it resolves: a
     * message is marked linked only once its goods' change is stored; a failure to store fails the
     * read, and the linker tries again later.
     */
    feeding(inner: OpCaller): OpCaller {
      return (async (id, input) => {
        const data = await inner(id, input);
        if (id === 'goods.bulkDetail') await observed(await store.observe((data as unknown[]).filter(isDetail), await stamp()));
        else if (id === 'goods.detail' && isDetail(data)) await observed(await store.observe([data], await stamp()));
        return data;
      }) as OpCaller;
    },
    /**
     * Reads the whole selection library (pages of 500 by last_id) and every goods of it with
     * goods.bulkDetail, compared and kept; goods no longer in it are marked so. One gateway at a time
     * (server.ts runs it under the periodic lock).
     */
    async reconcile(): Promise<GoodsReconcile> {
      const started = await stamp();
      const wallStart = Date.now();
      // Its library pages wait out the breaker's pause (right after an outage): the first page then probes,
      // and the details that follow go to a supplier that answered.
      const paced = pauseAware(deps.guard);
      inLibrary.clear();
      let lastId = 0;
      let goods = 0;
      for (;;) {
        const page = await paced(() =>
          call('selection.list', { page: 1, limit: LIBRARY_PAGE, source: 0, ...(lastId ? { last_id: lastId } : {}) }),
        );
        const ids = page.list.map((g) => g.id).filter((id) => id > lastId);
        if (ids.length === 0) break;
        lastId = Math.max(...ids);
        await intoLibrary(ids, 0);
        goods += ids.length;
        if (page.list.length < LIBRARY_PAGE) break;
      }
      const left = await store.leftLibrary(started);
      const done: GoodsReconcile = { at: started, goods, left, ms: Date.now() - wallStart };
      await store.setState(RECONCILE_STATE, JSON.stringify(done));
      return done;
    },
    /**
     * What is known of each SKU id: from the index; what it lacks, from the order mirror's lines,
     * then from the selection library (read until found, and kept). Ids found nowhere are `unknown`.
     * The list follows the order of `skus`.
     */
    async lookup(skus: readonly number[]): Promise<{ list: SkuLookupItem[]; unknown: number[] }> {
      const asked = [...new Set(skus)];
      const found = new Map<number, SkuLookupItem>();
      const missing = async () => {
        for (const item of await store.lookup(asked.filter((s) => !found.has(s)))) found.set(item.sku, item);
        return asked.filter((s) => !found.has(s));
      };
      let rest = await missing();
      if (rest.length) {
        await fromOrders().catch((e: unknown) => log(`[goods] order mirror lines not read: ${e instanceof Error ? e.message : String(e)}`));
        rest = await missing();
      }
      if (rest.length) {
        if (scanning) {
          // Another lookup is reading the library: what it finds is what this one would.
          await scanning.catch(() => {});
        } else {
          scanning = scanLibrary(new Set(rest)).finally(() => (scanning = null));
          await scanning;
        }
        rest = await missing();
      }
      return { list: asked.filter((s) => found.has(s)).map((s) => found.get(s)!), unknown: rest };
    },
  };
}
export type Goods = ReturnType<typeof createGoods>;

/** The SKUs of a page of orders (`order.list`), at the time it was read. */
function orderLines(data: unknown, at: number): LineSku[] {
  const list = (data as { list?: unknown } | null)?.list;
  if (!Array.isArray(list)) return [];
  const out: LineSku[] = [];
  for (const o of list as { createdTime?: unknown; children?: { goods?: Record<string, unknown>[] }[] }[]) {
    const when = typeof o?.createdTime === 'number' ? o.createdTime * 1000 : at;
    for (const child of Array.isArray(o?.children) ? o.children : [])
      for (const g of Array.isArray(child?.goods) ? child.goods : []) {
        if (typeof g.sku !== 'number' || typeof g.goodsId !== 'number' || !(g.sku > 0) || !(g.goodsId > 0)) continue;
        out.push({
          sku: g.sku,
          goodsId: g.goodsId,
          spec: typeof g.skuName === 'string' ? g.skuName : '',
          price: typeof g.price === 'number' ? g.price : 0,
          at: when,
        });
      }
  }
  return out;
}
