import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { createSandbox } from '../server/sandbox';
import { parseFaults } from '../server/sandbox/config';
import { seedOrders } from '../server/sandbox/order-seed';
import { createBffApp, SESSION_COOKIE } from '../server/gateway/app';
import { openGatewayDb } from '../server/gateway/db';

const listen = (fetch: (req: Request) => Response | Promise<Response>) =>
  new Promise<{ close(): void; url: string }>((resolve) => {
    const s = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ close: () => s.close(), url: `http://127.0.0.1:${info.port}` }),
    );
  });

/**
 * The order list as the orders page asks for it, through the gateway (session, role, validation,
 * signing) to the sandbox over loopback HTTP, with `orders` orders seeded: p50 and p95 per case.
 */
/**
 * The sandbox on a loopback port, with `count` orders seeded over the 90 days before now (a
 * directory of its own; `close` removes it): what the order-list and reconcile benches read.
 */
export async function sandboxWithOrders(count: number, prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const config = {
    appKey: 'bench-key',
    appSecret: 'bench-secret-123',
    dbFile: join(dir, 'sandbox.sqlite'),
    seed: 7,
    goods: 2000,
    signatureWindowMs: 600_000,
    speed: 1,
    faults: parseFaults(undefined),
  };
  const sandbox = createSandbox(config, { autoTick: false });
  const nowSec = Math.floor(Date.now() / 1000);
  const seeded = seedOrders(sandbox.db, { count, seed: 7, nowSec, days: 90 });
  const upstream = await listen(sandbox.app.fetch);
  return {
    dir,
    nowSec,
    seedMs: seeded.ms,
    target: { baseUrl: upstream.url, appKey: config.appKey, appSecret: config.appSecret },
    close() {
      upstream.close();
      sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function benchOrderList(orders = Number(process.env.BENCH_ORDERS ?? 10_000), rounds = Number(process.env.BENCH_ROUNDS ?? 60)) {
  const { nowSec, seedMs, target, close } = await sandboxWithOrders(orders, 'supply-desk-bench-orders-');

  const bff = createBffApp({
    upstream: { ...target, timeoutMs: 15_000 },
    mode: 'sandbox',
    db: await openGatewayDb({ file: ':memory:' }),
  });
  await bff.users.create({ username: 'bench', displayName: 'Bench', role: 'manager', password: 'bench-password-1' });
  const login = await bff.app.request('/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: 'bench-password-1' }),
  });
  const token = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(login.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error(`bench sign-in failed: ${login.status}`);
  const gateway = await listen(new Hono().route('/bff', bff.app).fetch);

  // A family name a few percent of the seeded consignees carry, and a week of the seeded 90 days.
  const week = { from: nowSec - 37 * 86_400, to: nowSec - 30 * 86_400 };
  const cases: [string, Record<string, unknown>][] = [
    ['search by consignee (欧阳), page 1 of 20', { page: 1, limit: 20, consignee: '欧阳' }],
    ['search by consignee (full name 王伟)', { page: 1, limit: 20, consignee: '王伟' }],
    ['created-time range (one week), page 1 of 20', { page: 1, limit: 20, createdTime: week }],
    ['created-time range (one week), page 3 of 50', { page: 3, limit: 50, createdTime: week }],
  ];
  const results: { name: string; p50: number; p95: number; count: number }[] = [];
  for (const [name, search] of cases) {
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < rounds + 5; i++) {
      const t0 = performance.now();
      const res = await request(`${gateway.url}/bff/op/order.list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${token}` },
        body: JSON.stringify({ search }),
      });
      const env = (await res.body.json()) as { code: number; msg: string; data: { total: number; list: unknown[] } };
      const ms = performance.now() - t0;
      if (env.code !== 1) throw new Error(`${name}: ${env.msg}`);
      if (env.data.list.length === 0) throw new Error(`${name}: nothing found, the case measures nothing`);
      count = env.data.total;
      if (i >= 5) times.push(ms); // the first calls warm caches and JIT
    }
    times.sort((a, b) => a - b);
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
    results.push({ name, p50: q(0.5), p95: q(0.95), count });
  }
  gateway.close();
  close();
  return { orders, seedMs, rounds, results };
}
