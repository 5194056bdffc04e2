import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A free loopback port (for servers that must know their port before they listen). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}
