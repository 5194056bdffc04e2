import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract';
import { testGatewayDb } from '../../../test/gateway-db';
import type { GatewayDb } from '../db';
import { matchRefunds } from './rollups';
import { MirrorStore } from './store';
import { mirrorMigrations } from './tables';

const TZ = 'Asia/Shanghai';
const at = (day: string, hour = 12) => Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00+08:00`) / 1000;

/** An order of one line of `number` pieces at `price` fen, created on `day`, its line refunded at `refundDay` (a time only). */
function order(sn: string, thirdSn: string, number: number, price: number, day: string, refundDay?: string): Order {
  const line = {
    sn: `${sn}_1_1_1`,
    goodsId: 7,
    sku: 70,
    skuName: '',
    image: '',
    name: 'goods 7',
    number,
    price,
    refundTime: refundDay ? at(refundDay, 9) : 0,
    createdTime: at(day),
    payStatus: 1,
    deliverName: '',
    deliverNo: '',
  };
  return {
    id: 1,
    sn,
    thirdSn,
    logisticFee: 0,
    goodsFee: number * price,
    address: { consignee: '张三', phone: '13800138000', province: '江苏省', city: '南京市', area: '玄武区', street: '', description: '' },
    createdTime: at(day),
    payStatus: 1,
    checkStatus: 1,
    status: 1,
    children: [
      {
        sn: `${sn}_1`,
        source: 2,
        logisticFee: 0,
        goodsFee: number * price,
        goodsStatus: 1,
        orderStatus: 1,
        deliverTime: 0,
        createdTime: at(day),
        shopInfo: { name: 'shop' },
        goods: [line],
      },
    ],
  } as unknown as Order;
}

describe('refunds paired once (rollups.ts, matchRefunds)', () => {
  const o = order('2026100', 'SD_1128_005', 2, 1030, '2026-11-20', '2026-11-21');
  const line = o.children[0]!.goods[0]!.sn;
  const asale = (id: number, num: number, refundFee: number) => ({ id, lineSn: line, num, refundFee, createdTime: at('2026-11-20', 20) });
  const cash = (id: number, orderSn: string, money: number, day = '2026-11-22') => ({ id, orderSn, money, updateTime: at(day, 10) });

  it('an after-sale and the cash line of its line and money are one refund, on the cash line’s day', () => {
    const r = matchRefunds(o, [asale(1, 1, 1030), asale(2, 1, 1030)], [cash(10, line, 1030), cash(11, line, 1030)], TZ);
    expect(r.map((x) => [x.id, x.cashId, x.money, x.pieces, x.day])).toEqual([
      ['as:1', 10, 1030, 1, '2026-11-22'],
      ['as:2', 11, 1030, 1, '2026-11-22'],
    ]);
  });
  it('a cash line naming the order (its merchant number, underscores and all) pairs with a refund of its money; other money is its own', () => {
    const r = matchRefunds(o, [asale(1, 1, 1030)], [cash(10, 'SD_1128_005', 1030), cash(11, o.sn, 500, '2026-11-23')], TZ);
    expect(r.map((x) => [x.id, x.afterSaleId, x.cashId, x.money, x.lineSn, x.day])).toEqual([
      ['as:1', 1, 10, 1030, line, '2026-11-22'],
      ['cf:11', null, 11, 500, '', '2026-11-23'],
    ]);
  });
  it('a cash line naming a child pairs only with its own lines’ refunds; one naming another line is a refund of its own', () => {
    const r = matchRefunds(o, [asale(1, 1, 1030)], [cash(10, `${o.sn}_9`, 1030), cash(11, `${o.sn}_1`, 1030)], TZ);
    expect(r.map((x) => [x.id, x.cashId])).toEqual([
      ['as:1', 11],
      ['cf:10', 10],
    ]);
  });
  it('an after-sale refund with no cash line yet counts on the line’s refund time; no refund fee, no refund', () => {
    const r = matchRefunds(o, [asale(1, 1, 1030), asale(2, 1, 0)], [], TZ);
    expect(r.map((x) => [x.id, x.money, x.day])).toEqual([['as:1', 1030, '2026-11-21']]);
  });
});

describe('the migration to refunds counted once, on what a mirror already held', () => {
  let db: GatewayDb;
  beforeEach(async () => {
    db = await testGatewayDb();
  });
  afterEach(() => db.close());

  it('takes the line-value refunds off, fills the lookup columns, and the recompute counts the money once on its day', async () => {
    const store = new MirrorStore(db, TZ);
    const o = order('2026200', 'SD_1128_009', 2, 1030, '2026-11-20', '2026-11-21');
    const line = o.children[0]!.goods[0]!.sn;
    expect(await store.upsert([o])).toBe(1);
    // Back to the schema before the migration, with what the old code had written: the line's whole value as refunded.
    const k = db.kysely;
    await k.schema.dropTable('mirror_refunds').execute();
    await k.schema.dropIndex('mirror_after_sales_platform_sn').execute();
    await k.schema.dropIndex('mirror_cash_flow_order_key').execute();
    await k.schema.alterTable('mirror_after_sales').dropColumn('platform_sn').execute();
    await k.schema.alterTable('mirror_cash_flow').dropColumn('order_key').execute();
    await k.updateTable('mirror_daily').set({ refunded: 2060 }).where('dim', 'in', ['all', 'province', 'channel', 'goods']).execute();
    await k
      .insertInto('mirror_order_keys')
      .values({ dim: 'refunded', key: '', day: '2026-11-20', sn: o.sn, created_time: o.createdTime })
      .execute();
    const record = {
      id: 5,
      orderSn3: line,
      orderSn: o.thirdSn,
      sku: 70,
      num: 1,
      goodsFee: 1030,
      logisticFee: 0,
      status: 3,
      refundFee: 1030,
    };
    await k
      .insertInto('mirror_after_sales' as never)
      .values({
        id: 5,
        order_sn: o.thirdSn,
        line_sn: line,
        sku: 70,
        created_time: at('2026-11-20', 20),
        day: '2026-11-20',
        status: 3,
        reason_code: '20006',
        refund_fee: 1030,
        data: JSON.stringify({ ...record, createdTime: at('2026-11-20', 20) }),
        read_at: 1,
      } as never)
      .execute();
    for (const [id, orderSn, direction, money] of [
      [8, o.sn, 1, 2060],
      [9, line, 2, 1030],
    ] as const)
      await k
        .insertInto('mirror_cash_flow' as never)
        .values({
          id,
          order_sn: orderSn,
          direction,
          type: direction === 1 ? 5 : 7,
          money,
          balance_after: 0,
          update_time: at('2026-11-22', 10),
          day: '2026-11-22',
          data: '{}',
        } as never)
        .execute();

    // The lines' own figures, as the old code wrote them with the lines.
    for (const [key, money] of [
      ['1', 2060],
      ['2', 1030],
    ] as const)
      await k
        .insertInto('mirror_daily')
        .values({ day: '2026-11-22', dim: 'cash', key, label: '', orders: 1, gmv: money, items: 0, refunded: 0, cancelled: 0 })
        .execute();

    await mirrorMigrations['202611282200_mirror_refunds']!.up(k as never);
    expect((await store.period('2026-11-20', '2026-11-22')).totals.refunded).toBe(0);
    expect(await k.selectFrom('mirror_order_keys').select('sn').where('dim', '=', 'refunded').execute()).toEqual([]);
    expect(await k.selectFrom('mirror_after_sales').select('platform_sn').execute()).toEqual([{ platform_sn: o.sn }]);
    expect(await k.selectFrom('mirror_cash_flow').select('order_key').orderBy('id').execute()).toEqual([
      { order_key: o.sn },
      { order_key: o.sn },
    ]);

    expect(await store.recomputeRefunds()).toBe(1);
    const week = await store.period('2026-11-20', '2026-11-22');
    expect(week.totals.refunded).toBe(1030);
    expect(week.cash.in).toBe(1030);
    expect(week.days.find((d) => d.day === '2026-11-22')).toMatchObject({ refunded: 1030 });
    expect(week.byChannel).toEqual([expect.objectContaining({ key: '2', refunded: 1030 })]);
    const list = await store.orders({ dim: 'refunded', from: '2026-11-22', to: '2026-11-22', offset: 0, limit: 5 });
    expect(list.total).toBe(1);
    // Made again: nothing moves.
    const rows = await k.selectFrom('mirror_daily').selectAll().orderBy('dim').orderBy('day').orderBy('key').execute();
    await store.recomputeRefunds();
    expect(await k.selectFrom('mirror_daily').selectAll().orderBy('dim').orderBy('day').orderBy('key').execute()).toEqual(rows);
  });
});
