import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateImportInput, ImportJob, Order, Overview, OverviewOrders } from '../../../contract';
import { bffGet, bffOp, signIn } from '../../../test/bff-client';
import { testGatewayDb } from '../../../test/gateway-db';
import { sellableGoods, startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from '../../../test/harness';
import { address } from '../../../test/samples';
import { createBffApp } from '../app';
import type { GatewayDb } from '../db';
import { createOrderMirror, type OrderMirror } from './index';
import { orderParts, splitFen } from './sales';

/*
 * Issue 53: what the buyer paid (a bulk sheet's 实付金额, or checkout's), kept by the shop's order number
 * beside the mirror, and the overview's sales, profit and margin over the orders that have it. Orders
 * placed through the real gateway (a bulk job and checkout) against the sandbox, read by the mirror as
 * the overview reads them.
 */
let sb: SandboxHarness;
let db: GatewayDb;
let mirror: OrderMirror;
let bff: ReturnType<typeof createBffApp>;

beforeAll(async () => {
  sb = await startSandbox({ goods: 300 });
  db = await testGatewayDb();
  const upstream = { baseUrl: sb.sandboxUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 };
  mirror = createOrderMirror({ db, upstream, mode: 'sandbox', settings: { backfillDays: 0 } });
  bff = createBffApp({ db, upstream, mode: 'sandbox', mirror });
});
afterAll(async () => {
  bff.imports.stop();
  await db.close();
  await sb.close();
});

const post = (cookie: string, path: string, body: unknown) =>
  Promise.resolve(
    bff.app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) }),
  ).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
const upstreamCount = (orderSn: string) =>
  (sb.sandbox.db.prepare('SELECT COUNT(*) AS n FROM orders WHERE third_sn = ?').get(orderSn) as { n: number }).n;
const kept = async () =>
  (await db.kysely.selectFrom('mirror_sales').selectAll().orderBy('order_sn').execute()).map((r) => [r.order_sn, Number(r.sale)]);

describe('sales and profit on the overview (issue 53)', () => {
  it('profit equals the orders’ sales minus their cost; an order without a sale amount is left out; the share known; a reconcile keeps it', async () => {
    const merchant = await signIn(bff, 'merchant');
    const manager = await signIn(bff, 'manager');
    const admin = await signIn(bff, 'admin');
    const goods = sellableGoods(sb, 3);
    const stem = `SALE${Date.now()}`;
    const line = (i: number, g: (typeof goods)[number], sale?: string) => ({
      orderSn: `${stem}-${i}`,
      spu: [{ sku: g.sku, number: 2 }],
      address,
      rows: [{ row: i + 1, cells: { orderSn: `${stem}-${i}`, product: String(g.sku), quantity: '2', ...(sale ? { sale } : {}) } }],
      goods: g.price * 2,
      freight: 0,
    });
    // A sells at ¥500.00 (given as a shop writes it), B at ¥1.00 (a loss), C says nothing.
    const input: CreateImportInput = {
      key: `${stem}k`,
      fileName: 'shop-export.csv',
      orders: [{ ...line(1, goods[0]!, '¥500.00'), sale: 50000 }, { ...line(2, goods[1]!, '1'), sale: 100 }, line(3, goods[2]!)],
      skipped: [],
    };

    // The gateway checks the amount too: negative, not whole fen, or not what the rows say is refused in words, and nothing is kept.
    for (const [bad, words] of [
      [{ ...input, orders: [{ ...input.orders[0]!, sale: -1 }] }, /sale \(what the buyer paid\) must not be negative/],
      [{ ...input, orders: [{ ...input.orders[0]!, sale: 12.5 }] }, /orders\.0\.sale/],
      [
        { ...input, orders: [{ ...input.orders[0]!, sale: 40000 }] },
        /sale must be the amount its rows' buyer-paid cells say \(¥500\.00\), once/,
      ],
    ] as const) {
      const r = await post(merchant, '/imports', { ...bad, key: `${stem}bad` });
      expect(r.status).toBe(400);
      expect(r.body.msg).toMatch(words);
    }
    expect(await kept()).toEqual([]);

    const made = await post(merchant, '/imports', input);
    expect(made.status).toBe(201);
    // Kept by the shop's order number as the job is made, before the supplier or the mirror has the order.
    expect(await kept()).toEqual([
      [`${stem}-1`, 50000],
      [`${stem}-2`, 100],
    ]);
    await expect
      .poll(async () => ((await bffGet(bff, `/imports/${made.body.id}`, merchant)).body as ImportJob).state, { timeout: 15_000 })
      .toBe('done');
    const job = (await bffGet(bff, `/imports/${made.body.id}`, merchant)).body as ImportJob;
    expect(job.orders.map((o) => [o.orderSn, o.state, o.sale])).toEqual([
      [`${stem}-1`, 'placed', 50000],
      [`${stem}-2`, 'placed', 100],
      [`${stem}-3`, 'placed', null],
    ]);

    // Checkout: `sale` beside the supplier's input; a bad one is refused with a sentence and nothing is placed.
    const checkoutSn = `${stem}-4`;
    const order = { orderSn: checkoutSn, spu: [{ sku: goods[0]!.sku, number: 1 }], address };
    for (const sale of [-5, 1.5, '88', 1_000_000_001]) {
      const r = await bffOp(bff, admin, 'order.submit', { ...order, sale });
      expect(r.code).not.toBe(1);
      expect(r.msg).toMatch(/^Invalid input: sale \(what the buyer paid\) must be a whole number of fen from 0 to 1000000000; .+ is not$/);
    }
    const raw = await post(admin, '/op/order.submit', { ...order, sale: -1 });
    expect(raw.status).toBe(400);
    expect(raw.body.gateway).toMatchObject({ reason: 'invalid_input', field: 'sale' });
    expect(upstreamCount(checkoutSn)).toBe(0);
    expect((await bffOp(bff, admin, 'order.submit', { ...order, sale: 123456 })).code).toBe(1);
    // The supplier got the order without it (its order.submit has no such field) and placed it once.
    expect(upstreamCount(checkoutSn)).toBe(1);
    expect(await kept()).toContainEqual([checkoutSn, 123456]);

    expect((await mirror.reconcile()).error).toBeUndefined();
    const read = async (sn: string) =>
      (await bffOp(bff, admin, 'order.list', { search: { page: 1, limit: 1, thirdSn: sn } })).data.list[0] as Order;
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map((i) => read(`${stem}-${i}`)));
    const cost = (o: Order) => o.goodsFee + o.logisticFee;
    const sold = [
      { o: a!, sale: 50000 },
      { o: b!, sale: 100 },
      { o: d!, sale: 123456 },
    ];
    const sales = 50000 + 100 + 123456;
    const soldCost = cost(a!) + cost(b!) + cost(d!);
    expect(cost(c!)).toBeGreaterThan(0);

    const overview = async () => ((await bffGet(bff, '/overview?period=7d', manager)).body as Overview).current;
    const week = await overview();
    expect(week.totals.orders).toBe(4);
    expect(week.totals).toMatchObject({ sold: 3, sales, cost: soldCost, profit: sales - soldCost });
    // By channel and goods the parts add up to the whole, each order's sale split by what its parts cost.
    const sum = (rows: { sales: number; cost: number; profit: number }[]) =>
      rows.reduce((s, r) => ({ sales: s.sales + r.sales, cost: s.cost + r.cost, profit: s.profit + r.profit }), {
        sales: 0,
        cost: 0,
        profit: 0,
      });
    expect(sum(week.byChannel)).toEqual({ sales, cost: soldCost, profit: sales - soldCost });
    expect(sum(week.topGoodsBySales)).toEqual({ sales, cost: soldCost, profit: sales - soldCost });
    const goodsA = week.topGoodsBySales.find((r) => r.key === String(a!.children[0]!.goods[0]!.goodsId))!;
    // Goods of A and D (the same goods): both orders' sales, their goods and freight.
    expect(goodsA).toMatchObject({ sold: 2, sales: 50000 + 123456, cost: cost(a!) + cost(d!) });
    expect(week.topGoodsByGmv.find((r) => r.key === goodsA.key)).toMatchObject({ sales: goodsA.sales, profit: goodsA.profit });

    // The figures open their orders: the three with a sale amount, each with its profit; not C.
    const list = (await bffGet(bff, `/overview/orders?of=sold&from=${week.from}&to=${week.to}`, manager)).body as OverviewOrders;
    expect(list.list.map((o) => o.sn).sort()).toEqual([a!.sn, b!.sn, d!.sn].sort());
    expect(list.salesTotal).toEqual({ sold: 3, sales, cost: soldCost, profit: sales - soldCost });
    for (const s of sold)
      expect(list.sales).toContainEqual({ sn: s.o.sn, thirdSn: s.o.thirdSn, sales: s.sale, cost: cost(s.o), profit: s.sale - cost(s.o) });
    const ofGoods = (await bffGet(bff, `/overview/orders?of=sold&key=goods:${goodsA.key}&from=${week.from}&to=${week.to}`, manager))
      .body as OverviewOrders;
    expect(ofGoods.total).toBe(2);
    expect(ofGoods.salesTotal).toEqual({ sold: 2, sales: goodsA.sales, cost: goodsA.cost, profit: goodsA.profit });
    const badKey = await bffGet(bff, `/overview/orders?of=sold&key=province:x&from=${week.from}&to=${week.to}`, manager);
    expect(badKey.status).toBe(400);
    expect(badKey.body.msg).toMatch(/the sold list takes no key, or channel:<id> or goods:<id>/);
    // A merchant's strip may list only today's counted orders, not these.
    expect((await bffGet(bff, `/overview/orders?of=sold&from=${week.from}&to=${week.to}`, merchant)).status).toBe(403);

    // The orders move on at the supplier (shipped, received) and are read again: the sale amounts stay.
    await sb.advance(3 * 86400);
    expect((await mirror.reconcile()).error).toBeUndefined();
    const later = await overview();
    expect(later.totals).toMatchObject({ sold: 3, sales, cost: soldCost, profit: sales - soldCost });
    expect((await kept()).length).toBe(3);
  });

  it('splits an order’s sale over its parts to the fen', () => {
    expect(splitFen(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitFen(5, [0, 0])).toEqual([3, 2]);
    const o = {
      children: [
        {
          source: 1,
          goodsFee: 3000,
          logisticFee: 600,
          goods: [
            { goodsId: 7, name: 'A', price: 1000, number: 1 },
            { goodsId: 8, name: 'B', price: 1000, number: 2 },
          ],
        },
        { source: 2, goodsFee: 400, logisticFee: 0, goods: [{ goodsId: 9, name: 'C', price: 400, number: 1 }] },
      ],
    } as unknown as Order;
    const parts = orderParts(o, 8001);
    expect([...parts.channels.values()].reduce((s, p) => s + p.sales, 0)).toBe(8001);
    expect([...parts.goods.values()].reduce((s, p) => s + p.sales, 0)).toBe(8001);
    expect(parts.goods.get('8')).toEqual({ label: 'B', sales: 4801, cost: 2400 });
    expect(parts.channels.get('2')).toEqual({ sales: 800, cost: 400 });
  });
});
