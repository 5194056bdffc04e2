import type { BuiltInFormat, OwnFormat, OwnFormatInput, SheetColumn, SupplierCourier } from '../../../contract';
import { SHEET_FORMAT_LIMITS } from '../../../contract/schemas/shipments';
import type { InputRule } from '../../lib/issues';
import type { Kdb } from '../db';
import { isUniqueViolation } from '../db/dialect';
import type { OpCaller } from '../messages/effects';
import { learnCouriers } from './store';

/**
 * The formats built in. Only a generic one (订单号, 物流公司, 运单号), per package and per shop order:
 * the platforms' own batch-shipping templates (淘宝/千牛, 拼多多, 抖店, 有赞, 快手, 微店) are not built
 * in because no public page of the platforms' could be found that names their headers (issue 51 asks
 * for a source for each; docs/features.md lists what was searched). A merchant makes a platform's
 * template as a format of their own, from the headers of the template their back-end hands out.
 */
const GENERIC_COLUMNS: SheetColumn[] = [
  { field: 'shopOrderSn', header: '订单号' },
  { field: 'courierName', header: '物流公司' },
  { field: 'trackingNo', header: '运单号' },
];
export const BUILT_IN_FORMATS: readonly BuiltInFormat[] = [
  {
    id: 'generic',
    names: { 'zh-CN': '通用（每个包裹一行）', en: 'Generic (a row per package)' },
    columns: GENERIC_COLUMNS,
    perOrder: false,
    joiner: ',',
    carrierMap: {},
    source: null,
  },
  {
    id: 'generic-order',
    names: { 'zh-CN': '通用（每个订单一行，多个运单号合在一格）', en: 'Generic (a row per shop order, tracking numbers in one cell)' },
    columns: GENERIC_COLUMNS,
    perOrder: true,
    joiner: ',',
    carrierMap: {},
    source: null,
  },
];

/** What the sheet writer needs of a format (built in or own). */
export interface SheetFormat {
  key: string;
  name: string;
  columns: SheetColumn[];
  perOrder: boolean;
  joiner: string;
  carrierMap: Record<string, string>;
}

export const DEFAULT_JOINER = ',';

/** A refusal of a format write: a sentence for a 400 (or 404 for a format that is not there). */
export class FormatRefused extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
    readonly rule: InputRule,
    readonly field?: string,
  ) {
    super(message);
  }
}

type Row = {
  id: number;
  name: string;
  columns: string;
  per_order: number;
  joiner: string;
  carrier_map: string;
  updated_by: string;
  updated_at: number;
};

const toOwn = (r: Row): OwnFormat => ({
  id: Number(r.id),
  name: r.name,
  columns: JSON.parse(r.columns) as SheetColumn[],
  perOrder: Number(r.per_order) === 1,
  joiner: r.joiner,
  carrierMap: JSON.parse(r.carrier_map) as Record<string, string>,
  updatedBy: r.updated_by,
  updatedAt: Number(r.updated_at),
});

/**
 * The merchant's own formats: the reseller's team shares them (a shop's template is the shop's, not
 * one person's), so whoever may use shipments sees, changes and deletes every one; who last changed
 * one is kept and shown. Writes are validated by the contract (`ownFormatInput`) before they get here.
 */
export class FormatStore {
  constructor(private readonly db: Kdb) {}

  async list(): Promise<OwnFormat[]> {
    const rows = await this.db.selectFrom('shipment_formats').selectAll().orderBy('name').orderBy('id').execute();
    return rows.map(toOwn);
  }

  async get(id: number): Promise<OwnFormat | undefined> {
    const r = await this.db.selectFrom('shipment_formats').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toOwn(r) : undefined;
  }

  private async nameTaken(name: string, except?: number) {
    let q = this.db.selectFrom('shipment_formats').select('id').where('name', '=', name);
    if (except !== undefined) q = q.where('id', '<>', except);
    return (await q.executeTakeFirst()) !== undefined;
  }

  private values(input: Required<Pick<OwnFormatInput, 'name' | 'columns' | 'perOrder'>> & OwnFormatInput) {
    return {
      name: input.name,
      columns: JSON.stringify(input.columns.map((c) => ({ field: c.field, header: c.header }))),
      per_order: input.perOrder ? 1 : 0,
      joiner: input.joiner ?? DEFAULT_JOINER,
      carrier_map: JSON.stringify(input.carrierMap ?? {}),
    };
  }

  async create(input: OwnFormatInput, by: string, now: number): Promise<OwnFormat> {
    return this.db.transaction().execute(async (trx) => {
      const store = new FormatStore(trx);
      const n = await trx
        .selectFrom('shipment_formats')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      if (Number(n?.n ?? 0) >= SHEET_FORMAT_LIMITS.formats)
        throw new FormatRefused(
          400,
          `There are ${SHEET_FORMAT_LIMITS.formats} formats already, the most there may be: delete one first.`,
          'too_many',
        );
      if (await store.nameTaken(input.name))
        throw new FormatRefused(400, `There is a format named “${input.name}” already: choose another name.`, 'taken', 'name');
      try {
        const r = await trx
          .insertInto('shipment_formats')
          .values({ ...this.values(input), created_by: by, updated_by: by, created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
        return toOwn(r);
      } catch (e) {
        if (isUniqueViolation(e))
          throw new FormatRefused(400, `There is a format named “${input.name}” already: choose another name.`, 'taken', 'name');
        throw e;
      }
    });
  }

  async update(id: number, input: OwnFormatInput, by: string, now: number): Promise<OwnFormat> {
    if (!(await this.get(id))) throw new FormatRefused(404, `There is no format ${id} (it may have been deleted).`, 'not_found');
    if (await this.nameTaken(input.name, id))
      throw new FormatRefused(400, `There is a format named “${input.name}” already: choose another name.`, 'taken', 'name');
    try {
      const r = await this.db
        .updateTable('shipment_formats')
        .set({ ...this.values(input), updated_by: by, updated_at: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!r) throw new FormatRefused(404, `There is no format ${id} (it may have been deleted).`, 'not_found');
      return toOwn(r);
    } catch (e) {
      if (isUniqueViolation(e))
        throw new FormatRefused(400, `There is a format named “${input.name}” already: choose another name.`, 'taken', 'name');
      throw e;
    }
  }

  /** The format deleted, or undefined if there was none. */
  async remove(id: number): Promise<OwnFormat | undefined> {
    const had = await this.get(id);
    if (had) await this.db.deleteFrom('shipment_formats').where('id', '=', id).execute();
    return had;
  }

  /** A format by its key in a download: a built-in id, or an own format's number. */
  async sheetFormat(key: string | number): Promise<SheetFormat | undefined> {
    if (typeof key === 'string') {
      const b = BUILT_IN_FORMATS.find((f) => f.id === key);
      return (
        b && { key: b.id, name: b.names['zh-CN'], columns: b.columns, perOrder: b.perOrder, joiner: b.joiner, carrierMap: b.carrierMap }
      );
    }
    const o = await this.get(key);
    return o && { key: String(o.id), name: o.name, columns: o.columns, perOrder: o.perOrder, joiner: o.joiner, carrierMap: o.carrierMap };
  }
}

/** How long the supplier's courier list is kept before it is asked again (it changes rarely). */
export const COURIERS_FRESH_MS = 60 * 60 * 1000;
/** How soon it is asked again after a failed or empty answer. */
const COURIERS_RETRY_MS = 60 * 1000;

/**
 * The supplier's couriers (`logistic.firms`) for the carrier-map editor and the sheet's courier codes:
 * as the gateway last learned them (every forwarded `logistic.firms` feeds them, mirror/index.ts),
 * asked again through the gateway's upstream caller (its retry and circuit breaker) when never asked
 * by this process or older than COURIERS_FRESH_MS. A failed ask serves what is kept.
 */
export function courierList(db: Kdb, call: OpCaller | null, now: () => number = Date.now) {
  let askedAt = -Infinity;
  let okAt = -Infinity;
  let pending: Promise<void> | null = null;
  const read = async (): Promise<SupplierCourier[]> =>
    (await db.selectFrom('shipment_couriers').select(['code', 'name']).orderBy('code').orderBy('name').execute()).map((r) => ({
      code: r.code,
      name: r.name,
    }));
  const refresh = () =>
    (pending ??= (async () => {
      askedAt = now();
      try {
        const firms = await call!('logistic.firms', {});
        if ((await learnCouriers(db, firms)) > 0) okAt = now();
      } catch {
        // Served from what is kept; asked again after COURIERS_RETRY_MS.
      } finally {
        pending = null;
      }
    })());
  return {
    /**
     * The list. Stale (or `force`d: a package without a code was met), the supplier is asked again:
     * awaited when nothing is kept yet or when forced, else in the background (the kept list answers at once).
     */
    async get(force = false): Promise<SupplierCourier[]> {
      const t = now();
      const kept = await read();
      if (call && (t - okAt > COURIERS_FRESH_MS || force) && t - askedAt > COURIERS_RETRY_MS) {
        const asking = refresh();
        if (kept.length > 0 && !force) return kept;
        await asking;
        return read();
      }
      if (pending && (kept.length === 0 || force)) {
        await pending;
        return read();
      }
      return kept;
    },
  };
}
