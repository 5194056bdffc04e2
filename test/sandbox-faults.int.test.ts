import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { signHeaders } from '../server/signing';
import { sellableGoods, startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from './harness';

/** Issue 50.1: faults set while the sandbox runs, through its signed control call, seen by a client over real HTTP. */

let h: SandboxHarness;
beforeAll(async () => {
  h = await startSandbox({ goods: 60 });
});
afterAll(() => h.close());

const address = {
  consignee: '赵六',
  phone: '13600136000',
  province: '广东省',
  city: '广州市',
  area: '天河区',
  street: '体育西路',
  description: '88 号',
};

async function faults(body: unknown, signed = true) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const headers = {
    'content-type': 'application/json',
    ...(signed ? signHeaders({ appKey: TEST_KEY, appSecret: TEST_SECRET, body: raw }) : {}),
  };
  const res = await request(`${h.sandboxUrl}/sandbox/faults`, { method: 'POST', headers, body: raw });
  return { status: res.statusCode, body: (await res.body.json()) as { code: number; msg: string; data: Record<string, unknown> | null } };
}

const clean = { error: 0, lost: 0, drop: 0, latencyMs: 0, outage: false };
const balance = async () => (await h.upstream('GET', '/v2/account/application/balance', { body: '{}' })).body.data.balance as number;
const orderByMerchantSn = async (orderSn: string) =>
  (await h.upstream('GET', '/v2/order', { body: JSON.stringify({ search: { thirdSn: orderSn, page: 1, limit: 10 } }) })).body.data;

describe('POST /sandbox/faults', () => {
  it('answers the faults in force, changes only the fields given, and starts from SANDBOX_FAULTS', async () => {
    expect(await faults({})).toMatchObject({ status: 200, body: { code: 1, data: clean } });
    expect((await faults({ error: 0.25, latencyMs: 5 })).body.data).toEqual({ ...clean, error: 0.25, latencyMs: 5 });
    expect((await faults({ lost: 0.1 })).body.data).toEqual({ ...clean, error: 0.25, lost: 0.1, latencyMs: 5 });
    expect((await faults(clean)).body.data).toEqual(clean);
    const started = await startSandbox({ goods: 10, faults: 'latency=30,lost=0.2' });
    try {
      const raw = '{}';
      const res = await request(`${started.sandboxUrl}/sandbox/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signHeaders({ appKey: TEST_KEY, appSecret: TEST_SECRET, body: raw }) },
        body: raw,
      });
      expect(((await res.body.json()) as { data: unknown }).data).toEqual({ ...clean, lost: 0.2, latencyMs: 30 });
    } finally {
      await started.close();
    }
  });

  it('refuses an unsigned call and bad input, and changes nothing then', async () => {
    await faults({ error: 0.5 });
    const unsigned = await faults({ outage: true }, false);
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.msg).toMatch(/必须传递 Api-App-Key/);
    for (const [body, msg] of [
      [{ error: 2 }, /error: must be at most 1/],
      [{ lost: -0.1 }, /lost: must be at least 0/],
      [{ latencyMs: 1.5 }, /latencyMs: must be a whole number/],
      [{ outage: 'yes' }, /outage: must be true or false/],
      [{ errors: 0.1 }, /unknown field errors/],
      [{ lost: 0.6 }, /之和不能超过 1/],
      ['not json', /不是合法的 JSON/],
      [[1], /必须是 JSON 对象/],
    ] as const) {
      const r = await faults(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe(0);
      expect(r.body.msg).toMatch(msg);
    }
    expect((await faults({})).body.data).toEqual({ ...clean, error: 0.5 });
    await faults(clean);
  });
});

describe('each fault, as a client sees it', () => {
  it('latency: every call waits that long', async () => {
    await faults({ latencyMs: 120 });
    const started = performance.now();
    const r = await h.upstream('POST', '/v2/GetSource', { body: '{}' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(115);
    expect(r.body.code).toBe(1);
    await faults(clean);
  });

  it('error: 500 系统繁忙 and nothing done (a submit makes no order)', async () => {
    await faults({ error: 1 });
    const [g] = sellableGoods(h, 1);
    const orderSn = `F-ERR-${Date.now()}`;
    const r = await h.upstream('POST', '/v2/order', { body: JSON.stringify({ orderSn, spu: [{ sku: g!.sku, number: 1 }], address }) });
    expect(r.status).toBe(500);
    expect(r.body).toMatchObject({ code: 0, msg: expect.stringMatching(/系统繁忙/) });
    await faults(clean);
    expect((await orderByMerchantSn(orderSn)).total).toBe(0);
  });

  it('lost: a submit is carried out, then the connection is cut; the order is there when read back by the merchant number', async () => {
    const [g] = sellableGoods(h, 1);
    const before = await balance();
    await faults({ lost: 1 });
    const orderSn = `F-LOST-${Date.now()}`;
    const body = JSON.stringify({ orderSn, spu: [{ sku: g!.sku, number: 1 }], address });
    await expect(h.upstream('POST', '/v2/order', { body })).rejects.toThrow(/closed|socket|terminated|reset/i);
    await faults({ lost: 0 });
    const found = await orderByMerchantSn(orderSn);
    expect(found.total).toBe(1);
    expect(found.list[0]).toMatchObject({ thirdSn: orderSn, payStatus: 1 });
    expect(await balance()).toBe(before - found.list[0].goodsFee - found.list[0].logisticFee);
    // A second write with the same number is refused: the order exists exactly once.
    const again = await h.upstream('POST', '/v2/order', { body });
    expect(again.body).toMatchObject({ code: 0, msg: expect.stringMatching(/订单号已存在/) });
  });

  it('drop: the connection is cut before anything is done', async () => {
    const [g] = sellableGoods(h, 2).slice(1);
    await faults({ drop: 1 });
    const orderSn = `F-DROP-${Date.now()}`;
    await expect(
      h.upstream('POST', '/v2/order', { body: JSON.stringify({ orderSn, spu: [{ sku: g!.sku, number: 1 }], address }) }),
    ).rejects.toThrow();
    await faults({ drop: 0 });
    expect((await orderByMerchantSn(orderSn)).total).toBe(0);
  });

  it('outage: every call fails until it is turned off; the control calls still answer', async () => {
    expect((await faults({ outage: true })).body.data).toMatchObject({ outage: true });
    for (const [method, path] of [
      ['POST', '/v2/GetSource'],
      ['GET', '/v2/account/application/balance'],
      ['GET', '/v2/logistic/firms'],
    ] as const) {
      const r = await h.upstream(method, path, { body: '{}' });
      expect(r.status, path).toBe(503);
      expect(r.body).toMatchObject({ code: 0, msg: expect.stringMatching(/系统维护中/) });
    }
    await h.advance(60); // the clock is a control call: it still answers
    expect((await faults({ outage: false })).body.data).toEqual(clean);
    expect((await h.upstream('POST', '/v2/GetSource', { body: '{}' })).body.code).toBe(1);
  });

  it('shares: about that share of calls fail', async () => {
    await faults({ error: 0.5 });
    let failed = 0;
    for (let i = 0; i < 60; i++) if ((await h.upstream('POST', '/v2/GetSource', { body: '{}' })).status === 500) failed++;
    await faults(clean);
    // 60 draws at one half: outside 10–50 with a chance below one in a million.
    expect(failed).toBeGreaterThan(10);
    expect(failed).toBeLessThan(50);
  });
});
