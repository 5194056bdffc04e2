import { runServer } from '../lib/run-server';
import { sandboxConfigFromEnv } from './config';
import { createSandbox } from './index';

/** `npm run sandbox`: the upstream stand-in alone, for any client of the real API. */
runServer(() => {
  const config = sandboxConfigFromEnv();
  const sandbox = createSandbox(config, { log: console.log });
  return {
    fetch: sandbox.app.fetch,
    port: config.port,
    hostname: '127.0.0.1',
    close: sandbox.close,
    ready: (info) => {
      const messages = config.callbackUrl ? `messages to ${config.callbackUrl}` : 'no callback URL: messages wait in the outbox';
      const shares = Object.entries(config.irregular ?? {}).filter(([, v]) => v > 0);
      const irregular = shares.length
        ? `irregular orders ${shares.map(([k, v]) => `${k} ${+(v * 100).toFixed(2)} %`).join(', ')}`
        : 'no irregular orders';
      console.log(
        `Sandbox upstream listening on http://127.0.0.1:${info.port}/v2/ (app key "${config.appKey}", data in ${config.dbFile}, speed ×${config.speed}, ${messages}, ${irregular})`,
      );
    },
  };
});
