import type { GoodsDetail, SkuLookupItem } from '../../../contract';
import type { GatewayDb, Kdb } from '../db';
import './tables';
import '../mirror/tables';

/** A SKU as an order line names it: its goods, spec text and the price paid then (fen), at a time (ms). */
export interface LineSku {
  sku: number;
  goodsId: number;
  spec: string;
  price: number;
  at: number;
}

/** How far the order mirror's rows have been read into the index: a read time (ms) and an order number. */
export interface MirrorMark {
  at: number;
  sn: string;
}

const chunks = <T>(xs: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
};

/** The spec text of a SKU option: its value names, as the detail gives them. */
export const specText = (o: { spec_value_names?: string }) => (o.spec_value_names ?? '').trim();

/**
 * The goods module's rows: SKUs (the index), goods whose whole detail was read, small state. Prices
 * in fen, times in ms. An older read never replaces a newer one.
 */
export class GoodsStore {
  readonly db: Kdb;
  constructor(db: GatewayDb | Kdb) {
    this.db = 'kysely' in db ? db.kysely : db;
  }

  /**
   * Goods details as read at `readAt`: each goods and every SKU of it. `inLibrary`: they were read
   * as the selection library's goods (true), or the flag is left as it is (undefined).
   */
  async writeDetails(goods: readonly GoodsDetail[], readAt: number, inLibrary?: boolean): Promise<void> {
    if (goods.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const part of chunks(goods, 100)) {
        await trx
          .insertInto('goods_items')
          .values(
            part.map((g) => ({
              goods_id: g.id,
              title: g.title,
              cover: g.cover,
              status: g.status,
              stock: g.stock,
              in_library: inLibrary ? 1 : 0,
              read_at: readAt,
            })),
          )
          .onConflict((oc) =>
            oc
              .column('goods_id')
              .doUpdateSet((eb) => ({
                title: eb.ref('excluded.title'),
                cover: eb.ref('excluded.cover'),
                status: eb.ref('excluded.status'),
                stock: eb.ref('excluded.stock'),
                read_at: eb.ref('excluded.read_at'),
                ...(inLibrary !== undefined && { in_library: eb.ref('excluded.in_library') }),
              }))
              .where('goods_items.read_at', '<=', readAt),
          )
          .execute();
      }
      const skus = goods.flatMap((g) =>
        (g.specs?.options ?? []).map((o) => ({
          sku: o.id,
          goods_id: g.id,
          spec: specText(o),
          agreement_price: o.agreement_price,
          guide_price: o.guide_price,
          activity_price: o.activity_price,
          stock: o.stock,
          // A SKU off sale by itself (status 0), or the whole goods off sale.
          on_sale: g.status === 1 && o.status !== 0 ? 1 : 0,
          read_at: readAt,
        })),
      );
      for (const part of chunks(skus, 100)) {
        await trx
          .insertInto('goods_skus')
          .values(part)
          .onConflict((oc) =>
            oc
              .column('sku')
              .doUpdateSet((eb) => ({
                goods_id: eb.ref('excluded.goods_id'),
                spec: eb.ref('excluded.spec'),
                agreement_price: eb.ref('excluded.agreement_price'),
                guide_price: eb.ref('excluded.guide_price'),
                activity_price: eb.ref('excluded.activity_price'),
                stock: eb.ref('excluded.stock'),
                on_sale: eb.ref('excluded.on_sale'),
                read_at: eb.ref('excluded.read_at'),
              }))
              .where('goods_skus.read_at', '<=', readAt),
          )
          .execute();
      }
    });
  }

  /** SKUs named by order lines: kept only where the index has nothing on them (a detail says more). */
  async writeLines(lines: readonly LineSku[]): Promise<number> {
    const latest = new Map<number, LineSku>();
    for (const l of lines) if ((latest.get(l.sku)?.at ?? -1) < l.at) latest.set(l.sku, l);
    let added = 0;
    for (const part of chunks([...latest.values()], 200)) {
      const r = await this.db
        .insertInto('goods_skus')
        .values(part.map((l) => ({ sku: l.sku, goods_id: l.goodsId, spec: l.spec, agreement_price: l.price, read_at: l.at })))
        .onConflict((oc) => oc.column('sku').doNothing())
        .executeTakeFirst();
      added += Number(r.numInsertedOrUpdatedRows ?? 0);
    }
    return added;
  }

  /** The SKUs the index knows among `skus`. */
  async lookup(skus: readonly number[]): Promise<SkuLookupItem[]> {
    const out: SkuLookupItem[] = [];
    for (const part of chunks(skus, 500)) {
      const rows = await this.db
        .selectFrom('goods_skus')
        .select(['sku', 'goods_id', 'spec', 'agreement_price', 'read_at'])
        .where('sku', 'in', part)
        .execute();
      for (const r of rows)
        out.push({ sku: Number(r.sku), goodsId: Number(r.goods_id), spec: r.spec, agreementPrice: Number(r.agreement_price), readAt: Number(r.read_at) });
    }
    return out;
  }

  /** Those of `goodsIds` whose whole detail has been read. */
  async readGoods(goodsIds: readonly number[]): Promise<Set<number>> {
    const out = new Set<number>();
    for (const part of chunks(goodsIds, 500)) {
      const rows = await this.db.selectFrom('goods_items').select('goods_id').where('goods_id', 'in', part).execute();
      for (const r of rows) out.add(Number(r.goods_id));
    }
    return out;
  }

  /** Marks goods as in the selection library (true) or no longer in it. */
  async setInLibrary(goodsIds: readonly number[], inLibrary: boolean): Promise<void> {
    for (const part of chunks(goodsIds, 500))
      await this.db.updateTable('goods_items').set({ in_library: inLibrary ? 1 : 0 }).where('goods_id', 'in', part).execute();
  }

  async state(name: string): Promise<string | undefined> {
    const r = await this.db.selectFrom('goods_state').select('value').where('name', '=', name).executeTakeFirst();
    return r?.value;
  }

  async setState(name: string, value: string): Promise<void> {
    await this.db
      .insertInto('goods_state')
      .values({ name, value })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
      .execute();
  }

  /**
   * Order mirror rows read after `from` (their read time, then their number), at most `limit`, the
   * oldest read first: their lines' SKUs, and where to go on from.
   */
  async mirrorLines(from: MirrorMark, limit: number): Promise<{ lines: LineSku[]; next: MirrorMark; rows: number }> {
    const rows = await this.db
      .selectFrom('mirror_orders')
      .select(['sn', 'data', 'read_at', 'created_time'])
      .where((eb) => eb.or([eb('read_at', '>', from.at), eb.and([eb('read_at', '=', from.at), eb('sn', '>', from.sn)])]))
      .orderBy('read_at')
      .orderBy('sn')
      .limit(limit)
      .execute();
    const lines: LineSku[] = [];
    let next = from;
    for (const r of rows) {
      next = { at: Number(r.read_at), sn: r.sn };
      let order: { children?: { goods?: { sku?: unknown; goodsId?: unknown; skuName?: unknown; price?: unknown }[] }[] };
      try {
        order = JSON.parse(r.data) as typeof order;
      } catch {
        continue;
      }
      for (const child of order.children ?? [])
        for (const g of child.goods ?? []) {
          if (typeof g.sku !== 'number' || typeof g.goodsId !== 'number' || !(g.sku > 0) || !(g.goodsId > 0)) continue;
          lines.push({
            sku: g.sku,
            goodsId: g.goodsId,
            spec: typeof g.skuName === 'string' ? g.skuName : '',
            price: typeof g.price === 'number' ? g.price : 0,
            at: Number(r.created_time) * 1000,
          });
        }
    }
    return { lines, next, rows: rows.length };
  }
}
