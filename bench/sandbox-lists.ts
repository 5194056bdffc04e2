import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { createSandbox } from '../server/sandbox';
import { parseFaults } from '../server/sandbox/config';
import { buildUpstreamRequest } from '../server/gateway/operations/upstream';
import { operations, type OpId } from '../contract';
import { signHeaders } from '../server/signing';

/**
 * Seeds a large catalogue and times the list operations over loopback HTTP, signed like a real
 * client (so the time includes the signature check). Prints p50 and p95 per case.
 */
export async function benchSandboxLists(
  goods = Number(process.env.BENCH_GOODS ?? 100_000),
  rounds = Number(process.env.BENCH_ROUNDS ?? 60),
) {
  const dir = mkdtempSync(join(tmpdir(), 'supply-desk-bench-'));
  const config = {
    appKey: 'bench-key',
    appSecret: 'bench-secret-123',
    dbFile: join(dir, 'sandbox.sqlite'),
    seed: 7,
    goods,
    signatureWindowMs: 600_000,
    speed: 1,
    faults: parseFaults(undefined),
  };
  const seedStart = performance.now();
  const sandbox = createSandbox(config, { autoTick: false });
  const seedMs = performance.now() - seedStart;
  const server = await new Promise<{ close(): void; port: number }>((resolve) => {
    const s = serve({ fetch: sandbox.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ close: () => s.close(), port: info.port }),
    );
  });
  const base = `http://127.0.0.1:${server.port}`;
  const topCat = (
    sandbox.db.prepare('SELECT id FROM categories WHERE source = 2 AND level = 0 ORDER BY id LIMIT 1').get() as { id: number }
  ).id;
  const leafCat = (
    sandbox.db.prepare('SELECT id FROM categories WHERE source = 2 AND level = 2 ORDER BY id LIMIT 1').get() as { id: number }
  ).id;

  const cases: [string, OpId, Record<string, unknown>][] = [
    ['NewList, page 1, no filter', 'selection.online', { page: 1, limit: 20 }],
    ['NewList, page 50', 'selection.online', { page: 50, limit: 20 }],
    [
      'NewList, profit-rate section + top category',
      'selection.online',
      { page: 1, limit: 20, category_id: topCat, promotion_rate: { from: 30, to: 60 } },
    ],
    [
      'NewList, price section + sort by month sales',
      'selection.online',
      { page: 1, limit: 20, agreement_price: { from: 10, to: 80 }, type: 'real_month_sale', sort: 'desc' },
    ],
    ['NewList, search words', 'selection.online', { page: 1, limit: 20, search_words: '坚果' }],
    [
      'NewList, search words + leaf category + free shipping',
      'selection.online',
      { page: 1, limit: 20, search_words: '每日', category_id: leafCat, is_free_shipping: 1 },
    ],
    [
      'Goods Lists, source + price range',
      'goods.list',
      { page: 1, limit: 20, source: 2, range_type: 'agreement_price', range_from: 20, range_to: 60 },
    ],
    [
      'MyLists, rate range',
      'selection.list',
      { page: 1, limit: 20, source: 0, range_type: 'promotion_rate', range_from: 20, range_to: 80 },
    ],
    [
      'GoodsStorage/Lists, category + search',
      'selection.onlineOld',
      { page: 1, limit: 20, source: 2, category_id: topCat, search_words: '原味' },
    ],
    ['ApiGoodsList, group', 'group.goods', { page: 1, limit: 20, group_id: 1 }],
  ];
  const results: { name: string; p50: number; p95: number; count: number }[] = [];
  for (const [name, id, input] of cases) {
    const op = operations[id];
    const built = buildUpstreamRequest(op, op.input.parse(input) as Record<string, unknown>);
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < rounds + 5; i++) {
      const qs = new URLSearchParams(built.query).toString();
      const headers = {
        ...signHeaders({ appKey: config.appKey, appSecret: config.appSecret, query: built.query, body: built.body }),
        'content-type': 'application/json',
      };
      const t0 = performance.now();
      const res = await request(`${base}${built.path}${qs ? `?${qs}` : ''}`, {
        method: built.method as 'GET',
        headers,
        body: built.body || undefined,
      });
      const env = (await res.body.json()) as { code: number; msg: string; data: { count?: number } };
      const ms = performance.now() - t0;
      if (env.code !== 1) throw new Error(`${name}: ${env.msg}`);
      count = env.data.count ?? 0;
      if (i >= 5) times.push(ms); // the first calls warm caches and JIT
    }
    times.sort((a, b) => a - b);
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
    results.push({ name, p50: q(0.5), p95: q(0.95), count });
  }
  server.close();
  sandbox.close();
  rmSync(dir, { recursive: true, force: true });
  return { goods, seedMs, rounds, results };
}
