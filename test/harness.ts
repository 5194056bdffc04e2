import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import type { OpId, OpInput } from '../contract';
import { bffAs } from './bff-client';
import { createSandbox, type Sandbox } from '../server/sandbox';
import { parseFaults, parseIrregular, type SandboxConfig } from '../server/sandbox/config';
import { signHeaders } from '../server/signing';

export const TEST_KEY = 'test-app-key';
export const TEST_SECRET = 'test-secret-7f3a9c1e55';

function listen(fetch: (req: Request) => Response | Promise<Response>): Promise<{ server: Server; url: string }> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({ server: server as Server, url: `http://127.0.0.1:${info.port}` });
    }) as Server;
  });
}

/** A sandbox alone on a loopback port, with a fresh database: what any client of the real API talks to. */
export interface SandboxHarness {
  sandbox: Sandbox;
  sandboxUrl: string;
  /** A signed call straight to the sandbox, as any client of the real API would make it. */
  upstream(
    method: string,
    path: string,
    opts?: { query?: Record<string, string>; body?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any }>;
  /**
   * Moves the sandbox's business clock (POST /sandbox/clock, signed): due jobs run, then this waits
   * for the background pump to try every message that became due (`messagesDelivered`: how many
   * it delivered meanwhile). `{ wait: false }` returns as soon as the clock call answers.
   * `clockMs`: how long the clock call itself took.
   */
  advance(seconds: number, opts?: { wait?: boolean }): Promise<{ jobsRun: number; messagesDelivered: number; clockMs: number }>;
  /** Waits until the message pump has tried every message that is due now. */
  drain(): Promise<void>;
  close(): Promise<void>;
}

/** The sandbox harness with a gateway in front of it. */
export interface Harness extends SandboxHarness {
  gatewayUrl: string;
  /** POST /bff/op/:id with the input as JSON; returns HTTP status and the parsed envelope. */
  op<K extends OpId>(id: K, input: OpInput<K> | Record<string, unknown>): Promise<{ status: number; body: any; text: string }>;
}

export interface HarnessOptions {
  goods?: number;
  /** The catalogue's seed: 42 unless a test needs the sandbox as it starts by default (20260101). */
  seed?: number;
  timeoutMs?: number;
  callbackUrl?: string;
  faults?: string;
  /** Business seconds per wall second (SANDBOX_SPEED); 1 unless a test needs the real default. */
  speed?: number;
  /** Shares of irregular orders (SANDBOX_IRREGULAR); `0` (a clean world) unless a test wants them. */
  irregular?: string;
}

export async function startSandbox(opts: HarnessOptions = {}): Promise<SandboxHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'supply-desk-test-'));
  const config: SandboxConfig = {
    appKey: TEST_KEY,
    appSecret: TEST_SECRET,
    dbFile: join(dir, 'sandbox.sqlite'),
    seed: opts.seed ?? 42,
    goods: opts.goods ?? 800,
    signatureWindowMs: 10 * 60 * 1000,
    // Business time runs at wall speed unless a test asks for more; tests move it with advance().
    speed: opts.speed ?? 1,
    faults: parseFaults(opts.faults),
    irregular: parseIrregular(opts.irregular ?? '0'),
    callbackUrl: opts.callbackUrl,
  };
  const sandbox = createSandbox(config, { autoTick: false });
  const sb = await listen(sandbox.app.fetch);
  return {
    sandbox,
    sandboxUrl: sb.url,
    async upstream(method, path, o = {}) {
      const qs = o.query ? `?${new URLSearchParams(o.query)}` : '';
      const headers = {
        ...signHeaders({ appKey: TEST_KEY, appSecret: TEST_SECRET, query: o.query, body: o.body ?? '' }),
        'content-type': 'application/json',
        ...o.headers,
      };
      const res = await request(`${sb.url}${path}${qs}`, { method: method as 'GET', headers, body: o.body || undefined });
      return { status: res.statusCode, body: await res.body.json() };
    },
    async advance(seconds, o = {}) {
      const delivered = () =>
        (sandbox.db.prepare('SELECT count(*) AS n FROM outbox WHERE delivered_ms IS NOT NULL').get() as { n: number }).n;
      const before = delivered();
      const body = JSON.stringify({ advanceSeconds: seconds });
      const started = performance.now();
      const res = await request(`${sb.url}/sandbox/clock`, {
        method: 'POST',
        headers: { ...signHeaders({ appKey: TEST_KEY, appSecret: TEST_SECRET, body }), 'content-type': 'application/json' },
        body,
      });
      const env = (await res.body.json()) as { code: number; msg: string; data: { jobsRun: number } };
      const clockMs = performance.now() - started;
      if (env.code !== 1) throw new Error(`clock refused: ${env.msg}`);
      if (o.wait !== false) await sandbox.idle();
      return { jobsRun: env.data.jobsRun, messagesDelivered: delivered() - before, clockMs };
    },
    drain: () => sandbox.idle(),
    async close() {
      await new Promise((r) => sb.server.close(r));
      sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A sandbox and a gateway in front of it, each on its own loopback port, with a fresh database. */
export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const sb = await startSandbox(opts);
  const { bff, cookie } = await bffAs({
    upstream: { baseUrl: sb.sandboxUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: opts.timeoutMs ?? 5000 },
    mode: 'sandbox',
  });
  const gw = await listen(new Hono().route('/bff', bff.app).fetch);
  return {
    ...sb,
    gatewayUrl: gw.url,
    async op(id, input) {
      const res = await request(`${gw.url}/bff/op/${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(input),
      });
      const text = await res.body.text();
      return { status: res.statusCode, body: JSON.parse(text), text };
    },
    async close() {
      await new Promise((r) => gw.server.close(r));
      await sb.close();
    },
  };
}

/** Goods on sale with stock and an affordable first SKU, by id: that SKU, its price and channel, and the goods' id and title. */
export function sellableGoods(sb: SandboxHarness, count: number) {
  return sb.sandbox.db
    .prepare(
      `SELECT s.id AS sku, s.agreement_price AS price, g.source, g.id, g.title FROM goods g JOIN sku_options s ON s.goods_id = g.id
          WHERE g.status = 1 AND s.stock >= 50 AND s.agreement_price <= 20000 AND g.id NOT IN (SELECT goods_id FROM goods_bans)
          GROUP BY g.id ORDER BY g.id LIMIT ?`,
    )
    .all(count) as { sku: number; price: number; source: number; id: number; title: string }[];
}
