import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bffGet, bffOp, signIn } from '../../../test/bff-client';
import { testGatewayDb } from '../../../test/gateway-db';
import { sellableGoods, startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from '../../../test/harness';
import { address } from '../../../test/samples';
import { createBffApp } from '../app';
import type { GatewayDb } from '../db';
import { createOrderMirror, type OrderMirror } from './index';

let sb: SandboxHarness;
let db: GatewayDb;
let mirror: OrderMirror;
let bff: ReturnType<typeof createBffApp>;
let seq = 0;

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

const skus = (count: number) => sellableGoods(sb, count);

/** An order placed straight at the sandbox, as another tool of the reseller would: the gateway does not see it. */
async function placeOutside(lines: { sku: number; number: number }[]) {
  const orderSn = `OUT${Date.now()}${++seq}`;
  const res = await sb.upstream('POST', '/v2/order', { body: JSON.stringify({ orderSn, spu: lines, address, strictMode: true }) });
  return { orderSn, code: res.body.code as number, msg: res.body.msg as string };
}

const get = (path: string, cookie: string) => bffGet(bff, path, cookie);
const op = (cookie: string, id: string, input: unknown) => bffOp(bff, cookie, id, input);

/** An order placed straight at the sandbox while the balance is 1 yuan: it waits as a failed order (余额不足). */
async function placeFailing(sku: number) {
  const balance = sb.sandbox.db.prepare(`SELECT value FROM meta WHERE key = 'balance'`).get() as { value: string };
  sb.sandbox.db.prepare(`UPDATE meta SET value = '100' WHERE key = 'balance'`).run();
  try {
    return await placeOutside([{ sku, number: 1 }]);
  } finally {
    sb.sandbox.db.prepare(`UPDATE meta SET value = ? WHERE key = 'balance'`).run(balance.value);
  }
}

const dailyRows = () => db.kysely.selectFrom('mirror_daily').selectAll().orderBy('dim').orderBy('day').orderBy('key').execute();

describe('the order mirror against the sandbox', () => {
  it('a reconcile picks up orders placed outside the app, a second changes nothing, and the overview equals their arithmetic', async () => {
    const [a, b, c] = skus(3);
    const placed = [
      await placeOutside([{ sku: a!.sku, number: 2 }]),
      await placeOutside([
        { sku: b!.sku, number: 1 },
        { sku: c!.sku, number: 3 },
      ]),
    ];
    for (const p of placed) expect(p.code, p.msg).toBe(1);
    // One beyond the balance: it waits as a failed order, then is refunded (closed).
    const failed = await placeFailing(a!.sku);
    expect(failed.code).toBe(0);
    const refund = await sb.upstream('PUT', '/v2/order', { body: JSON.stringify({ orderSn: failed.orderSn }) });
    expect(refund.body.code, JSON.stringify(refund.body)).toBe(1);

    const first = await mirror.reconcile();
    expect(first.error).toBeUndefined();
    expect(first.changed).toBe(3);
    const status = await mirror.status();
    expect(status.orders).toBe(3);
    expect(status.backfill).toMatchObject({ done: true });

    // What the sandbox itself says of those orders.
    const listed = await sb.upstream('GET', '/v2/order', { body: JSON.stringify({ search: { page: 1, limit: 100 } }) });
    const orders = (
      listed.body.data.list as {
        thirdSn: string;
        status: number;
        goodsFee: number;
        logisticFee: number;
        children: { goods: { number: number }[] }[];
      }[]
    ).filter((o) => [...placed, failed].some((p) => p.orderSn === o.thirdSn));
    const live = orders.filter((o) => o.status !== 5);
    expect(orders).toHaveLength(3);
    expect(live).toHaveLength(2);

    const manager = await signIn(bff, 'manager');
    const today = await get('/overview?period=today', manager);
    expect(today.status).toBe(200);
    expect(today.body.current.totals).toEqual({
      orders: 2,
      gmv: live.reduce((s, o) => s + o.goodsFee + o.logisticFee, 0),
      items: live.reduce((s, o) => s + o.children.reduce((t, ch) => t + ch.goods.reduce((u, g) => u + g.number, 0), 0), 0),
      refunded: 0,
      cancelled: 1,
      // No sale amount was given for these (issue 53): none is in sales or profit.
      sold: 0,
      sales: 0,
      cost: 0,
      profit: 0,
    });
    expect(today.body.current.from).toBe(today.body.today);
    expect(today.body.previous.to < today.body.current.from).toBe(true);
    expect(typeof today.body.now.balance).toBe('number');
    expect(today.body.now.failedOrders).toBe(0);

    // Reconciling again reads the same orders and writes nothing.
    const rows = await dailyRows();
    const second = await mirror.reconcile();
    expect(second).toMatchObject({ changed: 0 });
    expect(second.read).toBeGreaterThanOrEqual(3);
    expect(await dailyRows()).toEqual(rows);
    // A page of orders someone reads through the gateway is taken too, and changes nothing either.
    expect(await mirror.took('order.list', { page: 1 }, listed.body.data)).toBe(0);
  });

  it('an order placed through the gateway is mirrored at once, its payment too, without waiting for a reconcile', async () => {
    const merchant = await signIn(bff, 'merchant');
    const manager = await signIn(bff, 'manager');
    const paidOut = () =>
      (sb.sandbox.db.prepare('SELECT coalesce(sum(money), 0) AS m FROM cash_flow WHERE direction = 1').get() as { m: number }).m;
    const before = paidOut();
    const [, , , d] = skus(4);
    const orderSn = `GW${Date.now()}`;
    const res = await bff.app.request('/op/order.submit', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: merchant },
      body: JSON.stringify({ orderSn, spu: [{ sku: d!.sku, number: 1 }], address, strictMode: true }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(1);
    await expect
      .poll(async () => (await db.kysely.selectFrom('mirror_orders').select('third_sn').where('third_sn', '=', orderSn).execute()).length)
      .toBe(1);
    // The overview's money out follows the order on the same screen: its payment line is read at once.
    expect(paidOut()).toBeGreaterThan(before);
    await expect.poll(async () => (await get('/overview?period=30d', manager)).body.current.cash.out).toBe(paidOut());
  });

  it('answers managers and admins only, refuses a bad period in words, and tells admins the backfill', async () => {
    for (const role of ['merchant', 'support'] as const) {
      const r = await get('/overview', await signIn(bff, role));
      expect(r.status, role).toBe(403);
    }
    expect((await bff.app.request('/overview')).status).toBe(401);
    const admin = await signIn(bff, 'admin');
    for (const q of [
      'period=year',
      'period=custom',
      'period=custom&from=2026-11-20&to=2026-11-01',
      'period=custom&from=2026-02-30&to=2026-03-01',
      'period=custom&from=2026-13-01&to=2026-13-02',
      'period=custom&from=2024-01-01&to=2026-01-01',
      'x=1',
      // Days no one kept orders for: the year 0000, and more than a year ahead.
      'period=custom&from=0000-01-01&to=0000-01-02',
      'period=custom&from=1999-12-31&to=2000-01-02',
      'period=custom&from=2099-01-01&to=2099-01-02',
    ]) {
      const r = await get(`/overview?${q}`, admin);
      expect(r.status, q).toBe(400);
      expect(r.body.gateway.reason, q).toBe('invalid_input');
      expect(r.body.msg, q).toMatch(/period|from|to|unknown field/i);
    }
    const custom = await get('/overview?period=custom&from=2026-11-01&to=2026-11-10', admin);
    expect(custom.status).toBe(200);
    expect(custom.body.current.days).toHaveLength(10);
    expect(custom.body.previous).toMatchObject({ from: '2026-10-22', to: '2026-10-31' });
    const far = await get('/overview?period=custom&from=1990-01-01&to=1990-01-02', admin);
    expect(far.body.msg).toMatch(/2000-01-01/);
    expect(far.body.gateway).toMatchObject({ field: 'from', rule: 'day_range' });
    expect((await get('/mirror/status', admin)).body).toMatchObject({ timeZone: 'Asia/Shanghai', backfill: { done: true } });
    expect((await get('/mirror/status', await signIn(bff, 'manager'))).status).toBe(403);
    // The overview tells a manager how fresh its figures are, not the mirror's status (admins only).
    const managers = (await get('/overview?period=7d', await signIn(bff, 'manager'))).body;
    expect(managers.mirror).toBeUndefined();
    expect(managers.reads).toMatchObject({ backfillCursor: null, failing: false });
    expect(typeof managers.reads.orders).toBe('number');
    expect((await get('/overview?period=7d', admin)).body.mirror).toMatchObject({ backfill: { done: true } });
    // This month against the same days of last month; last month against the whole month before.
    const month = (await get('/overview?period=month', admin)).body;
    const day = Number(month.today.slice(8));
    expect(month.comparison).toBe('sameDaysLastMonth');
    expect(month.previous.from.slice(8)).toBe('01');
    expect(Number(month.previous.to.slice(8))).toBe(Math.min(day, Number(month.previous.to.slice(8))));
    expect(month.previous.days.length).toBeLessThanOrEqual(day);
    const last = (await get('/overview?period=lastMonth', admin)).body;
    expect(last.comparison).toBe('monthBefore');
    expect(last.previous.from.slice(8)).toBe('01');
    expect(last.previous.to.slice(0, 7)).toBe(last.previous.from.slice(0, 7));
    const nextDay = new Date(Date.parse(`${last.previous.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(nextDay).toBe(last.current.from);
  });

  it('an after-sale asked for through the gateway is in the mirror at once; the figures, the queue and a reconcile follow its decision', async () => {
    const admin = await signIn(bff, 'admin');
    const support = await signIn(bff, 'support');
    const [, , , , e] = skus(5);
    const orderSn = `AS${Date.now()}`;
    expect((await op(admin, 'order.submit', { orderSn, spu: [{ sku: e!.sku, number: 2 }], address, strictMode: true })).code).toBe(1);
    const apply = {
      orderSn,
      sku: e!.sku,
      num: 1,
      goodsFee: e!.price,
      logisticFee: 0,
      serviceTypeCode: '40',
      reasonsTypeCode: '20006',
      reasonsDescription: '拍错了',
    };
    const applied = await op(support, 'afterSale.apply', apply);
    expect(applied.code, applied.msg).toBe(1);
    const id = applied.data.id as number;
    const mirrored = () =>
      db.kysely.selectFrom('mirror_after_sales').select(['id', 'status', 'reason_code']).where('id', '=', id).execute();
    await expect.poll(async () => (await mirrored()).length).toBe(1);
    expect((await mirrored())[0]).toMatchObject({ status: 1, reason_code: '20006' });

    const manager = await signIn(bff, 'manager');
    const today = (await get('/overview?period=today', manager)).body;
    expect(today.current.afterSales).toMatchObject({ orders: 1, items: 1, gmv: e!.price });
    expect(today.current.afterSalesByReason).toEqual([expect.objectContaining({ key: '20006', orders: 1 })]);
    expect(today.current.afterSalesByResult).toEqual([expect.objectContaining({ key: '1', orders: 1 })]);

    // Support's queue: waiting for a decision; the filtered list the overview's bars open.
    const queue = await get('/queue', support);
    expect(queue.status).toBe(200);
    expect(queue.body.decision.list.map((r: { id: number }) => r.id)).toContain(id);
    expect(queue.body.mail.list.map((r: { id: number }) => r.id)).not.toContain(id);
    const byReason = await get(`/queue/after-sales?reason=20006&from=${today.today}&to=${today.today}`, manager);
    expect(byReason.body).toMatchObject({ total: 1, page: 1 });
    expect(byReason.body.list[0]).toMatchObject({ id, orderSn });
    for (const bad of ['status=x', 'from=2026-13-01', 'from=2026-11-02&to=2026-11-01', 'size=500', 'nope=1']) {
      const r = await get(`/queue/after-sales?${bad}`, manager);
      expect(r.status, bad).toBe(400);
      expect(r.body.gateway.reason, bad).toBe('invalid_input');
    }
    expect((await get('/queue', await signIn(bff, 'merchant'))).status).toBe(403);

    // The supplier agrees (a refund before shipping is refunded at once). Its message, once linked,
    // has the record read again; a reconcile after that finds nothing new.
    await sb.advance(2 * 3600);
    await mirror.afterMessages([{ grp: 'afterSale', data: JSON.stringify({ afterSaleId: id, orderSn, sku: String(e!.sku) }) }]);
    const now = (await mirrored())[0]!;
    expect(now.status).not.toBe(1);
    const after = await mirror.reconcile();
    expect(after.error).toBeUndefined();
    expect(after.afterSalesRead).toBeGreaterThanOrEqual(1);
    expect(after.afterSalesChanged).toBe(0);
    const later = (await get('/overview?period=today', manager)).body;
    expect(later.current.afterSales.orders).toBe(1);
    expect(later.current.afterSalesByResult).toEqual([expect.objectContaining({ key: String(now.status), orders: 1 })]);
    expect((await get('/queue', support)).body.decision.list.map((r: { id: number }) => r.id)).not.toContain(id);
    // Without the message, the reconcile would have read it: a record changed upstream behind the gateway's back.
    sb.sandbox.db.prepare('UPDATE after_sales SET status = 6 WHERE id = ?').run(id);
    expect(await mirror.reconcile()).toMatchObject({ afterSalesChanged: 1 });
    expect((await mirrored())[0]!.status).toBe(6);
    expect(await mirror.reconcile()).toMatchObject({ afterSalesChanged: 0 });
  });

  it('failed orders and cash flow: a reconcile mirrors them, reading again changes nothing, a retry through the gateway resolves it and its payment follows', async () => {
    const manager = await signIn(bff, 'manager');
    const merchant = await signIn(bff, 'merchant');
    const sandboxCash = (direction: number) =>
      sb.sandbox.db.prepare('SELECT coalesce(sum(money), 0) AS money, count(*) AS n FROM cash_flow WHERE direction = ?').get(direction) as {
        money: number;
        n: number;
      };
    const cashNow = () => ({ out: sandboxCash(1).money, in: sandboxCash(2).money, outLines: sandboxCash(1).n, inLines: sandboxCash(2).n });
    const before = (await get('/overview?period=today', manager)).body.current;
    const [, , , , , , f] = skus(7);
    const failed = await placeFailing(f!.sku);
    expect(failed.code).toBe(0);

    const first = await mirror.reconcile();
    expect(first.error).toBeUndefined();
    expect(first.failedOrdersRead).toBe(1);
    expect(await mirror.store.openFailedOrders()).toBe(1);
    const today = (await get('/overview?period=today', manager)).body;
    expect(today.current.failedOrders).toBe(before.failedOrders + 1);
    expect(today.now.failedOrders).toBe(1);
    // Every line the sandbox wrote in this file's orders (all within 30 days), in money and in lines.
    expect(cashNow().outLines).toBeGreaterThan(0);
    expect((await get('/overview?period=30d', manager)).body.current.cash).toEqual(cashNow());

    // Read again by a reconcile, and by someone paging the lists through the gateway: nothing changes.
    const rows = await dailyRows();
    expect(await mirror.reconcile()).toMatchObject({ changed: 0, cashLinesNew: 0 });
    expect((await op(merchant, 'order.errors', { page: 1, limit: 20 })).code).toBe(1);
    expect((await op(manager, 'account.cashFlow', { page: 1, limit: 20 })).code).toBe(1);
    expect(
      await mirror.took(
        'order.errors',
        { page: 1 },
        (await sb.upstream('GET', '/v2/order/errorLists', { body: '{"page":1,"limit":20}' })).body.data,
      ),
    ).toBe(0);
    expect(await dailyRows()).toEqual(rows);

    // Retried through the gateway: it leaves the failed list, its payment is a new line, at once.
    const retried = await op(merchant, 'order.retry', { orderSn: failed.orderSn });
    expect(retried.code, retried.msg).toBe(1);
    await expect.poll(() => mirror.store.openFailedOrders()).toBe(0);
    await expect.poll(async () => (await get('/overview?period=30d', manager)).body.current.cash).toEqual(cashNow());
    // It failed that day, whatever became of it since.
    expect((await get('/overview?period=today', manager)).body.current.failedOrders).toBe(before.failedOrders + 1);
  });

  it("the merchant strip: today's orders from the mirror, failed orders waiting, library goods off sale as At risk lists them", async () => {
    const merchant = await signIn(bff, 'merchant');
    // Three goods in the library, one of which then goes off sale; the reconcile counts them.
    const ids = skus(3).map(
      (k) => (sb.sandbox.db.prepare('SELECT goods_id AS id FROM sku_options WHERE id = ?').get(k.sku) as { id: number }).id,
    );
    const added = await bff.app.request(`/op/selection.add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: merchant },
      body: JSON.stringify({ goods_ids: ids.join(',') }),
    });
    expect(((await added.json()) as { code: number }).code).toBe(1);
    sb.sandbox.db.prepare('UPDATE goods SET status = 0 WHERE id = ?').run(ids[0]);
    sb.sandbox.world.goods.refresh(ids[0]!);
    expect((await mirror.reconcile()).error).toBeUndefined();
    await bff.goods.reconcile();
    const strip = await get('/strip', merchant);
    expect(strip.status).toBe(200);
    const mine = await db.kysely
      .selectFrom('mirror_daily')
      .select('orders')
      .where('dim', '=', 'all')
      .where('day', '=', strip.body.today)
      .executeTakeFirst();
    expect(strip.body.ordersToday).toBe(Number(mine?.orders ?? 0));
    expect(strip.body.ordersToday).toBeGreaterThan(0);
    expect(typeof strip.body.failedOrders).toBe('number');
    expect((await get('/strip', await signIn(bff, 'manager'))).status).toBe(403);
    // Library goods off sale opens the At risk page filtered to off-sale: as many rows as the figure, the
    // sandbox's library goods off sale (the goods, or one of its SKUs), for the strip and the overview alike.
    const manager = await signIn(bff, 'manager');
    const offSaleNow = () =>
      (
        sb.sandbox.db
          .prepare(
            `SELECT l.goods_id AS id FROM library l JOIN goods g ON g.id = l.goods_id
              WHERE g.status != 1 OR EXISTS (SELECT 1 FROM sku_options s WHERE s.goods_id = g.id AND s.status = 0) ORDER BY l.goods_id`,
          )
          .all() as { id: number }[]
      ).map((r) => r.id);
    const agree = async (figure: number) => {
      const listed = await get('/watch/at-risk?reason=off-sale&size=100', merchant);
      expect(listed.status).toBe(200);
      expect(listed.body.total).toBe(figure);
      expect(listed.body.list).toHaveLength(Math.min(100, figure));
      for (const g of listed.body.list as { reasons: string[] }[]) expect(g.reasons).toContain('off-sale');
      expect((listed.body.list as { goodsId: number }[]).map((g) => g.goodsId).sort((a, b) => a - b)).toEqual(offSaleNow());
      expect((await get('/overview?period=today', manager)).body.now.libraryOffSale).toBe(figure);
    };
    expect(offSaleNow()).toContain(ids[0]);
    expect(strip.body.libraryOffSale).toBe(offSaleNow().length);
    await agree(strip.body.libraryOffSale);
    // The market moves: that goods is back on sale, one SKU of another goes off sale by itself; the goods mirror reads them.
    sb.sandbox.db.prepare('UPDATE goods SET status = 1 WHERE id = ?').run(ids[0]);
    sb.sandbox.world.goods.refresh(ids[0]!);
    sb.sandbox.db.prepare('UPDATE sku_options SET status = 0 WHERE id = (SELECT min(id) FROM sku_options WHERE goods_id = ?)').run(ids[1]);
    sb.sandbox.world.goods.refresh(ids[1]!);
    await bff.goods.reconcile();
    const moved = (await get('/strip', merchant)).body.libraryOffSale as number;
    expect(offSaleNow()).toContain(ids[1]);
    expect(offSaleNow()).not.toContain(ids[0]);
    expect(moved).toBe(offSaleNow().length);
    await agree(moved);
    // That SKU on sale again, as later tests pick sellable goods.
    sb.sandbox.db.prepare('UPDATE sku_options SET status = 1 WHERE id = (SELECT min(id) FROM sku_options WHERE goods_id = ?)').run(ids[1]);
    sb.sandbox.world.goods.refresh(ids[1]!);
    const bad = await get('/watch/at-risk?reason=gone', merchant);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/reason must be one of below-margin, off-sale, out-of-stock/);
    // Orders today opens exactly the orders it counts: the mirror's list of today, which merchants may read for that figure only.
    const today = strip.body.today as string;
    const list = await get(`/overview/orders?of=all&from=${today}&to=${today}&size=100`, merchant);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(strip.body.ordersToday);
    expect(list.body.list).toHaveLength(Math.min(100, strip.body.ordersToday));
    expect(typeof list.body.readAt).toBe('number');
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    for (const q of [
      `of=all&from=${yesterday}&to=${today}`,
      `of=cancelled&from=${today}&to=${today}`,
      `of=channel&key=2&from=${today}&to=${today}`,
    ])
      expect((await get(`/overview/orders?${q}`, merchant)).status, q).toBe(403);
    expect((await get(`/overview/orders?of=all&from=${today}&to=${today}`, await signIn(bff, 'support'))).status).toBe(403);
  });

  it('every figure, bar, row and point opens a list of exactly the orders or requests it counts', async () => {
    const manager = await signIn(bff, 'manager');
    const o = (await get('/overview?period=7d', manager)).body;
    const { from, to } = o.current;
    const rows = async (q: Record<string, string>) => {
      const r = await get(`/overview/orders?${new URLSearchParams({ from, to, size: '100', ...q })}`, manager);
      expect(r.status, JSON.stringify(q)).toBe(200);
      expect(r.body.list).toHaveLength(Math.min(100, r.body.total));
      return r.body as { total: number; list: { sn: string; goodsFee: number; logisticFee: number; status: number }[]; readAt: number };
    };
    const requests = async (q: Record<string, string>) =>
      (await get(`/queue/after-sales?${new URLSearchParams({ from, to, size: '100', ...q })}`, manager)).body.total as number;
    // The figures: orders, GMV, order value and items (the orders counted), refunded, cancelled.
    const all = await rows({ of: 'all' });
    expect(all.total).toBe(o.current.totals.orders);
    expect(all.total).toBeGreaterThan(0);
    expect(all.list.reduce((s, x) => s + x.goodsFee + x.logisticFee, 0)).toBe(o.current.totals.gmv);
    expect(typeof all.readAt).toBe('number');
    const cancelled = await rows({ of: 'cancelled' });
    expect(cancelled.total).toBe(o.current.totals.cancelled);
    expect(cancelled.total).toBeGreaterThan(0);
    expect(cancelled.list.every((x) => x.status === 5)).toBe(true);
    expect((await rows({ of: 'refunded' })).total > 0).toBe(o.current.totals.refunded > 0);
    // Orders placed that failed for want of balance, whatever became of them since.
    const failed = await rows({ of: 'failed' });
    expect(failed.total).toBe(o.current.failedOrders);
    expect(failed.total).toBeGreaterThan(0);
    // Each day's point (orders and GMV per day).
    for (const d of o.current.days) expect((await rows({ of: 'all', from: d.day, to: d.day })).total, d.day).toBe(d.orders);
    // Each channel's bar (the upstream's channel list cannot filter by day), province, and goods of both top lists.
    expect(o.current.byChannel.length).toBeGreaterThan(0);
    for (const r of o.current.byChannel) expect((await rows({ of: 'channel', key: r.key })).total, `channel ${r.key}`).toBe(r.orders);
    for (const r of o.current.byProvince) expect((await rows({ of: 'province', key: r.key })).total, r.key).toBe(r.orders);
    for (const r of [...o.current.topGoodsByItems, ...o.current.topGoodsByGmv])
      expect((await rows({ of: 'goods', key: r.key })).total, `goods ${r.key}`).toBe(r.orders);
    // After-sale requests: all of them, by reason, by result.
    expect(await requests({})).toBe(o.current.afterSales.orders);
    for (const r of o.current.afterSalesByReason) expect(await requests({ reason: r.key }), r.key).toBe(r.orders);
    for (const r of o.current.afterSalesByResult) expect(await requests({ status: r.key }), r.key).toBe(r.orders);
    // Paid out and paid back: the mirror's cash-flow lines of those days in that direction, their money the figure.
    const cash = async (direction: string) => {
      const r = await get(`/overview/cash?${new URLSearchParams({ direction, from, to, size: '100' })}`, manager);
      expect(r.status, direction).toBe(200);
      expect(r.body.list).toHaveLength(Math.min(100, r.body.total));
      expect(r.body.list.every((l: { direction: string | number }) => String(l.direction) === direction)).toBe(true);
      return r.body as { total: number; money: number; list: { money: number }[]; readAt: number | null };
    };
    const out = await cash('1');
    expect(out.total).toBe(o.current.cash.outLines);
    expect(out.total).toBeGreaterThan(0);
    expect(out.money).toBe(o.current.cash.out);
    expect(out.list.reduce((s, l) => s + l.money, 0)).toBe(o.current.cash.out);
    expect(typeof out.readAt).toBe('number');
    const back = await cash('2');
    expect(back.total).toBe(o.current.cash.inLines);
    expect(back.list.reduce((s, l) => s + l.money, 0)).toBe(o.current.cash.in);
    for (const q of ['direction=3', 'direction=1&from=2026-11-02&to=2026-11-01', 'direction=1&extra=1'])
      expect((await get(`/overview/cash?${q}${q.includes('from') ? '' : `&from=${from}&to=${to}`}`, manager)).status, q).toBe(400);
    for (const role of ['merchant', 'support'] as const)
      expect((await get(`/overview/cash?direction=1&from=${from}&to=${to}`, await signIn(bff, role))).status, role).toBe(403);

    // A channel with nothing on those days lists nothing; bad asks are refused in words; other roles are refused.
    expect((await rows({ of: 'channel', key: '999' })).total).toBe(0);
    for (const q of ['of=channel', 'of=all&from=2026-11-02&to=2026-11-01', 'of=nope', `of=all&from=0000-01-01&to=${to}`]) {
      const r = await get(`/overview/orders?${q}${q.includes('from') ? '' : `&from=${from}&to=${to}`}`, manager);
      expect(r.status, q).toBe(400);
    }
    expect((await get(`/overview/orders?of=all&from=${from}&to=${to}`, await signIn(bff, 'merchant'))).status).toBe(403);
  });

  it("a bulk-order job's payments are in the mirror when the job is over: money out matches the placed orders on the next read", async () => {
    const merchant = await signIn(bff, 'merchant');
    const manager = await signIn(bff, 'manager');
    const goods = skus(2);
    const stem = `BULK${Date.now()}`;
    const orders = Array.from({ length: 4 }, (_, i) => ({
      orderSn: `${stem}-${i}`,
      spu: [{ sku: goods[i % 2]!.sku, number: 1 }],
      address,
      rows: [{ row: i + 2, cells: { orderSn: `${stem}-${i}`, product: String(goods[i % 2]!.id), quantity: '1' } }],
      goods: goods[i % 2]!.price,
      freight: 0,
    }));
    const made = await bff.app.request('/imports', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: merchant },
      body: JSON.stringify({ key: stem, fileName: 'bulk.xlsx', orders, skipped: [] }),
    });
    expect(made.status).toBe(201);
    const id = ((await made.json()) as { id: number }).id;
    await expect.poll(async () => (await get(`/imports/${id}`, merchant)).body.state, { timeout: 15_000 }).toBe('done');
    // No waiting here: the job's end read its payments before it said it was done.
    const o = (await get('/overview?period=today', manager)).body;
    const start = Math.floor(Date.parse(`${o.today}T00:00:00+08:00`) / 1000);
    const paid = sb.sandbox.db
      .prepare('SELECT coalesce(sum(money), 0) AS m FROM cash_flow WHERE direction = 1 AND update_time >= ? AND update_time < ?')
      .get(start, start + 86_400) as { m: number };
    expect(o.current.cash.out).toBe(paid.m);
    const placed = sb.sandbox.db
      .prepare(`SELECT count(*) AS n FROM cash_flow c JOIN orders o ON o.sn = c.order_sn WHERE c.direction = 1 AND o.third_sn LIKE ?`)
      .get(`${stem}%`) as { n: number };
    expect(placed.n).toBe(4);
    expect(o.reads.cash).toBeGreaterThanOrEqual(o.reads.orders ?? 0);
    bff.imports.stop();
  });

  it("the queue's delivered orders with a request open: the section's first ones, and every one a page at a time; bad pages refused", async () => {
    const admin = await signIn(bff, 'admin');
    const support = await signIn(bff, 'support');
    const goods = skus(12).slice(8);
    // Five orders, the first of two lines (two requests on one order: the order is listed once).
    const placed: { orderSn: string; lines: typeof goods }[] = [];
    for (let i = 0; i < 5; i++) {
      const lines = i === 0 ? goods.slice(0, 2) : [goods[i % goods.length]!];
      const orderSn = `DL${Date.now()}${i}`;
      const r = await op(admin, 'order.submit', { orderSn, spu: lines.map((g) => ({ sku: g.sku, number: 1 })), address, strictMode: true });
      expect(r.code, r.msg).toBe(1);
      placed.push({ orderSn, lines });
    }
    // Shipped after 2 h, delivered 20 h later; the reconcile reads their new status.
    await sb.advance(23 * 3600);
    expect((await mirror.reconcile()).error).toBeUndefined();
    const ids: number[] = [];
    for (const p of placed)
      for (const g of p.lines) {
        const applied = await op(support, 'afterSale.apply', {
          orderSn: p.orderSn,
          sku: g.sku,
          num: 1,
          goodsFee: g.price,
          logisticFee: 0,
          serviceTypeCode: '10',
          pickTypeCode: '40',
          packageTypeCode: '10',
          returnTypeCode: '10',
          reasonsTypeCode: '10004',
          reasonsDescription: '七天无理由',
        });
        expect(applied.code, applied.msg).toBe(1);
        ids.push(applied.data.id as number);
      }
    await expect
      .poll(async () => (await db.kysely.selectFrom('mirror_after_sales').select('id').where('id', 'in', ids).execute()).length)
      .toBe(ids.length);

    // The section: this file's only delivered orders with a request open are these five.
    const section = (await get('/queue', support)).body.delivered as {
      total: number;
      list: { order: { thirdSn: string }; afterSaleIds: number[] }[];
    };
    expect(section.total).toBe(5);
    expect(section.list.map((r) => r.order.thirdSn).sort()).toEqual(placed.map((p) => p.orderSn).sort());
    const two = section.list.find((r) => r.order.thirdSn === placed[0]!.orderSn)!;
    expect(two.afterSaleIds).toEqual([ids[1], ids[0]]);

    // Pages of two: no order on two pages, together every one, in the section's order; past the end, none.
    const page = async (n: number, size = 2) => {
      const r = await get(`/queue/delivered?page=${n}&size=${size}`, support);
      expect(r.status, `page ${n}`).toBe(200);
      expect(r.body).toMatchObject({ total: 5, page: n, size });
      return r.body.list.map((row: { order: { sn: string; thirdSn: string } }) => row.order.thirdSn) as string[];
    };
    const pages = [await page(1), await page(2), await page(3)];
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(new Set(pages.flat()).size).toBe(5);
    expect(pages.flat()).toEqual(section.list.map((r) => r.order.thirdSn));
    expect(await page(4)).toEqual([]);
    expect(await page(1, 100)).toEqual(pages.flat());
    const first = (await get('/queue/delivered', support)).body;
    expect(first).toMatchObject({ total: 5, page: 1, size: 20 });
    expect(first.list).toEqual(section.list);

    // Bad pages are refused in words, and change nothing.
    for (const bad of ['page=0', 'page=-1', 'page=x', 'page=1.5', 'page=10001', 'size=0', 'size=101', 'size=500', 'status=1', 'nope=1']) {
      const r = await get(`/queue/delivered?${bad}`, support);
      expect(r.status, bad).toBe(400);
      expect(r.body.gateway.reason, bad).toBe('invalid_input');
      expect(r.body.msg, bad).toMatch(/^Invalid input: /);
    }
    expect((await get('/queue/delivered', support)).body).toEqual(first);
    expect((await get('/queue/delivered', await signIn(bff, 'merchant'))).status).toBe(403);
    expect((await get('/queue/delivered', await signIn(bff, 'manager'))).body.total).toBe(5);
  });
});
