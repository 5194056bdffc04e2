import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OP_IDS, ROLES, mayCall, operations, type AuditEntry, type Role } from '../../../contract';
import { createBffApp } from '../app';
import { openGatewayDb, type GatewayDb } from '../db';
import { bffAs, signIn, TEST_PASSWORD } from '../../../test/bff-client';
import { TEST_DIALECT, freshPgUrl, testGatewayDb } from '../../../test/gateway-db';
import { SAMPLE } from '../../../test/samples';

/** An upstream that says yes to everything and counts what reaches it. */
let upstream: { server: Server; url: string; hits: string[] };
beforeAll(async () => {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":1,"msg":"ok","data":{}}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  upstream = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
});
afterAll(() => upstream.server.close());

async function gateway(opts: { now?: () => number } = {}) {
  const db = await testGatewayDb();
  return createBffApp({
    upstream: { baseUrl: upstream.url, appKey: 'k', appSecret: 'the-app-secret-xyz', timeoutMs: 2000 },
    mode: 'upstream',
    db,
    ...opts,
  });
}
type Gateway = Awaited<ReturnType<typeof gateway>>;
/** How many requests of this operation (its method, its path with any value in its {params}) reached the upstream. */
const hitsOf = (id: (typeof OP_IDS)[number]) => {
  const { method, path } = operations[id];
  const re = new RegExp(`^${method} ${path.replace(/\{\w+\}/g, '[^/?]+')}(\\?|$)`);
  return () => upstream.hits.filter((h) => re.test(h)).length;
};
const post = (bff: Gateway, path: string, body: unknown, cookie?: string, headers: Record<string, string> = {}) =>
  bff.app.request(path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
  });

describe('the permission table, through the gateway', () => {
  it('covers every operation', () => {
    for (const id of OP_IDS) expect(operations[id]).toBeDefined();
    for (const id of OP_IDS) expect(operations[id].input.safeParse(SAMPLE[id]).success, id).toBe(true);
  });

  it.each(ROLES)('%s: allowed operations are forwarded, the others refused with 403 and nothing sent upstream', async (role: Role) => {
    const bff = await gateway();
    const cookie = await signIn(bff, role);
    for (const id of OP_IDS) {
      // Counted by the operation's own method and path: the gateway's mirrors read on their own after an
      // answer (the goods module reads a library page's goods), and those reads are not this operation's.
      const own = hitsOf(id);
      const before = own();
      const res = await post(bff, `/op/${id}`, SAMPLE[id], cookie);
      const body = (await res.json()) as { code: number; msg: string };
      if (mayCall(role, id)) {
        expect(res.status, `${role} ${id}`).toBe(200);
        expect(own(), `${role} ${id} forwarded`).toBe(before + 1);
      } else {
        expect(res.status, `${role} ${id}`).toBe(403);
        expect(body.msg).toMatch(new RegExp(`Your role \\(${role}\\) may not use`));
        expect(own(), `${role} ${id} not forwarded`).toBe(before);
      }
    }
  });

  it('support cannot add goods or place an order; a merchant cannot read the audit log', async () => {
    const bff = await gateway();
    const support = await signIn(bff, 'support');
    expect((await post(bff, '/op/selection.add', SAMPLE['selection.add'], support)).status).toBe(403);
    expect((await post(bff, '/op/order.submit', SAMPLE['order.submit'], support)).status).toBe(403);
    const merchant = await signIn(bff, 'merchant');
    expect((await bff.app.request('/audit', { headers: { cookie: merchant } })).status).toBe(403);
    expect((await bff.app.request('/users', { headers: { cookie: merchant } })).status).toBe(403);
    const manager = await signIn(bff, 'manager');
    expect((await bff.app.request('/audit', { headers: { cookie: manager } })).status).toBe(200);
  });
});

describe('without a session', () => {
  it('every /bff route but sign-in answers 401', async () => {
    const bff = await gateway();
    for (const [method, path] of [
      ['POST', '/op/source.list'],
      ['GET', '/auth/me'],
      ['POST', '/auth/logout'],
      ['GET', '/meta'],
      ['GET', '/audit'],
      ['GET', '/users'],
      ['POST', '/users'],
      ['PATCH', '/users/1'],
      ['GET', '/nothing-here'],
    ] as const) {
      const res = await bff.app.request(path, { method, body: method === 'GET' ? undefined : '{}' });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect((await bff.app.request('/auth/login')).status).toBe(200);
  });
});

describe('sessions', () => {
  it('end after the idle time and after the absolute time', async () => {
    let t = 1_000_000;
    const bff = await gateway({ now: () => t });
    const cookie = await signIn(bff, 'merchant');
    const me = () => bff.app.request('/auth/me', { headers: { cookie } });
    expect((await me()).status).toBe(200);
    t += 2 * 3600_000 - 1000; // just inside the 2 h idle window
    expect((await me()).status).toBe(200);
    t += 2 * 3600_000 - 1000; // touched above, so still alive
    expect((await me()).status).toBe(200);
    t += 2 * 3600_000 + 1000; // idle too long
    expect((await me()).status).toBe(401);

    const fresh = await signIn(bff, 'merchant');
    for (let i = 0; i < 13; i++) {
      t += 3600_000 - 1000; // used every hour…
      const res = await bff.app.request('/auth/me', { headers: { cookie: fresh } });
      if (i < 12) expect(res.status).toBe(200);
      else expect(res.status).toBe(401); // …but never longer than 12 h
    }
  });

  it('sign-out ends the session; the cookie is HttpOnly and SameSite=Strict', async () => {
    const bff = await gateway();
    await bff.users.create({ username: 'lee', displayName: 'Lee', role: 'merchant', password: TEST_PASSWORD });
    const res = await post(bff, '/auth/login', { username: 'lee', password: TEST_PASSWORD });
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).not.toMatch(/Secure/); // plain http here
    const cookie = /sd_session=[^;]+/.exec(setCookie)![0];
    expect((await post(bff, '/auth/logout', {}, cookie)).status).toBe(200);
    expect((await bff.app.request('/auth/me', { headers: { cookie } })).status).toBe(401);
    const https = await bff.app.request('https://desk.example/auth/login', {
      method: 'POST',
      body: JSON.stringify({ username: 'lee', password: TEST_PASSWORD }),
      headers: { 'content-type': 'application/json' },
    });
    expect(https.headers.get('set-cookie')).toMatch(/Secure/);
  });
});

describe('sign-in protection', () => {
  it('limits failed attempts per account, even with the right password afterwards', async () => {
    const bff = await gateway();
    await bff.users.create({ username: 'kim', displayName: 'Kim', role: 'merchant', password: TEST_PASSWORD });
    for (let i = 0; i < 5; i++) expect((await post(bff, '/auth/login', { username: 'kim', password: 'wrong-password' })).status).toBe(401);
    const locked = await post(bff, '/auth/login', { username: 'kim', password: TEST_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await locked.json()) as { msg: string }).msg).toMatch(/Too many failed sign-ins/);
  });

  it('limits failed attempts per address across accounts', async () => {
    const bff = await gateway();
    await bff.users.create({ username: 'pat', displayName: 'Pat', role: 'merchant', password: TEST_PASSWORD });
    for (let i = 0; i < 20; i++) await post(bff, '/auth/login', { username: `nobody${i}`, password: 'wrong-password' });
    expect((await post(bff, '/auth/login', { username: 'pat', password: TEST_PASSWORD })).status).toBe(429);
  });

  it('refuses cross-site requests, even with a valid session', async () => {
    const bff = await gateway();
    const cookie = await signIn(bff, 'admin');
    const evil = await post(bff, '/op/selection.clear', {}, cookie, { origin: 'https://evil.example', host: 'desk.example' });
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as { gateway: { reason: string } }).gateway.reason).toBe('cross_site');
    const fetchMeta = await post(bff, '/op/selection.clear', {}, cookie, { 'sec-fetch-site': 'cross-site' });
    expect(fetchMeta.status).toBe(403);
    const same = await post(bff, '/op/source.list', {}, cookie, { origin: 'http://desk.example', host: 'desk.example' });
    expect(same.status).toBe(200);
  });

  it('a disabled person cannot sign in, and loses their session', async () => {
    const bff = await gateway();
    const admin = await signIn(bff, 'admin');
    const user = await bff.users.create({ username: 'dana', displayName: 'Dana', role: 'support', password: TEST_PASSWORD });
    const dana = /sd_session=[^;]+/.exec(
      (await post(bff, '/auth/login', { username: 'dana', password: TEST_PASSWORD })).headers.get('set-cookie')!,
    )![0];
    const res = await bff.app.request(`/users/${user.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ disabled: true }),
      headers: { 'content-type': 'application/json', cookie: admin },
    });
    expect(res.status).toBe(200);
    expect((await bff.app.request('/auth/me', { headers: { cookie: dana } })).status).toBe(401);
    expect((await post(bff, '/auth/login', { username: 'dana', password: TEST_PASSWORD })).status).toBe(403);
  });
});

describe('users and the audit log', () => {
  it('an admin creates a user who can then sign in; bad input is refused and changes nothing', async () => {
    const bff = await gateway();
    const admin = await signIn(bff, 'admin');
    const send = (method: string, path: string, body: unknown) =>
      bff.app.request(path, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json', cookie: admin } });
    const created = await send('POST', '/users', {
      username: 'new.merchant',
      displayName: 'New Merchant',
      role: 'merchant',
      password: 'a-long-password',
    });
    expect(created.status).toBe(200);
    const { user } = (await created.json()) as { user: { id: number; role: string } };
    expect((await post(bff, '/auth/login', { username: 'new.merchant', password: 'a-long-password' })).status).toBe(200);

    const count = await bff.users.count();
    const short = await send('POST', '/users', { username: 'x2', displayName: 'X', role: 'merchant', password: 'short' });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { msg: string }).msg).toMatch(/username must be 3–32[\s\S]*password must be at least 10/);
    expect(
      (await send('POST', '/users', { username: 'new.merchant', displayName: 'Again', role: 'merchant', password: 'a-long-password' }))
        .status,
    ).toBe(409);
    expect(
      (await send('POST', '/users', { username: 'bad-role', displayName: 'B', role: 'king', password: 'a-long-password' })).status,
    ).toBe(400);
    expect(await bff.users.count()).toBe(count);

    expect((await send('PATCH', `/users/${user.id}`, { role: 'support' })).status).toBe(200);
    expect((await send('POST', `/users/${user.id}/password`, { password: 'another-long-password' })).status).toBe(200);
    expect((await post(bff, '/auth/login', { username: 'new.merchant', password: 'a-long-password' })).status).toBe(401);
    const me = await post(bff, '/auth/login', { username: 'new.merchant', password: 'another-long-password' });
    expect(((await me.json()) as { user: { role: string } }).user.role).toBe('support');
  });

  it('records every write with who, what and the result, and never a password or the secret', async () => {
    const bff = await gateway();
    const merchant = await signIn(bff, 'merchant', 'mira');
    await post(bff, '/op/selection.add', SAMPLE['selection.add'], merchant);
    await post(bff, '/op/source.list', {}, merchant); // a read: not audited
    await post(bff, '/op/afterSale.apply', SAMPLE['afterSale.apply'], merchant); // refused: audited as such
    const admin = await signIn(bff, 'admin', 'root');
    await bff.app.request('/users', {
      method: 'POST',
      body: JSON.stringify({ username: 'zed', displayName: 'Zed', role: 'merchant', password: 'zed-secret-password' }),
      headers: { 'content-type': 'application/json', cookie: admin },
    });

    const res = await bff.app.request('/audit?limit=100', { headers: { cookie: admin } });
    const { list } = (await res.json()) as { list: { username: string; action: string; summary: string; code: number }[] };
    const text = JSON.stringify(list);
    expect(text).not.toContain('zed-secret-password');
    expect(text).not.toContain(TEST_PASSWORD);
    expect(text).not.toContain('the-app-secret-xyz');
    expect(list.find((e) => e.action === 'selection.add')).toMatchObject({ username: 'mira', code: 1 });
    expect(list.find((e) => e.action === 'selection.add')!.summary).toContain('10001');
    expect(list.find((e) => e.action === 'afterSale.apply')).toMatchObject({ username: 'mira', code: 403 });
    expect(list.some((e) => e.action === 'source.list')).toBe(false);
    expect(list.find((e) => e.action === 'users.create')!.summary).toContain('[hidden]');

    const filtered = (await (await bff.app.request('/audit?username=mira&action=selection', { headers: { cookie: admin } })).json()) as {
      list: { action: string }[];
    };
    expect(filtered.list.map((e) => e.action)).toEqual(['selection.add']);
    expect((await bff.app.request('/audit?limit=9999', { headers: { cookie: admin } })).status).toBe(400);
  });
});

describe('sign-in limits that hold under parallel attack (issue 11.2)', () => {
  const login = (bff: Gateway, username: string, password: string, ip = '203.0.113.9') =>
    post(bff, '/auth/login', { username, password }, undefined, { 'x-forwarded-for': ip });
  const proxied = async (db?: GatewayDb) =>
    createBffApp({
      upstream: { baseUrl: upstream.url, appKey: 'k', appSecret: 's', timeoutMs: 2000 },
      mode: 'upstream',
      db: db ?? (await testGatewayDb()),
      trustProxy: true,
    });

  it('50 parallel wrong guesses: at most 5 are checked, the rest refused before the password is looked at', async () => {
    const bff = await proxied();
    await bff.users.create({ username: 'ada', displayName: 'Ada', role: 'admin', password: TEST_PASSWORD });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(bff, 'ada', `wrong-guess-${i}`)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 401).length + statuses.filter((s) => s === 429).length).toBe(50);
    const admin = await signIn(bff, 'admin');
    const { list } = (await (await bff.app.request('/audit?action=auth.login&limit=200', { headers: { cookie: admin } })).json()) as {
      list: { username: string; code: number; msg: string }[];
    };
    expect(list.filter((e) => e.username === 'ada' && e.msg === 'wrong username or password').length).toBeLessThanOrEqual(5);
    // The refusals are in the log, once per account and address a minute, not once per request.
    expect(list.filter((e) => e.username === 'ada' && e.code === 429).length).toBe(1);
  });

  it('the right password among parallel guesses after the limit is refused', async () => {
    const bff = await proxied();
    await bff.users.create({ username: 'bob', displayName: 'Bob', role: 'admin', password: TEST_PASSWORD });
    // One burst of 35: the right password is the 31st, after the 5 attempts the limit allows.
    const guesses = Array.from({ length: 35 }, (_, i) => (i === 30 ? TEST_PASSWORD : `guess-${i}`));
    const answers = await Promise.all(guesses.map((p) => login(bff, 'bob', p)));
    expect(answers[30]!.status).toBe(429);
    expect(answers.filter((r) => r.status === 401).length).toBe(5);
    expect(answers.some((r) => (r.headers.get('set-cookie') ?? '').includes('sd_session'))).toBe(false);
    // And later guesses, the right one among them, stay refused for the window.
    const later = await Promise.all([`x-1`, TEST_PASSWORD, `x-2`].map((p) => login(bff, 'bob', p)));
    expect(later.map((r) => r.status)).toEqual([429, 429, 429]);
  });

  it('holds across two gateway processes on one database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'supply-desk-limit-'));
    try {
      // PostgreSQL: two pools on one schema, as two gateway processes have. SQLite: one file, one handle
      // (two handles on one file in one thread would wait on each other's open transactions).
      const where = TEST_DIALECT === 'postgres' ? { databaseUrl: await freshPgUrl() } : { file: join(dir, 'gateway.sqlite') };
      const dbOne = await openGatewayDb(where);
      const dbTwo = TEST_DIALECT === 'postgres' ? await openGatewayDb(where) : dbOne;
      const one = await proxied(dbOne);
      const two = await proxied(dbTwo);
      await one.users.create({ username: 'cyd', displayName: 'Cyd', role: 'merchant', password: TEST_PASSWORD });
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login(i % 2 ? one : two, 'cyd', `wrong-${i}`)));
      expect(answers.filter((r) => r.status === 401).length).toBeLessThanOrEqual(5);
      await dbOne.close();
      if (dbTwo !== dbOne) await dbTwo.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an outsider cannot lock the real person out: the lock is per account and address, with a higher ceiling per account', async () => {
    const bff = await proxied();
    await bff.users.create({ username: 'root', displayName: 'Root', role: 'admin', password: TEST_PASSWORD });
    // The admin signed in from the office before.
    expect((await login(bff, 'root', TEST_PASSWORD, '198.51.100.1')).status).toBe(200);
    // Five wrong passwords from one outside address lock that address only.
    for (let i = 0; i < 5; i++) expect((await login(bff, 'root', `x-${i}`, '203.0.113.50')).status).toBe(401);
    expect((await login(bff, 'root', TEST_PASSWORD, '203.0.113.50')).status).toBe(429);
    expect((await login(bff, 'root', TEST_PASSWORD, '192.0.2.7')).status).toBe(200);
    // Guessing from many addresses meets the account's ceiling (50): a new address is held…
    for (let a = 0; a < 10; a++) for (let i = 0; i < 5; i++) await login(bff, 'root', `y-${i}`, `203.0.113.${100 + a}`);
    expect((await login(bff, 'root', TEST_PASSWORD, '192.0.2.99')).status).toBe(429);
    // …but not the addresses the admin signed in from.
    expect((await login(bff, 'root', TEST_PASSWORD, '198.51.100.1')).status).toBe(200);
    expect((await login(bff, 'root', TEST_PASSWORD, '192.0.2.7')).status).toBe(200);
  }, 30_000);
});

describe('an audit log that misses nothing (issue 11.5, 11.6)', () => {
  const auditOf = async (bff: Gateway, query = 'limit=200') => {
    const admin = await signIn(bff, 'admin');
    const res = await bff.app.request(`/audit?${query}`, { headers: { cookie: admin } });
    return {
      status: res.status,
      body: (await res.json()) as { list: AuditEntry[]; total: number; msg?: string; gateway?: { field?: string } },
    };
  };

  it('records writes the gateway refuses for their input (400), not the refused text', async () => {
    const bff = await gateway();
    const merchant = await signIn(bff, 'merchant', 'moe');
    const before = upstream.hits.length;
    expect((await post(bff, '/op/selection.add', { goods_ids: 'DROP TABLE' }, merchant)).status).toBe(400);
    expect((await post(bff, '/op/order.submit', { orderSn: 'x'.repeat(5000) }, merchant)).status).toBe(400);
    expect((await bff.app.request('/op/selection.clear', { method: 'POST', body: '{"a":', headers: { cookie: merchant } })).status).toBe(
      400,
    );
    expect((await post(bff, '/op/goods.list', { page: 'x' }, merchant)).status).toBe(400); // a read: not audited
    expect(upstream.hits.length).toBe(before);
    const { list } = (await auditOf(bff)).body;
    const refused = list.filter((e) => e.username === 'moe' && e.action !== 'auth.login');
    expect(refused.map((e) => `${e.action}:${e.code}`).sort()).toEqual(['order.submit:400', 'selection.add:400', 'selection.clear:400']);
    expect(JSON.stringify(refused)).not.toContain('DROP TABLE');
    expect(refused.find((e) => e.action === 'selection.add')!.summary).toContain('goods_ids');
  });

  it('writes the row before forwarding ("sent"); a row left "sent" by a killed gateway reads "outcome unknown" after a restart', async () => {
    let release: () => void = () => {};
    let seenByUpstream: string[] = [];
    const db = await testGatewayDb();
    const slow = createServer((req, res) => {
      // What the audit held at the moment the write reached the upstream.
      void db.kysely
        .selectFrom('audit')
        .select(['action', 'outcome'])
        .where('action', '=', 'selection.add')
        .execute()
        .then((rows) => (seenByUpstream = rows.map((r) => `${r.action}:${r.outcome}`)));
      req.resume();
      release = () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":1,"msg":"ok","data":{"total":3}}');
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    try {
      const first = createBffApp({ upstream: { baseUrl: url, appKey: 'k', appSecret: 's', timeoutMs: 5000 }, mode: 'upstream', db });
      const merchant = await signIn(first, 'merchant', 'meg');
      const pending = post(first, '/op/selection.add', { goods_ids: '10001' }, merchant);
      for (let i = 0; i < 100 && seenByUpstream.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(seenByUpstream).toEqual(['selection.add:sent']);

      // The gateway "dies" here; a new one starts on the same database.
      const restarted = createBffApp({ upstream: { baseUrl: url, appKey: 'k', appSecret: 's', timeoutMs: 5000 }, mode: 'upstream', db });
      const row = (await auditOf(restarted, 'action=selection.add')).body.list[0]!;
      if (TEST_DIALECT === 'sqlite') {
        // Alone on its file, the restarted gateway knows nobody will complete the row.
        expect(row).toMatchObject({ username: 'meg', outcome: 'unknown' });
        expect(row.msg).toMatch(/outcome unknown/);
      } else {
        // On a shared PostgreSQL another gateway may still be waiting for the answer: the row stays
        // "sent" until the upstream timeout plus a minute (the next test), then reads "unknown".
        expect(row).toMatchObject({ username: 'meg', outcome: 'sent' });
      }
      expect((await auditOf(restarted, 'action=selection.add&failedOnly=true')).body.total).toBe(1);

      release();
      expect((await pending).status).toBe(200);
      // The answer that did come is still recorded.
      expect((await auditOf(restarted, 'action=selection.add')).body.list[0]).toMatchObject({ code: 1, outcome: 'done', msg: 'ok' });
    } finally {
      slow.closeAllConnections();
      slow.close();
    }
  });

  it('a write still "sent" after the upstream timeout reads "outcome unknown" without a restart; a timeout is "unknown"', async () => {
    let t = 5_000_000;
    const db = await testGatewayDb();
    const bff = createBffApp({
      upstream: { baseUrl: upstream.url, appKey: 'k', appSecret: 's', timeoutMs: 2000 },
      mode: 'upstream',
      db,
      now: () => t,
    });
    await bff.audit.begin({ user: null, username: 'other-process', action: 'order.submit', input: {}, ip: 'x' });
    expect((await auditOf(bff, 'action=order.submit')).body.list[0]!.outcome).toBe('sent');
    t += 2000 + 60_001;
    expect((await auditOf(bff, 'action=order.submit')).body.list[0]).toMatchObject({
      outcome: 'unknown',
      msg: expect.stringMatching(/outcome unknown/),
    });

    const hang = createServer((req) => req.resume());
    await new Promise<void>((r) => hang.listen(0, '127.0.0.1', r));
    try {
      const gw = await bffAs({
        upstream: { baseUrl: `http://127.0.0.1:${(hang.address() as AddressInfo).port}`, appKey: 'k', appSecret: 's', timeoutMs: 200 },
        mode: 'upstream',
      });
      expect((await gw.request('/op/selection.clear', { method: 'POST', body: '{}' })).status).toBe(504);
      const { list } = (await (await gw.request('/audit?action=selection.clear')).json()) as { list: AuditEntry[] };
      expect(list[0]).toMatchObject({ outcome: 'unknown', code: 0 });
    } finally {
      hang.closeAllConnections();
      hang.close();
    }
  });

  it('never stores what was typed as a username that is no account (it may be a password)', async () => {
    const bff = await gateway();
    await bff.users.create({ username: 'eve', displayName: 'Eve', role: 'merchant', password: TEST_PASSWORD });
    await post(bff, '/auth/login', { username: 'Correct-Horse-Battery-9', password: 'whatever-1' });
    await post(bff, '/auth/login', { username: 'Correct-Horse-Battery-9', password: 'whatever-2' });
    await post(bff, '/auth/login', { username: 'eve', password: 'wrong-password' });
    const { list } = (await auditOf(bff, 'action=auth.login')).body;
    expect(JSON.stringify(list)).not.toMatch(/correct-horse/i);
    const masked = list.filter((e) => e.username.startsWith('(not an account'));
    expect(masked).toHaveLength(2);
    expect(masked[0]!.username).toMatch(/^\(not an account: 23 characters, #[0-9a-f]{8}\)$/);
    expect(masked[0]!.username).toBe(masked[1]!.username); // the same text typed twice can be told
    expect(list.find((e) => e.username === 'eve')).toMatchObject({ code: 0, msg: 'wrong username or password' });
  });

  it('parses booleans and numbers of the audit query explicitly: failedOnly=false means all (11.6)', async () => {
    const bff = await gateway();
    const merchant = await signIn(bff, 'merchant', 'fay');
    await post(bff, '/op/selection.add', SAMPLE['selection.add'], merchant); // ok
    await post(bff, '/op/selection.add', { goods_ids: 'nope' }, merchant); // refused
    const all = (await auditOf(bff, 'username=fay')).body.total;
    expect(all).toBe(3); // sign-in, the write, the refusal
    expect((await auditOf(bff, 'username=fay&failedOnly=false')).body.total).toBe(all);
    expect((await auditOf(bff, 'username=fay&failedOnly=true')).body.total).toBe(1);
    for (const bad of ['failedOnly=yes', 'failedOnly=', 'limit=', 'limit=0x10', 'page=true', 'from=1e3']) {
      const r = await auditOf(bff, bad);
      expect(r.status, bad).toBe(400);
      expect(r.body.msg, bad).toContain(bad.split('=')[0]);
    }
  });
});
