import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { REQUEST_ID_HEADER } from '../../../contract/constants';
import { signHeaders } from '../../signing';
import { startApp, type RunningApp } from '../../../test/app-server';
import { startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from '../../../test/harness';

/**
 * Issue 50.3: the gateway against a supplier with bad days (the sandbox's run-time faults), as a
 * whole server (its /readyz, its breaker) in front of a sandbox whose every call is counted where it
 * arrives. Reads are asked again, writes are not; calls failing in a row open the breaker, which
 * answers at once in words until a call gets through again.
 */

let sb: SandboxHarness;
let door: Server;
let app: RunningApp;
let cookie: string;
/** Calls that reached the sandbox's API, by `METHOD /path` (lower case). */
const arrived = new Map<string, number>();
const count = (key: string) => arrived.get(key) ?? 0;

const BREAKER_FAILURES = 3;

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
const clean = { error: 0, lost: 0, drop: 0, latencyMs: 0, outage: false };

async function op(id: string, input: unknown = {}) {
  const started = performance.now();
  const res = await app.call('POST', `/bff/op/${id}`, {
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  return {
    status: res.status,
    ms: performance.now() - started,
    requestId: res.headers[REQUEST_ID_HEADER] as string | undefined,
    body: JSON.parse(res.text) as {
      code: number;
      msg: string;
      data: any;
      gateway?: { reason: string; since?: number; retryAfter?: number };
    },
  };
}
const readyz = async () => {
  const res = await app.call('GET', '/readyz');
  return { status: res.status, body: JSON.parse(res.text) as { ok: boolean; reasons?: string[] } };
};

beforeAll(async () => {
  sb = await startSandbox({ goods: 30 });
  // A door to the same sandbox that counts what reaches it (the connection cut of `lost` still works: env is passed on).
  door = await new Promise<Server>((resolve) => {
    const s = serve(
      {
        fetch: (req: Request, env: unknown) => {
          const u = new URL(req.url);
          if (u.pathname.startsWith('/v2/')) {
            const key = `${req.method} ${u.pathname}`.toLowerCase();
            arrived.set(key, count(key) + 1);
          }
          return sb.sandbox.app.fetch(req, env as never);
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
    UPSTREAM_TIMEOUT_MS: '3000',
    UPSTREAM_RETRIES: '6',
    UPSTREAM_RETRY_BASE_MS: '10',
    UPSTREAM_RETRY_MAX_MS: '40',
    UPSTREAM_BREAKER_FAILURES: String(BREAKER_FAILURES),
    UPSTREAM_BREAKER_SECONDS: '1',
  });
  cookie = await app.signIn('boss', 'boss-password-1234');
}, 60_000);

afterAll(async () => {
  await app?.close();
  await new Promise((r) => door?.close(r));
  await sb?.close();
});

describe('reads asked again, writes not', () => {
  it('under error=0.5 a read is asked again until it is answered (20 reads, each answered)', async () => {
    await faults({ ...clean, error: 0.5 });
    const before = count('post /v2/getsource');
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await op('source.list'));
    await faults(clean);
    // Without retries about half would fail; with 6 more tries a read fails 1 time in 128.
    expect(answers.filter((a) => a.status === 200 && a.body.code === 1).length).toBeGreaterThanOrEqual(18);
    // It took more calls than reads: the failed ones were asked again.
    expect(count('post /v2/getsource') - before).toBeGreaterThan(20);
  });

  it('under error=1 a write is sent once and its failure said, never sent again', async () => {
    await faults({ ...clean, error: 1 });
    const before = count('get /v2/goodsstorage/add');
    const r = await op('selection.add', { goods_ids: '1' });
    await faults(clean);
    expect(r.status).toBe(502);
    expect(r.body.gateway?.reason).toBe('bad_status');
    expect(r.body.msg).toMatch(/系统繁忙/);
    expect(count('get /v2/goodsstorage/add') - before).toBe(1);
  });
});

describe('the breaker', () => {
  it('opens after calls in a row failed, answers at once in words with a reference, and /readyz says 503', async () => {
    await faults({ ...clean, outage: true });
    let opened = -1;
    for (let i = 1; i <= BREAKER_FAILURES + 1; i++) {
      const r = await op('source.list');
      if (r.body.gateway?.reason === 'supplier_down') {
        opened = i;
        break;
      }
      expect(r.body.gateway?.reason).toBe('bad_status');
    }
    // Background reads (the mirror, the goods watch) may have counted towards it too: at most N of this test's.
    expect(opened).toBeGreaterThan(0);
    expect(opened).toBeLessThanOrEqual(BREAKER_FAILURES + 1);
    const atSandbox = count('post /v2/getsource');
    const fast = await op('source.list');
    expect(fast.status).toBe(503);
    expect(fast.ms).toBeLessThan(200);
    expect(fast.body.code).toBe(0);
    expect(fast.body.gateway).toMatchObject({ reason: 'supplier_down' });
    expect(fast.body.gateway!.since).toBeLessThanOrEqual(Date.now());
    expect(fast.body.gateway!.retryAfter).toBeGreaterThanOrEqual(1);
    expect(fast.body.msg).toMatch(/^The supplier cannot be reached since \d\d:\d\d; retrying\.$/);
    expect(fast.requestId).toMatch(/\S{6,}/);
    // Writes are answered so too, and nothing reaches the supplier meanwhile.
    const write = await op('selection.add', { goods_ids: '1' });
    expect(write.body.gateway?.reason).toBe('supplier_down');
    expect(count('post /v2/getsource')).toBe(atSandbox);
    expect(count('get /v2/goodsstorage/add')).toBe(1);
    const ready = await readyz();
    expect(ready.status).toBe(503);
    expect(ready.body.reasons?.join(' ')).toMatch(/cannot be reached since/);
  });

  it('stays open while the supplier still fails its next try, and closes once a try gets through: /readyz 200', async () => {
    await new Promise((r) => setTimeout(r, 1100));
    // The try after the pause fails (the outage is on): open again at once, without retries.
    const before = count('post /v2/getsource');
    const tried = await op('source.list');
    expect(tried.body.gateway?.reason).toMatch(/bad_status|supplier_down/);
    expect(count('post /v2/getsource') - before).toBeLessThanOrEqual(1);
    expect((await op('source.list')).body.gateway?.reason).toBe('supplier_down');
    await faults(clean);
    expect((await readyz()).status).toBe(503);
    await new Promise((r) => setTimeout(r, 1100));
    // The next call is the try: it gets through, and everything after it goes to the supplier again.
    const back = await op('source.list');
    expect(back.status).toBe(200);
    expect(back.body.code).toBe(1);
    expect((await op('source.list')).body.code).toBe(1);
    expect(await readyz()).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('/readyz is itself the try when no one asks: after an outage it turns 200 by itself', async () => {
    await faults({ ...clean, outage: true });
    for (let i = 0; i < BREAKER_FAILURES + 1; i++) await op('source.list');
    expect((await readyz()).status).toBe(503);
    await faults(clean);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await readyz()).status).toBe(200);
    expect((await op('source.list')).body.code).toBe(1);
  });
});
