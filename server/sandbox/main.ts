import { serve } from '@hono/node-server';
import { ConfigError } from '../lib/env';
import { sandboxConfigFromEnv } from './config';
import { createSandbox } from './index';

/** `npm run sandbox`: the upstream stand-in alone, for any client of the real API. */
try {
  const config = sandboxConfigFromEnv();
  const sandbox = createSandbox(config, { log: console.log });
  const server = serve({ fetch: sandbox.app.fetch, port: config.port, hostname: '127.0.0.1' }, (info) => {
    console.log(
      `Sandbox upstream listening on http://127.0.0.1:${info.port}/v2/ (app key "${config.appKey}", data in ${config.dbFile}, speed ×${config.speed}${config.callbackUrl ? `, messages to ${config.callbackUrl}` : ', no callback URL: messages wait in the outbox'})`,
    );
  });
  const stop = () => {
    server.close();
    sandbox.close();
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
