import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATCH_GOODS_RULES_MAX } from '../../../contract';
import { bffAs } from '../../../test/bff-client';
import { TEST_DIALECT } from '../../../test/gateway-db';

/**
 * Issue 49.12: goods' own minimums are bounded (library goods only, at most WATCH_GOODS_RULES_MAX),
 * refused with a sentence past it; the library-wide minimum is written whatever the number of own
 * minimums (a list of ~33,000 ids overflowed SQLite's variables: 500); a PUT answers only what it changed.
 */
let g: Awaited<ReturnType<typeof bffAs>>;
const LIBRARY = WATCH_GOODS_RULES_MAX + 2;
/** Goods ids 1..LIBRARY are in the library; 900000 is known but not in it. */
const OUTSIDE = 900_000;

beforeAll(async () => {
  g = await bffAs(
    { upstream: { baseUrl: 'http://127.0.0.1:9', appKey: 'k', appSecret: 'the-app-secret-xyz', timeoutMs: 500 }, mode: 'upstream' },
    'merchant',
  );
  const k = g.db.kysely;
  const items = Array.from({ length: LIBRARY }, (_, i) => ({
    goods_id: i + 1,
    title: `goods ${i + 1}`,
    cover: '',
    status: 1,
    stock: 10,
    in_library: 1,
    read_at: 1,
  }));
  items.push({ ...items[0]!, goods_id: OUTSIDE, in_library: 0 });
  for (let i = 0; i < items.length; i += 500)
    await k
      .insertInto('goods_items')
      .values(items.slice(i, i + 500))
      .execute();
  // Each with one SKU, its profit rate at the guide price 10 %.
  for (let i = 0; i < items.length; i += 500)
    await k
      .insertInto('goods_skus')
      .values(
        items.slice(i, i + 500).map((it) => ({
          sku: it.goods_id * 10,
          goods_id: it.goods_id,
          spec: '',
          agreement_price: 1000,
          guide_price: 1100,
          activity_price: 1000,
          stock: 10,
          on_sale: 1,
          read_at: 1,
        })),
      )
      .execute();
});
afterAll(() => g?.close());

const put = async (body: unknown) => {
  const res = await g.request('/watch/rules', { method: 'PUT', body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, bytes: text.length, body: JSON.parse(text) as any };
};
const count = async () =>
  Number(
    (
      await g.db.kysely
        .selectFrom('goods_rules')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('goods_id', '<>', 0)
        .executeTakeFirstOrThrow()
    ).n,
  );
const fill = async (from: number, to: number) => {
  const rows = [];
  for (let id = from; id <= to; id++) rows.push({ goods_id: id, min_rate: 5, updated_at: 1, updated_by: 'seed' });
  for (let i = 0; i < rows.length; i += 1000)
    await g.db.kysely
      .insertInto('goods_rules')
      .values(rows.slice(i, i + 1000))
      .execute();
};

describe(`goods' own minimums are bounded (${TEST_DIALECT})`, () => {
  it('only library goods may have one: another is refused with a sentence, and nothing is written', async () => {
    const r = await put({ goodsId: OUTSIDE, minRate: 20 });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 0, gateway: { reason: 'invalid_input', field: 'goodsId', rule: 'not_in_library' } });
    expect(r.body.msg).toMatch(/not in the selection library/);
    expect(await count()).toBe(0);
    // Removing one is always allowed (nothing to remove here: still 200).
    expect((await put({ goodsId: OUTSIDE, minRate: null })).status).toBe(200);
  });

  it(`at ${WATCH_GOODS_RULES_MAX} the last is taken, one more refused (changing or removing one still works); the answer is only what changed`, async () => {
    await fill(1, WATCH_GOODS_RULES_MAX - 1);
    const last = await put({ goodsId: WATCH_GOODS_RULES_MAX, minRate: 20 });
    expect(last.status).toBe(200);
    expect(last.body).toEqual({
      goodsId: WATCH_GOODS_RULES_MAX,
      rule: { minRate: 20, updatedAt: expect.any(Number), updatedBy: expect.any(String) },
      goodsRules: WATCH_GOODS_RULES_MAX,
    });
    expect(last.bytes).toBeLessThan(300);
    // Its risk follows: 10 % is below 20 %.
    const sku = await g.db.kysely
      .selectFrom('goods_skus')
      .select('risk')
      .where('goods_id', '=', WATCH_GOODS_RULES_MAX)
      .executeTakeFirstOrThrow();
    expect(Number(sku.risk)).toBe(1);

    const past = await put({ goodsId: WATCH_GOODS_RULES_MAX + 1, minRate: 20 });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({
      code: 0,
      gateway: { reason: 'invalid_input', field: 'goodsId', rule: 'too_many', limit: WATCH_GOODS_RULES_MAX },
    });
    expect(past.body.msg).toContain(`At most ${WATCH_GOODS_RULES_MAX} goods`);
    expect(await count()).toBe(WATCH_GOODS_RULES_MAX);
    const untouched = await g.db.kysely
      .selectFrom('goods_rules')
      .select('goods_id')
      .where('goods_id', '=', WATCH_GOODS_RULES_MAX + 1)
      .execute();
    expect(untouched).toEqual([]);

    // A goods that has one already may change it at the limit; removing one frees a place.
    expect((await put({ goodsId: 1, minRate: 7.5 })).status).toBe(200);
    const removed = await put({ goodsId: 1, minRate: null });
    expect(removed.body).toEqual({ goodsId: 1, rule: null, goodsRules: WATCH_GOODS_RULES_MAX - 1 });
    expect((await put({ goodsId: WATCH_GOODS_RULES_MAX + 1, minRate: 20 })).status).toBe(200);
  });

  it('the library-wide minimum is written with ~33,000 goods minimums kept from before the bound (no variable overflow), its answer is small', async () => {
    // Rules of goods outside the library, as an install before the bound could hold them.
    await fill(100_001, 133_000);
    const r = await put({ minRate: 15 });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    expect(r.body).toMatchObject({ goodsId: null, rule: { minRate: 15 } });
    expect(r.bytes).toBeLessThan(300);
    // Goods without their own take the library's (10 % < 15 %: at risk); those with their own keep theirs (5 %: not).
    const risk = async (goodsId: number) =>
      Number((await g.db.kysely.selectFrom('goods_skus').select('risk').where('goods_id', '=', goodsId).executeTakeFirstOrThrow()).risk);
    expect(await risk(LIBRARY)).toBe(1);
    expect(await risk(2)).toBe(0);
  });
});
