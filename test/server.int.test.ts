import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gatewayConfigFromEnv } from '../server/gateway/config';
import { GATEWAY_MIGRATIONS } from '../server/gateway/schema';
import { UserStore } from '../server/gateway/users';
import { openDatabase } from '../server/lib/db';
import { createAppServer, ensureFirstUsers } from '../server/server';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'supply-desk-server-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('first run', () => {
  it('sandbox mode creates one demo person per role', async () => {
    const db = openDatabase(':memory:', GATEWAY_MIGRATIONS);
    await ensureFirstUsers(db, { upstream: null, firstAdmin: null });
    expect(
      new UserStore(db)
        .list()
        .map((u) => `${u.username}:${u.role}`)
        .sort(),
    ).toEqual(['admin:admin', 'manager:manager', 'merchant:merchant', 'support:support']);
  });

  it('against the real upstream: nobody, unless ADMIN_USERNAME / ADMIN_PASSWORD name the first admin', async () => {
    const upstream = { baseUrl: 'https://api.jxhh.com', appKey: 'k', appSecret: 's' };
    const none = openDatabase(':memory:', GATEWAY_MIGRATIONS);
    await ensureFirstUsers(none, { upstream, firstAdmin: null });
    expect(new UserStore(none).count()).toBe(0);
    const first = openDatabase(':memory:', GATEWAY_MIGRATIONS);
    const config = gatewayConfigFromEnv({
      UPSTREAM_URL: 'https://api.jxhh.com',
      UPSTREAM_APP_KEY: 'k',
      UPSTREAM_APP_SECRET: 's',
      ADMIN_USERNAME: 'boss',
      ADMIN_PASSWORD: 'a-strong-password',
    });
    await ensureFirstUsers(first, config);
    expect(new UserStore(first).list().map((u) => `${u.username}:${u.role}:${u.demo}`)).toEqual(['boss:admin:false']);
    expect(() => gatewayConfigFromEnv({ ADMIN_USERNAME: 'boss' })).toThrow(/ADMIN_USERNAME and ADMIN_PASSWORD go together/);
  });

  it('npm run user:add creates a user from the command line, the password from USER_PASSWORD', () => {
    const dir = tempDir();
    const out = execFileSync('npx', ['tsx', 'server/gateway/user-add.ts', 'cli.admin', 'admin', 'CLI', 'Admin'], {
      env: { ...process.env, DATA_DIR: dir, USER_PASSWORD: 'cli-password-123' },
      encoding: 'utf8',
    });
    expect(out).toMatch(/Created admin "cli.admin"/);
    const db = openDatabase(join(dir, 'gateway.sqlite'), GATEWAY_MIGRATIONS);
    expect(new UserStore(db).credentials('cli.admin')?.user).toMatchObject({ role: 'admin', displayName: 'CLI Admin' });
    db.close();
    expect(() =>
      execFileSync('npx', ['tsx', 'server/gateway/user-add.ts', 'x', 'king'], {
        env: { ...process.env, DATA_DIR: dir, USER_PASSWORD: 'cli-password-123' },
        stdio: 'pipe',
      }),
    ).toThrow();
  }, 30_000);
});

describe('every answer carries the security headers', () => {
  it('on the SPA, on /bff and on /healthz', async () => {
    const dir = tempDir();
    const server = await createAppServer(
      { ...gatewayConfigFromEnv({ DATA_DIR: dir, SANDBOX_GOODS: '20' }), staticDir: join(dir, 'no-dist') },
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
    server.close();
  });
});
