import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A round-robin HTTP balancer for tests: each request goes to the next backend in turn (no sticky
 * sessions), and to the one after when a backend refuses the connection. Like a real balancer it
 * health-checks its backends (GET /healthz every `checkMs`): one that fails two checks in a row (an
 * answer other than 200, or none) is out of rotation until it answers 200 again. It is never told that
 * a backend will stop.
 * Each answer says which backend served it (`x-served-by`: its index).
 */
export interface RoundRobin {
  url: string;
  port: number;
  /** How many requests each backend answered. */
  served: number[];
  /** Whether each backend is in rotation (its last health check answered 200). */
  healthy: boolean[];
  close(): Promise<void>;
}

export async function startRoundRobin(backends: number[], port = 0, checkMs = 100): Promise<RoundRobin> {
  let next = 0;
  const served = backends.map(() => 0);
  const healthy = backends.map(() => true);
  // Each backend checked on its own: out after two failed checks in a row (an answer other than 200,
  // or none within a second), back after one good one, as balancers' thresholds do.
  const failed = backends.map(() => 0);
  const check = (i: number) =>
    new Promise<void>((resolve) => {
      const done = (ok: boolean) => {
        failed[i] = ok ? 0 : failed[i]! + 1;
        healthy[i] = failed[i]! < 2;
        resolve();
      };
      const req = request({ host: '127.0.0.1', port: backends[i], path: '/healthz', agent: false, timeout: 1000 }, (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode === 200));
      });
      req.on('timeout', () => req.destroy());
      req.on('error', () => done(false));
      req.end();
    });
  let closed = false;
  const checks = Promise.all(
    backends.map(async (_, i) => {
      while (!closed) {
        await check(i);
        await new Promise((r) => setTimeout(r, checkMs));
      }
    }),
  );
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
        // With none healthy, all are tried (a balancer fails open rather than refuse everyone).
        if (!healthy[i] && healthy.some(Boolean)) return tryBackend(attempt + 1);
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
    healthy,
    close: async () => {
      closed = true;
      await checks;
      await new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      });
    },
  };
}
