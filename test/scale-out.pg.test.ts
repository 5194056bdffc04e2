import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OP_WRITTEN } from '../server/gateway/app';
import { openGatewayDb, type GatewayDb } from '../server/gateway/db';
import { freePort } from './free-port';
import { freshPgUrl } from './gateway-db';
import { TEST_KEY, TEST_SECRET, startSandbox, type SandboxHarness } from './harness';
import { startRoundRobin, type RoundRobin } from './round-robin';

/**
 * Issue 16.6: two gateway processes (`server/main.ts`, as `npm start` runs it) on one PostgreSQL,
 * behind a round-robin balancer without sticky sessions, in front of one sandbox. This goes through
 * the smoke path of the e2e suite over HTTP (sign-in, catalogue, library, cart, checkout, order),
 * not in a browser: the pages only call these routes, and two gateways plus a browser would cost CI
 * more than the question needs.
 */
const ADMIN = { username: 'boss', password: 'boss-password-1' };
/** One callback token for all gateways: the supplier pushes to the balancer, any gateway may receive. */
const MESSAGES_TOKEN = 'scale-out-test-token-0123456789abcdef';
const MERCHANT = { username: 'mia', password: 'mia-password-1' };

interface Gateway {
  port: number;
  child: ChildProcess;
  out: string;
  exited: Promise<number | null>;
}

let sb: SandboxHarness;
let lb: RoundRobin;
let gateways: Gateway[] = [];
let events: GatewayDb;
let gatewayEnv: Record<string, string>;
const dirs: string[] = [];

function startGateway(port: number, env: Record<string, string>): Gateway {
  const dir = mkdtempSync(join(tmpdir(), 'supply-desk-scale-'));
  dirs.push(dir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...env, DATA_DIR: dir, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const g: Gateway = { port, child, out: '', exited: new Promise((r) => child.on('exit', r)) };
  child.stdout!.on('data', (d: Buffer) => (g.out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (g.out += d.toString()));
  return g;
}

const waitFor = async (what: string, check: () => boolean | Promise<boolean>, ms = 30_000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}\n${gateways.map((g) => g.out).join('\n---\n')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** A request through the balancer, as the browser makes it (same origin, the session cookie). */
async function call(method: string, path: string, body?: unknown, cookie?: string, headers: Record<string, string> = {}) {
  const res = await request(`${lb.url}${path}`, {
    method: method as 'GET',
    headers: {
      'content-type': 'application/json',
      origin: lb.url,
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.body.text();
  return {
    status: res.statusCode,
    by: Number(res.headers['x-served-by']),
    cookie: /sd_session=[^;]+/.exec(String(res.headers['set-cookie'] ?? ''))?.[0],
    // The balancer's own 502 is plain text ("backend 0 failed: ECONNRESET"): kept as it is, so the
    // status is what a test reports, with the reason beside it.
    body: text ? (text.startsWith('{') || text.startsWith('[') ? (JSON.parse(text) as any) : text) : null,
  };
}
const op = (id: string, input: unknown, cookie: string) => call('POST', `/bff/op/${id}`, input, cookie);

beforeAll(async () => {
  sb = await startSandbox({ goods: 200 });
  const url = await freshPgUrl();
  const [lbPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
  gatewayEnv = {
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: '4',
    UPSTREAM_URL: sb.sandboxUrl,
    UPSTREAM_APP_KEY: TEST_KEY,
    UPSTREAM_APP_SECRET: TEST_SECRET,
    PUBLIC_ORIGIN: `http://127.0.0.1:${lbPort}`,
    TRUST_PROXY: '1',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    MESSAGES_TOKEN,
    // Longer than a few of the balancer's health checks (100 ms apart, two failed ones take a gateway out).
    DRAIN_SECONDS: '2',
  };
  const env = gatewayEnv;
  // Both start at once on an empty database: one runs the migrations (advisory lock), one makes the admin.
  gateways = [startGateway(portA, env), startGateway(portB, env)];
  await waitFor('both gateways', () => gateways.every((g) => g.out.includes('Supply Desk is running')));
  lb = await startRoundRobin([portA, portB], lbPort);
  events = await openGatewayDb({ databaseUrl: url, poolSize: 2 });
}, 60_000);

afterAll(async () => {
  for (const g of gateways) if (g.child.exitCode === null) g.child.kill('SIGTERM');
  await Promise.all(gateways.map((g) => g.exited));
  await lb?.close();
  await events?.close();
  await sb?.close();
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

describe('two gateways on one PostgreSQL behind a round-robin balancer', () => {
  let admin: string;
  let merchant: string;

  it('started together: the admin exists once, both answer /healthz', async () => {
    expect(gateways.filter((g) => g.out.includes('Created the first admin')).length).toBeLessThanOrEqual(1);
    for (const g of gateways) {
      const res = await request(`http://127.0.0.1:${g.port}/healthz`);
      expect(await res.body.json()).toEqual({ ok: true, db: 'up' });
    }
    const signedIn = await call('POST', '/bff/auth/login', ADMIN);
    expect(signedIn.status).toBe(200);
    admin = signedIn.cookie!;
    const users = await call('GET', '/bff/users', undefined, admin);
    expect(users.body.list.map((u: { username: string }) => u.username)).toEqual([ADMIN.username]);
  });

  it('a person signs in on one and is served by both: catalogue, library, cart, checkout, an order', async () => {
    expect((await call('POST', '/bff/users', { ...MERCHANT, displayName: 'Mia', role: 'merchant' }, admin)).status).toBe(200);
    const login = await call('POST', '/bff/auth/login', MERCHANT);
    expect(login.status).toBe(200);
    merchant = login.cookie!;
    const by = new Set<number>();
    const me = await call('GET', '/bff/auth/me', undefined, merchant);
    expect(me.body.user.username).toBe(MERCHANT.username);
    by.add(me.by);

    const catalogue = await op('goods.list', { page: 1, limit: 20, source: 0 }, merchant);
    expect(catalogue.body.code).toBe(1);
    by.add(catalogue.by);
    const goods = catalogue.body.data.list as { id: number }[];
    expect(goods.length).toBeGreaterThan(0);
    const library = await op('selection.list', { page: 1, limit: 10, source: 0 }, merchant);
    expect(library.body.code).toBe(1);
    by.add(library.by);

    // A line the sandbox will sell to the address: in stock, on sale, shipped anywhere.
    const line = sb.sandbox.db
      .prepare(
        `SELECT s.id AS sku, g.id AS goods, s.agreement_price AS price, g.source FROM sku_options s JOIN goods g ON g.id = s.goods_id
          WHERE g.status = 1 AND s.stock >= 5 AND g.id NOT IN (SELECT goods_id FROM goods_bans) ORDER BY g.id LIMIT 1`,
      )
      .get() as { sku: number; goods: number; price: number; source: number };
    const cart = {
      lines: [
        {
          sku: line.sku,
          goodsId: line.goods,
          number: 1,
          price: line.price,
          title: 'x',
          spec: '',
          source: line.source,
          cover: '',
          addedAt: 1,
        },
      ],
    };
    const putCart = await call('PUT', '/bff/me/cart', cart, merchant);
    expect(putCart.status, JSON.stringify(putCart.body)).toBe(200);
    const gotCart = await call('GET', '/bff/me/cart', undefined, merchant);
    expect(gotCart.body).toMatchObject(cart);
    expect(gotCart.by).not.toBe(putCart.by);

    // The checkout draft's order number is the same whichever gateway answers.
    const drafts = [await call('GET', '/bff/me/checkout', undefined, merchant), await call('GET', '/bff/me/checkout', undefined, merchant)];
    expect(new Set(drafts.map((d) => d.by)).size).toBe(2);
    expect(drafts[1]!.body.orderSn).toBe(drafts[0]!.body.orderSn);
    const orderSn = drafts[0]!.body.orderSn as string;
    const address = {
      consignee: '王五',
      phone: '13800138000',
      province: '浙江省',
      city: '杭州市',
      area: '西湖区',
      street: '文三路',
      description: '1 号',
    };
    const placed = await op('order.submit', { orderSn, spu: [{ sku: line.sku, number: 1 }], address, strictMode: true }, merchant);
    expect(placed.body.code, JSON.stringify(placed.body)).toBe(1);
    const found = await op('order.list', { search: { page: 1, limit: 5, thirdSn: orderSn } }, merchant);
    expect(found.body.data.total).toBe(1);
    by.add(placed.by).add(found.by);
    expect(by).toEqual(new Set([0, 1]));
    expect(lb.served.every((n) => n > 3)).toBe(true);

    // Both gateways wrote the audit of what they did, into the one log.
    const audit = await call('GET', '/bff/audit?action=order.submit', undefined, admin);
    expect(audit.body.list[0]).toMatchObject({ username: MERCHANT.username, code: 1, outcome: 'done' });
  });

  it('a session ended through one gateway is refused by the other at once, though that one had just read it', async () => {
    // Straight to one gateway, as the balancer would send it there.
    const direct = async (g: Gateway, method: string, path: string, cookie: string, body?: unknown) => {
      const res = await request(`http://127.0.0.1:${g.port}${path}`, {
        method: method as 'GET',
        headers: { host: new URL(lb.url).host, origin: lb.url, cookie, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      await res.body.dump();
      return res.statusCode;
    };
    const [a, b] = gateways as [Gateway, Gateway];
    // Each gateway keeps a session it read for 2 s (auth/sessions.ts); waiting at most 1 s shows the bus ended it.
    const refusedWithin1s = (g: Gateway, cookie: string) =>
      waitFor('the other gateway to refuse the ended session', async () => (await direct(g, 'GET', '/bff/auth/me', cookie)) === 401, 1000);

    const session = (await call('POST', '/bff/auth/login', MERCHANT)).cookie!;
    expect([await direct(a, 'GET', '/bff/auth/me', session), await direct(b, 'GET', '/bff/auth/me', session)]).toEqual([200, 200]);
    expect(await direct(a, 'POST', '/bff/auth/logout', session, {})).toBe(200);
    await refusedWithin1s(b, session);

    // A person disabled by an admin on one gateway: their session, just used on the other, ends there too.
    const TOM = { username: 'tom', password: 'tom-password-1' };
    const made = await call('POST', '/bff/users', { ...TOM, displayName: 'Tom', role: 'merchant' }, admin);
    expect(made.status).toBe(200);
    const tom = (await call('POST', '/bff/auth/login', TOM)).cookie!;
    expect(await direct(b, 'GET', '/bff/auth/me', tom)).toBe(200);
    expect(await direct(a, 'PATCH', `/bff/users/${made.body.user.id}`, admin, { disabled: true })).toBe(200);
    await refusedWithin1s(b, tom);
  });

  it('a sign-in lock earned through one gateway holds on the other', async () => {
    const from = { 'x-forwarded-for': '203.0.113.77' };
    const tries = [];
    for (let i = 0; i < 5; i++) tries.push(await call('POST', '/bff/auth/login', { ...MERCHANT, password: `wrong-${i}` }, undefined, from));
    expect(tries.map((t) => t.status)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(tries.map((t) => t.by)).size).toBe(2);
    const right = [
      await call('POST', '/bff/auth/login', MERCHANT, undefined, from),
      await call('POST', '/bff/auth/login', MERCHANT, undefined, from),
    ];
    expect(right.map((r) => r.status)).toEqual([429, 429]);
    expect(new Set(right.map((r) => r.by))).toEqual(new Set([0, 1]));
  });

  it('an event published on one gateway reaches the other processes', async () => {
    const seen: { op: string; by?: number }[] = [];
    events.bus.subscribe(OP_WRITTEN, (p) => seen.push(p as { op: string }));
    const first = await op('selection.add', { goods_ids: '10001' }, merchant);
    const second = await op('selection.remove', { goods_ids: '10001' }, merchant);
    expect(first.by).not.toBe(second.by);
    await waitFor('both events', () => seen.length >= 2, 5000);
    expect(seen.map((e) => e.op).sort()).toEqual(['selection.add', 'selection.remove']);
  });

  it('a message received by one gateway reaches a browser connected to the other (SSE over LISTEN/NOTIFY)', async () => {
    const host = { host: new URL(lb.url).host };
    // The browser's event stream, straight to the second gateway.
    const stream = await request(`http://127.0.0.1:${gateways[1]!.port}/bff/events`, {
      headers: { ...host, cookie: merchant, accept: 'text/event-stream' },
    });
    expect(stream.statusCode).toBe(200);
    let text = '';
    const gotMessage = new Promise<void>((resolve) => {
      stream.body.on('data', (d: Buffer) => {
        text += d.toString();
        if (/event: message/.test(text)) resolve();
      });
    });
    await waitFor('the stream to open', () => /event: unread/.test(text), 10_000);
    // The supplier's push, straight to the first gateway.
    const push = await request(`http://127.0.0.1:${gateways[0]!.port}/hooks/messages/${MESSAGES_TOKEN}`, {
      method: 'POST',
      headers: { ...host, 'content-type': 'application/json' },
      body: JSON.stringify({
        id: '20261123000000009001',
        type: 'order.delivery',
        data: { orderSn: 'SD-SCALE-1', sku: '12' },
        push_time: Date.now(),
        appID: 1,
        times: 1,
        createTime: Math.floor(Date.now() / 1000),
        url: 'x',
      }),
    });
    expect(await push.body.json()).toEqual({ code: 1 });
    await Promise.race([gotMessage, new Promise((_, reject) => setTimeout(() => reject(new Error(`no message event: ${text}`)), 10_000))]);
    expect(text).toContain('20261123000000009001');
    stream.body.destroy();
  });

  it('a rolling restart of both gateways under steady load fails no request: each drains, the balancer takes it out by its health check', async () => {
    const failures: string[] = [];
    let answered = 0;
    let loading = true;
    // Steady load: two clients one call after another, reads and a signed-in page's calls.
    const client = async () => {
      while (loading) {
        for (const r of await Promise.all([
          op('goods.list', { page: 1, limit: 5, source: 0 }, merchant),
          call('GET', '/bff/me/cart', undefined, merchant),
        ])) {
          if (r.status === 200) answered++;
          else failures.push(`${r.status} ${JSON.stringify(r.body)}`);
        }
      }
    };
    const load = Promise.all([client(), client()]);
    const servedBefore = [...lb.served];
    for (const i of [0, 1]) {
      const old = gateways[i]!;
      // As a deploy does: SIGTERM, wait for the exit, start the new version on the same port. The
      // balancer is told nothing; it sees /healthz answer 503 "stopping" during the drain.
      old.child.kill('SIGTERM');
      await waitFor(`gateway ${i} to leave the rotation`, () => !lb.healthy[i], 5_000);
      // Out of rotation while it still listens and serves: the balancer saw "stopping", not a closed port.
      const direct = await request(`http://127.0.0.1:${old.port}/healthz`);
      expect(direct.statusCode).toBe(503);
      expect(await direct.body.json()).toEqual({ ok: false, status: 'stopping' });
      expect(await old.exited).toBe(0);
      expect(old.out).toContain('SIGTERM: draining for 2 s');
      expect(old.out).toContain('SIGTERM: finishing requests in flight');
      gateways[i] = startGateway(old.port, gatewayEnv);
      await waitFor(`the new gateway ${i}`, () => gateways[i]!.out.includes('Supply Desk is running'));
      await waitFor(`gateway ${i} back in rotation`, () => lb.healthy[i]!, 5_000);
    }
    // Both new gateways take their share before the load stops.
    const servedAfterRestart = [...lb.served];
    await waitFor('both new gateways to serve', () => lb.served.every((n, i) => n > servedAfterRestart[i]! + 2), 10_000);
    loading = false;
    await load;
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(40);
    expect(lb.served.every((n, i) => n > servedBefore[i]!)).toBe(true);
    // Everyone is still signed in as before, on whichever gateway.
    expect(await call('GET', '/bff/auth/me', undefined, merchant)).toMatchObject({ status: 200 });
  }, 90_000);
});
