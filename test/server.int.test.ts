import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gatewayConfigFromEnv } from '../server/gateway/config';
import { openGatewayDb } from '../server/gateway/db';
import { UserStore } from '../server/gateway/auth/users';
import { createAppServer, ensureFirstUsers } from '../server/server';
import { TEST_DIALECT, freshPgUrl, testGatewayDb } from './gateway-db';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'supply-desk-server-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('first run', () => {
  it('sandbox mode creates one demo person per role', async () => {
    const db = await testGatewayDb();
    await ensureFirstUsers(db, { upstream: null, firstAdmin: null });
    expect((await new UserStore(db).list()).map((u) => `${u.username}:${u.role}`).sort()).toEqual([
      'admin:admin',
      'manager:manager',
      'merchant:merchant',
      'support:support',
    ]);
    // A second gateway starting on the same database adds nobody.
    await ensureFirstUsers(db, { upstream: null, firstAdmin: null });
    expect(await new UserStore(db).count()).toBe(4);
    await db.close();
  });

  it('against the real upstream: nobody, unless ADMIN_USERNAME / ADMIN_PASSWORD name the first admin', async () => {
    const upstream = { baseUrl: 'https://api.jxhh.com', appKey: 'k', appSecret: 's' };
    const none = await testGatewayDb();
    await ensureFirstUsers(none, { upstream, firstAdmin: null });
    expect(await new UserStore(none).count()).toBe(0);
    await none.close();
    const first = await testGatewayDb();
    const config = gatewayConfigFromEnv({
      UPSTREAM_URL: 'https://api.jxhh.com',
      UPSTREAM_APP_KEY: 'k',
      UPSTREAM_APP_SECRET: 's',
      ADMIN_USERNAME: 'boss',
      ADMIN_PASSWORD: 'a-strong-password',
    });
    await ensureFirstUsers(first, config);
    expect((await new UserStore(first).list()).map((u) => `${u.username}:${u.role}:${u.demo}`)).toEqual(['boss:admin:false']);
    await first.close();
    expect(() => gatewayConfigFromEnv({ ADMIN_USERNAME: 'boss' })).toThrow(/ADMIN_USERNAME and ADMIN_PASSWORD go together/);
  });

  it('DRAIN_SECONDS: 5 s unless set, 0 allowed, nonsense refused in words', () => {
    expect(gatewayConfigFromEnv({}).drainMs).toBe(5000);
    expect(gatewayConfigFromEnv({ DRAIN_SECONDS: '0' }).drainMs).toBe(0);
    expect(gatewayConfigFromEnv({ DRAIN_SECONDS: '1.5' }).drainMs).toBe(1500);
    expect(() => gatewayConfigFromEnv({ DRAIN_SECONDS: 'soon' })).toThrow(/DRAIN_SECONDS.*must be a number of seconds/);
    expect(() => gatewayConfigFromEnv({ DRAIN_SECONDS: '-1' })).toThrow(/DRAIN_SECONDS.*must be 0 \(no drain\) or more/);
    expect(() => gatewayConfigFromEnv({ DRAIN_SECONDS: '301' })).toThrow(/DRAIN_SECONDS.*must be at most 300/);
  });

  it('live-event stream limits: 8 per session and 64 per address unless set, nonsense refused in words', () => {
    expect(gatewayConfigFromEnv({}).messages.streamLimits).toEqual({ perSession: 8, perAddress: 64 });
    expect(gatewayConfigFromEnv({ EVENT_STREAMS_PER_SESSION: '2', EVENT_STREAMS_PER_ADDRESS: '500' }).messages.streamLimits).toEqual({
      perSession: 2,
      perAddress: 500,
    });
    expect(() => gatewayConfigFromEnv({ EVENT_STREAMS_PER_SESSION: '0' })).toThrow(/EVENT_STREAMS_PER_SESSION.*must be at least 1/);
    expect(() => gatewayConfigFromEnv({ EVENT_STREAMS_PER_ADDRESS: 'many' })).toThrow(
      /EVENT_STREAMS_PER_ADDRESS.*must be a whole number of streams/,
    );
  });

  it('npm run user:add creates a user from the command line, the password from USER_PASSWORD', async () => {
    const dir = tempDir();
    const url = TEST_DIALECT === 'postgres' ? await freshPgUrl() : undefined;
    const dbEnv = url ? { DATABASE_URL: url } : {};
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'server/gateway/auth/user-add.ts', 'cli.admin', 'admin', 'CLI', 'Admin'],
      {
        env: { ...process.env, DATA_DIR: dir, USER_PASSWORD: 'cli-password-123', ...dbEnv },
        encoding: 'utf8',
      },
    );
    expect(out).toMatch(/Created admin "cli.admin"/);
    const db = await openGatewayDb(url ? { databaseUrl: url } : { file: join(dir, 'gateway.sqlite') });
    expect((await new UserStore(db).credentials('cli.admin'))?.user).toMatchObject({ role: 'admin', displayName: 'CLI Admin' });
    await db.close();
    expect(() =>
      execFileSync(process.execPath, ['--import', 'tsx', 'server/gateway/auth/user-add.ts', 'x', 'king'], {
        env: { ...process.env, DATA_DIR: dir, USER_PASSWORD: 'cli-password-123', ...dbEnv },
        stdio: 'pipe',
      }),
    ).toThrow();
  }, 30_000);
});

describe('every answer carries the security headers', () => {
  it('on the SPA, on /bff and on /healthz', async () => {
    const dir = tempDir();
    const dbEnv: Record<string, string> = TEST_DIALECT === 'postgres' ? { DATABASE_URL: await freshPgUrl() } : {};
    const server = await createAppServer(
      { ...gatewayConfigFromEnv({ DATA_DIR: dir, SANDBOX_GOODS: '20', ...dbEnv }), staticDir: join(dir, 'no-dist') },
      { env: { SANDBOX_GOODS: '20' } },
    );
    for (const path of ['/', '/healthz', '/bff/auth/me', '/bff/auth/login']) {
      const res = await server.app.request(path, { headers: { host: '127.0.0.1:8787' } });
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
    }
    expect((await server.app.request('/bff/auth/me', { headers: { host: '127.0.0.1:8787' } })).status).toBe(401);
    await server.close();
  });
});

describe('the built app', () => {
  it('serves each asset as the brotli or gzip copy the build made, by Accept-Encoding, cached for good', async () => {
    const dir = tempDir();
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row ${i}`))};\n`;
    writeFileSync(join(dist, 'assets', 'page-abc123.js'), script);
    writeFileSync(join(dist, 'assets', 'page-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets', 'page-abc123.js.gz'), gzipSync(script));
    const dbEnv: Record<string, string> = TEST_DIALECT === 'postgres' ? { DATABASE_URL: await freshPgUrl() } : {};
    const server = await createAppServer(
      { ...gatewayConfigFromEnv({ DATA_DIR: dir, SANDBOX_GOODS: '20', ...dbEnv }), staticDir: dist },
      { env: { SANDBOX_GOODS: '20' } },
    );
    try {
      const get = (encoding?: string) =>
        server.app.request('/assets/page-abc123.js', {
          headers: { host: '127.0.0.1:8787', ...(encoding && { 'accept-encoding': encoding }) },
        });
      const br = await get('gzip, deflate, br, zstd');
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(br.headers.get('content-type')).toMatch(/javascript/);
      expect(br.headers.get('cache-control')).toContain('immutable');
      const brBytes = Buffer.from(await br.arrayBuffer());
      expect(brBytes.length).toBeLessThan(script.length / 3);
      expect(brotliDecompressSync(brBytes).toString()).toBe(script);
      const gz = await get('gzip');
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);
      const plain = await get();
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toBe(script);
    } finally {
      await server.close();
    }
  });
});
