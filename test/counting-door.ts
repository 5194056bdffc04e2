import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { request } from 'undici';
import { signHeaders } from '../server/signing';
import { TEST_KEY, TEST_SECRET, type SandboxHarness } from './harness';

/** The sandbox's faults all off (POST /sandbox/faults). */
export const CLEAN_FAULTS = { error: 0, lost: 0, drop: 0, latencyMs: 0, outage: false };

/** Sets the sandbox's faults now, through its signed control call (issue 50.1). */
export async function setFaults(sb: SandboxHarness, body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  const res = await request(`${sb.sandboxUrl}/sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signHeaders({ appKey: TEST_KEY, appSecret: TEST_SECRET, body: raw }) },
    body: raw,
  });
  if (res.statusCode !== 200) throw new Error(`faults refused: ${await res.body.text()}`);
  await res.body.dump();
}

/**
 * A second door to a test sandbox (the same world) that counts every call to its API where it
 * arrives, by `method /path` in lower case, and can put the next call of one path under faults of its
 * own (`lost: 1` for that call alone; every fault off again once it is carried out). The connection
 * cut of `lost` and `drop` reaches the caller: the node server's env is passed on.
 */
export async function startCountingDoor(sb: SandboxHarness) {
  const arrived = new Map<string, number>();
  let next: { key: string; faults: Record<string, unknown>; times: number } | null = null;
  const server = await new Promise<Server>((resolve) => {
    const s = serve(
      {
        fetch: async (req: Request, env: unknown) => {
          const u = new URL(req.url);
          const key = `${req.method} ${u.pathname}`.toLowerCase();
          if (u.pathname.startsWith('/v2/')) arrived.set(key, (arrived.get(key) ?? 0) + 1);
          if (next?.key !== key) return sb.sandbox.app.fetch(req, env as never);
          const faults = next.faults;
          if (--next.times <= 0) next = null;
          await setFaults(sb, { ...CLEAN_FAULTS, ...faults });
          try {
            return await sb.sandbox.app.fetch(req, env as never);
          } finally {
            await setFaults(sb, CLEAN_FAULTS);
          }
        },
        port: 0,
        hostname: '127.0.0.1',
      },
      () => resolve(s as Server),
    ) as Server;
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: (key: string) => arrived.get(key) ?? 0,
    /** The next `times` calls of `key` (`method /path`, lower case) under these faults. */
    faultNext(key: string, faults: Record<string, unknown>, times = 1) {
      next = { key, faults, times };
    },
    /** Whether the calls given to faultNext have all arrived. */
    pending: () => next !== null,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
