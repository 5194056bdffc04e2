import { gatewayConfigFromEnv } from './gateway/config';
import { createMetrics } from './gateway/service/metrics';
import { createLogger, runLogOf } from './lib/logger';
import { runServer } from './lib/run-server';
import { createAppServer } from './server';

/**
 * `npm start` (built by tools/build.mjs, started by tools/start.mjs; `node --import tsx server/main.ts`
 * in tests and `npm run dev`): gateway + built SPA (+ embedded sandbox when no UPSTREAM_URL) on one
 * port. The logger and the metrics registry are made here, once, and handed to what uses them.
 */
runServer(
  async () => {
    const startedAt = performance.now();
    const config = gatewayConfigFromEnv();
    const logger = await createLogger(config.log);
    // The process's own figures (CPU, memory, event-loop lag) only when someone may read them.
    const metrics = createMetrics({ processDefaults: config.metricsToken !== null });
    const { app, close, endStreams, startDraining } = await createAppServer(config, { logger, metrics });
    return {
      fetch: app.fetch,
      port: config.port,
      hostname: config.host,
      close,
      stopping: endStreams,
      drainMs: config.drainMs,
      draining: startDraining,
      log: runLogOf(logger),
      ready: (info) => {
        const mode = config.upstream ? `upstream ${new URL(config.upstream.baseUrl).host}` : 'embedded sandbox';
        // The address people open: with PUBLIC_ORIGIN set, only its host is answered (any other is 421).
        const url = config.defaultOrigins
          ? `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${info.port}/`
          : `${config.publicOrigins[0]}/`;
        logger.info(
          {
            url,
            mode: config.upstream ? 'upstream' : 'sandbox',
            startMs: Math.round(performance.now() - startedAt),
            uptimeMs: Math.round(process.uptime() * 1000),
            rssMb: Math.round(process.memoryUsage().rss / 1048576),
            metrics: config.metricsToken !== null,
          },
          `Supply Desk is running at ${url} (${mode})`,
        );
      },
    };
  },
  { watchParent: true },
);
