import { readFileSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OP_IDS, operations, pathParams } from '../../../contract';
import { BODY_LIMITS } from '../app';
import { gatewayConfigFromEnv } from '../config';
import { ConfigError } from '../../lib/env';
import { SANDBOX_SECRET_FILE } from '../../server';
import { signHeaders } from '../../signing';
import { startApp, type RunningApp } from '../../../test/app-server';
import { bffAs } from '../../../test/bff-client';

const PUBLISHED_KEY = 'sandbox-app-key';
const PUBLISHED_SECRET = 'sandbox-app-secret-change-me';
const json = { 'content-type': 'application/json' };

function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('same-origin');
}

/** A concrete path of an operation, its `{params}` filled with something plausible. */
const concretePath = (path: string) => pathParams(path).reduce((p, name) => p.replace(`{${name}}`, name === 'sn' ? '1_2_1_1' : '2'), path);

describe('the embedded sandbox is no door around the sessions (issue 11.1, 11.4)', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app.close());

  it('refuses every /upstream route but pictures from outside, signed with the published secret, the real one or any other', async () => {
    const realSecret = readFileSync(join(app.dir, SANDBOX_SECRET_FILE), 'utf8').trim();
    let tried = 0;
    for (const secret of [PUBLISHED_SECRET, realSecret, 'any-other-secret-123']) {
      const targets: [string, string, string][] = [
        ...OP_IDS.map(
          (id) =>
            [operations[id].method, `/upstream${concretePath(operations[id].path)}`, operations[id].placement === 'body' ? '{}' : ''] as [
              string,
              string,
              string,
            ],
        ),
        ['POST', '/upstream/sandbox/clock', JSON.stringify({ advanceSeconds: 86_400 })],
        ['GET', '/upstream/health', ''],
        ['GET', '/upstream/v2/goods/lists', ''],
        ['GET', '/upstream/images/goods/../../v2/GetSource', ''],
        ['GET', '/upstream/images/goods/%2e%2e%2f%2e%2e%2fv2%2fGetSource', ''],
        ['GET', '/upstream/images/vouchers/1.png', ''],
        ['GET', '/upstream', ''],
      ];
      for (const [method, path, body] of targets) {
        const headers = { ...signHeaders({ appKey: PUBLISHED_KEY, appSecret: secret, body }), ...json };
        const res = await app.call(method, path, { headers, body: method === 'GET' && !body ? undefined : body });
        tried++;
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.text, `${method} ${path}`).not.toContain('"code":1');
        expectSecurityHeaders(res.headers, `${method} ${path}`);
      }
    }
    expect(tried).toBe(3 * (OP_IDS.length + 7));
    // The balance, the clock and the audit log are as they were: nothing reached the sandbox.
    expect(app.server.sandbox!.db.prepare('SELECT count(*) AS n FROM cash_flow').get()).toEqual({ n: 0 });
  });

  it('serves product pictures to anyone, voucher pictures only to a signed-in person, with the security headers', async () => {
    const goods = app.server.sandbox!.db.prepare('SELECT id FROM goods LIMIT 1').get() as { id: number };
    const picture = await app.call('GET', `/upstream/images/goods/${goods.id}.svg`);
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toMatch(/image\/svg\+xml/);
    expectSecurityHeaders(picture.headers, 'goods picture');

    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const id = Number(
      app.server
        .sandbox!.db.prepare(`INSERT INTO vouchers (order_sn, sku, mime, data, created_time) VALUES ('x', 1, 'image/png', ?, 0)`)
        .run(png).lastInsertRowid,
    );
    expect((await app.call('GET', `/upstream/images/vouchers/${id}.png`)).status).toBe(404);
    const cookie = await app.signIn('support', 'support-demo');
    const voucher = await app.call('GET', `/upstream/images/vouchers/${id}.png`, { headers: { cookie } });
    expect(voucher.status).toBe(200);
    expect(voucher.headers['content-type']).toBe('image/png');
    expectSecurityHeaders(voucher.headers, 'voucher picture');
  });

  it("the gateway's own calls still reach the sandbox, signed with a random secret kept in DATA_DIR", async () => {
    const file = join(app.dir, SANDBOX_SECRET_FILE);
    const secret = readFileSync(file, 'utf8').trim();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(secret).not.toBe(PUBLISHED_SECRET);
    expect(statSync(file).mode & 0o077).toBe(0);
    const cookie = await app.signIn('manager', 'manager-demo');
    const balance = await app.call('POST', '/bff/op/account.balance', { body: '{}', headers: { ...json, cookie } });
    expect(balance.status).toBe(200);
    expect(JSON.parse(balance.text)).toMatchObject({ code: 1 });
    const list = JSON.parse(
      (await app.call('POST', '/bff/op/goods.list', { body: '{"page":1,"limit":5,"source":0}', headers: { ...json, cookie } })).text,
    );
    expect(list.code).toBe(1);
    expect(list.data.list[0].cover).toMatch(new RegExp(`^${app.url}/upstream/images/goods/`));
  });

  it('every answer carries the security headers: SPA, /bff, /healthz, pictures, refusals', async () => {
    for (const path of ['/', '/healthz', '/bff/auth/me', '/bff/auth/login', '/upstream/v2/GetSource', '/upstream/images/goods/1.svg']) {
      const res = await app.call('GET', path);
      expectSecurityHeaders(res.headers, path);
      expect(String(res.headers['content-security-policy'])).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
    expectSecurityHeaders((await app.call('GET', '/', { headers: { host: 'evil.example' } })).headers, 'misdirected');
  });
});

describe('the secret of the embedded sandbox', () => {
  it('is made once and kept across restarts; SANDBOX_APP_SECRET overrides it', async () => {
    const first = await startApp();
    const file = join(first.dir, SANDBOX_SECRET_FILE);
    const secret = readFileSync(file, 'utf8');
    await first.close(true);
    const again = await startApp({}, first.dir);
    expect(readFileSync(file, 'utf8')).toBe(secret);
    const cookie = await again.signIn('admin', 'admin-demo-1');
    expect(JSON.parse((await again.call('POST', '/bff/op/source.list', { body: '{}', headers: { ...json, cookie } })).text).code).toBe(1);
    await again.close();

    const set = await startApp({ SANDBOX_APP_SECRET: 'a-secret-set-by-the-operator' });
    expect(set.server.sandbox!.config.appSecret).toBe('a-secret-set-by-the-operator');
    await set.close();
  }, 30_000);
});

describe('Host and Origin (issue 11.3)', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app.close());

  it('refuses a Host that is not a public origin, also with a matching spoofed Origin (DNS rebinding)', async () => {
    for (const [method, path] of [
      ['GET', '/'],
      ['GET', '/bff/auth/login'],
      ['POST', '/bff/auth/login'],
      ['GET', '/upstream/images/goods/1.svg'],
    ] as const) {
      const res = await app.call(method, path, {
        headers: { host: `rebind.example:${app.port}`, origin: `http://rebind.example:${app.port}`, ...json },
        body: method === 'POST' ? JSON.stringify({ username: 'admin', password: 'admin-demo-1' }) : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(421);
      expect(JSON.parse(res.text).msg).toMatch(/does not answer for host "rebind.example:\d+"[\s\S]*PUBLIC_ORIGIN/);
    }
    // The listening address and its loopback names are answered; probes reach /healthz with any Host.
    expect((await app.call('GET', '/bff/auth/login')).status).toBe(200);
    expect((await app.call('GET', '/bff/auth/login', { headers: { host: `localhost:${app.port}` } })).status).toBe(200);
    expect((await app.call('GET', '/healthz', { headers: { host: 'anything.example' } })).status).toBe(200);
  });

  it('refuses an Origin that is not a public origin, even with the right Host', async () => {
    const cookie = await app.signIn('admin', 'admin-demo-1');
    const evil = await app.call('POST', '/bff/op/selection.clear', {
      body: '{}',
      headers: { ...json, cookie, origin: 'http://evil.example' },
    });
    expect(evil.status).toBe(403);
    expect(JSON.parse(evil.text).gateway.reason).toBe('cross_site');
    const same = await app.call('POST', '/bff/op/source.list', { body: '{}', headers: { ...json, cookie, origin: app.url } });
    expect(same.status).toBe(200);
  });

  it('PUBLIC_ORIGIN names the origins behind a reverse proxy; the gateway still reaches its sandbox', async () => {
    const proxied = await startApp({ PUBLIC_ORIGIN: 'https://desk.example.com' });
    const headers = { host: 'desk.example.com', origin: 'https://desk.example.com' };
    expect((await proxied.call('GET', '/bff/auth/login')).status).toBe(421);
    const cookie = await proxied.signIn('merchant', 'merchant-demo', headers);
    const list = await proxied.call('POST', '/bff/op/goods.list', {
      body: '{"page":1,"limit":2,"source":0}',
      headers: { ...json, ...headers, cookie },
    });
    expect(list.status).toBe(200);
    const body = JSON.parse(list.text);
    expect(body.code).toBe(1);
    // Pictures are addressed on the public origin.
    expect(body.data.list[0].cover).toMatch(/^https:\/\/desk\.example\.com\/upstream\/images\/goods\//);
    await proxied.close();
    expect(() => gatewayConfigFromEnv({ PUBLIC_ORIGIN: 'desk.example.com/app' })).toThrow(ConfigError);
    expect(() => gatewayConfigFromEnv({ PUBLIC_ORIGIN: 'https://desk.example.com/app' })).toThrow(/PUBLIC_ORIGIN/);
    expect(gatewayConfigFromEnv({ PUBLIC_ORIGIN: 'https://a.example, http://b.example:8080/' }).publicOrigins).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
  }, 30_000);
});

describe('request bodies are capped before they are read (issue 11.8)', () => {
  let app: RunningApp;
  let cookie: string;
  beforeAll(async () => {
    app = await startApp();
    cookie = await app.signIn('admin', 'admin-demo-1');
  });
  afterAll(() => app.close());

  /** Sends only the headers of a request announcing `length` bytes, and waits for the answer. */
  const announce = (path: string, length: number) =>
    new Promise<{ status: number; ms: number }>((resolve, reject) => {
      const started = Date.now();
      const socket = connect(app.port, '127.0.0.1', () => {
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${app.port}\r\nContent-Type: application/json\r\nCookie: ${cookie}\r\nContent-Length: ${length}\r\n\r\n{"a":`,
        );
      });
      let got = '';
      socket.on('data', (d) => {
        got += d.toString();
        const m = /^HTTP\/1\.1 (\d{3})/.exec(got);
        if (m) {
          resolve({ status: Number(m[1]), ms: Date.now() - started });
          socket.destroy();
        }
      });
      socket.on('error', reject);
      setTimeout(() => {
        socket.destroy();
        reject(new Error(`no answer to ${path} while its body was still missing`));
      }, 5000);
    });

  it('refuses an announced 100 MB body at once, without waiting for it', async () => {
    for (const path of ['/bff/op/goods.list', '/bff/op/afterSale.picture', '/bff/auth/login', '/bff/users']) {
      const r = await announce(path, 100 * 1024 * 1024);
      expect(r.status, path).toBe(413);
      expect(r.ms, path).toBeLessThan(2000);
    }
  });

  it('refuses a streamed (chunked) body past the cap, and audits a refused write', async () => {
    // Sent in chunks without a Content-Length: the cap is enforced while reading.
    const chunk = '1,'.repeat(8 * 1024);
    async function* stream() {
      yield '{"goods_ids":"';
      for (let i = 0; i < 10; i++) yield chunk;
      yield '1"}';
    }
    const res = await app.call('POST', '/bff/op/selection.add', { headers: { ...json, cookie }, body: Readable.from(stream()) });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text).msg).toMatch(/too large \(64 kB at most\)/);
    const audit = JSON.parse((await app.call('GET', '/bff/audit?action=selection.add', { headers: { cookie } })).text);
    expect(audit.list[0]).toMatchObject({ action: 'selection.add', code: 413, outcome: 'done' });
  });

  it('lets the largest legitimate input through: 4 voucher pictures of 1 MB', async () => {
    // 1 MB that begins as a PNG does (the gateway reads a voucher's first bytes: contract/image-kind.ts).
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const picture = Buffer.concat([png, Buffer.alloc(1024 * 1024 - png.length, 7)]).toString('base64');
    const body = JSON.stringify({ orderSn: 'SN-NONE-1', sku: 1, pictures: [picture, picture, picture, picture] });
    expect(body.length).toBeLessThanOrEqual(BODY_LIMITS.pictures);
    const res = await app.call('POST', '/bff/op/afterSale.picture', { headers: { ...json, cookie }, body });
    expect(res.status).toBe(200); // through the gateway; the sandbox then refuses the unknown order
    expect(JSON.parse(res.text).code).toBe(0);
    // One picture more is refused on its announced length. Announced, not sent: the gateway answers 413
    // at once and drops a connection that keeps uploading after half a second (@hono/node-server), so a
    // client still writing 7 MB on a busy machine would read a closed socket instead of the answer.
    const five = JSON.stringify({ orderSn: 'SN-NONE-1', sku: 1, pictures: [picture, picture, picture, picture, picture] });
    expect((await announce('/bff/op/afterSale.picture', Buffer.byteLength(five))).status).toBe(413);
  }, 30_000);
});

describe('the sandbox clock for people: POST /bff/sandbox/clock (issue 12.6)', () => {
  let app: RunningApp;
  beforeAll(async () => {
    // Business time at wall speed: the bound below allows a minute of it, not half a second of a busy machine.
    app = await startApp({ SANDBOX_SPEED: '1' });
  });
  afterAll(() => app.close());

  it('managers and admins move the clock, bounded, audited; others are refused', async () => {
    const manager = await app.signIn('manager', 'manager-demo');
    const before = app.server.sandbox!.world.clock.nowMs();
    const res = await app.call('POST', '/bff/sandbox/clock', {
      body: JSON.stringify({ advanceSeconds: 3600 }),
      headers: { ...json, cookie: manager },
    });
    expect(res.status).toBe(200);
    const body = JSON.parse(res.text);
    expect(body.code).toBe(1);
    expect(body.data.nowMs - before).toBeGreaterThanOrEqual(3600_000);
    for (const bad of [0, -5, 30 * 86_400 + 1, 1.5, '1h', null]) {
      const r = await app.call('POST', '/bff/sandbox/clock', {
        body: JSON.stringify({ advanceSeconds: bad }),
        headers: { ...json, cookie: manager },
      });
      expect(r.status, String(bad)).toBe(400);
      expect(JSON.parse(r.text).gateway.field).toBe('advanceSeconds');
    }
    for (const [user, password] of [
      ['merchant', 'merchant-demo'],
      ['support', 'support-demo'],
    ]) {
      const cookie = await app.signIn(user!, password!);
      const r = await app.call('POST', '/bff/sandbox/clock', { body: '{"advanceSeconds":60}', headers: { ...json, cookie } });
      expect(r.status, user).toBe(403);
      expect(JSON.parse(r.text).permissions).toBeUndefined();
    }
    const me = JSON.parse((await app.call('GET', '/bff/auth/me', { headers: { cookie: manager } })).text);
    expect(me.permissions.features).toContain('sandbox.clock');
    const admin = await app.signIn('admin', 'admin-demo-1');
    const audit = JSON.parse((await app.call('GET', '/bff/audit?action=sandbox.clock', { headers: { cookie: admin } })).text);
    expect(audit.list.map((e: { code: number; outcome: string }) => `${e.code}:${e.outcome}`).sort()).toEqual([
      '1:done',
      ...Array(6).fill('400:done'),
    ]);
    expect(app.server.sandbox!.world.clock.nowMs() - before).toBeLessThan(3600_000 + 60_000);
  });

  it('answers 404 against the real upstream', async () => {
    const gw = await bffAs(
      { upstream: { baseUrl: 'http://127.0.0.1:9', appKey: 'k', appSecret: 's', timeoutMs: 500 }, mode: 'upstream' },
      'admin',
    );
    const res = await gw.request('/sandbox/clock', { method: 'POST', body: '{"advanceSeconds":60}' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { msg: string }).msg).toMatch(/no sandbox clock: the gateway talks to the real upstream/);
  });
});
