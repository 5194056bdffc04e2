import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bffGet, bffOp, signIn } from '../../../test/bff-client';
import { testGatewayDb } from '../../../test/gateway-db';
import { sellableGoods, startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from '../../../test/harness';
import { address } from '../../../test/samples';
import { createBffApp } from '../app';
import type { GatewayDb } from '../db';
import { createOrderMirror, type OrderMirror } from './index';

/*
 * Issue 48.6: the overview's refunded figure is the money refunded, each refund once, and equals the
 * cash flow's paid back for the same orders and days. Against the sandbox: one of two pieces refunded,
 * a whole line refunded with its freight, and an exchange (no money back).
 */
let sb: SandboxHarness;
let db: GatewayDb;
let mirror: OrderMirror;
let bff: ReturnType<typeof createBffApp>;

beforeAll(async () => {
  sb = await startSandbox({ goods: 300 });
  db = await testGatewayDb();
  const upstream = { baseUrl: sb.sandboxUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 };
  mirror = createOrderMirror({ db, upstream, mode: 'sandbox', settings: { backfillDays: 30 } });
  bff = createBffApp({ db, upstream, mode: 'sandbox', mirror });
});
afterAll(async () => {
  await db.close();
  await sb.close();
});

const get = (path: string, cookie: string) => bffGet(bff, path, cookie);
const dailyRows = () => db.kysely.selectFrom('mirror_daily').selectAll().orderBy('dim').orderBy('day').orderBy('key').execute();
/** What the sandbox paid back into the balance, fen, per day (its lines' times in Beijing) and in all. */
function sandboxPaidBack() {
  const rows = sb.sandbox.db.prepare('SELECT money, update_time FROM cash_flow WHERE direction = 2').all() as {
    money: number;
    update_time: number;
  }[];
  const byDay = new Map<string, number>();
  for (const r of rows) {
    const day = new Date((r.update_time + 8 * 3600) * 1000).toISOString().slice(0, 10);
    byDay.set(day, (byDay.get(day) ?? 0) + r.money);
  }
  return { all: rows.reduce((s, r) => s + r.money, 0), byDay };
}

describe('refunds counted once (issue 48.6)', () => {
  it('a partial refund, a whole refund and an exchange: the refunded figure and its list equal the cash flow paid back', async () => {
    const admin = await signIn(bff, 'admin');
    const manager = await signIn(bff, 'manager');
    const op = async (id: string, input: unknown) => {
      const r = await bffOp(bff, admin, id, input);
      expect(r.code, `${id}: ${r.msg}`).toBe(1);
      return r.data;
    };
    const [a, b, c] = sellableGoods(sb, 3);
    let seq = 0;
    const place = async (sku: number, number: number) => {
      const orderSn = `RF${Date.now()}${++seq}`;
      await op('order.submit', { orderSn, spu: [{ sku, number }], address });
      const order = (await op('order.list', { search: { page: 1, limit: 1, thirdSn: orderSn } })).list[0];
      return { orderSn, sku, order, child: order.children[0], line: order.children[0].goods[0] };
    };
    const partial = await place(a!.sku, 2);
    const whole = await place(b!.sku, 2);
    const exchange = await place(c!.sku, 1);
    const refund = { serviceTypeCode: '40', reasonsTypeCode: '20006', reasonsDescription: '拍错了' };
    // One of two pieces (¥ one piece), and both pieces with the freight.
    await op('afterSale.apply', {
      orderSn: partial.orderSn,
      sku: partial.sku,
      num: 1,
      goodsFee: partial.line.price,
      logisticFee: 0,
      ...refund,
    });
    const wholeMoney = whole.line.price * 2 + whole.child.logisticFee;
    await op('afterSale.apply', {
      orderSn: whole.orderSn,
      sku: whole.sku,
      num: 2,
      goodsFee: whole.line.price * 2,
      logisticFee: whole.child.logisticFee,
      ...refund,
    });
    // The supplier agrees within the hour and refunds at once; the third order ships meanwhile and is received.
    await sb.advance(2 * 3600);
    await op('logistic.confirm', { goods_sn: exchange.line.sn });
    const { id: exchangeId } = await op('afterSale.apply', {
      orderSn: exchange.orderSn,
      sku: exchange.sku,
      num: 1,
      goodsFee: 0,
      logisticFee: 0,
      serviceTypeCode: '20',
      pickTypeCode: '40',
      packageTypeCode: '10',
      returnTypeCode: '10',
      reasonsTypeCode: '10004',
      reasonsDescription: '尺码不合适，换大一号',
    });
    await sb.advance(2 * 3600);
    await op('afterSale.mail', { id: exchangeId, sn: 'SF1234567890', company: 'SF' });
    await sb.advance(25 * 3600);
    expect(await op('afterSale.detail', { id: exchangeId })).toMatchObject({ status: 3 });

    expect((await mirror.reconcile()).error).toBeUndefined();
    const paid = sandboxPaidBack();
    // What the sandbox paid back is exactly the two refunds (the exchange moved no money).
    expect(paid.all).toBe(partial.line.price + wholeMoney);

    const week = (await get('/overview?period=7d', manager)).body.current;
    expect(week.cash.in).toBe(paid.all);
    expect(week.totals.refunded).toBe(paid.all);
    // Day by day as well: a refund counts on the day its money came back, as the cash flow does.
    for (const [day, money] of paid.byDay) {
      const one = (await get(`/overview?period=custom&from=${day}&to=${day}`, manager)).body.current;
      expect(one.totals.refunded, day).toBe(money);
      expect(one.cash.in, day).toBe(money);
    }
    // The after-sale figures: three requests, two refunded in money.
    expect(week.afterSales).toMatchObject({ orders: 3, refunded: paid.all });

    // The list the figure opens: the two orders with money back, each with what it had refunded.
    const list = (await get(`/overview/orders?of=refunded&from=${week.from}&to=${week.to}`, manager)).body;
    expect(list.list.map((o: { sn: string }) => o.sn).sort()).toEqual([partial.order.sn, whole.order.sn].sort());
    expect(list.refundedMoney).toBe(paid.all);
    const bySn = (sn: string) => list.refunds.filter((r: { sn: string }) => r.sn === sn);
    expect(bySn(partial.order.sn)).toEqual([
      expect.objectContaining({ lineSn: partial.line.sn, money: partial.line.price, pieces: 1, cashId: expect.any(Number) }),
    ]);
    expect(bySn(whole.order.sn)).toEqual([expect.objectContaining({ lineSn: whole.line.sn, money: wholeMoney, pieces: 2 })]);

    // One order's refunds, for its lines' words: 1 of 2 pieces; the exchange none.
    const one = await get(`/order-refunds?sn=${partial.order.sn}`, admin);
    expect(one.status).toBe(200);
    expect(one.body.refunds).toEqual([expect.objectContaining({ lineSn: partial.line.sn, pieces: 1, money: partial.line.price })]);
    expect((await get(`/order-refunds?sn=${exchange.order.sn}`, admin)).body.refunds).toEqual([]);
    expect((await get('/order-refunds', admin)).status).toBe(400);
    // A page's orders at once (the channel lists' 已退款 column): each order's refunds, up to 100 numbers.
    const page = await get(`/order-refunds?sn=${[partial, whole, exchange].map((o) => o.order.sn).join(',')}`, admin);
    expect(page.body.refunds.map((r: { sn: string; pieces: number }) => [r.sn, r.pieces]).sort()).toEqual(
      [
        [partial.order.sn, 1],
        [whole.order.sn, 2],
      ].sort(),
    );
    const tooMany = await get(`/order-refunds?sn=${Array.from({ length: 101 }, (_, i) => `S${i}`).join(',')}`, admin);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.gateway).toMatchObject({ reason: 'invalid_input', field: 'sn' });
    expect((await get(`/order-refunds?sn=${partial.order.sn}`, await signIn(bff, 'merchant'))).status).toBe(200);
    // Support may not read orders (contract/permissions.ts): refused.
    const support = await signIn(bff, 'support');
    expect((await bffOp(bff, support, 'order.list', { search: { page: 1, limit: 1 } })).code === 1).toBe(
      (await get(`/order-refunds?sn=${partial.order.sn}`, support)).status === 200,
    );

    // Read again: nothing moves. Made again from what the mirror holds (the upgrade's way): the same figures.
    const rows = await dailyRows();
    expect(await mirror.reconcile()).toMatchObject({ changed: 0, afterSalesChanged: 0, cashLinesNew: 0 });
    expect(await dailyRows()).toEqual(rows);
    await db.kysely.deleteFrom('mirror_refunds').execute();
    await db.kysely.deleteFrom('mirror_order_keys').where('dim', '=', 'refunded').execute();
    await db.kysely
      .updateTable('mirror_daily')
      .set({ refunded: 0 })
      .where('dim', 'in', ['all', 'province', 'channel', 'goods', 'goodsWeek'])
      .execute();
    await db.kysely.deleteFrom('mirror_state').where('name', '=', 'refunds').execute();
    expect((await get('/overview?period=7d', manager)).body.current.totals.refunded).toBe(0);
    expect((await mirror.reconcile()).error).toBeUndefined();
    expect(await dailyRows()).toEqual(rows);
    expect((await get('/overview?period=7d', manager)).body.current.totals.refunded).toBe(paid.all);
  });
});
