import { createServer } from 'node:net';

/**
 * Ports are taken below the kernel's ephemeral range (32768–60999 on Linux), from which every
 * `listen(0)` and outgoing connection of the run is given one: a port found free there and handed to a
 * server that listens a moment later could be given to someone else in between (a gateway of
 * scale-out once failed so, EADDRINUSE). Each Vitest worker has a block of its own; within it the
 * port is random, never one this process handed out before, and bound once to see that it is free.
 */
const BLOCK = 1000;
const FIRST = 20000;
const block = FIRST + ((Number(process.env.VITEST_POOL_ID ?? 0) || 0) % 12) * BLOCK;
const handedOut = new Set<number>();

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** A free loopback port (for servers that must know their port before they listen). */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const port = block + Math.floor(Math.random() * BLOCK);
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port in ${block}–${block + BLOCK - 1}`);
}
