import { serve } from '@hono/node-server';
import { ConfigError } from './lib/env';
import { gatewayConfigFromEnv } from './gateway/config';
import { createAppServer } from './server';

/** `npm start`: gateway + built SPA (+ embedded sandbox when no UPSTREAM_URL) on one port. */
try {
  const config = gatewayConfigFromEnv();
  const verbose = process.env.LOG_REQUESTS === '1';
  const { app, close } = createAppServer(config, { log: (l) => (verbose || !l.startsWith('op ') ? console.log(l) : undefined) });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const mode = config.upstream ? `upstream ${new URL(config.upstream.baseUrl).host}` : 'embedded sandbox';
    console.log(`Supply Desk is running at http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${info.port}/ (${mode})`);
  });
  const stop = () => {
    server.close();
    close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}
