import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract';
import { bffGet, bffOp, signIn } from '../../../test/bff-client';
import { testGatewayDb } from '../../../test/gateway-db';
import { sellableGoods, startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from '../../../test/harness';
import { address } from '../../../test/samples';
import { createBffApp } from '../app';
import type { GatewayDb } from '../db';
import { createOrderMirror, type OrderMirror } from './index';
import { maskName, phoneTail } from './phone-tail';

/*
 * Orders by the last four digits of the consignee's phone (issue 52): kept by the mirror as it writes an
 * order, filled for orders mirrored before by the next reconcile, listed newest first by
 * GET /bff/orders/by-phone-tail for whoever may read orders. On SQLite and PostgreSQL.
 */

let sb: SandboxHarness;
let db: GatewayDb;
let mirror: OrderMirror;
let bff: ReturnType<typeof createBffApp>;

beforeAll(async () => {
  sb = await startSandbox({ goods: 50 });
  db = await testGatewayDb();
  const upstream = { baseUrl: sb.sandboxUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 };
  mirror = createOrderMirror({ db, upstream, mode: 'sandbox', settings: { backfillDays: 0 } });
  bff = createBffApp({ db, upstream, mode: 'sandbox', mirror });
});
afterAll(async () => {
  await db.close();
  await sb.close();
});

const byTail = (cookie: string, query: string) => bffGet(bff, `/orders/by-phone-tail?${query}`, cookie);
/** A tail no order in the mirror has yet. */
async function freshTail(): Promise<string> {
  const used = new Set((await db.kysely.selectFrom('mirror_orders').select('phone_tail').distinct().execute()).map((r) => r.phone_tail));
  for (;;) {
    const tail = String(1000 + Math.floor(Math.random() * 9000));
    if (!used.has(tail)) return tail;
  }
}

let n = 0;
/** An order as the upstream's list gives it, placed `minutesAgo` before a fixed time, to a phone. */
function order(phone: string, minutesAgo: number, consignee = '欧阳娜娜'): Order {
  const sn = `9${Date.now()}${String(++n).padStart(4, '0')}`;
  const created = 1_790_000_000 - minutesAgo * 60;
  return {
    id: n,
    sn,
    thirdSn: `PT${sn}`,
    logisticFee: 600,
    goodsFee: 1000 + n,
    address: { ...address, consignee, phone },
    createdTime: created,
    payStatus: 1,
    checkStatus: 1,
    status: 2,
    children: [],
  } as Order;
}

describe('the consignee phone’s last four digits', () => {
  it('are the last four digits, whatever else the number holds; a name is masked after its first character', () => {
    expect(phoneTail('13812345678')).toBe('5678');
    expect(phoneTail('+86 138-1234-0567')).toBe('0567');
    expect(phoneTail('０５７１－８８８８１２３４')).toBe('1234');
    expect(phoneTail('123')).toBe('');
    expect(phoneTail(undefined)).toBe('');
    expect(maskName('王五')).toBe('王*');
    expect(maskName('欧阳娜娜')).toBe('欧***');
    expect(maskName('Li Lei')).toBe('L*****');
    expect(maskName('王')).toBe('*');
  });

  it('find the orders placed through the gateway to that phone, newest first, for support and merchants; none for another tail', async () => {
    const merchant = await signIn(bff, 'merchant');
    const support = await signIn(bff, 'support');
    const tail = await freshTail();
    const [a, b] = sellableGoods(sb, 2);
    const placed: string[] = [];
    for (const g of [a!, b!]) {
      const orderSn = `TAIL${Date.now()}${placed.length}`;
      const answer = await bffOp(bff, merchant, 'order.submit', {
        orderSn,
        spu: [{ sku: g.sku, number: 1 }],
        address: { ...address, consignee: '王五', phone: `1390000${tail}` },
        strictMode: true,
      });
      expect(answer.code, answer.msg).toBe(1);
      placed.push(orderSn);
    }
    // The gateway reads an order it placed back into the mirror, its phone's tail with it.
    await expect
      .poll(async () => (await db.kysely.selectFrom('mirror_orders').select('sn').where('phone_tail', '=', tail).execute()).length)
      .toBe(2);

    for (const cookie of [support, merchant]) {
      const found = await byTail(cookie, `tail=${tail}`);
      expect(found.status).toBe(200);
      expect(found.body).toMatchObject({ tail, count: 2, page: 1, size: 10 });
      // Newest first: the second placed comes first (same second: the higher platform number first).
      const rows = (await db.kysely
        .selectFrom('mirror_orders')
        .select(['sn', 'third_sn', 'created_time', 'status', 'total'])
        .where('phone_tail', '=', tail)
        .orderBy('created_time', 'desc')
        .orderBy('sn', 'desc')
        .execute()) as { sn: string; third_sn: string; created_time: number; status: number; total: number }[];
      expect(found.body.list).toEqual(
        rows.map((r) => ({
          sn: r.sn,
          thirdSn: r.third_sn,
          consignee: '王*',
          createdTime: Number(r.created_time),
          status: Number(r.status),
          total: Number(r.total),
        })),
      );
      expect(found.body.list.map((o: { thirdSn: string }) => o.thirdSn).sort()).toEqual([...placed].sort());
      // Nothing of the phone but what was typed: no number, no address.
      expect(JSON.stringify(found.body)).not.toContain(`1390000${tail}`);
      expect(JSON.stringify(found.body)).not.toContain(address.street);
    }
    // A tail with no order.
    const none = await freshTail();
    expect((await byTail(support, `tail=${none}`)).body).toMatchObject({ tail: none, list: [], count: 0 });
  });

  it('list a page of at most 50, newest first, and say how many there are', async () => {
    const support = await signIn(bff, 'support');
    const tail = await freshTail();
    // 51 orders to that phone, a minute apart; one to a phone that only contains the tail elsewhere.
    const orders = Array.from({ length: 51 }, (_, i) => order(`1370000${tail}`, i));
    await mirror.store.upsert([...orders, order(`137${tail}0000`, 0)]);
    const first = await byTail(support, `tail=${tail}&size=50`);
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(51);
    expect(first.body.list.map((o: { sn: string }) => o.sn)).toEqual(orders.slice(0, 50).map((o) => o.sn));
    expect(first.body.list[0]).toEqual({
      sn: orders[0]!.sn,
      thirdSn: orders[0]!.thirdSn,
      consignee: '欧***',
      createdTime: orders[0]!.createdTime,
      status: 2,
      total: orders[0]!.goodsFee + 600,
    });
    const second = await byTail(support, `tail=${tail}&size=50&page=2`);
    expect(second.body).toMatchObject({ count: 51, page: 2, size: 50 });
    expect(second.body.list.map((o: { sn: string }) => o.sn)).toEqual([orders[50]!.sn]);
    const bad = await byTail(support, `tail=${tail}&size=51`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Invalid input: size: size must be at most 50');
    // A phone changed on the order moves it to its new tail.
    const moved = { ...orders[0]!, address: { ...orders[0]!.address, phone: '13700009999' } };
    await mirror.store.upsert([moved]);
    expect((await byTail(support, `tail=${tail}&size=50`)).body.count).toBe(50);
  });

  it('are filled by the next reconcile for orders mirrored before the column', async () => {
    const support = await signIn(bff, 'support');
    const tail = await freshTail();
    const orders = [order(`1360000${tail}`, 3), order(`1360000${tail}`, 2), order('12', 1)];
    await mirror.store.upsert(orders);
    // As the migration leaves the orders it finds.
    await db.kysely
      .updateTable('mirror_orders')
      .set({ phone_tail: null })
      .where(
        'sn',
        'in',
        orders.map((o) => o.sn),
      )
      .execute();
    expect((await byTail(support, `tail=${tail}`)).body.count).toBe(0);
    const state = await mirror.reconcile();
    expect(state.error).toBeUndefined();
    const found = await byTail(support, `tail=${tail}`);
    expect(found.body.list.map((o: { sn: string }) => o.sn)).toEqual([orders[1]!.sn, orders[0]!.sn]);
    // A phone of fewer than four digits has no tail; none is left unfilled.
    const rows = await db.kysely
      .selectFrom('mirror_orders')
      .select(['sn', 'phone_tail'])
      .where('sn', '=', orders[2]!.sn)
      .executeTakeFirstOrThrow();
    expect(rows.phone_tail).toBe('');
    expect(await db.kysely.selectFrom('mirror_orders').select('sn').where('phone_tail', 'is', null).execute()).toEqual([]);
  });

  it('answer 400 with a sentence for anything but exactly four digits, and 401 signed out', async () => {
    const support = await signIn(bff, 'support');
    for (const [query, msg] of [
      ['tail=123', 'Invalid input: tail: tail must be exactly 4 digits: the last 4 of the consignee’s phone'],
      ['tail=12345', 'Invalid input: tail: tail must be exactly 4 digits: the last 4 of the consignee’s phone'],
      ['tail=12a4', 'Invalid input: tail: tail must be exactly 4 digits: the last 4 of the consignee’s phone'],
      [
        'tail=%EF%BC%91%EF%BC%92%EF%BC%93%EF%BC%94',
        'Invalid input: tail: tail must be exactly 4 digits: the last 4 of the consignee’s phone',
      ],
      ['', 'Invalid input: tail: tail is required: the last 4 digits of the consignee’s phone'],
      ['tail=1234&page=0', 'Invalid input: page: page must be 1 or more'],
      ['tail=1234&phone=13800138000', 'Invalid input: unknown field phone'],
    ] as const) {
      const res = await byTail(support, query);
      expect(res.status, query).toBe(400);
      expect(res.body.msg, query).toBe(msg);
      expect(res.body.data, query).toBeNull();
    }
    const out = await bff.app.request('/orders/by-phone-tail?tail=1234');
    expect(out.status).toBe(401);
  });
});
