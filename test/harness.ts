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
import { parseFaults, type SandboxConfig } from '../server/sandbox/config';
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

export interface Harness {
  sandbox: Sandbox;
  sandboxUrl: string;
  gatewayUrl: string;
  /** POST /bff/op/:id with the input as JSON; returns HTTP status and the parsed envelope. */
  op<K extends OpId>(id: K, input: OpInput<K> | Record<string, unknown>): Promise<{ status: number; body: any; text: string }>;
  /** A signed call straight to the sandbox, as any client of the real API would make it. */
  upstream(
    method: string,
    path: string,
    opts?: { query?: Record<string, string>; body?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any }>;
  /** Moves the sandbox's business clock (POST /sandbox/clock, signed); due jobs and messages run. */
  advance(seconds: number): Promise<{ jobsRun: number; messagesDelivered: number }>;
  close(): Promise<void>;
}

/** A sandbox and a gateway in front of it, each on its own loopback port, with a fresh database. */
export async function startHarness(
  opts: { goods?: number; timeoutMs?: number; callbackUrl?: string; faults?: string } = {},
): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'supply-desk-test-'));
  const config: SandboxConfig = {
    appKey: TEST_KEY,
    appSecret: TEST_SECRET,
    dbFile: join(dir, 'sandbox.sqlite'),
    seed: 42,
    goods: opts.goods ?? 800,
    signatureWindowMs: 10 * 60 * 1000,
    // Business time only moves when a test advances the clock.
    speed: 1,
    faults: parseFaults(opts.faults),
    callbackUrl: opts.callbackUrl,
  };
  const sandbox = createSandbox(config, { autoTick: false });
  const sb = await listen(sandbox.app.fetch);
  const { bff, cookie } = await bffAs({
    upstream: { baseUrl: sb.url, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: opts.timeoutMs ?? 5000 },
    mode: 'sandbox',
  });
  const gw = await listen(new Hono().route('/bff', bff.app).fetch);
  return {
    sandbox,
    sandboxUrl: sb.url,
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
    async advance(seconds) {
      const body = JSON.stringify({ advanceSeconds: seconds });
      const res = await request(`${sb.url}/sandbox/clock`, {
        method: 'POST',
        headers: { ...signHeaders({ appKey: TEST_KEY, appSecret: TEST_SECRET, body }), 'content-type': 'application/json' },
        body,
      });
      const env = (await res.body.json()) as { code: number; msg: string; data: { jobsRun: number; messagesDelivered: number } };
      if (env.code !== 1) throw new Error(`clock refused: ${env.msg}`);
      return env.data;
    },
    async close() {
      await new Promise((r) => gw.server.close(r));
      await new Promise((r) => sb.server.close(r));
      sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
