import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBffApp } from '../app';
import { openGatewayDb } from '.';
import { UserStore } from '../auth/users';
import { openDatabase } from '../../lib/db';
import { signIn, TEST_PASSWORD } from '../../../test/bff-client';
import { freshPgUrl } from '../../../test/gateway-db';
import { GATEWAY_MIGRATIONS as LEGACY_SQLITE_MIGRATIONS } from '../../../test/legacy-gateway-schema';

const dir = mkdtempSync(join(tmpdir(), 'supply-desk-copy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const copy = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'server/gateway/db/copy.ts'], {
    env: { ...process.env, DATA_DIR: dir, ...env },
    encoding: 'utf8',
  });
const upstream = { baseUrl: 'http://127.0.0.1:9', appKey: 'k', appSecret: 's', timeoutMs: 500 };

describe('npm run db:copy: an SQLite install moves to PostgreSQL', () => {
  it('copies people, sessions, carts, the audit log and keys; people stay signed in; new ids follow the copied ones', async () => {
    // An install that has run on SQLite since before Kysely, then on this release.
    openDatabase(join(dir, 'gateway.sqlite'), LEGACY_SQLITE_MIGRATIONS).close();
    const lite = await openGatewayDb({ file: join(dir, 'gateway.sqlite') });
    const before = createBffApp({ upstream, mode: 'upstream', db: lite });
    const cookie = await signIn(before, 'merchant', 'Mia.Merchant');
    await before.app.request('/me/cart', { method: 'PUT', headers: { cookie, 'content-type': 'application/json' }, body: '{"lines":[]}' });
    const admin = await signIn(before, 'admin', 'ada');
    await before.app.request('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'not-a-person', password: 'x' }),
    });
    const auditBefore = (await (await before.app.request('/audit?limit=200', { headers: { cookie: admin } })).json()) as {
      list: unknown[];
    };
    await lite.close();

    const url = await freshPgUrl();
    expect(copy({}).stderr).toMatch(/DATABASE_URL is missing: db:copy copies/);
    const run = copy({ DATABASE_URL: url });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/users: 2 row\(s\)/);
    expect(run.stdout).toMatch(/sessions: 2 row\(s\)/);
    expect(run.stdout).not.toContain(new URL(url).password);

    const pg = await openGatewayDb({ databaseUrl: url });
    const after = createBffApp({ upstream, mode: 'upstream', db: pg });
    // The same sessions, the same cart, the same log (masked names included: the key came along).
    const me = await after.app.request('/auth/me', { headers: { cookie } });
    expect(((await me.json()) as { user: { username: string } }).user.username).toBe('Mia.Merchant');
    expect(await (await after.app.request('/me/cart', { headers: { cookie } })).json()).toEqual({ lines: [] });
    const auditAfter = (await (await after.app.request('/audit?limit=200', { headers: { cookie: admin } })).json()) as { list: unknown[] };
    expect(auditAfter.list).toEqual(auditBefore.list);
    // The password hash came along; a new person gets the next id.
    const login = await after.app.request('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'mia.merchant', password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const next = await new UserStore(pg).create({ username: 'newcomer', displayName: 'N', role: 'support', password: 'long-enough-pw' });
    expect(next.id).toBe(3);
    await pg.close();

    // A second copy into a database that has people is refused, and changes nothing.
    const again = copy({ DATABASE_URL: url });
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already has 3 user\(s\): db:copy only fills an empty gateway database/);
  }, 60_000);
});
