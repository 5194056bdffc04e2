import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract';
import { testGatewayDb } from '../../../test/gateway-db';
import type { GatewayDb } from '../db';
import { fillDailySales, keepSales, orderParts, soldOrders } from './sales';
import { MirrorStore, WHOLE_SUM_BELOW } from './store';

const TZ = 'Asia/Shanghai';
/** Unix seconds of a Beijing wall time. */
const at = (day: string, hour = 12) => Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00+08:00`) / 1000;

let n = 0;
/** An order as the upstream's list gives it: lines of [goodsId, price in fen, number, source, refunded?]. */
function order(
  day: string,
  lines: [number, number, number, number, boolean?][],
  opts: Partial<Order> & { freight?: number; province?: string } = {},
): Order {
  const sn = `2026${++n}`;
  const bySource = new Map<number, [number, number, number, number, boolean?][]>();
  for (const l of lines) bySource.set(l[3], [...(bySource.get(l[3]) ?? []), l]);
  const freight = opts.freight ?? 0;
  const children = [...bySource.entries()].map(([source, ls], i) => ({
    sn: `${sn}_${source}`,
    source,
    logisticFee: i === 0 ? freight : 0,
    goodsFee: ls.reduce((s, l) => s + l[1] * l[2], 0),
    goodsStatus: 1,
    orderStatus: 1,
    deliverTime: 0,
    createdTime: at(day),
    shopInfo: { name: 'shop' },
    goods: ls.map(([goodsId, price, number, , refunded], j) => ({
      sn: `${sn}_${source}_${j + 1}_1`,
      goodsId,
      sku: goodsId * 10,
      skuName: '',
      image: '',
      name: `goods ${goodsId}`,
      number,
      price,
      refundTime: refunded ? at(day) + 3600 : 0,
      createdTime: at(day),
      payStatus: 1,
      deliverName: '',
      deliverNo: '',
    })),
  }));
  return {
    id: n,
    sn,
    thirdSn: `T${sn}`,
    logisticFee: freight,
    goodsFee: children.reduce((s, c) => s + c.goodsFee, 0),
    address: {
      consignee: '张三',
      phone: '13800138000',
      province: opts.province ?? '浙江省',
      city: '杭州市',
      area: '西湖区',
      street: '',
      description: '',
    },
    createdTime: at(day),
    payStatus: 1,
    checkStatus: 1,
    status: 1,
    children,
    ...opts,
  } as Order;
}

let db: GatewayDb;
let store: MirrorStore;
beforeEach(async () => {
  db = await testGatewayDb();
  store = new MirrorStore(db, TZ);
});
afterEach(() => db.close());

const rollupRows = () => db.kysely.selectFrom('mirror_daily').selectAll().orderBy('dim').orderBy('day').orderBy('key').execute();

describe('the order mirror and its daily figures', () => {
  it('sums orders per day, channel, goods and province; a re-read changes nothing; a cancellation and a refund move their own day', async () => {
    const a = order('2026-11-20', [[1, 1000, 2, 2]], { freight: 600 }); // JD: 2 × ¥10 + ¥6 freight
    const b = order(
      '2026-11-20',
      [
        [1, 1000, 1, 2],
        [2, 2550, 3, 3],
      ],
      { province: '广东省' },
    ); // JD + 1688
    const c = order('2026-11-21', [[3, 9900, 1, 4]]); // Tmall, next day
    // 23:30 in Beijing on the 21st is still the 21st there (15:30 UTC).
    const late = { ...order('2026-11-21', [[2, 2550, 1, 3]]), createdTime: at('2026-11-21', 23) + 1800 };
    const unpaid = order('2026-11-21', [[1, 1000, 5, 2]], { payStatus: 0, status: 0 }); // a failed order waiting for the balance
    expect(await store.upsert([a, b, c, late, unpaid])).toBe(5);

    const week = await store.period('2026-11-19', '2026-11-22');
    expect(week.totals).toEqual({ orders: 4, gmv: 2600 + 1000 + 7650 + 9900 + 2550, items: 2 + 4 + 1 + 1, refunded: 0, cancelled: 0 });
    expect(week.days.map((d) => [d.day, d.orders, d.gmv])).toEqual([
      ['2026-11-19', 0, 0],
      ['2026-11-20', 2, 2600 + 8650],
      ['2026-11-21', 2, 9900 + 2550],
      ['2026-11-22', 0, 0],
    ]);
    expect(Object.fromEntries(week.byChannel.map((r) => [r.key, [r.orders, r.gmv, r.items]]))).toEqual({
      '2': [2, 2600 + 1000, 3],
      '3': [2, 7650 + 2550, 4],
      '4': [1, 9900, 1],
    });
    expect(week.byProvince.map((r) => [r.key, r.orders])).toEqual([
      ['浙江省', 3],
      ['广东省', 1],
    ]);
    expect(week.topGoodsByItems.map((r) => [r.key, r.label, r.items])).toEqual([
      ['2', 'goods 2', 4],
      ['1', 'goods 1', 3],
      ['3', 'goods 3', 1],
    ]);
    expect(week.topGoodsByGmv.map((r) => r.key)).toEqual(['2', '3', '1']);

    // The same orders read again: nothing written, the figures as they were.
    const before = await rollupRows();
    expect(await store.upsert([a, b, c, late, unpaid])).toBe(0);
    expect(await rollupRows()).toEqual(before);

    // b is cancelled, a line of c refunded, the failed order paid at last: each moves the day it was created on.
    expect(await store.upsert([{ ...b, status: 5 }])).toBe(1);
    const refundedC = {
      ...c,
      children: c.children.map((ch) => ({ ...ch, goods: ch.goods.map((g) => ({ ...g, refundTime: at('2026-11-23') })) })),
    };
    expect(await store.upsert([refundedC, { ...unpaid, payStatus: 1, status: 1 }])).toBe(2);
    const after = await store.period('2026-11-19', '2026-11-22');
    // A line's refund time says neither how much nor how many: no money counts from it (issue 48).
    expect(after.totals).toEqual({ orders: 4, gmv: 2600 + 9900 + 2550 + 5000, items: 2 + 1 + 1 + 5, refunded: 0, cancelled: 1 });
    expect(after.days.find((d) => d.day === '2026-11-20')).toMatchObject({ orders: 1, gmv: 2600, cancelled: 1 });
    expect(after.days.find((d) => d.day === '2026-11-21')).toMatchObject({ orders: 3, gmv: 9900 + 2550 + 5000, refunded: 0 });
    expect(Object.fromEntries(after.byChannel.map((r) => [r.key, r.orders]))).toEqual({ '2': 2, '3': 1, '4': 1 });
    // The after-sale's refund is the money: counted on the day it came back (the line's refund time), once
    // when the cash-flow line that paid it back is read too, under the order's province, channel and goods.
    const line = refundedC.children[0]!.goods[0]!;
    const asked = { id: 71, source: 4, orderSn3: line.sn, orderSn: c.thirdSn, sku: line.sku, num: 1, goodsFee: 9900, logisticFee: 0 };
    const record = { ...asked, serviceTypeCode: '40', reasonsTypeCode: '20006', status: 3, refundFee: 9900, createdTime: at('2026-11-22') };
    expect(await store.upsertAfterSales([record as never])).toBe(1);
    const paidBack = {
      id: 501,
      sn: 'CF1',
      order_sn: line.sn,
      direction: '2',
      money: 9900,
      type: 7,
      balance_before: 0,
      balance_after: 9900,
    };
    for (const cashLine of [undefined, { ...paidBack, update_time: at('2026-11-23', 9) }]) {
      if (cashLine) expect(await store.upsertCashFlow([cashLine])).toBe(1);
      expect((await store.period('2026-11-19', '2026-11-22')).totals.refunded).toBe(0);
      const refundDay = await store.period('2026-11-23', '2026-11-23');
      expect(refundDay.totals.refunded).toBe(9900);
      expect(refundDay.byChannel).toEqual([expect.objectContaining({ key: '4', refunded: 9900, orders: 0 })]);
      expect(refundDay.byProvince).toEqual([expect.objectContaining({ key: '浙江省', refunded: 9900 })]);
      expect(refundDay.cash.in).toBe(cashLine ? 9900 : 0);
      const list = await store.orders({ dim: 'refunded', from: '2026-11-23', to: '2026-11-23', offset: 0, limit: 10 });
      expect(list.list.map((o) => o.sn)).toEqual([c.sn]);
      expect(await store.refundsOf([c.sn])).toEqual([expect.objectContaining({ money: 9900, pieces: 1, cashId: cashLine ? 501 : null })]);
    }
    // A period without the 20th does not see its cancellation.
    expect((await store.period('2026-11-21', '2026-11-21')).totals.cancelled).toBe(0);
  });

  it("one order written by two writers at once (a reconcile and the gateway's own write) is counted once", async () => {
    // Each writer reads what it had before; two that read "new" at the same time both added the order
    // to the day's figures on PostgreSQL (seen as a strip figure one above its list of orders).
    for (let round = 0; round < 5; round++) {
      const day = `2026-11-1${round}`;
      const o = order(day, [[1, 1000, 1, 2]]);
      const other = new MirrorStore(db, TZ);
      await Promise.all([store.upsert([o]), other.upsert([o]), store.upsert([{ ...o }])]);
      const keys = await db.kysely.selectFrom('mirror_order_keys').select('sn').where('sn', '=', o.sn).where('dim', '=', 'all').execute();
      expect(keys, day).toHaveLength(1);
      expect((await store.period(day, day)).totals.orders, day).toBe(1);
    }
  });

  it('the last of one order read twice in a batch stands; the time zone decides the day', async () => {
    const o = order('2026-11-20', [[1, 1000, 1, 2]]);
    expect(await store.upsert([o, { ...o, status: 5 }])).toBe(1);
    expect((await store.period('2026-11-20', '2026-11-20')).totals).toMatchObject({ orders: 0, cancelled: 1 });
    // 01:00 in Beijing on the 22nd is the 21st in UTC.
    const utc = new MirrorStore(db, 'UTC');
    await utc.upsert([{ ...order('2026-11-22', [[1, 1000, 1, 2]]), createdTime: at('2026-11-22', 1) }]);
    expect((await utc.period('2026-11-21', '2026-11-21')).totals.orders).toBe(1);
  });

  it('finds the ten top goods of a period exactly, whether a few goods sell most (found from each day’s and week’s largest) or all sell alike, or the period is small (the whole sum)', async () => {
    let seed = 11;
    const rnd = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
    // A Sunday, two whole weeks (Monday 2 to Sunday 15), then two days: weeks and days both count.
    const days = Array.from({ length: 17 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
    for (const [shape, goods] of [
      ['skewed', (r: number) => 1 + Math.floor(r ** 3 * 400)],
      ['even', (r: number) => 1000 + Math.floor(r * 6000)],
    ] as const) {
      const want = new Map<string, { items: number; gmv: number; sales: number }>();
      const orders: Order[] = [];
      const sales: { orderSn: string; sale: number; source: string }[] = [];
      for (const day of days)
        for (let i = 0; i < 300; i++) {
          const id = goods(rnd());
          const items = 1 + Math.floor(rnd() * 3);
          const price = 100 + Math.floor(rnd() * 900);
          const o = order(day, [[id, price, items, 2]]);
          orders.push(o);
          const w = want.get(String(id)) ?? { items: 0, gmv: 0, sales: 0 };
          w.items += items;
          w.gmv += items * price;
          // Four in five orders with what the buyer paid (issue 53): the top goods by sales, found as by GMV.
          if (rnd() < 0.8) {
            const sale = Math.floor(items * price * (1 + rnd()));
            sales.push({ orderSn: o.thirdSn, sale, source: 'checkout' });
            w.sales += sale;
          }
          want.set(String(id), w);
        }
      await keepSales(db.kysely, sales, 1);
      for (let i = 0; i < orders.length; i += 1000) await store.upsert(orders.slice(i, i + 1000));
      const top = (by: 'items' | 'gmv' | 'sales') =>
        [...want.entries()]
          .sort((a, b) => b[1][by] - a[1][by] || (a[0] < b[0] ? -1 : 1))
          .slice(0, 10)
          .map(([key, w]) => ({ key, [by]: w[by] }));
      const ways = { ...store.topGoodsWays };
      const got = await store.period(days[0]!, days.at(-1)!);
      expect(
        got.topGoodsByItems.map((r) => ({ key: r.key, items: r.items })),
        shape,
      ).toEqual(top('items'));
      expect(
        got.topGoodsByGmv.map((r) => ({ key: r.key, gmv: r.gmv })),
        shape,
      ).toEqual(top('gmv'));
      expect(
        got.sales.topGoodsBySales.map((r) => ({ key: r.key, sales: r.sales })),
        shape,
      ).toEqual(top('sales'));
      expect(got.topGoodsByItems[0]!.label, shape).toBe(`goods ${got.topGoodsByItems[0]!.key}`);
      // The skewed shop is settled from the largest rows; the even one needs the whole sum.
      expect(store.topGoodsWays.candidates - ways.candidates, shape).toBe(shape === 'skewed' ? 3 : 0);
      expect(store.topGoodsWays.whole - ways.whole, shape).toBe(shape === 'skewed' ? 0 : 3);
      // One day (300 orders, fewer than WHOLE_SUM_BELOW) is summed whole at once, whatever the shape.
      expect(orders.length).toBeGreaterThanOrEqual(WHOLE_SUM_BELOW);
      const small = { ...store.topGoodsWays };
      expect((await store.period(days[0]!, days[0]!)).topGoodsByItems).toHaveLength(10);
      expect(store.topGoodsWays, shape).toEqual({ candidates: small.candidates, whole: small.whole + 3 });
      await db.kysely.deleteFrom('mirror_daily').execute();
      await db.kysely.deleteFrom('mirror_sales').execute();
      await db.kysely.deleteFrom('mirror_orders').execute();
    }
  });

  it('keeps the sale figures in the daily rollups: an amount kept before or after the order is mirrored, changed, and the order closed, each moves its parts (issue 53)', async () => {
    // a: two channels, three goods, freight (split by cost); b: one goods; c: no sale amount; d: not paid.
    const a = order(
      '2026-11-20',
      [
        [1, 1000, 2, 2],
        [2, 2550, 1, 2],
        [3, 333, 3, 3],
      ],
      { freight: 700 },
    );
    const b = order('2026-11-21', [[1, 1000, 1, 3]]);
    const c = order('2026-11-21', [[2, 2550, 1, 2]]);
    const d = order('2026-11-21', [[3, 333, 1, 3]], { payStatus: 0, status: 0 });
    // b's and d's amounts kept before the mirror has them, a's after.
    await keepSales(
      db.kysely,
      [
        { orderSn: b.thirdSn, sale: 1500, source: 'checkout' },
        { orderSn: d.thirdSn, sale: 999, source: 'checkout' },
      ],
      1,
    );
    await store.upsert([a, b, c, d]);
    await keepSales(db.kysely, [{ orderSn: a.thirdSn, sale: 10007, source: 'import:1' }], 2);
    // What the rollups hold, against each order's parts worked out again (orderParts) from the orders with an amount.
    const expected = (sold: [Order, number][]) => {
      const channel = new Map<string, { sold: number; sales: number; cost: number }>();
      const goods = new Map<string, { sold: number; sales: number; cost: number }>();
      for (const [o, sale] of sold) {
        const parts = orderParts(o, sale);
        for (const [m, from] of [
          [channel, parts.channels],
          [goods, parts.goods],
        ] as const)
          for (const [key, p] of from) {
            const had = m.get(key) ?? { sold: 0, sales: 0, cost: 0 };
            m.set(key, { sold: had.sold + 1, sales: had.sales + p.sales, cost: had.cost + p.cost });
          }
      }
      return {
        totals: {
          sold: sold.length,
          sales: sold.reduce((s, [, x]) => s + x, 0),
          cost: sold.reduce((s, [o]) => s + o.goodsFee + o.logisticFee, 0),
        },
        channel: Object.fromEntries([...channel].sort()),
        goods: Object.fromEntries([...goods].sort()),
      };
    };
    const got = async () => {
      const p = await store.period('2026-11-19', '2026-11-22');
      return {
        totals: p.sales.totals,
        channel: Object.fromEntries([...p.sales.byChannel].filter(([, f]) => f.sold !== 0).sort()),
        goods: Object.fromEntries(
          p.sales.topGoodsBySales.map((r) => [r.key, { sold: r.sold, sales: r.sales, cost: r.cost }] as const).sort(),
        ),
      };
    };
    expect(await got()).toEqual(
      expected([
        [a, 10007],
        [b, 1500],
      ]),
    );
    expect((await got()).totals).toEqual({ sold: 2, sales: 11507, cost: 2000 + 2550 + 999 + 700 + 1000 });
    // The amount changed: the old part off, the new one in; kept again as it is, nothing moves.
    await keepSales(db.kysely, [{ orderSn: a.thirdSn, sale: 5003, source: 'checkout' }], 3);
    await keepSales(db.kysely, [{ orderSn: a.thirdSn, sale: 5003, source: 'checkout' }], 4);
    expect(await got()).toEqual(
      expected([
        [a, 5003],
        [b, 1500],
      ]),
    );
    // a closed (its figures leave the day), d paid at last (its amount counts now).
    const paid = { ...d, payStatus: 1, status: 1 };
    await store.upsert([{ ...a, status: 5 }, paid]);
    expect(await got()).toEqual(
      expected([
        [b, 1500],
        [paid, 999],
      ]),
    );
    // The sales migration's fill, on rollups without sale figures, makes the same rows.
    const kept = await rollupRows();
    await db.kysely.updateTable('mirror_daily').set({ sold: 0, sales: 0, cost: 0 }).execute();
    expect((await got()).totals).toEqual({ sold: 0, sales: 0, cost: 0 });
    await fillDailySales(db.kysely);
    expect(await rollupRows()).toEqual(kept);
    // The sold list's figure (the rollups) and its orders (the mirror's rows) agree.
    const list = await soldOrders(db.kysely, { key: 'channel:3', from: '2026-11-19', to: '2026-11-22', offset: 0, limit: 10 });
    expect(list.total).toBe(2);
    expect(list.salesTotal.sales).toBe(list.sales.reduce((s, r) => s + r.sales, 0));
    expect(list.salesTotal).toEqual({ sold: 2, sales: 2499, cost: 1333, profit: 2499 - 1333 });
  });
});
