import { sql } from 'kysely';
import type { Order, Shipment, ShipmentState } from '../../../contract';
import type { GatewayDb, Kdb } from '../db';
import { packagesOf, type PackageLine } from './packages';

/** Ids per statement when marking (each dialect takes far more bound values; this keeps statements small). */
const MARK_CHUNK = 1000;

/** The Unix second a day (YYYY-MM-DD) starts at in a time zone (its midnight, whatever the zone's offset that day). */
export function dayStart(day: string, timeZone: string): number {
  const utc = Date.parse(`${day}T00:00:00Z`) / 1000;
  const offset = (at: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(at * 1000));
    const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
    return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) / 1000 - at;
  };
  // The offset at the guess, then at the answer (a change of offset between them moves it once more).
  const first = utc - offset(utc);
  return utc - offset(first);
}

/**
 * Writes the packages of orders the mirror is writing (MirrorStore.upsert, in its transaction): each
 * package (a child and a tracking number) once, its lines and courier as now. A child whose tracking
 * number the supplier changed has the new one as a new package, not yet handed over; its old one is
 * dropped if it was never handed to the shop, and kept (as handed over) if it was.
 */
export async function writePackages(trx: Kdb, orders: readonly Order[], now: number): Promise<void> {
  const rows = orders.flatMap(packagesOf);
  if (rows.length === 0) return;
  for (let i = 0; i < rows.length; i += 200)
    await trx
      .insertInto('shipments')
      .values(rows.slice(i, i + 200).map((r) => ({ ...r, exported_at: null, created_at: now })))
      .onConflict((oc) =>
        oc.columns(['child_sn', 'tracking_no']).doUpdateSet((eb) => ({
          shop_order_sn: eb.ref('excluded.shop_order_sn'),
          order_sn: eb.ref('excluded.order_sn'),
          channel: eb.ref('excluded.channel'),
          courier_name: eb.ref('excluded.courier_name'),
          shipped_at: eb.ref('excluded.shipped_at'),
          lines: eb.ref('excluded.lines'),
        })),
      )
      .execute();
  const current = new Map<string, Set<string>>();
  for (const r of rows) current.set(r.child_sn, (current.get(r.child_sn) ?? new Set()).add(r.tracking_no));
  const children = [...current.keys()];
  for (let i = 0; i < children.length; i += 200) {
    const had = await trx
      .selectFrom('shipments')
      .select(['id', 'child_sn', 'tracking_no'])
      .where('child_sn', 'in', children.slice(i, i + 200))
      .where('exported_at', 'is', null)
      .execute();
    const stale = had.filter((h) => !current.get(h.child_sn)!.has(h.tracking_no)).map((h) => h.id);
    if (stale.length) await trx.deleteFrom('shipments').where('id', 'in', stale).execute();
  }
}

/** The courier list as the supplier answered it (`logistic.firms`: `{ name, sn }`): each name's code. */
export async function learnCouriers(db: Kdb, data: unknown): Promise<number> {
  if (!Array.isArray(data)) return 0;
  const firms = new Map<string, string>();
  for (const f of data as { name?: unknown; sn?: unknown }[])
    if (typeof f?.name === 'string' && typeof f.sn === 'string' && f.name.trim()) firms.set(f.name.trim(), f.sn);
  const rows = [...firms].map(([name, code]) => ({ name, code }));
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('shipment_couriers')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ code: eb.ref('excluded.code') })))
      .execute();
  return rows.length;
}

export interface ShipmentQuery {
  state: ShipmentState;
  /** Shipped at or after / before (Unix seconds). */
  since?: number;
  before?: number;
  channel?: number;
  /** Only the orders of this bulk-order job (import_orders' merchant numbers). */
  job?: number;
  offset: number;
  limit: number;
}

/** The packages as the gateway keeps them (the order mirror feeds them; nothing here asks the supplier). */
export class ShipmentStore {
  readonly db: Kdb;
  constructor(db: GatewayDb | Kdb) {
    this.db = 'kysely' in db ? db.kysely : db;
  }

  /** A page of packages, the latest shipped first (the id breaking ties), and how many there are. */
  async list(q: ShipmentQuery): Promise<{ list: Shipment[]; count: number }> {
    const base = filtered(this.db, q);
    const [rows, total] = await Promise.all([
      withColumns(base).orderBy('s.shipped_at', 'desc').orderBy('s.id', 'desc').offset(q.offset).limit(q.limit).execute(),
      base.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
    ]);
    return { list: rows.map(toShipment), count: Number(total?.n ?? 0) };
  }

  /**
   * The packages of a download: those of the query, the oldest shipped first, at most `max`; with
   * `perOrder`, a shop order whose packages go past `max` is left whole to the next download (unless
   * it alone is the download). With `mark`, in one transaction, exactly the packages written are
   * marked handed over as a new batch (those another download marked meanwhile are not written): the
   * file holds what the batch holds. `more`: packages of the query left beyond this download.
   */
  async forSheet(
    q: Omit<ShipmentQuery, 'offset' | 'limit'>,
    opts: {
      max: number;
      perOrder: boolean;
      mark: null | { at: number; user: { id: number; username: string }; format: string; type: string };
    },
  ): Promise<{ packages: Shipment[]; batch: number | null; more: number }> {
    const pick = async (db: Kdb) => {
      const [head, total] = await Promise.all([
        filtered(db, q)
          .select(['s.id', 's.shop_order_sn'])
          .orderBy('s.shipped_at')
          .orderBy('s.id')
          .limit(opts.max + 1)
          .execute(),
        filtered(db, q)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirst(),
      ]);
      let take = head.slice(0, opts.max);
      if (opts.perOrder && head.length > opts.max) {
        const cut = head[opts.max]!.shop_order_sn;
        const kept = take.filter((r) => r.shop_order_sn !== cut);
        if (kept.length > 0) take = kept;
      }
      return { ids: take.map((r) => Number(r.id)), total: Number(total?.n ?? 0) };
    };
    const read = (db: Kdb, where: (b: Base) => Base) =>
      withColumns(where(db.selectFrom('shipments as s')))
        .orderBy('s.shipped_at')
        .orderBy('s.id')
        .execute();
    if (!opts.mark) {
      const { ids, total } = await pick(this.db);
      const rows: Shipment[] = [];
      for (let i = 0; i < ids.length; i += MARK_CHUNK) {
        const chunk = ids.slice(i, i + MARK_CHUNK);
        rows.push(...(await read(this.db, (b) => b.where('s.id', 'in', chunk))).map(toShipment));
      }
      rows.sort((a, b) => a.shippedAt - b.shippedAt || a.id - b.id);
      return { packages: rows, batch: null, more: total - rows.length };
    }
    const mark = opts.mark;
    return this.db.transaction().execute(async (trx) => {
      const { ids, total } = await pick(trx);
      if (ids.length === 0) return { packages: [], batch: null, more: total };
      const batch = Number(
        (
          await trx
            .insertInto('shipment_batches')
            .values({
              user_id: mark.user.id,
              username: mark.user.username,
              format: mark.format,
              type: mark.type,
              count: 0,
              created_at: mark.at,
              undone_at: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      let count = 0;
      for (let i = 0; i < ids.length; i += MARK_CHUNK) {
        const r = await trx
          .updateTable('shipments')
          .set({ exported_at: mark.at, batch_id: batch })
          .where('id', 'in', ids.slice(i, i + MARK_CHUNK))
          .where('exported_at', 'is', null)
          .executeTakeFirst();
        count += Number(r.numUpdatedRows);
      }
      if (count === 0) {
        await trx.deleteFrom('shipment_batches').where('id', '=', batch).execute();
        return { packages: [], batch: null, more: total };
      }
      await trx.updateTable('shipment_batches').set({ count }).where('id', '=', batch).execute();
      const packages = (await read(trx, (b) => b.where('s.batch_id', '=', batch))).map(toShipment);
      return { packages, batch, more: total - ids.length };
    });
  }

  /**
   * A download's packages back to new (`exported_at` and the batch cleared), the batch marked undone
   * at `at`. Resolves how many changed, or undefined when there is no such batch. A package marked
   * again since by another download or by hand is no longer the batch's and stays as it is.
   */
  async undo(batch: number, at: number): Promise<number | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const had = await trx.selectFrom('shipment_batches').select(['id', 'undone_at']).where('id', '=', batch).executeTakeFirst();
      if (!had) return undefined;
      const r = await trx
        .updateTable('shipments')
        .set({ exported_at: null, batch_id: null })
        .where('batch_id', '=', batch)
        .executeTakeFirst();
      if (had.undone_at === null) await trx.updateTable('shipment_batches').set({ undone_at: at }).where('id', '=', batch).execute();
      return Number(r.numUpdatedRows);
    });
  }

  /**
   * Marks packages handed to the shop at `at` (ms), or not handed over (`exported: false`). A package
   * already so keeps its time. Resolves how many changed; ids of no package change nothing.
   */
  async mark(ids: readonly number[], exported: boolean, at: number): Promise<number> {
    let changed = 0;
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < ids.length; i += MARK_CHUNK) {
        const chunk = ids.slice(i, i + MARK_CHUNK);
        const r = await trx
          .updateTable('shipments')
          .set({ exported_at: exported ? at : null, batch_id: null })
          .where('id', 'in', chunk)
          .where('exported_at', exported ? 'is' : 'is not', null)
          .executeTakeFirst();
        changed += Number(r.numUpdatedRows);
      }
    });
    return changed;
  }
}

type Base = ReturnType<typeof shipmentsOf>;
const shipmentsOf = (db: Kdb) => db.selectFrom('shipments as s');

/** The packages a query holds (not yet paged or ordered). */
function filtered(db: Kdb, q: Omit<ShipmentQuery, 'offset' | 'limit'>): Base {
  let base = shipmentsOf(db);
  if (q.state === 'new') base = base.where('s.exported_at', 'is', null);
  if (q.state === 'exported') base = base.where('s.exported_at', 'is not', null);
  if (q.since !== undefined) base = base.where('s.shipped_at', '>=', q.since);
  if (q.before !== undefined) base = base.where('s.shipped_at', '<', q.before);
  if (q.channel !== undefined) base = base.where('s.channel', '=', q.channel);
  if (q.job !== undefined) {
    const job = q.job;
    base = base.where('s.shop_order_sn', 'in', (eb) => eb.selectFrom('import_orders').select('order_sn').where('job_id', '=', job));
  }
  return base;
}

/** The columns of a package as the contract gives it (the courier's code from the supplier's list). */
function withColumns(base: Base) {
  return base
    .leftJoin('shipment_couriers as c', 'c.name', 's.courier_name')
    .select([
      's.id',
      's.shop_order_sn',
      's.order_sn',
      's.child_sn',
      's.channel',
      's.courier_name',
      'c.code',
      's.tracking_no',
      's.shipped_at',
      's.lines',
      's.exported_at',
      's.batch_id',
    ]);
}

function toShipment(r: Awaited<ReturnType<ReturnType<typeof withColumns>['execute']>>[number]): Shipment {
  return {
    id: Number(r.id),
    shopOrderSn: r.shop_order_sn,
    orderSn: r.order_sn,
    childSn: r.child_sn,
    channel: Number(r.channel),
    courierCode: r.code ?? '',
    courierName: r.courier_name,
    trackingNo: r.tracking_no,
    shippedAt: Number(r.shipped_at),
    lines: JSON.parse(r.lines) as PackageLine[],
    exportedAt: r.exported_at === null ? null : Number(r.exported_at),
    batch: r.batch_id === null ? null : Number(r.batch_id),
  };
}
