import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, buildServer } from '../tools/build.mjs';
import { freePort } from './free-port';

/**
 * `npm start` as an operator runs it, on the built server (tools/build.mjs, into a BUILD_DIR of its
 * own; `--no-build` so the SPA is not built here), stopped three ways at once (issue 40): SIGTERM to
 * the npm process alone, SIGTERM to the whole process group (the gateway gets it twice: directly and
 * relayed by npm) followed by SIGINT, and npm killed outright (the gateway is orphaned).
 */

const dirs: string[] = [];
const tempDir = (prefix: string, parent = tmpdir()) => {
  mkdirSync(parent, { recursive: true });
  const d = mkdtempSync(join(parent, prefix));
  dirs.push(d);
  return d;
};
let buildDir = '';

interface Started {
  npm: ChildProcess;
  port: number;
  out: () => string;
  exited: Promise<number | null>;
  /** The gateway's own pid, from its start line. */
  gatewayPid: number;
}

async function startNpm(drainSeconds: number): Promise<Started> {
  const port = await freePort();
  const npm = spawn('npm', ['start', '--silent', '--', '--no-build'], {
    env: {
      ...process.env,
      BUILD_DIR: buildDir,
      DATA_DIR: tempDir('supply-desk-signals-'),
      PORT: String(port),
      SANDBOX_GOODS: '20',
      DRAIN_SECONDS: String(drainSeconds),
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
      // The first reconcile and jobs are no part of this test.
      MIRROR_BACKFILL_DAYS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, as a service manager gives it: `kill -- -PGID` reaches npm and the gateway.
    detached: true,
  });
  let out = '';
  npm.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  npm.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => npm.on('exit', (code) => r(code)));
  await waitFor(
    'the gateway to start',
    () => {
      if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}:\n${out}`);
      return out.includes('Supply Desk is running');
    },
    40_000,
    () => out,
  );
  const line = out.split('\n').find((l) => l.includes('Supply Desk is running'))!;
  return { npm, port, out: () => out, exited, gatewayPid: (JSON.parse(line) as { pid: number }).pid };
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms: number, out?: () => string) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}${out ? `\n${out()}` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** /healthz's status, or 0 when nothing answers on the port. */
async function health(port: number): Promise<number> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) })).status;
  } catch {
    return 0;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Milliseconds from now until the port refuses connections. */
async function untilPortFree(port: number, limitMs: number, out: () => string): Promise<number> {
  const started = Date.now();
  await waitFor(`port ${port} to be free`, async () => (await health(port)) === 0, limitMs, out);
  return Date.now() - started;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('npm start stops on a signal (issue 40)', () => {
  beforeAll(async () => {
    // Inside the project (build/ is ignored by git), so that the bundle finds node_modules as in production.
    buildDir = tempDir('test-signals-', join(ROOT, 'build'));
    await buildServer(buildDir);
  }, 60_000);

  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('SIGTERM to npm drains and frees the port; a group SIGTERM is not cut short by its relay, SIGINT then stops at once; an orphaned gateway stops itself', async () => {
    const [alone, group, orphan] = await Promise.all([startNpm(2), startNpm(4), startNpm(1)]);
    try {
      await Promise.all([
        // 1. SIGTERM to the npm process only: it reaches the gateway, which drains 2 s and exits; npm exits 0.
        (async () => {
          alone.npm.kill('SIGTERM');
          await sleep(300);
          expect(await health(alone.port)).toBe(503);
          const freeAfter = 300 + (await untilPortFree(alone.port, 2000 + 5000, alone.out));
          expect(freeAfter).toBeGreaterThanOrEqual(1800);
          expect(await alone.exited).toBe(0);
          expect(alive(alone.gatewayPid)).toBe(false);
          expect(alone.out()).toContain('SIGTERM: draining for 2 s');
          expect(alone.out()).toContain('"msg":"stopped"');
        })(),
        // 2. SIGTERM to the whole group: the gateway gets it twice, and still drains (health answers 503,
        //    not "connection refused"); SIGINT to the gateway then ends the drain at once.
        (async () => {
          process.kill(-group.npm.pid!, 'SIGTERM');
          // npm relays the signal to its child, but a relay that lands before the gateway has handled the
          // group's SIGTERM merges with it (a pending signal is one): send the repeat ourselves, as the
          // relay does when it comes later, so the gateway surely meets a second SIGTERM while it drains.
          await sleep(100);
          process.kill(group.gatewayPid, 'SIGTERM');
          await sleep(200);
          expect(await health(group.port)).toBe(503);
          await sleep(1200);
          expect(await health(group.port)).toBe(503);
          expect(group.out()).toContain('relayed, as by npm to its child');
          expect(group.out()).not.toContain('finishing requests in flight');
          process.kill(group.gatewayPid, 'SIGINT');
          // Well before the 4 s drain would have ended.
          expect(await untilPortFree(group.port, 1500, group.out)).toBeLessThan(1500);
          await group.exited;
          expect(group.out()).toContain('SIGINT: finishing requests in flight');
          expect(alive(group.gatewayPid)).toBe(false);
        })(),
        // 3. npm killed outright (SIGKILL cannot be passed on): the gateway sees its parent gone and stops as on SIGTERM.
        (async () => {
          orphan.npm.kill('SIGKILL');
          await orphan.exited;
          await untilPortFree(orphan.port, 1000 + 1000 + 5000, orphan.out);
          await waitFor('the orphaned gateway to exit', () => !alive(orphan.gatewayPid), 3000, orphan.out);
          expect(orphan.out()).toContain('is gone: stopping as on SIGTERM');
        })(),
      ]);
    } finally {
      for (const s of [alone, group, orphan]) {
        for (const pid of [s.gatewayPid, s.npm.pid!]) if (alive(pid)) process.kill(pid, 'SIGKILL');
      }
    }
  }, 60_000);

  it('a log reader that stops reading and then goes away never holds a stopping gateway (issue 49: pino retried the last lines for ever)', async () => {
    const stalled = await startNpm(1);
    try {
      // The supervisor (or `| tee`) stops reading: the pipe fills with the request lines (LOG_LEVEL=debug).
      stalled.npm.stdout!.pause();
      const before = stalled.out().length;
      for (let round = 0; round < 80; round++) await Promise.all(Array.from({ length: 20 }, () => health(stalled.port)));
      expect(stalled.out().length - before).toBeLessThan(300 * 1024);
      stalled.npm.kill('SIGTERM');
      await sleep(300);
      // Still serving through the drain, though nothing it writes is read.
      expect(await health(stalled.port)).toBe(503);
      // Stopped within the drain (1 s) and a little: before, it never stopped.
      await waitFor('the gateway to exit though its log is not read', () => !alive(stalled.gatewayPid), 1000 + 3000, stalled.out);
      // Then the reader goes away (a terminal's Ctrl+C ends `| tee` too): npm ends as well.
      stalled.npm.stdout!.destroy();
      expect(await Promise.race([stalled.exited, sleep(3000).then(() => 'still running')])).not.toBe('still running');
    } finally {
      for (const pid of [stalled.gatewayPid, stalled.npm.pid!]) if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  }, 40_000);
});
