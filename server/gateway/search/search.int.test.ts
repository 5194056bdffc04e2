import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bffGet, bffOp, signIn } from '../../../test/bff-client';
import { testGatewayDb } from '../../../test/gateway-db';
import { sellableGoods, startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from '../../../test/harness';
import { address } from '../../../test/samples';
import { createBffApp } from '../app';
import type { GatewayDb } from '../db';
import { MessageStore } from '../messages/store';
import { createOrderMirror } from '../mirror';

let sb: SandboxHarness;
let db: GatewayDb;
let bff: ReturnType<typeof createBffApp>;

beforeAll(async () => {
  sb = await startSandbox({ goods: 300 });
  db = await testGatewayDb();
  const upstream = { baseUrl: sb.sandboxUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 };
  const mirror = createOrderMirror({ db, upstream, mode: 'sandbox', settings: { backfillDays: 0 } });
  bff = createBffApp({ db, upstream, mode: 'sandbox', mirror });
});
afterAll(async () => {
  await db.close();
  await sb.close();
});

const search = (cookie: string, query: string) => bffGet(bff, `/search?${query}`, cookie);
const op = (cookie: string, id: string, input: unknown) => bffOp(bff, cookie, id, input);
const goods = (count: number) => sellableGoods(sb, count);

describe('/bff/search', () => {
  it('finds an order by its whole number first, and by the start of the merchant’s or the platform’s number', async () => {
    const merchant = await signIn(bff, 'merchant');
    const [a, b] = goods(2);
    const stem = `FIND${Date.now()}`;
    // Two orders whose numbers start alike, and one that only contains the stem.
    for (const [orderSn, g] of [
      [`${stem}1`, a!],
      [`${stem}12`, b!],
      [`X${stem}`, a!],
    ] as const) {
      const placed = await op(merchant, 'order.submit', { orderSn, spu: [{ sku: g.sku, number: 1 }], address, strictMode: true });
      expect(placed.code, placed.msg).toBe(1);
    }
    const mirrored = () => db.kysely.selectFrom('mirror_orders').select('sn').where('third_sn', 'like', `%${stem}%`).execute();
    await expect.poll(async () => (await mirrored()).length).toBe(3);

    const whole = await search(merchant, `q=${stem}1`);
    expect(whole.status).toBe(200);
    expect(whole.body.orders.list.map((o: { thirdSn: string }) => o.thirdSn)).toEqual([`${stem}1`, `${stem}12`]);
    const part = await search(merchant, `q=${stem.slice(0, -3)}`);
    expect(part.body.orders.list.map((o: { thirdSn: string }) => o.thirdSn).sort()).toEqual([`${stem}1`, `${stem}12`]);
    // The platform's number, by its start.
    const sn = (await db.kysely.selectFrom('mirror_orders').select('sn').where('third_sn', '=', `${stem}12`).executeTakeFirstOrThrow()).sn;
    const bySn = await search(merchant, `q=${sn.slice(0, sn.length - 2)}`);
    expect(bySn.body.orders.list.map((o: { sn: string }) => o.sn)).toContain(sn);
    expect((await search(merchant, `q=${sn}`)).body.orders.list[0].sn).toBe(sn);
    // A limit of one: the exact one, and more to find.
    const one = await search(merchant, `q=${stem}1&limit=1`);
    expect(one.body.orders).toMatchObject({ more: true, list: [expect.objectContaining({ thirdSn: `${stem}1` })] });
    // A single character is found only as a whole number.
    expect((await search(merchant, 'q=F')).body.orders).toEqual({ list: [], more: false });
    // A merchant sees no after-sales; products, yes.
    expect(whole.body.afterSales).toBeNull();
    expect(whole.body.goods).toMatchObject({ list: expect.any(Array) });
  });

  it('finds an after-sale by its id and by its order’s number; a product by its id and by words of its title', async () => {
    const support = await signIn(bff, 'support');
    const admin = await signIn(bff, 'admin');
    const [, , c] = goods(3);
    const orderSn = `ASF${Date.now()}`;
    expect((await op(admin, 'order.submit', { orderSn, spu: [{ sku: c!.sku, number: 1 }], address, strictMode: true })).code).toBe(1);
    const applied = await op(support, 'afterSale.apply', {
      orderSn,
      sku: c!.sku,
      num: 1,
      goodsFee: c!.price,
      logisticFee: 0,
      serviceTypeCode: '40',
      reasonsTypeCode: '20006',
      reasonsDescription: '拍错了',
    });
    expect(applied.code, applied.msg).toBe(1);
    const id = applied.data.id as number;
    await expect
      .poll(async () => (await db.kysely.selectFrom('mirror_after_sales').select('id').where('id', '=', id).execute()).length)
      .toBe(1);
    const byId = await search(support, `q=${id}`);
    expect(byId.body.afterSales.list[0]).toMatchObject({ id, orderSn });
    // As every screen writes it: "#12" (and the full-width ＃ of a Chinese keyboard) finds the same record.
    for (const q of [`#${id}`, `＃${id}`]) {
      const hashed = await search(support, `q=${encodeURIComponent(q)}`);
      expect(
        hashed.body.afterSales.list.map((r: { id: number }) => r.id),
        q,
      ).toEqual([id]);
    }
    const byOrder = await search(support, `q=${orderSn.slice(0, -2)}`);
    expect(byOrder.body.afterSales.list.map((r: { id: number }) => r.id)).toContain(id);
    expect(byOrder.body.orders.list.map((o: { thirdSn: string }) => o.thirdSn)).toContain(orderSn);

    const product = await search(support, `q=${c!.id}`);
    expect(product.body.goods.list[0]).toMatchObject({ id: c!.id, title: c!.title });
    const word = c!.title.split(/\s+/).find((w) => w.length >= 2) ?? c!.title.slice(0, 4);
    const byWords = await search(support, `q=${encodeURIComponent(word)}`);
    expect(byWords.body.goods.list.length).toBeGreaterThan(0);
    for (const g of byWords.body.goods.list) expect(g.title).toContain(word);
    // Words are no number: no orders or after-sales asked for.
    expect(byWords.body.orders).toEqual({ list: [], more: false });
  });

  it('finds messages by their order’s number, of the groups the person may see only', async () => {
    const messages = new MessageStore(db);
    const orderSn = `MSG${Date.now()}`;
    await messages.insert({ id: `m-${orderSn}-1`, type: 'order.delivery', group: 'orders', data: { orderSn }, pushedMs: null });
    await messages.insert({
      id: `m-${orderSn}-2`,
      type: 'afterSale.agree',
      group: 'afterSale',
      data: { orderSn, afterSaleId: 1 },
      pushedMs: null,
    });
    const merchant = await search(await signIn(bff, 'merchant'), `q=${orderSn}`);
    expect(merchant.body.messages.list.map((m: { type: string }) => m.type)).toEqual(['order.delivery']);
    const support = await search(await signIn(bff, 'support'), `q=${orderSn.slice(0, -1)}`);
    expect(support.body.messages.list.map((m: { type: string }) => m.type)).toEqual(['afterSale.agree', 'order.delivery']);
  });

  it('refuses without a session, and bad queries in words, changing nothing', async () => {
    expect((await bff.app.request('/search?q=1')).status).toBe(401);
    const merchant = await signIn(bff, 'merchant');
    for (const bad of ['', 'q=', 'q=%20%20', `q=${'x'.repeat(200)}`, 'q=1&limit=0', 'q=1&limit=500', 'q=1&x=2']) {
      const r = await search(merchant, bad);
      expect(r.status, bad).toBe(400);
      expect(r.body.gateway.reason, bad).toBe('invalid_input');
      expect(r.body.gateway.field, bad).toMatch(/^(q|limit|x)$/);
    }
  });
});
