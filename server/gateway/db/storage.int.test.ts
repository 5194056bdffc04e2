import { spawn } from 'node:child_process';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { createBffApp, OP_WRITTEN } from '../app';
import { gatewayConfigFromEnv } from '../config';
import { BUS_RESYNC, openGatewayDb, type GatewayDb } from '.';
import { GATEWAY_MIGRATIONS } from './migrations';
import { UserStore } from '../auth/users';
import { SessionStore } from '../auth/sessions';
import { openDatabase } from '../../lib/db';
import { ConfigError } from '../../lib/env';
import { createAppServer } from '../../server';
import { signIn } from '../../../test/bff-client';
import { freePort } from '../../../test/free-port';
import { TEST_DIALECT, freshPgUrl, testGatewayDb } from '../../../test/gateway-db';
import { SAMPLE } from '../../../test/samples';
import { GATEWAY_MIGRATIONS as LEGACY_SQLITE_MIGRATIONS } from '../../../test/legacy-gateway-schema';
import { startTcpProxy, viaPort } from '../../../test/tcp-proxy';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'supply-desk-storage-'));
  dirs.push(d);
  return d;
};
const opened: GatewayDb[] = [];
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

/** Another handle on the same database as `db` (a second gateway process, as the database sees it). */
async function secondHandle(url: string | undefined, file?: string) {
  const db = await openGatewayDb(url ? { databaseUrl: url, poolSize: 4 } : { file });
  opened.push(db);
  return db;
}
const waitFor = async (what: string, check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

if (TEST_DIALECT === 'sqlite') {
  describe('an existing SQLite install (from before Kysely)', () => {
    it('upgrades in place: its people, sessions, audit and carts stay, and the schema ends as a new install’s', async () => {
      const dir = tempDir();
      const file = join(dir, 'gateway.sqlite');
      // A gateway.sqlite exactly as the previous release left it (PRAGMA user_version 3).
      const old = openDatabase(file, LEGACY_SQLITE_MIGRATIONS);
      old
        .prepare(
          `INSERT INTO users (username, display_name, role, password_hash, created_at, updated_at) VALUES ('Old.Admin', 'Old', 'admin', 'x', 1, 2)`,
        )
        .run();
      old.prepare(`INSERT INTO sessions VALUES ('hash', 1, 1, ?, ?, '10.0.0.1', 'ua')`).run(Date.now(), Date.now() + 3_600_000);
      old
        .prepare(
          `INSERT INTO audit (at, user_id, username, role, action, summary, code, msg, ip, outcome) VALUES (5, 1, 'Old.Admin', 'admin', 'order.submit', '{}', 0, 'sent…', 'ip', 'sent')`,
        )
        .run();
      old.prepare(`INSERT INTO person_data VALUES (1, 'cart', '{"lines":[]}', 3)`).run();
      old.prepare(`INSERT INTO gateway_keys VALUES ('audit-mask', 'k')`).run();
      expect(old.pragma('user_version', { simple: true })).toBe(3);
      old.close();

      const db = await openGatewayDb({ file });
      opened.push(db);
      const users = new UserStore(db);
      expect((await users.credentials('old.admin'))?.user).toMatchObject({ username: 'Old.Admin', role: 'admin', createdAt: 1 });
      expect(await db.kysely.selectFrom('sessions').select('token_hash').execute()).toEqual([{ token_hash: 'hash' }]);
      expect(await db.kysely.selectFrom('audit').select(['action', 'outcome']).execute()).toEqual([
        { action: 'order.submit', outcome: 'sent' },
      ]);
      expect(await db.kysely.selectFrom('person_data').select('value').execute()).toEqual([{ value: '{"lines":[]}' }]);
      const steps = await db.kysely
        .selectFrom(sql<{ name: string }>`kysely_migration`.as('m'))
        .select('name')
        .execute();
      expect(steps.map((s) => s.name)).toEqual(Object.keys(GATEWAY_MIGRATIONS).sort());
      expect(steps.slice(0, 4).map((s) => s.name)).toEqual([
        '000001_accounts',
        '000002_person_data',
        '000003_login_attempts',
        '202611230200_session_expiry',
      ]);
      // Usernames stay unique whatever the case (COLLATE NOCASE kept).
      await expect(users.create({ username: 'OLD.ADMIN', displayName: 'x', role: 'merchant', password: 'long-enough-pw' })).rejects.toThrow(
        /taken/,
      );

      // The same tables, columns and indexes as a file made new today.
      const shape = async (d: GatewayDb) => {
        const r = await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`
          SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'kysely_%' AND name NOT LIKE 'sqlite_%' ORDER BY name`.execute(
          d.kysely,
        );
        const cols: Record<string, string[]> = {};
        for (const t of r.rows.filter((x) => x.type === 'table')) {
          const info = await sql<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>`
            SELECT * FROM pragma_table_info(${t.name})`.execute(d.kysely);
          cols[t.name] = info.rows.map((c) => `${c.name} ${c.type.toLowerCase()} ${c.notnull} ${c.dflt_value} ${c.pk}`);
        }
        return { objects: r.rows.map((x) => `${x.type}:${x.name}:${x.tbl_name}`), cols };
      };
      const fresh = await testGatewayDb();
      expect(await shape(db)).toEqual(await shape(fresh));

      // Opening it again changes nothing.
      await db.close();
      const again = await openGatewayDb({ file });
      opened.push(again);
      expect(
        (
          await again.kysely
            .selectFrom(sql<{ name: string }>`kysely_migration`.as('m'))
            .select('name')
            .execute()
        ).length,
      ).toBe(Object.keys(GATEWAY_MIGRATIONS).length);
    });
  });
}

describe(`storage on ${TEST_DIALECT}`, () => {
  it('migrations run once when several gateways start together on one database', async () => {
    const url = TEST_DIALECT === 'postgres' ? await freshPgUrl() : undefined;
    const file = join(tempDir(), 'gateway.sqlite');
    // PostgreSQL: three pools at once (three processes, as the server sees them) under the advisory lock.
    // SQLite: one after the other (one file belongs to one gateway process; see README).
    const dbs =
      TEST_DIALECT === 'postgres'
        ? await Promise.all([0, 1, 2].map(() => secondHandle(url)))
        : [await secondHandle(undefined, file), await secondHandle(undefined, file)];
    const steps = await dbs[0]!.kysely
      .selectFrom(sql<{ name: string }>`kysely_migration`.as('m'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(steps.n)).toBe(Object.keys(GATEWAY_MIGRATIONS).length);
    // And every handle sees the same data.
    await new UserStore(dbs[0]!).create({ username: 'shared', displayName: 'S', role: 'admin', password: 'long-enough-pw' });
    for (const d of dbs) expect((await new UserStore(d).credentials('SHARED'))?.user.role).toBe('admin');
  });

  it('exclusive work runs in one place at a time, across handles', async () => {
    const url = TEST_DIALECT === 'postgres' ? await freshPgUrl() : undefined;
    const a = await secondHandle(url, url ? undefined : join(tempDir(), 'gateway.sqlite'));
    const b = TEST_DIALECT === 'postgres' ? await secondHandle(url) : a;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const isRunning = new Promise<void>((r) => (started = r));
    const first = a.exclusive('job', async () => {
      started();
      await held;
    });
    await isRunning;
    expect(await b.exclusive('job', () => Promise.resolve())).toBe(false);
    expect(await b.exclusive('other-job', () => Promise.resolve())).toBe(true);
    release();
    expect(await first).toBe(true);
    expect(await b.exclusive('job', () => Promise.resolve())).toBe(true);

    // The lock does not take a connection the work itself needs (a pool of one).
    const small = TEST_DIALECT === 'postgres' ? await openGatewayDb({ databaseUrl: url, poolSize: 1 }) : a;
    if (small !== a) opened.push(small);
    expect(await small.exclusive('with-queries', async () => void (await small.kysely.selectFrom('users').select('id').execute()))).toBe(
      true,
    );

    // Periodic work on two handles never overlaps.
    let running = 0;
    let most = 0;
    let runs = 0;
    const job = async () => {
      running++;
      most = Math.max(most, running);
      runs++;
      await new Promise((r) => setTimeout(r, 60));
      running--;
    };
    const stops = [a.every('tick', 20, job, 0), b.every('tick', 20, job, 0)];
    await waitFor('three runs', () => runs >= 3);
    stops.forEach((s) => s());
    expect(most).toBe(1);
  });

  it('the bus delivers to every subscriber once, unsubscribes, and refuses documents too large for NOTIFY', async () => {
    const url = TEST_DIALECT === 'postgres' ? await freshPgUrl() : undefined;
    const a = await secondHandle(url, url ? undefined : ':memory:');
    const b = TEST_DIALECT === 'postgres' ? await secondHandle(url) : a;
    const gotA: unknown[] = [];
    const gotB: unknown[] = [];
    const offA = a.bus.subscribe('t.one', (p) => gotA.push(p));
    b.bus.subscribe('t.one', (p) => gotB.push(p));
    b.bus.subscribe('t.other', (p) => gotB.push(['other', p]));
    await a.bus.publish('t.one', { id: 1, text: '中文' });
    await waitFor('both subscribers', () => gotA.length === 1 && gotB.length === 1);
    expect(gotB).toEqual([{ id: 1, text: '中文' }]);
    offA();
    await b.bus.publish('t.one', { id: 2 });
    await waitFor('b', () => gotB.length === 2);
    expect(gotA).toHaveLength(1);
    await expect(a.bus.publish('t.one', { text: 'x'.repeat(9000) })).rejects.toThrow(/at most 7900/);
  });

  it('the bus delivers what one process publishes in the order it was published, even when nobody waits between', async () => {
    const url = TEST_DIALECT === 'postgres' ? await freshPgUrl() : undefined;
    const a = await secondHandle(url, url ? undefined : ':memory:');
    const b = TEST_DIALECT === 'postgres' ? await secondHandle(url) : a;
    const got: number[] = [];
    b.bus.subscribe('t.order', (p) => got.push((p as { n: number }).n));
    const sent = Array.from({ length: 120 }, (_, n) => n);
    await Promise.all(sent.map((n) => a.bus.publish('t.order', { n })));
    await waitFor('every event', () => got.length === sent.length);
    expect(got).toEqual(sent);
  });

  it('sweeps expired sessions and finished sign-in windows', async () => {
    let t = 1_000_000_000_000;
    const db = await testGatewayDb();
    const bff = createBffApp({
      upstream: { baseUrl: 'http://127.0.0.1:9', appKey: 'k', appSecret: 's', timeoutMs: 500 },
      mode: 'upstream',
      db,
      now: () => t,
      sessionPolicy: { idleMs: 60_000, absoluteMs: 600_000 },
    });
    await signIn(bff, 'merchant', 'early');
    t += 30_000;
    await signIn(bff, 'merchant', 'late');
    t += 40_000; // the first is idle 70 s, the second 40 s
    expect(await bff.sweep()).toBe(1);
    const left = await db.kysely.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id').select('username').execute();
    expect(left).toEqual([{ username: 'late' }]);
  });
});

describe('configuration', () => {
  it('a DATABASE_URL that is no PostgreSQL URL, or a pool size out of range, is a sentence naming the variable (never the password)', () => {
    const sentence = (env: Record<string, string>) => {
      try {
        gatewayConfigFromEnv(env);
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        return (e as Error).message;
      }
      throw new Error('accepted');
    };
    const wrong = sentence({ DATABASE_URL: 'mysql://root:hunter22@db/desk' });
    expect(wrong).toMatch(/DATABASE_URL is set: must be a PostgreSQL URL such as postgres:\/\//);
    expect(wrong).not.toContain('hunter22');
    expect(sentence({ DATABASE_URL: 'postgres://u:p@db.example.com' })).toMatch(/DATABASE_URL .*database name required/);
    expect(sentence({ DATABASE_POOL_SIZE: '0' })).toMatch(/DATABASE_POOL_SIZE is "0": must be at least 1/);
    expect(gatewayConfigFromEnv({ DATABASE_URL: 'postgresql://u:p@db.example.com:6543/desk', DATABASE_POOL_SIZE: '25' }).database).toEqual({
      url: 'postgresql://u:p@db.example.com:6543/desk',
      poolSize: 25,
    });
    expect(gatewayConfigFromEnv({}).database).toEqual({ url: null, poolSize: 10 });
  });

  it('an unreachable PostgreSQL stops the start with one sentence naming DATABASE_URL', async () => {
    const port = await freePort();
    await expect(openGatewayDb({ databaseUrl: `postgres://desk:pw-not-shown@127.0.0.1:${port}/desk` })).rejects.toThrow(
      new ConfigError(
        `The configuration is not usable:\n  DATABASE_URL: nothing answers at 127.0.0.1:${port}/desk (connection refused): start PostgreSQL there or correct the host and port`,
      ),
    );
    // `npm start` prints it and exits 1, without a stack.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATA_DIR: tempDir(),
        PORT: String(await freePort()),
        DATABASE_URL: `postgres://desk:pw-not-shown@127.0.0.1:${port}/desk`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    expect(code).toBe(1);
    expect(out).toContain('DATABASE_URL: nothing answers at');
    expect(out).not.toMatch(/pw-not-shown|\n\s+at /);
  }, 30_000);

  if (TEST_DIALECT === 'postgres') {
    it('a wrong password or a missing database is said as such', async () => {
      const url = new URL(await freshPgUrl());
      const wrongPassword = new URL(url);
      wrongPassword.password = 'not-the-password';
      await expect(openGatewayDb({ databaseUrl: wrongPassword.toString() })).rejects.toThrow(
        /DATABASE_URL: PostgreSQL at .* refused the user name or password/,
      );
      const missing = new URL(url);
      missing.pathname = '/no_such_database';
      missing.search = '';
      await expect(openGatewayDb({ databaseUrl: missing.toString() })).rejects.toThrow(
        /DATABASE_URL: the database named in the URL does not exist at 127\.0\.0\.1:\d+\/no_such_database/,
      );
    });
  }
});

describe('operations', () => {
  it('/healthz answers 503 while the database does not, and 200 again when it is back', async () => {
    const dir = tempDir();
    const port = await freePort();
    let proxy: Awaited<ReturnType<typeof startTcpProxy>> | null = null;
    const env: Record<string, string> = { DATA_DIR: dir, PORT: String(port), SANDBOX_GOODS: '20' };
    if (TEST_DIALECT === 'postgres') {
      const url = new URL(await freshPgUrl());
      proxy = await startTcpProxy(url.hostname, Number(url.port));
      env.DATABASE_URL = viaPort(url.toString(), proxy.port);
    }
    const server = await createAppServer({ ...gatewayConfigFromEnv(env), staticDir: join(dir, 'no-dist') }, { env });
    const health = async () => {
      const res = await server.app.request('/healthz', { headers: { host: `127.0.0.1:${port}` } });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    expect(await health()).toEqual({ status: 200, body: { ok: true, db: 'up' } });
    if (proxy) {
      const events: unknown[] = [];
      let resynced = 0;
      server.db.bus.subscribe('t.health', (p) => events.push(p));
      server.db.bus.subscribe(BUS_RESYNC, () => resynced++);
      await proxy.cut();
      expect(await health()).toEqual({ status: 503, body: { ok: false, db: 'down' } });
      await proxy.restore();
      await waitFor('the database back', async () => (await health()).status === 200);
      // The bus listened again on its own, and says events may have been missed meanwhile.
      await waitFor('the bus back', () => resynced > 0);
      await server.db.bus.publish('t.health', { back: true });
      await waitFor('an event after the restart', () => events.length === 1);
      await server.close();
      await proxy.close();
    } else {
      await server.close(); // a closed SQLite handle stands for a file that cannot be read
      expect(await health()).toEqual({ status: 503, body: { ok: false, db: 'down' } });
    }
  }, 30_000);

  it('a forwarded write is announced on the bus (op.written)', async () => {
    const db = await testGatewayDb();
    const seen: unknown[] = [];
    db.bus.subscribe(OP_WRITTEN, (p) => seen.push(p));
    const { createServer } = await import('node:http');
    const up = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":1,"msg":"ok","data":{}}');
    });
    await new Promise<void>((r) => up.listen(0, '127.0.0.1', r));
    const bff = createBffApp({
      upstream: { baseUrl: `http://127.0.0.1:${(up.address() as { port: number }).port}`, appKey: 'k', appSecret: 's', timeoutMs: 2000 },
      mode: 'upstream',
      db,
    });
    const cookie = await signIn(bff, 'merchant');
    const res = await bff.app.request('/op/selection.clear', {
      method: 'POST',
      body: '{}',
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    await waitFor('the event', () => seen.length === 1);
    expect(seen[0]).toMatchObject({ op: 'selection.clear', code: 1 });
    up.close();
  });

  if (TEST_DIALECT === 'postgres') {
    it('the session lookup runs as a named statement; when the server has forgotten it (a pooler in between), it runs unnamed', async () => {
      const lines: string[] = [];
      // One connection, so that the statement list and DEALLOCATE are that of the lookup's connection.
      const db = await openGatewayDb({ databaseUrl: await freshPgUrl(), poolSize: 1, log: (l) => lines.push(l) });
      try {
        const user = await new UserStore(db).create({
          username: 'named1',
          displayName: 'N',
          role: 'merchant',
          password: 'password-123456',
        });
        const sessions = new SessionStore(db);
        const token = await sessions.create(user.id, { ip: '127.0.0.1', userAgent: 'test' });
        expect((await sessions.resolve(token))?.username).toBe('named1');
        const named = await sql<{ name: string; statement: string }>`SELECT name, statement FROM pg_prepared_statements`.execute(db.kysely);
        expect(named.rows.find((r) => r.name.startsWith('sd_'))?.statement).toMatch(/from "sessions" inner join "users"/);
        await sql`DEALLOCATE ALL`.execute(db.kysely);
        // A session read is kept 2 s (sessions.ts): forgotten, so that each resolve reads the database.
        sessions.forget();
        expect((await sessions.resolve(token))?.username).toBe('named1');
        expect(lines.join('\n')).toContain('refused a named statement (26000)');
        sessions.forget();
        expect((await sessions.resolve(token))?.username).toBe('named1');
      } finally {
        await db.close();
      }
    });
  }

  /**
   * `npm start` as a process of its own (node itself, not npx, so that a signal reaches the server),
   * every sandbox call taking 1.5 s (a request is surely in flight when the signal comes), with the
   * merchant signed in; no drain on SIGTERM unless asked for.
   */
  const startGatewayProcess = async (drainSeconds = 0) => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATA_DIR: tempDir(),
        PORT: String(port),
        SANDBOX_GOODS: '20',
        SANDBOX_FAULTS: 'latency=1500',
        DRAIN_SECONDS: String(drainSeconds),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const proc = { child, out: '', base: `http://127.0.0.1:${port}`, cookie: '' };
    child.stdout.on('data', (d: Buffer) => (proc.out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (proc.out += d.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', r));
    await waitFor('the server', () => proc.out.includes('Supply Desk is running'), 30_000);
    const login = await request(`${proc.base}/bff/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'merchant', password: 'merchant-demo' }),
    });
    proc.cookie = /sd_session=[^;]+/.exec(String(login.headers['set-cookie']))![0];
    await login.body.dump();
    return { ...proc, exited, output: () => proc.out };
  };

  /** A signed-in call that reaches the sandbox (1.5 s each in these tests). */
  const goodsList = (base: string, cookie: string) =>
    request(`${base}/bff/op/goods.list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(SAMPLE['goods.list']),
    });

  if (TEST_DIALECT === 'sqlite') {
    it('an idle keep-alive connection stays usable past Node’s 5 s default: a pooling client or balancer may send on it', async () => {
      const { child, exited, base } = await startGatewayProcess();
      const port = Number(new URL(base).port);
      const socket = net.connect(port, '127.0.0.1');
      try {
        let received = '';
        let closed = false;
        socket.on('data', (d: Buffer) => (received += d.toString()));
        socket.on('close', () => (closed = true));
        const ask = () => socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
        ask();
        await waitFor('the first answer', () => received.includes('"ok":true'), 5000);
        await new Promise((r) => setTimeout(r, 6000));
        expect(closed).toBe(false);
        received = '';
        ask();
        await waitFor('the second answer on the same connection', () => received.includes('"ok":true'), 5000);
        expect(received).toMatch(/^HTTP\/1\.1 200/);
      } finally {
        socket.destroy();
        child.kill('SIGINT');
        await exited;
      }
    }, 40_000);

    it('SIGTERM: no new connections, the request in flight is answered, then the process exits 0', async () => {
      const { child, exited, base, cookie, output } = await startGatewayProcess();
      const started = Date.now();
      const inFlight = goodsList(base, cookie);
      await new Promise((r) => setTimeout(r, 300));
      child.kill('SIGTERM');
      const res = await inFlight;
      const body = (await res.body.json()) as { code: number };
      expect(res.statusCode).toBe(200);
      expect(body.code).toBe(1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
      expect(await exited).toBe(0);
      expect(output()).toContain('SIGTERM: finishing requests in flight');
      await expect(request(`${base}/healthz`)).rejects.toThrow(/ECONNREFUSED/);
    }, 40_000);

    it('SIGTERM drains first: /healthz answers 503 "stopping" at once, requests are still served (closing their connection), then the process exits 0', async () => {
      const { child, exited, base, cookie, output } = await startGatewayProcess(2);
      try {
        expect((await request(`${base}/healthz`)).statusCode).toBe(200);
        const signalled = Date.now();
        child.kill('SIGTERM');
        await waitFor('the drain to start', () => output().includes('SIGTERM: draining for 2 s'), 5000);
        const health = await request(`${base}/healthz`);
        expect(health.statusCode).toBe(503);
        expect(await health.body.json()).toEqual({ ok: false, status: 'stopping' });
        // Still serving during the drain: a signed-in call is answered, and its connection is closed after it.
        const res = await goodsList(base, cookie);
        expect(res.statusCode).toBe(200);
        expect(res.headers.connection).toBe('close');
        expect(((await res.body.json()) as { code: number }).code).toBe(1);
        expect(await exited).toBe(0);
        // Not before the drain was over.
        expect(Date.now() - signalled).toBeGreaterThanOrEqual(2000);
        expect(output()).toContain('SIGTERM: finishing requests in flight');
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    }, 40_000);

    it('SIGINT (Ctrl+C) stops at once, without the drain: the request in flight is still answered', async () => {
      const { child, exited, base, cookie, output } = await startGatewayProcess(60);
      try {
        const inFlight = goodsList(base, cookie);
        await new Promise((r) => setTimeout(r, 300));
        const signalled = Date.now();
        child.kill('SIGINT');
        const res = await inFlight;
        expect(res.statusCode).toBe(200);
        expect(((await res.body.json()) as { code: number }).code).toBe(1);
        expect(await exited).toBe(0);
        expect(Date.now() - signalled).toBeLessThan(6000);
        expect(output()).not.toContain('draining');
        expect(output()).toContain('SIGINT: finishing requests in flight');
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    }, 40_000);

    it('SIGTERM with an event stream open: the stream ends at once, the request in flight is answered, the process exits without the 15 s grace', async () => {
      const { child, exited, base, cookie, output } = await startGatewayProcess();
      try {
        // A page's live events (an EventSource): open until the server ends it.
        const stream = await request(`${base}/bff/events`, { headers: { cookie, accept: 'text/event-stream' } });
        expect(stream.statusCode).toBe(200);
        let text = '';
        let streamEndedAt = 0;
        stream.body.on('data', (d: Buffer) => (text += d.toString()));
        const streamEnded = new Promise<void>((resolve) => {
          const ended = () => {
            streamEndedAt ||= Date.now();
            resolve();
          };
          stream.body.on('end', ended);
          stream.body.on('error', ended);
        });
        await waitFor('the stream to open', () => /event: unread/.test(text), 10_000);
        // And a call in flight (every sandbox call takes 1.5 s).
        const inFlight = goodsList(base, cookie);
        await new Promise((r) => setTimeout(r, 300));
        const signalled = Date.now();
        child.kill('SIGTERM');
        const res = await inFlight;
        const answeredAt = Date.now();
        expect(res.statusCode).toBe(200);
        expect(((await res.body.json()) as { code: number }).code).toBe(1);
        await streamEnded;
        // The stream ended before the call in flight was answered, not when the grace ran out.
        expect(streamEndedAt).toBeLessThan(answeredAt);
        expect(await exited).toBe(0);
        // Exit once the call in flight is done: well within the 15 s grace the open stream used to hold it.
        expect(Date.now() - signalled).toBeLessThan(6000);
        expect(output()).toContain('SIGTERM: finishing requests in flight');
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    }, 60_000);
  }
});
