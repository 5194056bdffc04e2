import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { signHeaders } from '../../signing';
import { startApp, type RunningApp } from '../../../test/app-server';
import { startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from '../../../test/harness';

/**
 * Issue 50.3: a write whose answer was lost is settled by reading, never by a second write. For each
 * write the app makes (checkout, failed-order retry and refund, confirm receipt, after-sale apply,
 * mailing info), the sandbox carries it out and cuts the connection (its `lost` fault, at 1 for that
 * call): the write reaches the sandbox once, is done once, and the person is told it was done and how
 * the gateway knows. One cut before acting (`drop`) is told as not done.
 */

let sb: SandboxHarness;
let door: Server;
let app: RunningApp;
let cookie: string;
/** Calls that reached the sandbox's API, by `method /path` (lower case). */
const arrived = new Map<string, number>();
const count = (key: string) => arrived.get(key) ?? 0;
/** The next call of this `method /path` is carried out under these faults (then the faults are clean again). */
let faultNext: { key: string; faults: Record<string, unknown> } | null = null;

const clean = { error: 0, lost: 0, drop: 0, latencyMs: 0, outage: false };
async function faults(body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  const res = await request(`${sb.sandboxUrl}/sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signHeaders({ appKey: TEST_KEY, appSecret: TEST_SECRET, body: raw }) },
    body: raw,
  });
  expect(res.statusCode).toBe(200);
  await res.body.dump();
}

type Envelope = { code: number; msg: string; data: any; settled?: { found: boolean }; gateway?: { reason: string } };
async function op(id: string, input: unknown) {
  const res = await app.call('POST', `/bff/op/${id}`, {
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  return { status: res.status, body: JSON.parse(res.text) as Envelope };
}
async function ok(id: string, input: unknown) {
  const r = await op(id, input);
  expect(r.body.code, `${id}: ${r.body.msg}`).toBe(1);
  return r.body.data;
}
/** The write under `lost` for its own call: answered by reading, found done; it reached the sandbox once. */
async function lostButDone(id: string, key: string, input: unknown) {
  const before = count(key);
  faultNext = { key, faults: { lost: 1 } };
  const r = await op(id, input);
  expect(faultNext, 'the write reached the sandbox').toBeNull();
  expect(count(key) - before, `${key} sent once`).toBe(1);
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({ code: 1, settled: { found: true } });
  expect(r.body.msg).toMatch(/its answer was lost, and it was found by reading/);
  return r.body;
}

const address = {
  consignee: '王五',
  phone: '13700137000',
  province: '江苏省',
  city: '南京市',
  area: '玄武区',
  street: '中山路',
  description: '8 号',
};
let seq = 0;
/** An order of `n` units of a charged-freight SKU, placed normally (unless `sn` is given to place it so). */
function sku(offset = 0) {
  return sb.sandbox.db
    .prepare(
      `SELECT s.id AS sku, s.agreement_price AS price FROM goods g JOIN sku_options s ON s.goods_id = g.id
        WHERE g.status = 1 AND s.stock >= 20 AND s.agreement_price <= 20000 AND g.is_free_shipping = 0 AND g.id NOT IN (SELECT goods_id FROM goods_bans)
        ORDER BY g.id LIMIT 1 OFFSET ?`,
    )
    .get(offset) as { sku: number; price: number };
}
const newSn = () => `LOST${Date.now()}${++seq}`;
const orderOf = async (orderSn: string) => (await ok('order.list', { search: { page: 1, limit: 5, thirdSn: orderSn } })).list[0];
const ordersAtSandbox = (orderSn: string) =>
  (sb.sandbox.db.prepare('SELECT count(*) AS n FROM orders WHERE third_sn = ?').get(orderSn) as { n: number }).n;
const paymentsAtSandbox = (platformSn: string) =>
  (
    sb.sandbox.db.prepare('SELECT count(*) AS n FROM cash_flow WHERE order_sn LIKE ? AND direction = 1').get(`${platformSn}%`) as {
      n: number;
    }
  ).n;

beforeAll(async () => {
  sb = await startSandbox({ goods: 60 });
  door = await new Promise<Server>((resolve) => {
    const s = serve(
      {
        fetch: async (req: Request, env: unknown) => {
          const u = new URL(req.url);
          const key = `${req.method} ${u.pathname}`.toLowerCase();
          if (u.pathname.startsWith('/v2/')) arrived.set(key, count(key) + 1);
          const fault = faultNext?.key === key ? faultNext : null;
          if (!fault) return sb.sandbox.app.fetch(req, env as never);
          faultNext = null;
          await faults({ ...clean, ...fault.faults });
          try {
            return await sb.sandbox.app.fetch(req, env as never);
          } finally {
            await faults(clean);
          }
        },
        port: 0,
        hostname: '127.0.0.1',
      },
      () => resolve(s as Server),
    ) as Server;
  });
  app = await startApp({
    UPSTREAM_URL: `http://127.0.0.1:${(door.address() as AddressInfo).port}`,
    UPSTREAM_APP_KEY: TEST_KEY,
    UPSTREAM_APP_SECRET: TEST_SECRET,
    ADMIN_USERNAME: 'boss',
    ADMIN_PASSWORD: 'boss-password-1234',
    UPSTREAM_TIMEOUT_MS: '5000',
    UPSTREAM_RETRY_BASE_MS: '20',
    UPSTREAM_RETRY_MAX_MS: '100',
  });
  cookie = await app.signIn('boss', 'boss-password-1234');
}, 60_000);

afterAll(async () => {
  await app?.close();
  await new Promise((r) => door?.close(r));
  await sb?.close();
});

describe('a write whose answer was lost is settled by reading', () => {
  it('checkout: the order is placed once under its number and the person told so; cut before acting: told not done, and the same number places it once', async () => {
    const { sku: id } = sku(0);
    const orderSn = newSn();
    await lostButDone('order.submit', 'post /v2/order', { orderSn, spu: [{ sku: id, number: 1 }], address });
    expect(ordersAtSandbox(orderSn)).toBe(1);
    expect(paymentsAtSandbox((await orderOf(orderSn)).sn)).toBe(1);

    const other = newSn();
    faultNext = { key: 'post /v2/order', faults: { drop: 1 } };
    const dropped = await op('order.submit', { orderSn: other, spu: [{ sku: id, number: 1 }], address });
    expect(dropped.status).toBe(502);
    expect(dropped.body.gateway?.reason).toBe('not_done');
    expect(dropped.body.msg).toMatch(/answer was lost; reading shows it was not done/);
    expect(ordersAtSandbox(other)).toBe(0);
    await ok('order.submit', { orderSn: other, spu: [{ sku: id, number: 1 }], address });
    expect(ordersAtSandbox(other)).toBe(1);
  });

  it('checkout beyond the balance: the order kept unpaid is found and said as the supplier would (余额不足); retry pays it once, refund closes another once', async () => {
    const { sku: id, price } = sku(1);
    sb.sandbox.db.prepare('UPDATE sku_options SET stock = 100000 WHERE id = ?').run(id);
    const balance = Number((sb.sandbox.db.prepare(`SELECT value FROM meta WHERE key = 'balance'`).get() as { value: string }).value);
    const n = Math.min(9999, Math.ceil((balance + 1) / price) + 1);
    const orderSn = newSn();
    faultNext = { key: 'post /v2/order', faults: { lost: 1 } };
    const short = await op('order.submit', { orderSn, spu: [{ sku: id, number: n }], address });
    expect(short.body).toMatchObject({ code: 0, settled: { found: true } });
    expect(short.body.msg).toMatch(/余额不足/);
    expect(ordersAtSandbox(orderSn)).toBe(1);
    const o = await orderOf(orderSn);
    expect(o).toMatchObject({ payStatus: 0 });

    sb.sandbox.db.prepare(`UPDATE meta SET value = ? WHERE key = 'balance'`).run(String(balance + price * n + 100_000));
    await lostButDone('order.retry', 'patch /v2/order', { orderSn: `${o.sn}_${o.children[0].source}_1` });
    expect(await orderOf(orderSn)).toMatchObject({ payStatus: 1 });
    expect(paymentsAtSandbox(o.sn)).toBe(1);

    sb.sandbox.db.prepare(`UPDATE meta SET value = '100' WHERE key = 'balance'`).run();
    const closing = newSn();
    expect((await op('order.submit', { orderSn: closing, spu: [{ sku: id, number: 2 }], address })).body.msg).toMatch(/余额不足/);
    await lostButDone('order.refund', 'put /v2/order', { orderSn: closing });
    expect(await orderOf(closing)).toMatchObject({ status: 5 });
    expect(
      (sb.sandbox.db.prepare('SELECT count(*) AS n FROM error_orders WHERE third_sn = ? AND resolved = 1').get(closing) as { n: number }).n,
    ).toBe(1);
    sb.sandbox.db.prepare(`UPDATE meta SET value = ? WHERE key = 'balance'`).run(String(balance));
  });

  it('confirm receipt, after-sale apply and mailing info: each done once, answered as done (the new after-sale by its id)', async () => {
    const { sku: id, price } = sku(2);
    const orderSn = newSn();
    await ok('order.submit', { orderSn, spu: [{ sku: id, number: 1 }], address });
    await sb.advance(3 * 3600);
    const o = await orderOf(orderSn);
    const line = o.children[0].goods[0];
    await lostButDone('logistic.confirm', 'post /v2/logistic/confirm', { goods_sn: line.sn });
    expect((await ok('order.detail', { sn: line.sn })).goodsStatus).toBe(4);

    const before = (sb.sandbox.db.prepare('SELECT count(*) AS n FROM after_sales').get() as { n: number }).n;
    const apply = {
      orderSn,
      sku: id,
      num: 1,
      goodsFee: price,
      logisticFee: 0,
      serviceTypeCode: '10',
      pickTypeCode: '40',
      packageTypeCode: '10',
      returnTypeCode: '10',
      reasonsTypeCode: '10004',
      reasonsDescription: '七天无理由',
    };
    const applied = await lostButDone('afterSale.apply', 'post /v2/aftersale', apply);
    const made = sb.sandbox.db.prepare('SELECT id FROM after_sales WHERE line_sn = ?').all(line.sn) as { id: number }[];
    expect((sb.sandbox.db.prepare('SELECT count(*) AS n FROM after_sales').get() as { n: number }).n).toBe(before + 1);
    expect(made).toHaveLength(1);
    expect(applied.data).toEqual({ id: made[0]!.id });

    await sb.advance(2 * 3600);
    expect(await ok('afterSale.detail', { id: made[0]!.id })).toMatchObject({ status: 2 });
    await lostButDone('afterSale.mail', 'patch /v2/aftersale', { id: made[0]!.id, sn: 'SF5550001111', company: 'SF' });
    expect(await ok('afterSale.detail', { id: made[0]!.id })).toMatchObject({ status: 5, sendData: { sn: 'SF5550001111', company: 'SF' } });
  });
});
