import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { operations } from '../../../contract';
import { bffAs } from '../../../test/bff-client';

/**
 * `order.availableCheck` as the real service's clients read it: the documented array, and the older
 * nested `data: {code, msg, data: {available, ban}}` of the Java SDK and the Yunshop plugin. The
 * gateway hands the page the array either way (the contract's data schema holds it).
 */
function upstreamAnswering(body: unknown): Promise<{ server: Server; url: string }> {
  return new Promise((resolve) => {
    const server = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
  });
}

const input = {
  spu: [
    { sku: 200001, number: 1 },
    { sku: 200002, number: 2 },
  ],
  address: {
    consignee: '王五',
    phone: '13800138000',
    province: '北京市',
    city: '北京市',
    area: '朝阳区',
    street: '朝阳区',
    description: '1 号楼',
  },
};

const servers: Server[] = [];
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  servers.forEach((s) => s.closeAllConnections?.() ?? s.close());
  for (const c of closers) await c();
});

async function availableVia(body: unknown) {
  const up = await upstreamAnswering(body);
  servers.push(up.server);
  const gw = await bffAs({ upstream: { baseUrl: up.url, appKey: 'k', appSecret: 's', timeoutMs: 2000 }, mode: 'upstream' }, 'merchant');
  closers.push(gw.close);
  const res = await gw.request('/op/order.availableCheck', { method: 'POST', body: JSON.stringify(input) });
  expect(res.status).toBe(200);
  return (await res.json()) as { code: number; msg: string; data: unknown };
}

describe('order.availableCheck in both shapes', () => {
  it('the documented array goes on as it came', async () => {
    const env = await availableVia({ id: 'x1', code: 1, msg: '操作成功', data: [{ code: '2', available: [200001], ban: [200002] }] });
    expect(env.code).toBe(1);
    expect(env.data).toEqual([{ code: '2', available: [200001], ban: [200002] }]);
    expect(operations['order.availableCheck'].data.safeParse(env.data).success).toBe(true);
  });

  it('the older nested shape (Java SDK, Yunshop) comes to the page as the array', async () => {
    const env = await availableVia({
      code: 1,
      msg: '操作成功',
      data: { code: 1, msg: '操作成功', data: { available: [200002], ban: [200001] } },
    });
    expect(env.code).toBe(1);
    expect(env.data).toEqual([{ available: [200002], ban: [200001] }]);
    expect(operations['order.availableCheck'].data.safeParse(env.data).success).toBe(true);
  });

  it('an older answer whose inner code is a failure is a failure with its words', async () => {
    const env = await availableVia({ code: 1, msg: '操作成功', data: { code: 0, msg: '收货地址不完整', data: null } });
    expect(env.code).toBe(0);
    expect(env.msg).toBe('收货地址不完整');
  });
});
