import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ADDRESS } from '../e2e/test-address';

const METRICS_TOKEN = 'bench-faults-metrics-token-0123456789';
const HOUR = 3600;

/**
 * The supplier's bad days (BENCH_ONLY=faults, issue 50.4): one app server (gateway + embedded
 * sandbox, its own process). A bulk job of `orders` one-line orders runs on a clean supplier, then
 * another with error=0.1, lost=0.05, latencyMs=200 (set through /bff/sandbox/faults as a manager):
 * the time each took, the calls the gateway made to the supplier (its own metrics), and each order
 * at the supplier counted by reading the supplier's order list page by page (and its database, as a
 * check). Then a 10-minute outage (business time) during which every order ships: once the outage
 * ends, the order mirror's figures are compared with the supplier's until they are equal, and the
 * reconciles it took are counted.
 */
export async function benchFaults(opts: { port: number; orders: number }) {
  const dir = mkdtempSync(join(tmpdir(), 'supply-desk-bench-faults-'));
  const url = `http://127.0.0.1:${opts.port}`;
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(opts.port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        SANDBOX_GOODS: '2000',
        SANDBOX_IRREGULAR: '0',
        // Business time moves only when the bench moves it (the outage's 10 minutes).
        SANDBOX_SPEED: '1',
        DRAIN_SECONDS: '0',
        LOG_LEVEL: 'warn',
        MIRROR_RECONCILE_MINUTES: '1',
        METRICS_TOKEN,
      },
      stdio: 'ignore',
    });
    for (let i = 0; i < 1200; i++) {
      const c = child as ChildProcess;
      if (c.exitCode !== null) throw new Error(`the app server stopped (exit ${c.exitCode})`);
      try {
        if ((await fetch(`${url}/healthz`)).ok) return;
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('the app server did not start');
  };
  const stop = async () => {
    const c = child as ChildProcess | null;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const gone = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await gone;
  };
  try {
    await start();
    await stop();
    // A balance that pays for every order, and SKUs that sell everywhere with stock to spare.
    const sandbox = new Database(join(dir, 'sandbox.sqlite'));
    sandbox.prepare(`UPDATE meta SET value = '10000000000' WHERE key = 'balance'`).run();
    const skus = sandbox
      .prepare(
        `SELECT MIN(s.id) AS sku, s.agreement_price AS price FROM goods g JOIN sku_options s ON s.goods_id = g.id
          WHERE g.status = 1 AND s.stock >= 500 AND g.id NOT IN (SELECT goods_id FROM goods_bans) GROUP BY g.id ORDER BY g.id LIMIT 200`,
      )
      .all() as { sku: number; price: number }[];
    // Stock for both jobs whatever the market does.
    sandbox.prepare(`UPDATE sku_options SET stock = 100000 WHERE id IN (${skus.map((s) => s.sku).join(',')})`).run();
    sandbox.close();
    await start();
    const signIn = async (username: string) => {
      const login = await fetch(`${url}/bff/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ username, password: `${username}-demo` }),
      });
      const cookie = /^([^=;\s]+=[^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
      if (!cookie) throw new Error(`sign-in as ${username} failed: ${login.status}`);
      return cookie;
    };
    const merchant = await signIn('merchant');
    const manager = await signIn('manager');
    const bff = async <T>(cookie: string, path: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${url}/bff${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { cookie, 'content-type': 'application/json', origin: url },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as T;
    };
    const faults = async (f: Record<string, unknown>) => {
      const env = await bff<{ code: number; msg: string }>(manager, '/sandbox/faults', f);
      if (env.code !== 1) throw new Error(`faults: ${env.msg}`);
    };
    const clock = (seconds: number) => bff<{ code: number }>(manager, '/sandbox/clock', { advanceSeconds: seconds });
    /** Calls the gateway made to the supplier so far (its metrics: the upstream histogram's counts). */
    const calls = async () => {
      const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      let n = 0;
      for (const m of text.matchAll(/^supply_desk_upstream_request_duration_seconds_count\{[^}]*\} (\d+)/gm)) n += Number(m[1]);
      return n;
    };

    type Job = { state: string; counts: Record<string, number>; orders?: { outcome?: string; status?: string }[] };
    const runJob = async (stem: string) => {
      const c0 = await calls();
      const t0 = performance.now();
      const made = await bff<{ id: number }>(merchant, '/imports', {
        key: `bench-${stem}`,
        fileName: `${stem}.tsv`,
        orders: Array.from({ length: opts.orders }, (_, i) => {
          const s = skus[i % skus.length]!;
          const orderSn = `${stem}-${i}`;
          return {
            orderSn,
            spu: [{ sku: s.sku, number: 1, price: s.price }],
            address: ADDRESS,
            rows: [{ row: i + 2, cells: { orderSn, product: String(s.sku), quantity: '1' } }],
            goods: s.price,
            freight: 0,
          };
        }),
        skipped: [],
      });
      if (!made.id) throw new Error(`job not made: ${JSON.stringify(made)}`);
      let job: Job;
      for (;;) {
        job = await bff<Job>(merchant, `/imports/${made.id}`);
        if (job.state !== 'running' && job.state !== 'queued') break;
        await new Promise((r) => setTimeout(r, 500));
      }
      return { s: (performance.now() - t0) / 1000, calls: (await calls()) - c0, state: job.state, counts: job.counts };
    };
    /** The job's orders at the supplier, read from its whole order list page by page (faults off), by merchant number. */
    const atSupplier = async (stem: string) => {
      const seen = new Map<string, number>();
      for (let page = 1; page <= 50; page++) {
        const env = await bff<{ code: number; msg: string; data: { list: { thirdSn: string }[]; total: number } }>(
          merchant,
          '/op/order.list',
          { search: { page, limit: 100 } },
        );
        if (env.code !== 1) throw new Error(`order.list: ${env.msg}`);
        for (const o of env.data.list) if (o.thirdSn.startsWith(`${stem}-`)) seen.set(o.thirdSn, (seen.get(o.thirdSn) ?? 0) + 1);
        if (env.data.list.length < 100) break;
      }
      const db = new Database(join(dir, 'sandbox.sqlite'), { readonly: true });
      const rows = db
        .prepare(`SELECT third_sn AS sn, COUNT(*) AS n FROM orders WHERE third_sn LIKE ? GROUP BY third_sn`)
        .all(`${stem}-%`) as {
        sn: string;
        n: number;
      }[];
      db.close();
      return {
        listed: seen.size,
        listedTwice: [...seen.values()].filter((n) => n > 1).length,
        stored: rows.length,
        storedTwice: rows.filter((r) => r.n > 1).length,
        missing: Array.from({ length: opts.orders }, (_, i) => `${stem}-${i}`).filter((sn) => !seen.has(sn)).length,
      };
    };

    const stamp = Date.now();
    const clean = await runJob(`CLEAN${stamp}`);
    const cleanAt = await atSupplier(`CLEAN${stamp}`);
    await faults({ error: 0.1, lost: 0.05, latencyMs: 200 });
    const rough = await runJob(`ROUGH${stamp}`);
    await faults({ error: 0, lost: 0, latencyMs: 0, outage: false });
    const roughAt = await atSupplier(`ROUGH${stamp}`);

    // The outage: orders are due to ship two hours after payment; the clock is brought to just before
    // that, the supplier goes down, and 10 business minutes pass in which every order ships.
    const mirrorDb = () => {
      const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'sandbox.sqlite');
      if (!file) throw new Error(`no gateway database in ${dir}: ${readdirSync(dir).join(', ')}`);
      return new Database(join(dir, file), { readonly: true });
    };
    /** The mirror's record of its last reconcile (wall ms; orders read and new or changed; its error if it stopped). */
    type ReconcileState = { at: number; ms: number; read: number; changed: number; error?: string; cashLinesRead?: number };
    /** Orders by status and children shipped: the supplier's (its database) and the mirror's (the gateway's). */
    const figures = () => {
      const sb = new Database(join(dir, 'sandbox.sqlite'), { readonly: true });
      const supplier = sb
        .prepare(
          `SELECT COUNT(*) AS orders, SUM(goods_fee + logistic_fee) AS money,
             SUM(status = 3) AS shipped, SUM(status IN (1, 2)) AS open FROM orders WHERE pay_status = 1`,
        )
        .get() as Record<string, number>;
      sb.close();
      const gw = mirrorDb();
      const mirror = gw
        .prepare(
          `SELECT COUNT(*) AS orders, SUM(total) AS money, SUM(status = 3) AS shipped, SUM(status IN (1, 2)) AS open
             FROM mirror_orders WHERE pay_status = 1`,
        )
        .get() as Record<string, number>;
      const reconcile = (gw.prepare(`SELECT value FROM mirror_state WHERE name = 'reconcile'`).get() as { value: string } | undefined)
        ?.value;
      gw.close();
      const state = reconcile ? (JSON.parse(reconcile) as ReconcileState) : undefined;
      return { supplier, mirror, reconcileAt: state?.at, reconcileError: state?.error, reconcile: state };
    };
    const same = (f: ReturnType<typeof figures>) => JSON.stringify(f.supplier) === JSON.stringify(f.mirror);
    // The mirror caught up before the outage (its reconcile runs every minute).
    const w0 = performance.now();
    while (!same(figures()) && performance.now() - w0 < 180_000) await new Promise((r) => setTimeout(r, 1000));
    const beforeOutage = figures();
    await clock(2 * HOUR - 5 * 60);
    const outageAt = Date.now();
    await faults({ outage: true });
    await clock(10 * 60);
    // Pushed messages arrive meanwhile; what the gateway would read back fails.
    await new Promise((r) => setTimeout(r, 5000));
    const during = figures();
    // What /readyz says as the outage ends (the breaker's pause, if it is open; a balancer asks it so).
    const readyAtEnd = await (await fetch(`${url}/readyz`)).json().catch(() => null);
    await faults({ outage: false });
    const endedAt = Date.now();
    const t1 = performance.now();
    let after = figures();
    // Each reconcile that finished after the outage began: when it started and ended (s from the outage's
    // end), the orders it read and changed, and whether it stopped (its error: a read that failed).
    const reconciles = new Map<number, ReconcileState>();
    const note = (f: ReturnType<typeof figures>) => {
      if (f.reconcile && f.reconcile.at > outageAt) reconciles.set(f.reconcile.at, f.reconcile);
    };
    note(after);
    while (!same(after) && performance.now() - t1 < 300_000) {
      await new Promise((r) => setTimeout(r, 200));
      after = figures();
      note(after);
    }
    return {
      orders: opts.orders,
      clean,
      cleanAt,
      rough,
      roughAt,
      beforeOutage,
      during,
      after,
      caughtUpS: (performance.now() - t1) / 1000,
      outageS: (endedAt - outageAt) / 1000,
      readyAtEnd: JSON.stringify(readyAtEnd),
      reconcilesAfter: [...reconciles.values()].map(
        (r) =>
          `started ${((r.at - r.ms - endedAt) / 1000).toFixed(1)} s, ended ${((r.at - endedAt) / 1000).toFixed(1)} s: ${r.read} orders read, ${r.changed} changed, ${r.error ? `stopped: ${r.error}` : 'complete'}`,
      ),
      equal: same(after),
    };
  } finally {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printFaults(r: Awaited<ReturnType<typeof benchFaults>>) {
  console.log(
    `\nThe supplier's bad days: a ${r.orders.toLocaleString('en')}-order bulk job (one line each) through the gateway to the embedded sandbox`,
  );
  const line = (name: string, j: typeof r.clean, at: typeof r.cleanAt) =>
    console.log(
      `  ${name.padEnd(40)} ${j.s.toFixed(1).padStart(6)} s   ${String(j.calls).padStart(6)} calls   job ${j.state} ${JSON.stringify(j.counts)}   at the supplier: listed ${at.listed} (twice ${at.listedTwice}, missing ${at.missing}), stored ${at.stored} (twice ${at.storedTwice})`,
    );
  line('clean', r.clean, r.cleanAt);
  line('error=0.1, lost=0.05, latencyMs=200', r.rough, r.roughAt);
  console.log(`  mirror before the outage: ${JSON.stringify(r.beforeOutage.mirror)}   supplier ${JSON.stringify(r.beforeOutage.supplier)}`);
  console.log(
    `  during a 10-minute outage (business time): mirror ${JSON.stringify(r.during.mirror)}   supplier ${JSON.stringify(r.during.supplier)}`,
  );
  console.log(
    `  after it: mirror ${JSON.stringify(r.after.mirror)} ${r.equal ? '=' : '≠'} supplier ${JSON.stringify(r.after.supplier)} in ${r.caughtUpS.toFixed(1)} s (times from the outage's end; it lasted ${r.outageS.toFixed(1)} s of wall time)`,
  );
  console.log(`  /readyz as the outage ended: ${r.readyAtEnd}`);
  console.log(`  reconciles that finished after the outage began:\n    ${r.reconcilesAfter.join('\n    ') || 'none'}`);
}
