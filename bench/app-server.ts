import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADDRESS } from '../e2e/test-address';

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
export async function startAppServer(opts: {
  port: number;
  goods: number;
  user?: string;
  password?: string;
  /** Another checkout of the project to serve (built, with its node_modules): the Lighthouse bench's "before". */
  cwd?: string;
}): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), 'supply-desk-bench-app-'));
  const url = `http://127.0.0.1:${opts.port}`;
  const root = opts.cwd ?? '.';
  const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
    cwd: root,
    // No drain on stop: no balancer is in front of it.
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      SANDBOX_GOODS: String(opts.goods),
      // A clean world: every order ships and arrives as planned.
      SANDBOX_IRREGULAR: '0',
      // A line per request would fill `output` during Lighthouse runs: warnings and errors only.
      LOG_LEVEL: 'warn',
      DRAIN_SECONDS: '0',
    },
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
  try {
    return { url, cookie: await signIn(url, opts.user ?? 'merchant', opts.password ?? 'merchant-demo'), stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** A session of a sandbox demo account (`<role>`, `<role>-demo`; the admin's is `admin-demo-1`) as `name=value`, signed in through /bff/auth/login. */
export async function signIn(url: string, username: string, password = `${username}-demo`): Promise<string> {
  const login = await fetch(`${url}/bff/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username, password }),
  });
  const m = COOKIE.exec(login.headers.get('set-cookie') ?? '');
  if (!login.ok || !m) throw new Error(`bench sign-in as ${username} failed: HTTP ${login.status} ${await login.text()}`);
  return `${m[1]}=${m[2]}`;
}

/**
 * Orders placed through the gateway as the merchant's checkout places them (`order.submit`, strict
 * mode), one goods line each, on goods in stock: the orders page then shows rows (status, channel,
 * money), not the empty list a fresh sandbox has. Used by the Lighthouse bench and `npm run styles:first`.
 */
export async function placeOrders(server: BenchServer, count: number, prefix: string) {
  const call = async <T>(id: string, input: unknown): Promise<T> => {
    const res = await fetch(`${server.url}/bff/op/${id}`, {
      method: 'POST',
      headers: { cookie: server.cookie, 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(input),
    });
    const body = (await res.json()) as { code: number; msg: string; data: T };
    if (body.code !== 1) throw new Error(`${id}: ${body.msg}`);
    return body.data;
  };
  // goods.bulkDetail takes 50 ids at most.
  const list = await call<{ list: { id: number }[] }>('selection.online', { page: 1, limit: 50 });
  const details = await call<{ status: number; specs: { options: { id: number; stock: number }[] } }[]>('goods.bulkDetail', {
    ids: list.list.map((g) => g.id).join(','),
  });
  const skus = details.flatMap((g) => (g.status === 1 ? g.specs.options.filter((o) => o.stock >= 5).slice(0, 1) : [])).slice(0, count);
  if (skus.length < count) throw new Error(`only ${skus.length} goods with stock to order`);
  for (const [i, sku] of skus.entries())
    await call('order.submit', {
      orderSn: `${prefix}${Date.now()}${i}`,
      spu: [{ sku: sku.id, number: 1 + (i % 2) }],
      address: ADDRESS,
      strictMode: true,
    });
}
