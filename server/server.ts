import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gatewayDbFile, type GatewayConfig } from './gateway/config';
import { createBffApp } from './gateway/app';
import { GATEWAY_MIGRATIONS } from './gateway/schema';
import { securityHeaders } from './gateway/security';
import { DEMO_USERS, UserStore } from './gateway/users';
import { openDatabase, type DB } from './lib/db';
import { createSandbox, type Sandbox } from './sandbox';
import { sandboxConfigFromEnv } from './sandbox/config';

export const SANDBOX_MOUNT = '/upstream';

export interface AppServer {
  app: Hono;
  sandbox: Sandbox | null;
  db: DB;
  close(): void;
}

/**
 * First run: in sandbox mode one demo person per role; against the real upstream nobody, unless
 * ADMIN_USERNAME / ADMIN_PASSWORD name the first admin.
 */
export async function ensureFirstUsers(db: DB, config: Pick<GatewayConfig, 'upstream' | 'firstAdmin'>, log?: (l: string) => void) {
  const users = new UserStore(db);
  if (users.count() > 0) return;
  if (config.firstAdmin) {
    await users.create({ ...config.firstAdmin, displayName: config.firstAdmin.username, role: 'admin' });
    log?.(`Created the first admin "${config.firstAdmin.username}" from ADMIN_USERNAME.`);
  }
  if (!config.upstream) {
    for (const d of DEMO_USERS) if (!users.credentials(d.username)) await users.create(d, { demo: true });
    log?.(`Sandbox mode: demo users ${DEMO_USERS.map((d) => `${d.username} / ${d.password}`).join(', ')}`);
  } else if (!config.firstAdmin) {
    log?.(
      'No users yet: create one with "npm run user:add -- <username> admin", or set ADMIN_USERNAME and ADMIN_PASSWORD for the first start.',
    );
  }
}

/**
 * Everything `npm start` serves on one port: the /bff gateway, the built SPA and, when no upstream is
 * configured, the embedded sandbox under /upstream (which the gateway then calls over loopback,
 * signed, exactly as it would call the real service).
 */
export async function createAppServer(
  config: GatewayConfig,
  opts: { log?: (line: string) => void; env?: NodeJS.ProcessEnv } = {},
): Promise<AppServer> {
  const app = new Hono();
  const db = openDatabase(gatewayDbFile(config.dataDir), GATEWAY_MIGRATIONS);
  await ensureFirstUsers(db, config, opts.log);
  let sandbox: Sandbox | null = null;
  let upstream;
  if (config.upstream) {
    upstream = { ...config.upstream, timeoutMs: config.timeoutMs };
  } else {
    const sbConfig = {
      ...sandboxConfigFromEnv({ ...(opts.env ?? process.env), PORT: String(config.port) }),
      dbFile: join(config.dataDir, 'sandbox.sqlite'),
    };
    sandbox = createSandbox(sbConfig, { basePath: SANDBOX_MOUNT, log: opts.log });
    app.route(SANDBOX_MOUNT, sandbox.app);
    upstream = {
      baseUrl: `http://127.0.0.1:${config.port}${SANDBOX_MOUNT}`,
      appKey: sbConfig.appKey,
      appSecret: sbConfig.appSecret,
      timeoutMs: config.timeoutMs,
    };
  }
  app.use('*', securityHeaders);
  app.get('/healthz', (c) => c.json({ ok: true }));
  const bff = createBffApp({
    upstream,
    mode: sandbox ? 'sandbox' : 'upstream',
    db,
    log: opts.log,
    trustProxy: config.trustProxy,
    sessionPolicy: config.session,
  });
  app.route('/bff', bff.app);

  const indexFile = join(config.staticDir, 'index.html');
  if (existsSync(indexFile)) {
    const root = relative(process.cwd(), config.staticDir) || '.';
    app.use('/assets/*', serveStatic({ root, onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable') }));
    app.use('*', serveStatic({ root }));
    // Client-side routes: any other GET gets the SPA shell.
    app.get('*', (c) => c.html(readFileSync(indexFile, 'utf8')));
  } else {
    app.get('*', (c) => c.text('The SPA is not built: run "npm run build" (npm start does it for you).', 503));
  }
  return {
    app,
    sandbox,
    db,
    close: () => {
      sandbox?.close();
      db.close();
    },
  };
}
