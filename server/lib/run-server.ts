import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import net from 'node:net';
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
  /**
   * On SIGTERM, how long to keep serving after `draining` (0: not at all): long enough for a balancer
   * that health-checks to take this process out before it stops accepting connections.
   */
  drainMs?: number;
  /** Called as soon as SIGTERM comes: health checks answer "stopping" from then on. */
  draining?: () => void;
  ready: (info: AddressInfo) => void;
}

/** How long an idle keep-alive connection stays open. */
export const KEEP_ALIVE_MS = 65_000;

/** How long a stopping server waits for requests in flight before it cuts them off. */
export const STOP_GRACE_MS = 15_000;

/**
 * Starts a process's HTTP server: a configuration error ends the process with its message (no
 * stack). SIGTERM (what a process manager or a rolling deploy sends) first drains: `draining` makes the
 * health check answer "stopping" and the process keeps serving for `drainMs`, so a balancer that
 * health-checks takes it out before it stops listening. Then, as SIGINT (Ctrl+C at a terminal) or a
 * second signal does at once: no new connections, idle connections closed (from 250 ms on), open event
 * streams ended (`stopping`), requests in flight finished (at most STOP_GRACE_MS), then `close` (the
 * pool) and exit 0.
 */
export function runServer(build: () => Promise<ServerParts> | ServerParts, log: (line: string) => void = console.log): void {
  Promise.resolve()
    .then(build)
    .then((s) => {
      const server = serve({ fetch: s.fetch, port: s.port, hostname: s.hostname }, s.ready) as Server;
      // An idle keep-alive connection is kept longer than a balancer keeps its own (60 s is common):
      // with Node's 5 s, the server could close one just as the balancer, or any client pooling
      // connections, sent a request on it, which then failed (ECONNRESET; a 502 behind a balancer).
      server.keepAliveTimeout = KEEP_ALIVE_MS;
      server.headersTimeout = KEEP_ALIVE_MS + 1000;
      let stopping = false;
      let drainTimer: NodeJS.Timeout | undefined;
      // SIGTERM drains first; SIGINT, or a second signal while draining, stops at once.
      const signalled = (signal: string) => {
        s.draining?.();
        const drainMs = s.drainMs ?? 0;
        if (signal === 'SIGTERM' && drainMs > 0 && !drainTimer && !stopping) {
          log(`${signal}: draining for ${drainMs / 1000} s (health checks answer "stopping"; requests are still served), then stopping`);
          drainTimer = setTimeout(() => stop(signal), drainMs);
          return;
        }
        clearTimeout(drainTimer);
        stop(signal);
      };
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
        // Stop listening. http's own close() would also end at once every connection with no request in
        // flight, and a connection accepted a moment ago whose request is still on its way counts as one:
        // a request a balancer had already sent here was cut off. So connections left idle are ended a
        // little later, and again until none is left (keep-alive ones go idle after their last answer).
        const idle = setInterval(() => server.closeIdleConnections(), 250);
        idle.unref();
        net.Server.prototype.close.call(server, () => {
          clearTimeout(force);
          clearInterval(idle);
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
      };
      process.on('SIGINT', () => signalled('SIGINT'));
      process.on('SIGTERM', () => signalled('SIGTERM'));
    })
    .catch((e: unknown) => {
      console.error(e instanceof ConfigError ? e.message : e);
      process.exit(1);
    });
}
