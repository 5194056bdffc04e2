import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { parsePushedMessage } from '../contract/schemas/message';
import { signHeaders } from '../server/signing';
import { startReceiver } from './receiver';
import { sellableGoods, startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from './harness';

/** Issue 50.2: irregular orders, decided by the seed and made on request, each seen through the upstream API. */

const HOUR = 3600;
const address = {
  consignee: '孙七',
  phone: '13500135000',
  province: '四川省',
  city: '成都市',
  area: '武侯区',
  street: '人民南路',
  description: '9 号',
};

type Rx = Awaited<ReturnType<typeof startReceiver>>;

interface Child {
  sn: string;
  goodsStatus: number;
  orderStatus: number;
  deliverTime: number;
  logisticFee: number;
  goodsFee: number;
  isRefund: boolean;
  goods: { sn: string; sku: number; refundTime: number; deliverNo: string }[];
}
interface Order {
  sn: string;
  thirdSn: string;
  status: number;
  createdTime: number;
  children: Child[];
}

function client(h: SandboxHarness) {
  const ok = async (method: string, path: string, o: { body?: unknown; query?: Record<string, string> } = {}) => {
    const r = await h.upstream(method, path, { body: o.body === undefined ? '' : JSON.stringify(o.body), query: o.query });
    expect(r.body.code, `${path}: ${JSON.stringify(r.body)}`).toBe(1);
    return r.body.data;
  };
  return {
    ok,
    order: async (thirdSn: string) => (await ok('GET', '/v2/order', { body: { search: { thirdSn, page: 1, limit: 5 } } })).list[0] as Order,
    place: async (orderSn: string, skus: number[]) => {
      await ok('POST', '/v2/order', { body: { orderSn, spu: skus.map((sku) => ({ sku, number: 1 })), address } });
    },
    balance: async () => (await ok('GET', '/v2/account/application/balance', { body: {} })).balance as number,
    trace: async (orderSn: string, sku: number) =>
      (await ok('GET', '/v2/logistic', { query: { orderSn, sku: String(sku) } })) as { list: { message: string; time: number }[] },
    flow: async () =>
      (await ok('GET', '/v2/cash/flow', { query: { page: '1', limit: '100' } })).list as {
        order_sn: string;
        direction: string;
        money: number;
        type: number;
      }[],
    irregular: async (body: unknown, signed = true) => {
      const raw = JSON.stringify(body);
      const headers = {
        'content-type': 'application/json',
        ...(signed ? signHeaders({ appKey: TEST_KEY, appSecret: TEST_SECRET, body: raw }) : {}),
      };
      const res = await request(`${h.sandboxUrl}/sandbox/irregular`, { method: 'POST', headers, body: raw });
      return { status: res.statusCode, body: (await res.body.json()) as { code: number; msg: string; data: any } };
    },
  };
}

/** The pushes about one merchant order, each checked against the message contract. */
function pushes(rx: Rx, type: string, orderSn: string) {
  return rx.received.filter((m) => {
    expect(parsePushedMessage(m).ok, JSON.stringify(m)).toBe(true);
    return m.type === type && m.data.orderSn === orderSn;
  });
}

describe('irregular orders decided by the seed', () => {
  let h: SandboxHarness;
  let rx: Rx;
  let c: ReturnType<typeof client>;
  const N = 40;
  const sns = Array.from({ length: N }, (_, i) => `IRR-${String(i + 1).padStart(4, '0')}`);
  let skuOf: Map<string, number>;
  let plans: Map<string, { kind: string; seconds: number }>;
  const planOfChild = (third: string) => plans.get(third)!;

  beforeAll(async () => {
    rx = await startReceiver();
    h = await startSandbox({ goods: 800, callbackUrl: rx.url, irregular: 'late=0.2,stalled=0.2,cancelled=0.2,returned=0.2' });
    c = client(h);
    const goods = sellableGoods(h, N);
    skuOf = new Map(sns.map((sn, i) => [sn, goods[i]!.sku]));
    for (const sn of sns) await c.place(sn, [skuOf.get(sn)!]);
    const rows = h.sandbox.db
      .prepare('SELECT o.third_sn, c.irregular, c.irregular_s FROM order_children c JOIN orders o ON o.id = c.order_id')
      .all() as { third_sn: string; irregular: string; irregular_s: number }[];
    plans = new Map(rows.map((r) => [r.third_sn, { kind: r.irregular, seconds: r.irregular_s }]));
  });
  afterAll(async () => {
    await h.close();
    await rx.close();
  });

  const ofKind = (kind: string) => sns.filter((sn) => planOfChild(sn).kind === kind);

  it('the same seed and orders give the same irregular ones; shares 0 give none', async () => {
    const counts = Object.fromEntries(['', 'late', 'stalled', 'cancelled', 'returned'].map((k) => [k, ofKind(k).length]));
    // Each kind at about a fifth of 40 (fixed by the seed; at least a few of each).
    for (const k of ['', 'late', 'stalled', 'cancelled', 'returned']) expect(counts[k], k).toBeGreaterThanOrEqual(3);
    const again = await startSandbox({ goods: 800, irregular: 'late=0.2,stalled=0.2,cancelled=0.2,returned=0.2' });
    const none = await startSandbox({ goods: 800, irregular: '0' });
    try {
      const goods = sellableGoods(again, N);
      for (const [i, sn] of sns.entries()) {
        await client(again).place(sn, [goods[i]!.sku]);
        await client(none).place(sn, [goods[i]!.sku]);
      }
      const planned = (sb: SandboxHarness) =>
        new Map(
          (
            sb.sandbox.db
              .prepare('SELECT o.third_sn, c.irregular, c.irregular_s FROM order_children c JOIN orders o ON o.id = c.order_id')
              .all() as { third_sn: string; irregular: string; irregular_s: number }[]
          ).map((r) => [r.third_sn, { kind: r.irregular, seconds: r.irregular_s }]),
        );
      expect(planned(again)).toEqual(plans);
      expect([...planned(none).values()].every((p) => p.kind === '')).toBe(true);
    } finally {
      await again.close();
      await none.close();
    }
    // Durations inside their ranges.
    for (const sn of ofKind('late')) expect(planOfChild(sn).seconds / HOUR).toSatisfy((x: number) => x >= 30 && x <= 90);
    for (const sn of ofKind('stalled')) expect(planOfChild(sn).seconds / HOUR).toSatisfy((x: number) => x >= 72 && x <= 144);
    for (const sn of ofKind('cancelled')) expect(planOfChild(sn).seconds / HOUR).toSatisfy((x: number) => x >= 1 && x <= 24);
    for (const sn of ofKind('returned')) expect(planOfChild(sn).seconds / HOUR).toSatisfy((x: number) => x >= 24 && x <= 72);
  });

  it('they live as planned: late ships late, stalled stops in transit, cancelled is refunded, returned comes back', async () => {
    const startBalance = await c.balance();
    const paid = new Map<string, number>();
    for (const sn of sns) paid.set(sn, (await c.order(sn)).createdTime);

    await h.advance(3 * HOUR);
    for (const sn of [...ofKind(''), ...ofKind('stalled'), ...ofKind('returned')]) {
      expect((await c.order(sn)).children[0]!.goodsStatus, sn).toBe(3);
    }
    for (const sn of ofKind('late')) expect((await c.order(sn)).children[0]!.goodsStatus, sn).toBe(0);

    await h.advance(22 * HOUR); // 25 h after payment
    for (const sn of ofKind('')) expect((await c.order(sn)).children[0]!.goodsStatus, sn).toBe(4);
    for (const sn of ofKind('late')) expect((await c.order(sn)).children[0]!.goodsStatus, sn).toBe(0);
    for (const sn of ofKind('stalled')) {
      const child = (await c.order(sn)).children[0]!;
      expect(child.goodsStatus, sn).toBe(3);
      const t = await c.trace(sn, skuOf.get(sn)!);
      expect(t.list.map((e) => e.message)).toEqual(['包裹已到达转运中心', '快递员已揽收', '商家已发货，包裹等待揽收']);
    }
    for (const sn of ofKind('returned')) {
      const child = (await c.order(sn)).children[0]!;
      expect(child.goodsStatus, sn).toBe(3);
      expect((await c.trace(sn, skuOf.get(sn)!)).list[0]!.message).toBe('收件人拒收，包裹退回商家');
      const confirm = await h.upstream('POST', '/v2/logistic/confirm', { body: JSON.stringify({ goods_sn: child.goods[0]!.sn }) });
      expect(confirm.body).toMatchObject({ code: 0, msg: expect.stringMatching(/拒收/) });
    }
    const flow = await c.flow();
    for (const sn of ofKind('cancelled')) {
      const order = await c.order(sn);
      const child = order.children[0]!;
      expect({ order: order.status, goods: child.goodsStatus, child: child.orderStatus, refunded: child.isRefund }).toEqual({
        order: 5,
        goods: 1,
        child: 4,
        refunded: true,
      });
      const back = flow.filter((f) => f.order_sn === child.sn);
      expect(back).toEqual([expect.objectContaining({ direction: '2', type: 6, money: child.goodsFee + child.logisticFee })]);
      expect(pushes(rx, 'order.cancel', sn).map((m) => m.data.sku)).toEqual([String(skuOf.get(sn))]);
      expect(pushes(rx, 'order.delivery', sn)).toEqual([]);
    }

    await h.advance(145 * HOUR); // 170 h after payment
    for (const sn of ofKind('late')) {
      const child = (await c.order(sn)).children[0]!;
      expect(child.goodsStatus, sn).toBeGreaterThanOrEqual(4);
      // Shipped that long after payment (the order's time and the payment may be a second apart).
      expect(Math.abs(child.deliverTime - paid.get(sn)! - planOfChild(sn).seconds)).toBeLessThanOrEqual(1);
    }
    for (const sn of ofKind('stalled')) {
      const child = (await c.order(sn)).children[0]!;
      expect(child.goodsStatus, sn).toBe(4);
      const t = await c.trace(sn, skuOf.get(sn)!);
      const received = t.list[0]!.time;
      expect(received - child.deliverTime).toBe(20 * HOUR + planOfChild(sn).seconds);
    }
    const flowAfter = await c.flow();
    for (const sn of ofKind('returned')) {
      const child = (await c.order(sn)).children[0]!;
      expect({ goods: child.goodsStatus, child: child.orderStatus, refunded: child.isRefund }).toEqual({
        goods: 1,
        child: 4,
        refunded: true,
      });
      expect(child.goods[0]!.deliverNo).not.toBe(''); // the parcel did leave
      const t = await c.trace(sn, skuOf.get(sn)!);
      expect(t.list[0]!.message).toMatch(/退回包裹已由商家签收/);
      expect(t.list[0]!.time - t.list[1]!.time).toBe(planOfChild(sn).seconds);
      // The goods come back; the freight does not (the parcel travelled).
      expect(flowAfter.filter((f) => f.order_sn === child.sn)).toEqual([
        expect.objectContaining({ direction: '2', type: 6, money: child.goodsFee }),
      ]);
      expect(pushes(rx, 'order.cancel', sn).map((m) => m.data.sku)).toEqual([String(skuOf.get(sn))]);
      expect(pushes(rx, 'order.delivered', sn)).toEqual([]);
    }
    // Every refund is on the balance.
    const refunds = flowAfter.filter((f) => f.type === 6).reduce((s, f) => s + f.money, 0);
    expect(await c.balance()).toBe(startBalance + refunds);
  });
});

describe('POST /sandbox/irregular', () => {
  let h: SandboxHarness;
  let rx: Rx;
  let c: ReturnType<typeof client>;
  let goods: { sku: number; source: number }[];
  let next = 0;
  const take = () => goods[next++]!.sku;
  /** An order of one SKU, or two of one channel (one child, two lines). */
  const placeOne = async (sn: string, lines = 1) => {
    const first = take();
    const skus = [first];
    if (lines === 2) {
      const src = goods.find((g) => g.sku === first)!.source;
      const i = goods.findIndex((g, k) => k >= next && g.source === src);
      skus.push(goods.splice(i, 1)[0]!.sku);
    }
    await c.place(sn, skus);
    return c.order(sn);
  };

  beforeAll(async () => {
    rx = await startReceiver();
    h = await startSandbox({ goods: 300, callbackUrl: rx.url }); // a clean world: only what is asked for
    c = client(h);
    goods = sellableGoods(h, 60);
  });
  afterAll(async () => {
    await h.close();
    await rx.close();
  });

  it('refuses an unsigned call, a bad kind and an unknown order', async () => {
    const o = await placeOne('REQ-BAD');
    expect((await c.irregular({ orderSn: o.thirdSn, kind: 'late' }, false)).status).toBe(401);
    const bad = await c.irregular({ orderSn: o.thirdSn, kind: 'lost' });
    expect(bad).toMatchObject({
      status: 400,
      body: { code: 0, msg: expect.stringMatching(/kind: must be one of late, stalled, cancelled, returned/) },
    });
    const unknown = await c.irregular({ orderSn: 'NO-SUCH-ORDER', kind: 'cancelled' });
    expect(unknown).toMatchObject({ status: 400, body: { code: 0, msg: '订单不存在：NO-SUCH-ORDER' } });
    const missing = await c.irregular({ kind: 'late' });
    expect(missing.body.msg).toMatch(/orderSn/);
    expect((await c.order(o.thirdSn)).children[0]!.goodsStatus).toBe(0);
  });

  it('late, by merchant and by platform number: the children ship 72 h after payment', async () => {
    const a = await placeOne('REQ-LATE-M');
    const b = await placeOne('REQ-LATE-P');
    await h.advance(HOUR);
    expect((await c.irregular({ orderSn: a.thirdSn, kind: 'late' })).body).toMatchObject({
      code: 1,
      data: { sn: a.sn, thirdSn: a.thirdSn, kind: 'late', children: [a.children[0]!.sn] },
    });
    expect((await c.irregular({ orderSn: b.sn, kind: 'late' })).body.code).toBe(1);
    await h.advance(70 * HOUR);
    for (const o of [a, b]) expect((await c.order(o.thirdSn)).children[0]!.goodsStatus).toBe(0);
    await h.advance(2 * HOUR);
    for (const o of [a, b]) {
      const child = (await c.order(o.thirdSn)).children[0]!;
      expect(child.goodsStatus).toBe(3);
      expect(Math.abs(child.deliverTime - o.createdTime - 72 * HOUR)).toBeLessThanOrEqual(1);
    }
    // Shipped: nothing left to make late.
    expect((await c.irregular({ orderSn: a.thirdSn, kind: 'late' })).body.msg).toMatch(/没有待发货/);
  });

  it('stalled, in transit: the trace stops and the parcel arrives 4 days later', async () => {
    const a = await placeOne('REQ-STALL-M');
    const b = await placeOne('REQ-STALL-P');
    await h.advance(3 * HOUR); // shipped at 2 h
    expect((await c.irregular({ orderSn: a.thirdSn, kind: 'stalled' })).body.code).toBe(1);
    expect((await c.irregular({ orderSn: b.sn, kind: 'stalled' })).body.code).toBe(1);
    await h.advance(40 * HOUR);
    for (const o of [a, b]) {
      expect((await c.order(o.thirdSn)).children[0]!.goodsStatus).toBe(3);
      expect((await c.trace(o.thirdSn, o.children[0]!.goods[0]!.sku)).list).toHaveLength(1);
    }
    await h.advance(80 * HOUR); // 123 h: due at 2 + 20 + 96 = 118 h
    for (const o of [a, b]) expect((await c.order(o.thirdSn)).children[0]!.goodsStatus).toBe(4);
  });

  it('cancelled: unshipped children at once, goods and freight refunded, order.cancel per SKU', async () => {
    const a = await placeOne('REQ-CANCEL-M', 2);
    const b = await placeOne('REQ-CANCEL-P');
    const before = await c.balance();
    const answer = await c.irregular({ orderSn: a.thirdSn, kind: 'cancelled' });
    expect(answer.body).toMatchObject({ code: 1, data: { kind: 'cancelled', children: [a.children[0]!.sn] } });
    expect((await c.irregular({ orderSn: b.sn, kind: 'cancelled' })).body.code).toBe(1);
    const flow = await c.flow();
    let refunded = 0;
    for (const o of [a, b]) {
      const now = await c.order(o.thirdSn);
      const child = now.children[0]!;
      expect({ order: now.status, goods: child.goodsStatus, child: child.orderStatus }).toEqual({ order: 5, goods: 1, child: 4 });
      expect(child.goods.every((l) => l.refundTime > 0)).toBe(true);
      const line = flow.find((f) => f.order_sn === child.sn)!;
      expect(line).toMatchObject({ direction: '2', type: 6, money: child.goodsFee + child.logisticFee });
      refunded += line.money;
    }
    expect(await c.balance()).toBe(before + refunded);
    await h.drain();
    expect(
      pushes(rx, 'order.cancel', a.thirdSn)
        .map((m) => m.data.sku)
        .sort(),
    ).toEqual(a.children[0]!.goods.map((l) => String(l.sku)).sort());
    expect(pushes(rx, 'order.cancel', b.thirdSn)).toHaveLength(1);
    await h.advance(3 * HOUR); // the shipment that was due never leaves
    expect((await c.order(a.thirdSn)).children[0]!.goodsStatus).toBe(1);
    expect(pushes(rx, 'order.delivery', a.thirdSn)).toEqual([]);
    // Closed: nothing more to do with it.
    expect((await c.irregular({ orderSn: a.thirdSn, kind: 'cancelled' })).body.msg).toMatch(/已关闭/);
  });

  it('returned: refused at the door, refunded (goods) when it arrives back 48 h later', async () => {
    const a = await placeOne('REQ-RET-M');
    const b = await placeOne('REQ-RET-P');
    expect((await c.irregular({ orderSn: a.thirdSn, kind: 'returned' })).body.code).toBe(1); // before shipping
    await h.advance(3 * HOUR);
    expect((await c.irregular({ orderSn: b.sn, kind: 'returned' })).body.code).toBe(1); // in transit
    await h.advance(20 * HOUR); // 23 h: refused at 22 h
    for (const o of [a, b]) {
      expect((await c.order(o.thirdSn)).children[0]!.goodsStatus).toBe(3);
      expect((await c.trace(o.thirdSn, o.children[0]!.goods[0]!.sku)).list[0]!.message).toBe('收件人拒收，包裹退回商家');
    }
    const before = await c.balance();
    await h.advance(48 * HOUR);
    const flow = await c.flow();
    for (const o of [a, b]) {
      const child = (await c.order(o.thirdSn)).children[0]!;
      expect(child.goodsStatus).toBe(1);
      expect(flow.find((f) => f.order_sn === child.sn)).toMatchObject({ direction: '2', type: 6, money: child.goodsFee });
      expect(pushes(rx, 'order.cancel', o.thirdSn)).toHaveLength(1);
    }
    expect(await c.balance()).toBe(before + a.children[0]!.goodsFee + b.children[0]!.goodsFee);
    // Delivered orders cannot be refused any more.
    const done = await placeOne('REQ-RET-DONE');
    await h.advance(23 * HOUR);
    expect((await c.irregular({ orderSn: done.thirdSn, kind: 'returned' })).body.msg).toMatch(/没有待发货或运输中/);
  });
});
