import { serve } from '@hono/node-server';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { request } from 'undici';
import { gatewayConfigFromEnv } from '../server/gateway/config';
import { createAppServer, type AppServer } from '../server/server';
import { freePort } from './free-port';
import { TEST_DIALECT, freshPgUrl } from './gateway-db';

export { freePort };

export interface RunningApp {
  url: string;
  port: number;
  dir: string;
  server: AppServer;
  /** HTTP request to the running server (real sockets, real Host header unless given). */
  call(
    method: string,
    path: string,
    opts?: { body?: string | Readable; headers?: Record<string, string> },
  ): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>;
  /** Signs in over HTTP and returns the Cookie header value. */
  signIn(username: string, password: string, headers?: Record<string, string>): Promise<string>;
  /** Stops the server; `keepDir` leaves DATA_DIR for a restart. */
  close(keepDir?: boolean): Promise<void>;
}

/** `npm start` as a test: gateway + embedded sandbox on one real port, a fresh DATA_DIR (or the one given). */
export async function startApp(
  env: Record<string, string> = {},
  dir = mkdtempSync(join(tmpdir(), 'supply-desk-app-')),
  /** The logger and metrics registry server/main.ts would hand it (default: a silent logger, a registry of its own). */
  observe: Pick<NonNullable<Parameters<typeof createAppServer>[1]>, 'logger' | 'metrics'> = {},
): Promise<RunningApp> {
  const port = await freePort();
  // In the postgres run each DATA_DIR gets its own schema, kept for a restart on the same directory.
  const urlFile = join(dir, '.test-database-url');
  if (TEST_DIALECT === 'postgres' && !env.DATABASE_URL && !existsSync(urlFile)) writeFileSync(urlFile, await freshPgUrl());
  const dbEnv: Record<string, string> =
    TEST_DIALECT === 'postgres' && !env.DATABASE_URL ? { DATABASE_URL: readFileSync(urlFile, 'utf8') } : {};
  // A clean world (no irregular orders) unless a test asks for one.
  const fullEnv = { DATA_DIR: dir, PORT: String(port), SANDBOX_GOODS: '20', SANDBOX_IRREGULAR: '0', ...dbEnv, ...env };
  const config = { ...gatewayConfigFromEnv(fullEnv), staticDir: join(dir, 'no-dist') };
  const server = await createAppServer(config, { env: fullEnv, ...observe });
  const http = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: server.app.fetch, port, hostname: '127.0.0.1' }, () => resolve(s as Server)) as Server;
  });
  const url = `http://127.0.0.1:${port}`;
  const call: RunningApp['call'] = async (method, path, o = {}) => {
    const res = await request(`${url}${path}`, { method: method as 'GET', headers: o.headers, body: o.body });
    return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
  };
  return {
    url,
    port,
    dir,
    server,
    call,
    async signIn(username, password, headers = {}) {
      const res = await call('POST', '/bff/auth/login', {
        body: JSON.stringify({ username, password }),
        headers: { 'content-type': 'application/json', ...headers },
      });
      if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
      const cookie = /sd_session=[^;]+/.exec(String(res.headers['set-cookie']))?.[0];
      if (!cookie) throw new Error('no session cookie');
      return cookie;
    },
    async close(keepDir = false) {
      http.closeAllConnections();
      await new Promise((r) => http.close(r));
      await server.close();
      if (!keepDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
