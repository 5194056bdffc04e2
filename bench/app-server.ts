import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The session cookie's name (server/gateway/app.ts), read from the Set-Cookie of the sign-in. */
const COOKIE = /^([^=;\s]+)=([^;]+)/;

export interface BenchServer {
  url: string;
  /** `name=value` of the merchant's session, for a Cookie header. */
  cookie: string;
  stop(): Promise<void>;
}

/**
 * The built app as `npm start` serves it (gateway + dist/ + embedded sandbox, its own process) on a
 * fresh data directory, signed in as the sandbox's demo merchant through /bff/auth/login.
 */
export async function startAppServer(opts: { port: number; goods: number; user?: string; password?: string }): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), 'supply-desk-bench-app-'));
  const url = `http://127.0.0.1:${opts.port}`;
  const child = spawn(join('node_modules', '.bin', 'tsx'), ['server/main.ts'], {
    env: { ...process.env, PORT: String(opts.port), HOST: '127.0.0.1', DATA_DIR: dir, SANDBOX_GOODS: String(opts.goods), LOG_REQUESTS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  // Seeding 100,000 goods takes a while on two cores.
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app server stopped:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the app server did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const login = await fetch(`${url}/bff/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username: opts.user ?? 'merchant', password: opts.password ?? 'merchant-demo' }),
  });
  const m = COOKIE.exec(login.headers.get('set-cookie') ?? '');
  if (!login.ok || !m) {
    await stop();
    throw new Error(`bench sign-in failed: HTTP ${login.status} ${await login.text()}`);
  }
  return { url, cookie: `${m[1]}=${m[2]}`, stop };
}
