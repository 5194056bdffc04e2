import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { Pool } from 'undici';
import { MESSAGE_TYPES } from '../contract/message-kinds';

/**
 * Issue 17.7: messages pushed at a real gateway process the way the upstream pushes them: every
 * kind (and one the gateway does not know), a share sent twice, shuffled, many at once, the gateway
 * killed with SIGKILL in the middle and started again on the same database, and the sender retrying
 * whatever was not acknowledged with {"code":1}. Afterwards the database must hold exactly the
 * distinct messages (none lost, none twice), every acknowledged one among them.
 */
export interface ReliabilityOptions {
  messages: number;
  /** Share of messages sent a second time (0.2 = 20 %). */
  duplicateShare: number;
  concurrency: number;
  port: number;
  /** PostgreSQL URL; unset: SQLite in a temporary DATA_DIR. */
  databaseUrl?: string;
  /** Kill the gateway once this share of the sends was acknowledged (0.5: in the middle); null: never. */
  killAt: number | null;
  log?: (line: string) => void;
}

export interface ReliabilityResult {
  dialect: 'sqlite' | 'postgres';
  distinct: number;
  sends: number;
  attempts: number;
  acknowledged: number;
  stored: number;
  storedDistinct: number;
  missingAcknowledged: number;
  killed: boolean;
  /** From the first send to the last acknowledgement, restart included. */
  seconds: number;
  /** Distinct messages accepted per second over `seconds`. */
  perSecond: number;
  /** Acknowledgements per second while a gateway was up (the restart's downtime left out). */
  perSecondUp: number;
  downSeconds: number;
}

const TOKEN = 'bench-token-'.padEnd(48, 'x');

/** A deterministic shuffle (the same order every run). */
function shuffle<T>(a: T[], seed = 17): T[] {
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648), s / 2147483648);
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

function makeMessages(n: number) {
  const kinds = [...MESSAGE_TYPES, 'shop.notice'];
  return Array.from({ length: n }, (_, i) => {
    const type = kinds[i % kinds.length]!;
    const data = type.startsWith('goods.')
      ? { goodsIds: [1000 + (i % 50), 2000 + (i % 7)] }
      : type.startsWith('afterSale.')
        ? { afterSaleId: 1 + i, orderSn: `BENCH${i % 500}`, sku: String(10 + (i % 30)) }
        : type.startsWith('order.')
          ? { orderSn: `BENCH${i % 500}`, sku: String(10 + (i % 30)) }
          : { note: `something new ${i}` };
    const pushTime = 1_790_000_000_000 + i * 1000;
    return {
      id: `2026112300${String(i).padStart(10, '0')}`,
      type,
      data,
      push_time: pushTime,
      pushTime,
      appID: 10001,
      times: 1,
      createTime: Math.floor(pushTime / 1000),
      url: '',
    };
  });
}

/** A stand-in upstream for the gateway's lookups after each message: answers at once, finds nothing. */
async function fakeUpstream(): Promise<{ url: string; server: Server; calls: () => number }> {
  let calls = 0;
  const server = createServer((req, res) => {
    calls++;
    req.resume();
    req.on('end', () => {
      const data = /GetBulkGoodDetail/i.test(req.url ?? '') ? [] : { list: [], total: 0 };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 1, msg: '操作成功', data }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, calls: () => calls };
}

function startGateway(env: NodeJS.ProcessEnv, log: (l: string) => void): ChildProcess {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_GATEWAY_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_GATEWAY_PROF] : []),
      '--import',
      'tsx',
      'server/main.ts',
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout!.on('data', (d: Buffer) => log(`  [gateway ${child.pid}] ${d.toString().trim()}`));
  child.stderr!.on('data', (d: Buffer) => log(`  [gateway ${child.pid}] ${d.toString().trim()}`));
  return child;
}

async function waitUp(url: string, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > end) throw new Error(`the gateway did not start within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const exited = (c: ChildProcess) =>
  new Promise<void>((r) => (c.exitCode !== null || c.signalCode !== null ? r() : c.once('exit', () => r())));

export async function runReliability(o: ReliabilityOptions): Promise<ReliabilityResult> {
  const log = o.log ?? (() => {});
  const dir = mkdtempSync(join(tmpdir(), 'supply-desk-msgbench-'));
  const upstream = await fakeUpstream();
  const url = `http://127.0.0.1:${o.port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(o.port),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    DRAIN_SECONDS: '0',
    // A line per request (10,000 messages) would drown the bench's own lines: warnings and errors only.
    LOG_LEVEL: 'warn',
    UPSTREAM_URL: upstream.url,
    UPSTREAM_APP_KEY: 'bench-key',
    UPSTREAM_APP_SECRET: 'bench-secret-123456',
    ADMIN_USERNAME: 'bench',
    ADMIN_PASSWORD: 'bench-password-1',
    MESSAGES_TOKEN: TOKEN,
    ...(o.databaseUrl ? { DATABASE_URL: o.databaseUrl } : {}),
  };
  const messages = makeMessages(o.messages);
  const byId = new Map(messages.map((m) => [m.id, JSON.stringify(m)]));
  const dupes = shuffle([...messages]).slice(0, Math.round(o.messages * o.duplicateShare));
  const sends = shuffle([...messages, ...dupes].map((m) => m.id));
  const pending: string[] = [...sends];
  const acked = new Set<string>();
  let ackCount = 0;
  let attempts = 0;
  let gateway = startGateway(env, log);
  let killed = false;
  let downSince = 0;
  let downMs = 0;
  let killing: Promise<void> | null = null;
  try {
    await waitUp(url);
    // Keep-alive connections like the upstream's HTTP client; a killed gateway's sockets are simply retried.
    const pool = new Pool(url, { connections: o.concurrency, pipelining: 1 });
    const t0 = performance.now();
    let last = t0;
    const killAfter = o.killAt === null ? Infinity : Math.floor(sends.length * o.killAt);
    const kill = async () => {
      killed = true;
      downSince = performance.now();
      log(`  SIGKILL gateway ${gateway.pid} after ${ackCount} acknowledgements`);
      gateway.kill('SIGKILL');
      await exited(gateway);
      gateway = startGateway(env, log);
      await waitUp(url);
      downMs = performance.now() - downSince;
      log(`  gateway ${gateway.pid} up again after ${(downMs / 1000).toFixed(2)} s`);
    };
    const worker = async () => {
      for (;;) {
        const id = pending.shift();
        if (id === undefined) {
          // Others may still put failed sends back: wait for them before giving up.
          if (ackCount >= sends.length) return;
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        attempts++;
        let ok = false;
        try {
          const res = await pool.request({
            method: 'POST',
            path: `/hooks/messages/${TOKEN}`,
            headers: { 'content-type': 'application/json' },
            body: byId.get(id),
            headersTimeout: 10_000,
            bodyTimeout: 10_000,
          });
          const text = await res.body.text();
          ok = res.statusCode === 200 && text.replace(/\s/g, '') === '{"code":1}';
        } catch {
          ok = false;
        }
        if (ok) {
          acked.add(id);
          ackCount++;
          last = performance.now();
          if (ackCount === killAfter && !killing) killing = kill();
        } else {
          // The upstream sends it again later (here after a short pause, not minutes).
          await new Promise((r) => setTimeout(r, 50));
          pending.push(id);
        }
      }
    };
    await Promise.all(Array.from({ length: o.concurrency }, worker));
    if (killing) await killing;
    const seconds = (last - t0) / 1000;
    await pool.close();
    gateway.kill('SIGTERM');
    await exited(gateway);

    let stored: number;
    let storedDistinct: number;
    let ids: Set<string>;
    if (o.databaseUrl) {
      const client = new pg.Client({ connectionString: o.databaseUrl });
      await client.connect();
      try {
        const r = await client.query<{ n: string; d: string }>('SELECT count(*) AS n, count(DISTINCT id) AS d FROM messages');
        stored = Number(r.rows[0]!.n);
        storedDistinct = Number(r.rows[0]!.d);
        ids = new Set((await client.query<{ id: string }>('SELECT id FROM messages')).rows.map((x) => x.id));
      } finally {
        await client.end();
      }
    } else {
      const db = new Database(join(dir, 'gateway.sqlite'), { readonly: true });
      try {
        const r = db.prepare('SELECT count(*) AS n, count(DISTINCT id) AS d FROM messages').get() as { n: number; d: number };
        stored = r.n;
        storedDistinct = r.d;
        ids = new Set((db.prepare('SELECT id FROM messages').all() as { id: string }[]).map((x) => x.id));
      } finally {
        db.close();
      }
    }
    const missingAcknowledged = [...acked].filter((id) => !ids.has(id)).length;
    return {
      dialect: o.databaseUrl ? 'postgres' : 'sqlite',
      distinct: messages.length,
      sends: sends.length,
      attempts,
      acknowledged: acked.size,
      stored,
      storedDistinct,
      missingAcknowledged,
      killed,
      seconds,
      perSecond: acked.size / seconds,
      perSecondUp: ackCount / Math.max(0.001, seconds - downMs / 1000),
      downSeconds: downMs / 1000,
    };
  } finally {
    if (gateway.exitCode === null && gateway.signalCode === null) {
      gateway.kill('SIGKILL');
      await exited(gateway);
    }
    upstream.server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printReliability(r: ReliabilityResult) {
  const ok = r.stored === r.distinct && r.storedDistinct === r.distinct && r.missingAcknowledged === 0;
  console.log(
    `  ${r.dialect.padEnd(8)} ${r.distinct.toLocaleString('en')} distinct in ${r.sends.toLocaleString('en')} sends (${r.attempts.toLocaleString('en')} attempts with retries)` +
      `${r.killed ? `, SIGKILL + restart (${r.downSeconds.toFixed(2)} s down)` : ''}: ${r.perSecond.toFixed(0)} messages/s accepted overall, ` +
      `${r.perSecondUp.toFixed(0)}/s while up; stored ${r.stored.toLocaleString('en')} (${r.stored - r.distinct >= 0 ? '+' : ''}${r.stored - r.distinct} vs distinct), ` +
      `acknowledged but missing ${r.missingAcknowledged} ${ok ? '— 0 lost, 0 doubled' : '— WRONG'}`,
  );
}
