import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  id: string;
  type: string;
  data: Record<string, unknown>;
  times: number;
  push_time: number;
  pushTime: number;
}

/**
 * A callback endpoint like a reseller's: answers {"code":1}, or fails the first `failFirst` deliveries;
 * with `delayMs` it takes that long to answer. `maxInFlight`: the most deliveries it held at once.
 */
export async function startReceiver(opts: { failFirst?: number; delayMs?: number } = {}) {
  const received: Received[] = [];
  let failures = opts.failFirst ?? 0;
  const stats = { inFlight: 0, maxInFlight: 0 };
  const server: Server = createServer((req, res) => {
    let body = '';
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const msg = JSON.parse(body) as Received;
      received.push(msg);
      const answer = () => {
        stats.inFlight--;
        if (failures > 0) {
          failures--;
          res.writeHead(500, { 'content-type': 'application/json' }).end('{"code":0,"msg":"busy"}');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":1}');
      };
      if (opts.delayMs) setTimeout(answer, opts.delayMs);
      else answer();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/messages`;
  return {
    url,
    received,
    stats,
    ofType: (type: string) => received.filter((m) => m.type === type),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
