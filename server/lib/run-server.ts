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
  /** Where the stopping steps are written (default: the console). */
  log?: RunLog;
}

/** How long an idle keep-alive connection stays open. */
export const KEEP_ALIVE_MS = 65_000;

/** How long a stopping server waits for requests in flight before it cuts them off. */
export const STOP_GRACE_MS = 15_000;

/**
 * The same signal again within this time is the same request to stop, relayed: a supervisor that
 * signals the whole process group (systemd's control-group kill, `kill -- -PGID`) reaches the gateway
 * directly and through npm, which passes SIGTERM and SIGINT on to its child.
 */
export const RELAY_MS = 2_000;

/** What run-server writes: a line for people (and its fields, for a structured logger). */
export interface RunLog {
  info(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, err?: unknown): void;
  debug?(msg: string, fields?: Record<string, unknown>): void;
}

export const consoleRunLog: RunLog = {
  info: (msg) => console.log(msg),
  error: (msg, err) => console.error(msg, err ?? ''),
};

/**
 * Starts a process's HTTP server: a configuration error ends the process with its message (no
 * stack). SIGTERM (what a process manager or a rolling deploy sends) first drains: `draining` makes the
 * health check answer "stopping" and the process keeps serving for `drainMs`, so a balancer that
 * health-checks takes it out before it stops listening. Then, as SIGINT (Ctrl+C at a terminal) does at
 * once: no new connections, idle connections closed (from 250 ms on), open event streams ended
 * (`stopping`), requests in flight finished (at most STOP_GRACE_MS), then `close` (the pool) and exit 0.
 * More SIGTERMs during the drain change nothing (a group kill delivers two, see RELAY_MS); SIGINT during
 * the drain ends it; a signal once the drain is over (and not a relay of the one before) cuts the
 * requests still in flight. A process whose parent went away (the supervisor or npm was killed) stops
 * as on SIGTERM instead of living on, orphaned, on its port.
 */
export function runServer(build: () => Promise<ServerParts> | ServerParts, opts: { watchParent?: boolean } = {}): void {
  let log: RunLog = consoleRunLog;
  Promise.resolve()
    .then(build)
    .then((s) => {
      const server = serve({ fetch: s.fetch, port: s.port, hostname: s.hostname }, s.ready) as Server;
      // An idle keep-alive connection is kept longer than a balancer keeps its own (60 s is common):
      // with Node's 5 s, the server could close one just as the balancer, or any client pooling
      // connections, sent a request on it, which then failed (ECONNRESET; a 502 behind a balancer).
      server.keepAliveTimeout = KEEP_ALIVE_MS;
      server.headersTimeout = KEEP_ALIVE_MS + 1000;
      if (s.log) log = s.log;
      let stopping = false;
      let forced = false;
      let drainTimer: NodeJS.Timeout | undefined;
      let last: { signal: string; at: number } | null = null;
      const signalled = (signal: string) => {
        const at = Date.now();
        const relay = last !== null && last.signal === signal && at - last.at < RELAY_MS;
        last = { signal, at };
        if (relay)
          return log.debug?.(`${signal} again within ${RELAY_MS / 1000} s (relayed, as by npm to its child): the same request to stop`, {
            signal,
          });
        s.draining?.();
        const drainMs = s.drainMs ?? 0;
        if (drainTimer) {
          // Draining: another SIGTERM changes nothing; SIGINT ends the drain now.
          if (signal === 'SIGTERM') return log.info(`${signal} again while draining: the drain goes on`, { signal });
          clearTimeout(drainTimer);
          drainTimer = undefined;
          return stop(signal);
        }
        if (stopping) return force(signal);
        if (signal === 'SIGTERM' && drainMs > 0) {
          log.info(
            `${signal}: draining for ${drainMs / 1000} s (health checks answer "stopping"; requests are still served), then stopping`,
            {
              signal,
              drainMs,
            },
          );
          drainTimer = setTimeout(() => {
            drainTimer = undefined;
            stop(signal);
          }, drainMs);
          return;
        }
        stop(signal);
      };
      /** A signal once stopping: requests still in flight are cut off now. */
      const force = (signal: string) => {
        if (forced) return;
        forced = true;
        log.info(`${signal} while stopping: closing every connection now`, { signal });
        server.closeAllConnections();
      };
      const stop = (signal: string) => {
        if (stopping) return;
        stopping = true;
        log.info(`${signal}: finishing requests in flight, then stopping`, { signal });
        const grace = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
        grace.unref();
        try {
          s.stopping?.();
        } catch (e) {
          log.error('stopping: ending open streams failed', e);
        }
        // Stop listening. http's own close() would also end at once every connection with no request in
        // flight, and a connection accepted a moment ago whose request is still on its way counts as one:
        // a request a balancer had already sent here was cut off. So connections left idle are ended a
        // little later, and again until none is left (keep-alive ones go idle after their last answer).
        const idle = setInterval(() => server.closeIdleConnections(), 250);
        idle.unref();
        net.Server.prototype.close.call(server, () => {
          clearTimeout(grace);
          clearInterval(idle);
          Promise.resolve()
            .then(s.close)
            .then(
              () => {
                log.info('stopped', { signal });
                process.exit(0);
              },
              (e: unknown) => {
                log.error('stopping failed', e);
                process.exit(1);
              },
            );
        });
      };
      // The parent went away (npm or the supervisor was killed outright): stop as on SIGTERM, never live on orphaned.
      if (opts.watchParent) {
        const parent = process.ppid;
        const watch = setInterval(() => {
          if (process.ppid !== parent) {
            clearInterval(watch);
            log.info(`the parent process (${parent}) is gone: stopping as on SIGTERM`, { parent });
            signalled('SIGTERM');
          }
        }, 1000);
        watch.unref();
      }
      process.on('SIGINT', () => signalled('SIGINT'));
      process.on('SIGTERM', () => signalled('SIGTERM'));
    })
    .catch((e: unknown) => {
      if (e instanceof ConfigError) console.error(e.message);
      else log.error('the server could not start', e);
      process.exit(1);
    });
}
