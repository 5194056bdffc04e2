import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { GatewayConfig } from './gateway/config';
import { createBffApp } from './gateway/app';
import { createSandbox, type Sandbox } from './sandbox';
import { sandboxConfigFromEnv } from './sandbox/config';

export const SANDBOX_MOUNT = '/upstream';

export interface AppServer {
  app: Hono;
  sandbox: Sandbox | null;
  close(): void;
}

/**
 * Everything `npm start` serves on one port: the /bff gateway, the built SPA and, when no upstream is
 * configured, the embedded sandbox under /upstream (which the gateway then calls over loopback,
 * signed, exactly as it would call the real service).
 */
export function createAppServer(config: GatewayConfig, opts: { log?: (line: string) => void; env?: NodeJS.ProcessEnv } = {}): AppServer {
  const app = new Hono();
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
  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'same-origin');
  });
  app.route('/bff', createBffApp({ upstream, mode: sandbox ? 'sandbox' : 'upstream', log: opts.log }));

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
  return { app, sandbox, close: () => sandbox?.close() };
}
