import type { Role } from '../contract';
import { createBffApp, SESSION_COOKIE, type GatewayDeps } from '../server/gateway/app';
import type { GatewayDb } from '../server/gateway/db';
import { testGatewayDb } from './gateway-db';

export const TEST_PASSWORD = 'password-for-tests';

/** Signs a new person of `role` in and returns the Cookie header value of their session. */
export async function signIn(
  bff: ReturnType<typeof createBffApp>,
  role: Role,
  username = `${role}-${Math.random().toString(36).slice(2, 8)}`,
): Promise<string> {
  await bff.users.create({ username, displayName: username, role, password: TEST_PASSWORD });
  const res = await bff.app.request('/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: TEST_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = /sd_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) throw new Error('no session cookie');
  return `${SESSION_COOKIE}=${cookie}`;
}

/**
 * A gateway on a fresh database of the run's dialect (SQLite in memory, or a new PostgreSQL schema)
 * with one signed-in person; `request` sends their cookie. `close` ends the database.
 */
export async function bffAs(deps: Omit<GatewayDeps, 'db'> & { db?: GatewayDb }, role: Role = 'admin') {
  const db = deps.db ?? (await testGatewayDb());
  const bff = createBffApp({ ...deps, db });
  const cookie = await signIn(bff, role);
  return {
    bff,
    db,
    cookie,
    close: () => db.close(),
    request: (path: string, init: RequestInit = {}) =>
      bff.app.request(path, {
        ...init,
        headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>), cookie },
      }),
  };
}

/** A GET of a gateway route with a person's session: its status and JSON body. */
export async function bffGet(bff: ReturnType<typeof createBffApp>, path: string, cookie: string) {
  const res = await bff.app.request(path, { headers: { cookie } });
  return { status: res.status, body: (await res.json()) as any };
}

/** An operation through the gateway, as the SPA calls it: its envelope. */
export async function bffOp(bff: ReturnType<typeof createBffApp>, cookie: string, id: string, input: unknown) {
  const res = await bff.app.request(`/op/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(input),
  });
  return (await res.json()) as { code: number; msg: string; data: any };
}
