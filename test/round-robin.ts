import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A round-robin HTTP balancer for tests: each request goes to the next backend in turn (no sticky
 * sessions), and to the one after when a backend refuses the connection, as a balancer with health
 * checks would. Each answer says which backend served it (`x-served-by`: its index).
 */
export interface RoundRobin {
  url: string;
  port: number;
  /** How many requests each backend answered. */
  served: number[];
  /**
   * Takes a backend out of rotation, as a balancer does before an instance is stopped (deregistered, or
   * its health check failing): requests already sent to it finish there, new ones go to the others.
   */
  drain(index: number): void;
  close(): Promise<void>;
}

export async function startRoundRobin(backends: number[], port = 0): Promise<RoundRobin> {
  let next = 0;
  const served = backends.map(() => 0);
  const drained = new Set<number>();
  const buffer = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };
  const server: Server = createServer((req, res) => {
    void buffer(req).then((body) => {
      const start = next++;
      const tryBackend = (attempt: number) => {
        if (attempt >= backends.length) {
          res.writeHead(502, { 'content-type': 'text/plain' }).end('no backend answered');
          return;
        }
        const i = (start + attempt) % backends.length;
        if (drained.has(i)) return tryBackend(attempt + 1);
        const out = request(
          { host: '127.0.0.1', port: backends[i], method: req.method, path: req.url, headers: req.headers, agent: false },
          (up) => {
            served[i]!++;
            res.writeHead(up.statusCode ?? 502, { ...up.headers, 'x-served-by': String(i) });
            up.pipe(res);
          },
        );
        // A backend that refuses the connection (stopped) is skipped, as a balancer's retry does; any
        // other failure is not retried (the request may have been received: a write must not go twice).
        out.on('error', (e: NodeJS.ErrnoException) => {
          if (e.code === 'ECONNREFUSED') tryBackend(attempt + 1);
          else if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end(`backend ${i} failed: ${e.code}`);
        });
        out.end(body);
      };
      tryBackend(0);
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    served,
    drain: (index) => void drained.add(index),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
