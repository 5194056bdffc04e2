import { gatewayConfigFromEnv } from './gateway/config';
import { runServer } from './lib/run-server';
import { createAppServer } from './server';

/** `npm start`: gateway + built SPA (+ embedded sandbox when no UPSTREAM_URL) on one port. */
runServer(async () => {
  const config = gatewayConfigFromEnv();
  const verbose = process.env.LOG_REQUESTS === '1';
  const { app, close, endStreams, startDraining } = await createAppServer(config, {
    log: (l) => (verbose || !l.startsWith('op ') ? console.log(l) : undefined),
  });
  return {
    fetch: app.fetch,
    port: config.port,
    hostname: config.host,
    close,
    stopping: endStreams,
    drainMs: config.drainMs,
    draining: startDraining,
    ready: (info) => {
      const mode = config.upstream ? `upstream ${new URL(config.upstream.baseUrl).host}` : 'embedded sandbox';
      console.log(`Supply Desk is running at http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${info.port}/ (${mode})`);
    },
  };
});
