import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoodsDetail } from '../../../contract';
import { testGatewayDb } from '../../../test/gateway-db';
import type { GatewayDb } from '../db';
import { GoodsStore, RISK } from './store';

const DAY = 86_400_000;
let db: GatewayDb;
let store: GoodsStore;

beforeAll(async () => {
  db = await testGatewayDb();
  store = new GoodsStore(db);
});
afterAll(async () => {
  await db.close();
});

/** A goods detail as goods.bulkDetail answers it: SKUs `id * 10 + k` at agreement prices `prices[k]`. */
function detail(id: number, prices: number[], o: { title?: string; spec?: string; onSale?: boolean; stock?: number } = {}): GoodsDetail {
  const options = prices.map((agreement, k) => ({
    id: id * 10 + k,
    goods_id: id,
    spec_value_ids: String(k),
    spec_value_names: `${o.spec ?? '规格'} ${k}`,
    market_price: 2000,
    guide_price: 1300,
    agreement_price: agreement,
    activity_price: 1200,
    sale_price: 1300,
    stock: o.stock ?? 100,
  }));
  return {
    id,
    source: 1,
    category_id: '1',
    title: o.title ?? `商品 ${id}`,
    market_price: 2000,
    guide_price: 1300,
    agreement_price: prices[0]!,
    activity_price: 1200,
    sale_price: 1300,
    activity_rate: 0,
    promotion_rate: 30,
    cover: 'https://example.test/c.jpg',
    covers: [],
    stock: 100,
    status: o.onSale === false ? 0 : 1,
    created_time: 0,
    is_free_shipping: 1,
    description: '',
    attributes: [],
    specs: { names: [], values: [], options },
  } as GoodsDetail;
}

const skuRows = (goodsId: number) =>
  db.kysely.selectFrom('goods_skus').selectAll().where('goods_id', '=', goodsId).orderBy('sku').execute();
const historyRows = (goodsId: number) =>
  db.kysely.selectFrom('goods_history').selectAll().where('goods_id', '=', goodsId).orderBy('id').execute();
const item = (goodsId: number) => db.kysely.selectFrom('goods_items').selectAll().where('goods_id', '=', goodsId).executeTakeFirstOrThrow();

describe('the goods store (observe and history, as each database writes and reads them)', () => {
  it('writes each goods, its SKUs and a history row per change together; an older read replaces nothing; texts survive as given', async () => {
    const t = 1_800_000_000_000;
    // Texts that an array parameter must carry as they are: quotes, backslashes, braces, commas, the word NULL.
    const title = 'NULL "引号" \\ {a,b} ,';
    const first = await store.observe([detail(501, [1000, 1010], { title, spec: '{x,"y"}\\' }), detail(502, [900])], t, true);
    expect(first.changed).toBe(3);
    expect((await item(501)).title).toBe(title);
    expect((await skuRows(501)).map((r) => r.spec)).toEqual(['{x,"y"}\\ 0', '{x,"y"}\\ 1']);
    expect(JSON.parse((await item(501)).row!)).toMatchObject({ id: 501, title });
    expect(Number((await item(501)).in_library)).toBe(1);
    expect((await historyRows(501)).map((r) => [Number(r.sku), Number(r.agreement_price), Number(r.at)])).toEqual([
      [5010, 1000, t],
      [5011, 1010, t],
    ]);

    // The same prices read again: no change, no history row. One SKU moved: one row, its previous price kept.
    expect((await store.observe([detail(501, [1000, 1010], { title })], t + 1)).changed).toBe(0);
    const moved = await store.observe([detail(501, [1000, 1100], { title })], t + 2);
    expect(moved.changed).toBe(1);
    const skus = await skuRows(501);
    expect(
      skus.map((r) => [
        Number(r.agreement_price),
        r.prev_agreement_price === null ? null : Number(r.prev_agreement_price),
        Number(r.changed_at),
      ]),
    ).toEqual([
      [1000, null, t],
      [1100, 1010, t + 2],
    ]);
    expect(Number((await item(501)).changed_at)).toBe(t + 2);
    // Read without saying whether it is a library goods: the flag is left as it was.
    expect(Number((await item(501)).in_library)).toBe(1);

    // A read older than what is kept replaces nothing and is no change.
    expect((await store.observe([detail(501, [500, 500], { title: 'old' })], t + 1)).changed).toBe(0);
    expect((await skuRows(501)).map((r) => Number(r.agreement_price))).toEqual([1000, 1100]);
    expect((await item(501)).title).toBe(title);

    // Off sale and out of stock, below a library minimum: the risk bits of the SKUs and of the goods.
    await store.setRule(0, 40, 'test', t);
    const risky = await store.observe([detail(502, [1000], { onSale: false, stock: 0 })], t + 3, false);
    expect(risky.newlyAtRisk).toEqual([502]);
    const [s502] = await skuRows(502);
    expect(Number(s502!.risk)).toBe(RISK['off-sale'] | RISK['out-of-stock'] | RISK['below-margin']);
    expect(Number((await item(502)).risk)).toBe(Number(s502!.risk));
    expect(Number((await item(502)).in_library)).toBe(0);
    await store.setRule(0, null, 'test', t);
  });

  it("answers a goods' history since a moment, oldest first, each SKU led by its last point before it", async () => {
    const now = 1_800_000_000_000;
    const since = now - 30 * DAY;
    const g = 601;
    await store.observe([detail(g, [1000, 1000, 1000])], now - 100 * DAY, true);
    // SKU 6010: two points before the period (the later one leads), then two inside written out of time order.
    await db.kysely
      .insertInto('goods_history')
      .values([
        {
          sku: 6010,
          goods_id: g,
          at: now - 40 * DAY,
          agreement_price: 1040,
          guide_price: 1300,
          activity_price: 1200,
          stock: 5,
          on_sale: 1,
        },
        { sku: 6010, goods_id: g, at: now - 2 * DAY, agreement_price: 1100, guide_price: 1300, activity_price: 1200, stock: 0, on_sale: 0 },
        {
          sku: 6010,
          goods_id: g,
          at: now - 10 * DAY,
          agreement_price: 1050,
          guide_price: 1400,
          activity_price: 1250,
          stock: 7,
          on_sale: 1,
        },
        // SKU 6011 only inside; a SKU the mirror does not know is left out.
        { sku: 6011, goods_id: g, at: now - 5 * DAY, agreement_price: 1300, guide_price: 1300, activity_price: 1200, stock: 1, on_sale: 1 },
        { sku: 9999, goods_id: g, at: now - 5 * DAY, agreement_price: 1, guide_price: 1, activity_price: 1, stock: 1, on_sale: 1 },
      ])
      .execute();
    const h = await store.history(g, since);
    expect(h.map((s) => s.sku)).toEqual([6010, 6011, 6012]);
    expect(h[0]).toEqual({
      sku: 6010,
      spec: '规格 0',
      changes: [
        { at: now - 40 * DAY, agreementPrice: 1040, guidePrice: 1300, activityPrice: 1200, stock: 5, onSale: true, rate: 25 },
        { at: now - 10 * DAY, agreementPrice: 1050, guidePrice: 1400, activityPrice: 1250, stock: 7, onSale: true, rate: 33.3 },
        { at: now - 2 * DAY, agreementPrice: 1100, guidePrice: 1300, activityPrice: 1200, stock: 0, onSale: false, rate: 18.2 },
      ],
    });
    expect(h[1]!.changes.map((c) => [c.at, c.agreementPrice])).toEqual([
      [now - 100 * DAY, 1000],
      [now - 5 * DAY, 1300],
    ]);
    // SKU 6012 has only its first read, before the period: it leads alone.
    expect(h[2]!.changes.map((c) => c.at)).toEqual([now - 100 * DAY]);
    // Points written at the same moment keep the order they were written in.
    await store.observe([detail(g, [1060, 1000, 1000])], now - DAY);
    await store.observe([detail(g, [1070, 1000, 1000])], now - DAY);
    expect((await store.history(g, since))[0]!.changes.slice(-2).map((c) => c.agreementPrice)).toEqual([1060, 1070]);
    // A goods without history: nothing.
    expect(await store.history(999_999, since)).toEqual([]);
  });
});
