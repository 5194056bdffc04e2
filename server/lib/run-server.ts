import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { ConfigError } from './env';

/**
 * Starts a process's HTTP server: a configuration error ends the process with its message (no
 * stack), and SIGINT/SIGTERM close the server and the resources `build` opened.
 */
export function runServer(
  build: () => {
    fetch: (req: Request) => Response | Promise<Response>;
    port: number;
    hostname: string;
    close: () => void;
    ready: (info: AddressInfo) => void;
  },
): void {
  try {
    const s = build();
    const server = serve({ fetch: s.fetch, port: s.port, hostname: s.hostname }, s.ready);
    const stop = () => {
      server.close();
      s.close();
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
}
