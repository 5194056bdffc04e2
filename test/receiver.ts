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

/** A callback endpoint like a reseller's: answers {"code":1}, or fails the first `failFirst` deliveries. */
export async function startReceiver(opts: { failFirst?: number } = {}) {
  const received: Received[] = [];
  let failures = opts.failFirst ?? 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const msg = JSON.parse(body) as Received;
      received.push(msg);
      if (failures > 0) {
        failures--;
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"code":0,"msg":"busy"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":1}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/messages`;
  return {
    url,
    received,
    ofType: (type: string) => received.filter((m) => m.type === type),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
