import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { ConfigError } from './env';

export interface ServerParts {
  fetch: (req: Request) => Response | Promise<Response>;
  port: number;
  hostname: string;
  close: () => void;
  ready: (info: AddressInfo) => void;
}

/**
 * Starts a process's HTTP server: a configuration error ends the process with its message (no
 * stack), and SIGINT/SIGTERM close the server and the resources `build` opened.
 */
export function runServer(build: () => Promise<ServerParts> | ServerParts): void {
  Promise.resolve()
    .then(build)
    .then((s) => {
      const server = serve({ fetch: s.fetch, port: s.port, hostname: s.hostname }, s.ready);
      const stop = () => {
        server.close();
        s.close();
        process.exit(0);
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    })
    .catch((e: unknown) => {
      console.error(e instanceof ConfigError ? e.message : e);
      process.exit(1);
    });
}
