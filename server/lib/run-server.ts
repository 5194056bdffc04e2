import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError } from './env';

export interface ServerParts {
  fetch: (req: Request) => Response | Promise<Response>;
  port: number;
  hostname: string;
  /** Frees what `build` opened (database pool, timers); called after the last request has finished. */
  close: () => void | Promise<void>;
  /**
   * Called as soon as the signal comes: ends what would never finish on its own (open event
   * streams), so that stopping waits only for the requests in flight.
   */
  stopping?: () => void;
  ready: (info: AddressInfo) => void;
}

/** How long a stopping server waits for requests in flight before it cuts them off. */
export const STOP_GRACE_MS = 15_000;

/**
 * Starts a process's HTTP server: a configuration error ends the process with its message (no
 * stack). SIGINT/SIGTERM stop it gracefully: no new connections, idle keep-alive connections closed,
 * open event streams ended (`stopping`), requests in flight finished (at most STOP_GRACE_MS), then
 * `close` (the pool) and exit 0.
 */
export function runServer(build: () => Promise<ServerParts> | ServerParts, log: (line: string) => void = console.log): void {
  Promise.resolve()
    .then(build)
    .then((s) => {
      const server = serve({ fetch: s.fetch, port: s.port, hostname: s.hostname }, s.ready) as Server;
      let stopping = false;
      const stop = (signal: string) => {
        if (stopping) return;
        stopping = true;
        log(`${signal}: finishing requests in flight, then stopping`);
        const force = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
        force.unref();
        try {
          s.stopping?.();
        } catch (e) {
          console.error('stopping: ending open streams failed:', e);
        }
        server.close(() => {
          clearTimeout(force);
          Promise.resolve()
            .then(s.close)
            .then(
              () => process.exit(0),
              (e: unknown) => {
                console.error('stopping failed:', e);
                process.exit(1);
              },
            );
        });
        // Keep-alive connections with no request in flight would hold close() open.
        server.closeIdleConnections();
      };
      process.on('SIGINT', () => stop('SIGINT'));
      process.on('SIGTERM', () => stop('SIGTERM'));
    })
    .catch((e: unknown) => {
      console.error(e instanceof ConfigError ? e.message : e);
      process.exit(1);
    });
}
