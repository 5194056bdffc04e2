import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, type OpId, type Role } from '../contract';
import { bffAs, signIn } from './bff-client';
import { startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from './harness';

/**
 * The order desk's operations (orders, logistics, money) over real HTTP through the gateway to the
 * sandbox, as each role the desk serves: what the pages send, good and bad.
 */
let sb: SandboxHarness;
let server: Server;
let gateway = '';
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  sb = await startSandbox({ goods: 600 });
  const { bff, cookie } = await bffAs({
    upstream: { baseUrl: sb.sandboxUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 },
    mode: 'sandbox',
  });
  cookies.admin = cookie;
  for (const role of ['merchant', 'support', 'manager'] as const) cookies[role] = await signIn(bff, role);
  const app = new Hono().route('/bff', bff.app);
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      gateway = `http://127.0.0.1:${info.port}`;
      resolve();
    }) as Server;
  });
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await sb.close();
});

async function call(role: Role, id: OpId, input: unknown) {
  const res = await request(`${gateway}/bff/op/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies[role] },
    body: JSON.stringify(input),
  });
  const text = await res.body.text();
  return {
    status: res.statusCode,
    body: JSON.parse(text) as { code: number; msg: string; data: any; gateway?: { reason: string; field?: string } },
  };
}
/** A `code: 1` answer whose data matches the contract's schema. */
async function good(id: OpId, input: unknown, role: Role = 'manager') {
  const res = await call(role, id, input);
  expect(res.body.code, `${id}: ${JSON.stringify(res.body)}`).toBe(1);
  const parsed = operations[id].data.safeParse(res.body.data);
  expect(parsed.success, `${id} data: ${parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 2))}`).toBe(true);
  return res.body.data;
}
/** Refused by the gateway before anything goes upstream: 400 and the field named. */
async function invalid(id: OpId, input: unknown, field: string) {
  const res = await call('admin', id, input);
  expect(res.status, `${id}: ${JSON.stringify(res.body)}`).toBe(400);
  expect(res.body.gateway?.reason).toBe('invalid_input');
  expect(res.body.gateway?.field).toBe(field);
}
/** Refused by the supplier (code 0) with a message. */
async function refused(id: OpId, input: unknown, msg: RegExp, role: Role = 'manager') {
  const res = await call(role, id, input);
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  expect(res.body.msg).toMatch(msg);
}

const address = {
  consignee: '钱七',
  phone: '13912345678',
  province: '江苏省',
  city: '南京市',
  area: '玄武区',
  street: '中山路',
  description: '8 号',
};
let serial = 0;
const merchantSn = () => `DESK${Date.now()}${++serial}`;

/** In-stock, on-sale SKUs that may go anywhere, one per goods, from the sandbox's own tables. */
function skus(n: number, source?: number) {
  const rows = sb.sandbox.db
    .prepare(
      `SELECT s.id AS sku, s.agreement_price AS price, g.source FROM sku_options s JOIN goods g ON g.id = s.goods_id
        WHERE g.status = 1 AND s.stock >= 50 AND g.id NOT IN (SELECT goods_id FROM goods_bans) ${source ? 'AND g.source = ?' : ''}
        GROUP BY g.id ORDER BY g.id DESC LIMIT ?`,
    )
    .all(...(source ? [source, n] : [n])) as { sku: number; price: number; source: number }[];
  expect(rows.length).toBe(n);
  return rows;
}

async function place(lines: { sku: number; number: number }[], who = address) {
  const orderSn = merchantSn();
  await good('order.submit', { orderSn, spu: lines, address: who, strictMode: true }, 'merchant');
  const list = await good('order.list', { search: { page: 1, limit: 5, thirdSn: orderSn } });
  expect(list.total).toBe(1);
  return list.list[0];
}
const balance = async () => (await good('account.balance', {})).balance as number;

describe('order list: every search field the page sends', () => {
  let a: any;
  let b: any;
  beforeAll(async () => {
    const [x, y] = skus(2, 2);
    a = await place([{ sku: x!.sku, number: 1 }], { ...address, consignee: '欧阳娜娜', phone: '13700001111' });
    b = await place([{ sku: y!.sku, number: 2 }], { ...address, consignee: '司马光', phone: '02588889999' });
  });

  it('consignee, phone, merchant and platform numbers, goods name', async () => {
    const by = async (search: Record<string, unknown>) =>
      (await good('order.list', { search: { page: 1, limit: 100, ...search } })).list.map((o: { sn: string }) => o.sn);
    expect(await by({ consignee: '欧阳' })).toEqual([a.sn]);
    expect(await by({ phone: '0001111' })).toEqual([a.sn]);
    expect(await by({ thirdSn: b.thirdSn })).toEqual([b.sn]);
    // A child or line number names its main order.
    expect(await by({ sn: b.children[0].goods[0].sn })).toEqual([b.sn]);
    const word = a.children[0].goods[0].name.split(' ').slice(-2).join(' ');
    expect(await by({ goodsName: word })).toContain(a.sn);
    expect(await by({ consignee: '没有这个人' })).toEqual([]);
  });

  it('created-time range in Unix seconds: inclusive bounds, empty outside', async () => {
    const t = a.createdTime as number;
    const within = await good('order.list', { search: { page: 1, limit: 100, createdTime: { from: t, to: t } } });
    expect(within.list.map((o: { sn: string }) => o.sn)).toContain(a.sn);
    for (const o of within.list) expect(o.createdTime).toBe(t);
    const before = await good('order.list', { search: { page: 1, limit: 100, createdTime: { to: t - 1 } } });
    expect(before.list.some((o: { sn: string }) => o.sn === a.sn)).toBe(false);
    const after = await good('order.list', { search: { page: 1, limit: 100, createdTime: { from: t + 86_400 } } });
    expect(after.total).toBe(0);
  });

  it('one channel tab: order.sourceList pages that channel’s children with their addresses', async () => {
    const page = await good('order.sourceList', { source: 2, page: 1, limit: 100 });
    expect(page.list.length).toBeGreaterThanOrEqual(2);
    for (const c of page.list) expect(c.source).toBe(2);
    const child = page.list.find((c: { thirdSn: string }) => c.thirdSn === b.thirdSn);
    expect(child.address.consignee).toBe('司马光');
    expect(child.goods[0].number).toBe(2);
  });

  it('bad search input is refused by the gateway with the field named, and nothing is listed', async () => {
    await invalid('order.list', { search: { page: 1, limit: 101 } }, 'search.limit');
    await invalid('order.list', { search: { page: 0, limit: 10 } }, 'search.page');
    await invalid('order.list', { search: { page: 1, limit: 10, createdTime: { from: 'yesterday' } } }, 'search.createdTime.from');
    await invalid('order.list', { search: { page: 1, limit: 10, createdTime: { from: -5 } } }, 'search.createdTime.from');
    await invalid('order.list', { search: { page: 1, limit: 10, buyer: 'x' } }, 'search.buyer');
    await invalid('order.list', { search: { page: 1, limit: 10, consignee: 'x'.repeat(51) } }, 'search.consignee');
    await invalid('order.sourceList', { source: 0, page: 1, limit: 10 }, 'source');
    await invalid('order.detail', { sn: a.sn }, 'sn');
  });
});

describe('order detail, logistics and receipt', () => {
  it('line record, timeline newest first, confirm receipt once, by the roles that may', async () => {
    const [x, y] = [...skus(1, 1), ...skus(1, 7)];
    const order = await place([
      { sku: x!.sku, number: 1 },
      { sku: y!.sku, number: 3 },
    ]);
    expect(order.children).toHaveLength(2);
    const line = order.children.find((c: { source: number }) => c.source === 7).goods[0];

    const rec = await good('order.detail', { sn: line.sn }, 'support');
    expect(rec).toMatchObject({ orderSn1: order.sn, orderSn3: line.sn, source: 7, goodsStatus: 0, goods: { sku: y!.sku, Total: 3 } });
    await refused('order.detail', { sn: `${order.sn}_7_9_9` }, /订单不存在/);

    // Not shipped yet: an empty trace, and receipt cannot be confirmed.
    expect(await good('logistic.trace', { orderSn: order.thirdSn, sku: line.sku }, 'merchant')).toEqual({
      list: [],
      info: { name: '', no: '' },
    });
    await refused('logistic.confirm', { goods_sn: line.sn }, /尚未发货/, 'support');

    await sb.advance(3 * 3600);
    await sb.advance(10 * 3600);
    const trace = await good('logistic.trace', { orderSn: order.thirdSn, sku: line.sku }, 'merchant');
    expect(trace.info.no).not.toBe('');
    expect(trace.list.length).toBeGreaterThanOrEqual(3);
    const times = trace.list.map((e: { time: number }) => e.time);
    expect(times).toEqual([...times].sort((p, q) => q - p));
    const firms = (await good('logistic.firms', {})).map((f: { name: string }) => f.name);
    expect(firms).toContain(trace.info.name);

    // The merchant may read logistics but not confirm; support confirms, once.
    const denied = await call('merchant', 'logistic.confirm', { goods_sn: line.sn });
    expect(denied.status).toBe(403);
    await good('logistic.confirm', { goods_sn: line.sn }, 'support');
    await refused('logistic.confirm', { goods_sn: line.sn }, /已确认收货/, 'support');
    const after = (await good('order.list', { search: { page: 1, limit: 1, sn: order.sn } })).list[0];
    expect(after.children.find((c: { source: number }) => c.source === 7).goodsStatus).toBe(4);
    const latest = (await good('logistic.trace', { orderSn: order.thirdSn, sku: line.sku })).list[0];
    expect(latest.message).toMatch(/确认收货/);
  });

  it('bad logistics input: the gateway names the field; unknown orders are refused upstream', async () => {
    await invalid('logistic.trace', { orderSn: '', sku: 1 }, 'orderSn');
    await invalid('logistic.trace', { orderSn: 'X1', sku: 0 }, 'sku');
    await invalid('logistic.confirm', { goods_sn: '123' }, 'goods_sn');
    await invalid('logistic.confirm', {}, 'goods_sn');
    await refused('logistic.trace', { orderSn: 'NO-SUCH-ORDER', sku: 1 }, /订单不存在/);
    await refused('logistic.confirm', { goods_sn: '1_1_1_1' }, /不存在/, 'support');
  });
});

describe('failed orders and money', () => {
  it('short balance -> failed order; retry refused while short, then paid once; refund closes another; cash flow follows', async () => {
    const [x] = skus(1, 6);
    const start = await balance();
    sb.sandbox.db.prepare(`UPDATE meta SET value = '100' WHERE key = 'balance'`).run();
    const first = merchantSn();
    await refused('order.submit', { orderSn: first, spu: [{ sku: x!.sku, number: 1 }], address }, /余额不足/, 'merchant');
    const second = merchantSn();
    await refused('order.submit', { orderSn: second, spu: [{ sku: x!.sku, number: 2 }], address }, /余额不足/, 'merchant');
    expect(await balance()).toBe(100);

    const errors = await good('order.errors', { page: 1, limit: 100 }, 'support');
    const failed = errors.list.find((e: { thirdSn: string }) => e.thirdSn === first);
    expect(failed.message).toBe('余额不足');
    // The lines are in the params the page reads.
    expect(JSON.parse(failed.params).spu).toEqual([{ sku: x!.sku, number: 1 }]);

    await refused('order.retry', { orderSn: first }, /余额不足/);
    expect(await balance()).toBe(100);
    // Support reads failed orders but neither retries nor refunds.
    expect((await call('support', 'order.retry', { orderSn: first })).status).toBe(403);
    expect((await call('support', 'order.refund', { orderSn: first })).status).toBe(403);

    sb.sandbox.db.prepare(`UPDATE meta SET value = ? WHERE key = 'balance'`).run(String(start));
    await good('order.retry', { orderSn: first });
    const paid = (await good('order.list', { search: { page: 1, limit: 1, thirdSn: first } })).list[0];
    expect(paid).toMatchObject({ payStatus: 1, status: 1 });
    const cost = paid.goodsFee + paid.logisticFee;
    expect(await balance()).toBe(start - cost);
    await refused('order.retry', { orderSn: first }, /没有待处理的失败订单/);

    const before = await balance();
    await good('order.refund', { orderSn: second }, 'merchant');
    expect((await good('order.list', { search: { page: 1, limit: 1, thirdSn: second } })).list[0].status).toBe(5);
    expect(await balance()).toBe(before);
    await refused('order.refund', { orderSn: second }, /没有待处理的失败订单/);
    const still = await good('order.errors', { page: 1, limit: 100 });
    expect(still.list.some((e: { thirdSn: string }) => e.thirdSn === first || e.thirdSn === second)).toBe(false);

    // The payment is in the cash flow as an outflow of type 5, linked to the platform number.
    const flow = await good('account.cashFlow', { page: 1, limit: 100, type: 5, direction: 1 });
    const row = flow.list.find((r: { order_sn: string }) => r.order_sn === paid.sn);
    expect(row).toMatchObject({ money: cost, balance_before: start, balance_after: start - cost });
    for (const r of flow.list) expect([r.type, String(r.direction)]).toEqual([5, '1']);
    const inflows = await good('account.cashFlow', { page: 1, limit: 100, direction: 2 });
    expect(inflows.list.some((r: { order_sn: string }) => r.order_sn === paid.sn)).toBe(false);
    const t = row.update_time as number;
    const day = await good('account.cashFlow', { page: 1, limit: 100, startTime: t, endTime: t });
    expect(day.list.map((r: { id: number }) => r.id)).toContain(row.id);
    expect(
      (await good('account.cashFlow', { page: 1, limit: 100, startTime: t + 1 })).list.some((r: { id: number }) => r.id === row.id),
    ).toBe(false);
  });

  it('bad input and roles for money and failed orders', async () => {
    await invalid('order.retry', { orderSn: '' }, 'orderSn');
    await invalid('order.refund', {}, 'orderSn');
    await invalid('order.errors', { page: 1, limit: 0 }, 'limit');
    await invalid('account.cashFlow', { page: 1, limit: 10, startTime: -1 }, 'startTime');
    await invalid('account.cashFlow', { page: 1, limit: 500 }, 'limit');
    await invalid('account.balance', { extra: 1 }, 'extra');
    // The merchant and support see no cash flow; support sees no balance either.
    expect((await call('merchant', 'account.cashFlow', { page: 1, limit: 10 })).status).toBe(403);
    expect((await call('support', 'account.balance', {})).status).toBe(403);
    expect((await call('merchant', 'account.balance', {})).body.code).toBe(1);
    await refused('order.retry', { orderSn: 'NO-SUCH' }, /没有待处理的失败订单/);
  });
});
