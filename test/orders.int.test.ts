import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, type OpId } from '../contract';
import { startHarness, type Harness } from './harness';
import { startReceiver } from './receiver';

let h: Harness;
let rx: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  rx = await startReceiver();
  h = await startHarness({ callbackUrl: rx.url });
});
afterAll(async () => {
  await h.close();
  await rx.close();
});

const address = {
  consignee: '张三',
  phone: '13800138000',
  province: '浙江省',
  city: '杭州市',
  area: '西湖区',
  street: '文三路',
  description: '100号 2 单元 301',
};
const HOUR = 3600;
const DAY = 86_400;

async function ok(id: OpId, input: Record<string, unknown>) {
  const res = await h.op(id, input);
  expect(res.body.code, `${id}: ${res.text}`).toBe(1);
  if (res.body.data !== null) {
    const parsed = operations[id].data.safeParse(res.body.data);
    expect(parsed.success, parsed.success ? '' : `${id}: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`).toBe(true);
  }
  return res.body.data;
}
async function refused(id: OpId, input: Record<string, unknown>, msg: RegExp) {
  const res = await h.op(id, input);
  expect(res.body.code, res.text).toBe(0);
  expect(res.body.msg).toMatch(msg);
  return res.body;
}

/** On-sale goods with stock, not banned anywhere, in the given price band; their first SKU. */
function sellableSkus(count: number, maxPrice = 20_000, source?: number) {
  const rows = h.sandbox.db
    .prepare(
      `SELECT s.id AS sku, s.agreement_price AS price, g.id AS goods, g.source, g.is_free_shipping AS free FROM goods g JOIN sku_options s ON s.goods_id = g.id
        WHERE g.status = 1 AND s.stock >= 20 AND s.agreement_price <= ? ${source ? 'AND g.source = ?' : ''}
          AND g.id NOT IN (SELECT goods_id FROM goods_bans) ORDER BY g.id, s.id`,
    )
    .all(maxPrice, ...(source ? [source] : [])) as { sku: number; price: number; goods: number; source: number; free: number }[];
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.goods) && seen.add(r.goods)).slice(0, count);
}

let seq = 0;
const newSn = () => `T${Date.now()}${++seq}`;
const balance = async () => (await ok('account.balance', {})).balance as number;

describe('availability and pre-check', () => {
  it('availableCheck groups by source and bans a province the goods cannot go to', async () => {
    const banned = h.sandbox.db
      .prepare(
        `SELECT b.goods_id, b.province, s.id AS sku FROM goods_bans b JOIN sku_options s ON s.goods_id = b.goods_id JOIN goods g ON g.id = b.goods_id WHERE g.status = 1 AND s.stock > 0 LIMIT 1`,
      )
      .get() as { province: string; sku: number };
    const [good] = sellableSkus(1);
    const data = await ok('order.availableCheck', {
      spu: [
        { sku: banned.sku, number: 1 },
        { sku: good!.sku, number: 1 },
      ],
      address: { ...address, province: `${banned.province}省` },
    });
    const all = data.flatMap((g: { ban: number[] }) => g.ban);
    const okSkus = data.flatMap((g: { available: number[] }) => g.available);
    expect(all).toContain(banned.sku);
    expect(okSkus).toContain(good!.sku);
    expect(data.every((g: { code: string }) => /^\d+$/.test(g.code))).toBe(true);
    const zj = await ok('order.availableCheck', { spu: [{ sku: banned.sku, number: 1 }], address });
    expect(zj[0].available).toEqual([banned.sku]);
  });

  it('beforeCheck reports freight, stock shortage and a price mismatch', async () => {
    const [a, b] = sellableSkus(2);
    const data = await ok('order.beforeCheck', {
      spu: [
        { sku: a!.sku, number: 1, price: a!.price + 100 },
        { sku: b!.sku, number: 9999 },
      ],
      address,
    });
    const unsellable = data.flatMap((g: { unsellable: { sku: number; reason: string }[] }) => g.unsellable);
    expect(unsellable.find((u: { sku: number }) => u.sku === a!.sku).reason).toMatch(/价格已变动/);
    expect(unsellable.find((u: { sku: number }) => u.sku === b!.sku).reason).toMatch(/库存不足/);
    const fine = await ok('order.beforeCheck', { spu: [{ sku: a!.sku, number: 1, price: a!.price }], address });
    expect(fine[0].skus).toEqual([a!.sku]);
    expect(fine[0].freight).toBe(a!.free ? 0 : expect.any(Number));
  });

  it('bad input: no lines, a bad phone, an unknown sku', async () => {
    const r1 = await h.op('order.availableCheck', { spu: [], address });
    expect(r1.status).toBe(400);
    const r2 = await h.op('order.beforeCheck', { spu: [{ sku: 1, number: 1 }], address: { ...address, phone: '12345' } });
    expect(r2.body.gateway.field).toBe('address.phone');
    const data = await ok('order.availableCheck', { spu: [{ sku: 999999999, number: 1 }], address });
    expect(data.flatMap((g: { ban: number[] }) => g.ban)).toEqual([999999999]);
  });
});

describe("an order's whole life", () => {
  it('paid, shipped with a trace, delivered, completed; money and messages follow', async () => {
    const [a, b] = sellableSkus(2, 20_000);
    const before = await balance();
    const orderSn = newSn();
    await ok('order.submit', {
      orderSn,
      spu: [
        { sku: a!.sku, number: 2, price: a!.price },
        { sku: b!.sku, number: 1 },
      ],
      address,
      strictMode: true,
    });
    // A retried submit with the same merchant number never makes a second order.
    await refused('order.submit', { orderSn, spu: [{ sku: a!.sku, number: 1 }], address }, /订单号已存在/);

    const list = await ok('order.list', { search: { page: 1, limit: 10, thirdSn: orderSn } });
    expect(list.total).toBe(1);
    const order = list.list[0];
    expect(order.payStatus).toBe(1);
    expect(order.status).toBe(1);
    expect(order.sn).toMatch(/^\d{20}$/);
    const lines = order.children.flatMap((c: { goods: unknown[] }) => c.goods);
    expect(lines).toHaveLength(2);
    for (const c of order.children) {
      expect(c.sn).toMatch(new RegExp(`^${order.sn}_${c.source}_\\d+$`));
      for (const l of c.goods) expect(l.sn).toMatch(new RegExp(`^${c.sn}_\\d+$`));
    }
    const spent = order.goodsFee + order.logisticFee;
    expect(order.goodsFee).toBe(a!.price * 2 + b!.price);
    expect(await balance()).toBe(before - spent);
    const flow = await ok('account.cashFlow', { page: 1, limit: 5 });
    expect(flow.list[0]).toMatchObject({ money: spent, type: 5, direction: '1', balance_before: before, balance_after: before - spent });

    const line = lines[0];
    expect((await ok('logistic.trace', { orderSn, sku: line.sku })).list).toEqual([]);
    await refused('logistic.confirm', { goods_sn: line.sn }, /尚未发货/);

    await h.advance(3 * HOUR);
    const shipped = (await ok('order.list', { search: { page: 1, limit: 10, thirdSn: orderSn } })).list[0];
    expect(shipped.children.every((c: { goodsStatus: number; deliverTime: number }) => c.goodsStatus === 3 && c.deliverTime > 0)).toBe(
      true,
    );
    expect(shipped.status).toBe(3);
    const shippedLine = shipped.children[0].goods[0];
    expect(shippedLine.deliverNo).not.toBe('');
    const firms = await ok('logistic.firms', {});
    expect(firms.map((f: { name: string }) => f.name)).toContain(shippedLine.deliverName);
    expect(rx.ofType('order.delivery').filter((m) => m.data.orderSn === orderSn)).toHaveLength(2);

    await h.advance(12 * HOUR);
    const t = await ok('logistic.trace', { orderSn, sku: shippedLine.sku });
    expect(t.info).toEqual({ name: shippedLine.deliverName, no: shippedLine.deliverNo });
    expect(t.list.length).toBeGreaterThanOrEqual(3);

    const detail = await ok('order.detail', { sn: shippedLine.sn });
    expect(detail).toMatchObject({ orderSn1: order.sn, orderSn3: shippedLine.sn, goodsStatus: 3, deliverNo: shippedLine.deliverNo });

    await ok('logistic.confirm', { goods_sn: shippedLine.sn });
    await refused('logistic.confirm', { goods_sn: shippedLine.sn }, /已确认收货/);
    await h.advance(0); // pushes the messages that are due
    expect(rx.ofType('order.delivered').some((m) => m.data.orderSn === orderSn)).toBe(true);
    await h.advance(8 * DAY);
    const done = (await ok('order.list', { search: { page: 1, limit: 10, thirdSn: orderSn } })).list[0];
    expect(done.children.every((c: { goodsStatus: number }) => c.goodsStatus === 5)).toBe(true);
    expect(done.status).toBe(4);
    expect(rx.ofType('order.success').filter((m) => m.data.orderSn === orderSn)).toHaveLength(2);

    const bySource = await ok('order.sourceList', { source: shipped.children[0].source, page: 1, limit: 50 });
    expect(bySource.list.some((c: { thirdSn: string }) => c.thirdSn === orderSn)).toBe(true);
  });

  it('strictMode refuses the whole order; without it the sellable lines are placed', async () => {
    const [a] = sellableSkus(1);
    const banned = h.sandbox.db
      .prepare(
        `SELECT b.province, s.id AS sku FROM goods_bans b JOIN sku_options s ON s.goods_id = b.goods_id JOIN goods g ON g.id = b.goods_id WHERE g.status = 1 AND s.stock > 0 LIMIT 1`,
      )
      .get() as { province: string; sku: number };
    const there = { ...address, province: banned.province };
    await refused(
      'order.submit',
      {
        orderSn: newSn(),
        spu: [
          { sku: a!.sku, number: 1 },
          { sku: banned.sku, number: 1 },
        ],
        address: there,
        strictMode: true,
      },
      /不支持配送/,
    );
    const sn = newSn();
    await ok('order.submit', {
      orderSn: sn,
      spu: [
        { sku: a!.sku, number: 1 },
        { sku: banned.sku, number: 1 },
      ],
      address: there,
      strictMode: false,
    });
    const o = (await ok('order.list', { search: { page: 1, limit: 5, thirdSn: sn } })).list[0];
    expect(o.children.flatMap((c: { goods: { sku: number }[] }) => c.goods.map((g) => g.sku))).toEqual([a!.sku]);
    await refused(
      'order.submit',
      { orderSn: newSn(), spu: [{ sku: a!.sku, number: 1, price: a!.price - 10 }], address, strictMode: true },
      /价格已变动/,
    );
  });

  it('an order beyond the balance waits in errorLists (余额不足); retry pays it once money is back, refund closes it', async () => {
    const [dear] = sellableSkus(1, 10_000_000).sort((x, y) => y.price - x.price);
    const bal = await balance();
    const n = Math.min(9999, Math.ceil((bal + 1) / dear!.price) + 1);
    h.sandbox.db.prepare('UPDATE sku_options SET stock = 100000 WHERE id = ?').run(dear!.sku);
    const sn = newSn();
    await refused('order.submit', { orderSn: sn, spu: [{ sku: dear!.sku, number: n }], address }, /余额不足/);
    expect(await balance()).toBe(bal);
    const errors = await ok('order.errors', { page: 1, limit: 10 });
    const e = errors.list.find((x: { thirdSn: string }) => x.thirdSn === sn);
    expect(e).toMatchObject({ message: '余额不足' });
    const o = (await ok('order.list', { search: { page: 1, limit: 5, thirdSn: sn } })).list[0];
    expect(o).toMatchObject({ payStatus: 0, status: 0 });

    await refused('order.retry', { orderSn: `${o.sn}_${o.children[0].source}_1` }, /余额不足/);
    // The supplier tops the account up; the retry then goes through.
    h.sandbox.db.prepare(`UPDATE meta SET value = ? WHERE key = 'balance'`).run(String(bal + dear!.price * n + 100_000));
    await ok('order.retry', { orderSn: `${o.sn}_${o.children[0].source}_1` });
    expect((await ok('order.list', { search: { page: 1, limit: 5, thirdSn: sn } })).list[0]).toMatchObject({ payStatus: 1, status: 1 });
    expect((await ok('order.errors', { page: 1, limit: 50 })).list.some((x: { thirdSn: string }) => x.thirdSn === sn)).toBe(false);
    await refused('order.retry', { orderSn: sn }, /没有待处理的失败订单/);

    h.sandbox.db.prepare(`UPDATE meta SET value = '100' WHERE key = 'balance'`).run();
    const sn2 = newSn();
    await refused('order.submit', { orderSn: sn2, spu: [{ sku: dear!.sku, number: 2 }], address }, /余额不足/);
    await ok('order.refund', { orderSn: sn2 });
    expect((await ok('order.list', { search: { page: 1, limit: 5, thirdSn: sn2 } })).list[0].status).toBe(5);
    h.sandbox.db.prepare(`UPDATE meta SET value = ? WHERE key = 'balance'`).run(String(bal));
  });

  it('order list: search by goods name, consignee and time; page and limit also at the top level', async () => {
    const all = await ok('order.list', { search: { page: 1, limit: 100 } });
    expect(all.total).toBeGreaterThan(0);
    // Java and Go clients send page and limit next to `search`; the sandbox takes both shapes.
    const top = await h.upstream('GET', '/v2/order', { body: JSON.stringify({ page: 1, limit: 1, search: {} }) });
    expect(top.body.code, JSON.stringify(top.body)).toBe(1);
    expect(top.body.data.list).toHaveLength(1);
    const name = all.list[0].children[0].goods[0].name.split(' ')[1];
    const byName = await ok('order.list', { search: { page: 1, limit: 100, goodsName: name } });
    expect(byName.list.length).toBeGreaterThan(0);
    expect((await ok('order.list', { search: { page: 1, limit: 100, consignee: '不存在的人' } })).total).toBe(0);
    const future = await ok('order.list', { search: { page: 1, limit: 100, createdTime: { from: 4_000_000_000 } } });
    expect(future.total).toBe(0);
    await refused('order.detail', { sn: '1_1_1_1' }, /订单不存在/);
    expect((await h.op('order.detail', { sn: 'abc' })).status).toBe(400);
  });
});

describe("an after-sale's whole life", () => {
  async function placedOrder(n = 2) {
    const [a] = sellableSkus(1);
    const orderSn = newSn();
    await ok('order.submit', { orderSn, spu: [{ sku: a!.sku, number: n }], address });
    const order = (await ok('order.list', { search: { page: 1, limit: 5, thirdSn: orderSn } })).list[0];
    return { orderSn, sku: a!.sku, price: a!.price, order, line: order.children[0].goods[0], child: order.children[0] };
  }

  it('refund before shipping: options, apply, agreed, money back, line not shipped', async () => {
    const { orderSn, sku, price, line } = await placedOrder(2);
    const opts = await ok('afterSale.beforeCheck', { orderSn, sku });
    expect(opts.num).toBe(2);
    expect(opts.serviceType.map((s: { code: string }) => s.code)).toEqual(['40']);
    const reason = opts.reasonsType.find((r: { needVoucher: boolean; code: string }) => !r.needVoucher && r.code === '20006');

    await refused(
      'afterSale.apply',
      {
        orderSn,
        sku,
        num: 3,
        goodsFee: price,
        logisticFee: 0,
        serviceTypeCode: '40',
        reasonsTypeCode: reason.code,
        reasonsDescription: '拍错了',
      },
      /num 3 超过可申请数量 2/,
    );
    await refused(
      'afterSale.apply',
      {
        orderSn,
        sku,
        num: 1,
        goodsFee: price,
        logisticFee: 0,
        serviceTypeCode: '10',
        reasonsTypeCode: reason.code,
        reasonsDescription: '拍错了',
      },
      /serviceTypeCode 10 不可用/,
    );
    await refused(
      'afterSale.apply',
      {
        orderSn,
        sku,
        num: 1,
        goodsFee: price * 2,
        logisticFee: 0,
        serviceTypeCode: '40',
        reasonsTypeCode: reason.code,
        reasonsDescription: '拍错了',
      },
      /goodsFee .* 超过可退商品金额/,
    );
    await refused(
      'afterSale.apply',
      {
        orderSn,
        sku,
        num: 1,
        goodsFee: price,
        logisticFee: 0,
        serviceTypeCode: '40',
        reasonsTypeCode: '20004',
        reasonsDescription: '没发货',
      },
      /需要上传凭证/,
    );

    const before = await balance();
    const { id } = await ok('afterSale.apply', {
      orderSn,
      sku,
      num: 2,
      goodsFee: price * 2,
      logisticFee: 0,
      serviceTypeCode: '40',
      reasonsTypeCode: reason.code,
      reasonsDescription: '拍错了',
    });
    expect((await ok('afterSale.detail', { id })).status).toBe(1);
    expect((await ok('afterSale.beforeCheck', { orderSn, sku })).num).toBe(0);

    await h.advance(2 * HOUR);
    const rec = await ok('afterSale.detail', { id });
    expect(rec).toMatchObject({ status: 3, approvedResult: 1, refundFee: price * 2, orderSn3: line.sn });
    expect(await balance()).toBe(before + price * 2);
    expect(rx.ofType('afterSale.agree').some((m) => m.data.afterSaleId === id)).toBe(true);
    expect(rx.ofType('afterSale.success').some((m) => m.data.afterSaleId === id)).toBe(true);
    const after = (await ok('order.list', { search: { page: 1, limit: 5, thirdSn: orderSn } })).list[0];
    expect(after.children[0].goodsStatus).toBe(1); // nothing left to ship
    const listed = await ok('afterSale.list', { page: 1, limit: 10, orderSn, sku });
    expect(listed.list.map((r: { id: number }) => r.id)).toEqual([id]);
  });

  it('return after delivery: vouchers, agreed, mailing info, received, refunded', async () => {
    const { orderSn, sku, price, line, child } = await placedOrder(1);
    await h.advance(3 * HOUR);
    await refused('afterSale.beforeCheck', { orderSn, sku }, /运输中/);
    await ok('logistic.confirm', { goods_sn: line.sn });
    const opts = await ok('afterSale.beforeCheck', { orderSn, sku });
    expect(opts.serviceType.map((s: { code: string }) => s.code)).toEqual(['10', '20']);
    const quality = opts.reasonsType.find((r: { code: string }) => r.code === '10001');
    expect(quality).toMatchObject({ needVoucher: true, refundCarriage: true });

    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex').toString('base64');
    const { urls } = await ok('afterSale.picture', { orderSn, sku, pictures: [png] });
    const img = await fetch(urls[0]);
    expect(img.headers.get('content-type')).toBe('image/png');
    // Not a picture by its bytes: the gateway refuses it before the supplier (contract/image-kind.ts).
    const notImage = await h.op('afterSale.picture', { orderSn, sku, pictures: [Buffer.from('not an image').toString('base64')] });
    expect(notImage.status).toBe(400);
    expect(notImage.body.gateway.field).toBe('pictures.0');
    const big = Buffer.concat([Buffer.from('ffd8ff', 'hex'), Buffer.alloc(1024 * 1024)]).toString('base64');
    expect((await h.op('afterSale.picture', { orderSn, sku, pictures: [big] })).body.gateway.field).toBe('pictures.0');
    expect((await h.op('afterSale.picture', { orderSn, sku, pictures: [`data:image/png;base64,${png}`] })).status).toBe(400);

    const apply = {
      orderSn,
      sku,
      num: 1,
      goodsFee: price,
      logisticFee: child.logisticFee,
      serviceTypeCode: '10',
      reasonsTypeCode: '10001',
      reasonsDescription: '屏幕有划痕',
      vouchers: urls,
    };
    await refused(
      'afterSale.apply',
      { ...apply, pickTypeCode: '99', packageTypeCode: '10', returnTypeCode: '10' },
      /pickTypeCode 99 不可用/,
    );
    const { id } = await ok('afterSale.apply', { ...apply, pickTypeCode: '40', packageTypeCode: '10', returnTypeCode: '10' });
    await refused('afterSale.mail', { id, sn: 'SF1234567890', company: 'SF' }, /尚未审核通过/);
    await h.advance(2 * HOUR);
    const agreed = await ok('afterSale.detail', { id });
    expect(agreed).toMatchObject({ status: 2, approvedResult: 1 });
    expect(agreed.sellerInfo.address).not.toBe('');

    await refused('afterSale.mail', { id, sn: 'SF1234567890', company: 'NOPE' }, /物流公司编码无效/);
    expect((await h.op('afterSale.mail', { id, sn: '', company: 'SF' })).body.gateway.field).toBe('sn');
    const before = await balance();
    await ok('afterSale.mail', { id, sn: 'SF1234567890', company: 'SF', description: '已寄出' });
    expect((await ok('afterSale.detail', { id })).sendData).toMatchObject({ company: 'SF', sn: 'SF1234567890' });
    await h.advance(2 * DAY);
    const done = await ok('afterSale.detail', { id });
    expect(done).toMatchObject({ status: 3, refundFee: price + child.logisticFee });
    expect(await balance()).toBe(before + price + child.logisticFee);
    expect(rx.ofType('afterSale.success').some((m) => m.data.afterSaleId === id)).toBe(true);
  });

  it('some reasons are refused', async () => {
    const { orderSn, sku, price } = await placedOrder(1);
    const { id } = await ok('afterSale.apply', {
      orderSn,
      sku,
      num: 1,
      goodsFee: price,
      logisticFee: 0,
      serviceTypeCode: '40',
      reasonsTypeCode: '20005',
      reasonsDescription: '降价了',
    });
    await h.advance(2 * HOUR);
    expect(await ok('afterSale.detail', { id })).toMatchObject({ status: 4, approvedResult: 2 });
    expect(rx.ofType('afterSale.refuse').some((m) => m.data.afterSaleId === id)).toBe(true);
    await refused('afterSale.detail', { id: 999999 }, /售后单不存在/);
    expect((await h.op('afterSale.list', { page: 1, limit: 10, orderSn })).body.gateway.field).toBe('sku');
  });
});

describe('messages', () => {
  it('goods.* messages only for library goods; every kind has the §8.2 envelope', async () => {
    const [g] = sellableSkus(1);
    await ok('selection.add', { goods_ids: String(g!.goods) });
    await ok('goods.refresh', { goodsIds: `${g!.goods},10001` });
    await ok('selection.remove', { goods_ids: String(g!.goods) });
    await h.advance(1);
    expect(rx.ofType('goods.storage.add').some((m) => (m.data.goodsIds as number[]).includes(g!.goods))).toBe(true);
    expect(rx.ofType('goods.alter').some((m) => (m.data.goodsIds as number[]).includes(g!.goods))).toBe(true);
    expect(rx.ofType('goods.storage.remove').some((m) => (m.data.goodsIds as number[]).includes(g!.goods))).toBe(true);
    for (const m of rx.received) {
      expect(m.id).toMatch(/^\d{20}$/);
      expect(m.push_time).toBe(m.pushTime);
      expect(m.times).toBeGreaterThanOrEqual(1);
    }
    // The market moves every few simulated hours: prices, off sale, back on sale.
    await h.advance(2 * DAY);
    const kinds = new Set(rx.received.map((m) => m.type));
    for (const k of ['goods.price.alter', 'goods.undercarriage', 'goods.on.sale']) expect(kinds, k).toContain(k);
  });
});
