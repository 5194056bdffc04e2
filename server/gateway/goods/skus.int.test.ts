import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skuLookupAnswer, SKU_LOOKUP_MAX } from '../../../contract';
import { bffGet, bffOp, signIn } from '../../../test/bff-client';
import { testGatewayDb } from '../../../test/gateway-db';
import { startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from '../../../test/harness';
import { address } from '../../../test/samples';
import { createBffApp } from '../app';
import type { GatewayDb } from '../db';
import { createOrderMirror } from '../mirror';

let sb: SandboxHarness;
let db: GatewayDb;
let bff: ReturnType<typeof createBffApp>;

beforeAll(async () => {
  sb = await startSandbox({ goods: 200 });
  db = await testGatewayDb();
  const upstream = { baseUrl: sb.sandboxUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 };
  const mirror = createOrderMirror({ db, upstream, mode: 'sandbox', settings: { backfillDays: 0 } });
  bff = createBffApp({ db, upstream, mode: 'sandbox', mirror });
});
afterAll(async () => {
  await db.close();
  await sb.close();
});

type Sku = { sku: number; goodsId: number; spec: string; price: number };
/** SKUs of goods on sale, in the sandbox's library (`inLibrary`) or not, never seen by the gateway. */
const skusOf = (inLibrary: boolean, count: number, skip = 0): Sku[] =>
  sb.sandbox.db
    .prepare(
      `SELECT s.id AS sku, s.goods_id AS goodsId, s.spec_value_names AS spec, s.agreement_price AS price FROM sku_options s JOIN goods g ON g.id = s.goods_id
        WHERE g.status = 1 AND s.stock >= 50 AND g.id ${inLibrary ? '' : 'NOT'} IN (SELECT goods_id FROM library)
          AND g.id NOT IN (SELECT goods_id FROM goods_bans)
        GROUP BY s.goods_id ORDER BY s.goods_id DESC LIMIT ? OFFSET ?`,
    )
    .all(count, skip) as Sku[];

const skus = async (cookie: string, ids: (number | string)[]) => bffGet(bff, `/skus?ids=${ids.join(',')}`, cookie);
const indexed = async (sku: number) => db.kysely.selectFrom('goods_skus').selectAll().where('sku', '=', sku).executeTakeFirst();

describe('/bff/skus (the SKU index)', () => {
  it('knows a SKU once the gateway forwarded its goods’ detail, with its goods, spec and agreement price', async () => {
    const merchant = await signIn(bff, 'merchant');
    const [a] = skusOf(false, 1, 10);
    expect((await skus(merchant, [a!.sku])).body).toEqual({ list: [], unknown: [a!.sku] });
    const detail = await bffOp(bff, merchant, 'goods.detail', { id: a!.goodsId });
    expect(detail.code).toBe(1);
    await bff.goods.settled();
    const res = await skus(merchant, [a!.sku, 987654321]);
    expect(res.status).toBe(200);
    const answer = skuLookupAnswer.parse(res.body);
    expect(answer.unknown).toEqual([987654321]);
    expect(answer.list).toEqual([
      { sku: a!.sku, goodsId: a!.goodsId, spec: a!.spec, agreementPrice: a!.price, readAt: expect.any(Number) },
    ]);
    // Every SKU of that goods, not only the one asked for.
    const all = detail.data.specs.options.map((o: { id: number }) => o.id);
    expect((await skus(merchant, all)).body.list).toHaveLength(all.length);
    // The palette finds the product by the SKU id typed in full.
    const found = await bffGet(bff, `/search?q=${a!.sku}`, merchant);
    expect(found.body.goods.list).toContainEqual(
      expect.objectContaining({ id: a!.goodsId, sku: { id: a!.sku, spec: a!.spec, agreementPrice: a!.price } }),
    );
  });

  it('learns a library goods’ SKUs on first use, answers from the index after, and says which ids are nowhere', async () => {
    const manager = await signIn(bff, 'manager');
    const merchant = await signIn(bff, 'merchant');
    // Two goods the gateway has not seen, put in the library at the supplier (not through the gateway).
    const [lib, lib2] = skusOf(false, 2, 40);
    const added = await sb.upstream('GET', '/v2/GoodsStorage/Add', { query: { goods_ids: `${lib!.goodsId},${lib2!.goodsId}` } });
    expect(added.body.code).toBe(1);
    const [outside] = skusOf(false, 1, 20);
    expect(await indexed(lib!.sku)).toBeUndefined();
    const first = await skus(manager, [lib!.sku, outside!.sku, lib2!.sku]);
    expect(first.status).toBe(200);
    expect(first.body.list.map((x: Sku) => [x.sku, x.goodsId, x.spec])).toEqual([
      [lib!.sku, lib!.goodsId, lib!.spec],
      [lib2!.sku, lib2!.goodsId, lib2!.spec],
    ]);
    expect(first.body.unknown).toEqual([outside!.sku]);
    const kept = await indexed(lib!.sku);
    expect(kept).toMatchObject({ goods_id: lib!.goodsId, agreement_price: lib!.price });
    // Gone from the library at the supplier: the index still answers (it did not have to read the library again).
    expect((await bffOp(bff, merchant, 'selection.remove', { goods_ids: String(lib!.goodsId) })).code).toBe(1);
    const again = await skus(merchant, [lib!.sku]);
    expect(again.body).toEqual({
      list: [expect.objectContaining({ sku: lib!.sku, goodsId: lib!.goodsId, readAt: Number(kept!.read_at) })],
      unknown: [],
    });
  });

  it('learns the SKUs of the order mirror’s lines', async () => {
    const merchant = await signIn(bff, 'merchant');
    const [g] = skusOf(false, 1, 30);
    const orderSn = `SKU${Date.now()}`;
    const placed = await bffOp(bff, merchant, 'order.submit', { orderSn, spu: [{ sku: g!.sku, number: 1 }], address, strictMode: true });
    expect(placed.code, placed.msg).toBe(1);
    await expect
      .poll(async () => (await db.kysely.selectFrom('mirror_orders').select('sn').where('third_sn', '=', orderSn).execute()).length)
      .toBe(1);
    const res = await skus(merchant, [g!.sku]);
    expect(res.body.list).toEqual([expect.objectContaining({ sku: g!.sku, goodsId: g!.goodsId })]);
  });

  it('is for the roles that place orders; bad input gets a sentence', async () => {
    const support = await signIn(bff, 'support');
    const admin = await signIn(bff, 'admin');
    expect((await skus(support, [1])).status).toBe(403);
    expect((await skus(admin, [1])).status).toBe(200);
    const none = await bffGet(bff, '/skus', admin);
    expect(none.status).toBe(400);
    expect(none.body.gateway).toMatchObject({ reason: 'invalid_input', field: 'ids', rule: 'required' });
    const bad = await skus(admin, [1, 'x2']);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/"x2" is not a SKU id/);
    const many = Array.from({ length: SKU_LOOKUP_MAX + 1 }, (_, i) => i + 1);
    const tooMany = await bff.app.request('/skus', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin },
      body: JSON.stringify({ ids: many }),
    });
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { gateway: unknown }).gateway).toMatchObject({ rule: 'too_many', limit: SKU_LOOKUP_MAX });
  });
});
