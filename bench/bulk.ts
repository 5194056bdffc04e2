import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { OpData, OpId, OpInput } from '../contract';
import { checkOrders } from '../src/features/imports/check';
import { mapHeaders } from '../src/features/imports/sheet/columns';
import { readPastedText } from '../src/features/imports/sheet/read';
import { groupOrders, toRows } from '../src/features/imports/sheet/rows';

/**
 * Bulk orders (BENCH_ONLY=bulk): a 1,000-order sheet (3,000 rows) read and checked by the page's own
 * code (here in Node, against the real gateway and sandbox), then placed as a job; the gateway is
 * killed with SIGKILL partway and started again on the same data: every order must exist once.
 */
export async function benchBulk(opts: { port: number; orders: number; killAt: number }) {
  const dir = mkdtempSync(join(tmpdir(), 'supply-desk-bench-bulk-'));
  const url = `http://127.0.0.1:${opts.port}`;
  let child: ChildProcess | null = null;
  const start = async () => {
    // Node itself with tsx's loader (not the tsx wrapper, whose SIGKILL would leave the server running).
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: String(opts.port), HOST: '127.0.0.1', DATA_DIR: dir, SANDBOX_GOODS: '2000', DRAIN_SECONDS: '0' },
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
  const stop = async (signal: NodeJS.Signals) => {
    const c = child as ChildProcess | null;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const gone = new Promise((r) => c.once('exit', r));
    c.kill(signal);
    await gone;
  };
  try {
    await start();
    // A balance that pays for every order (the sandbox's own database, while it is stopped).
    await stop('SIGTERM');
    const sandbox = new Database(join(dir, 'sandbox.sqlite'));
    sandbox.prepare(`UPDATE meta SET value = '10000000000' WHERE key = 'balance'`).run();
    sandbox.close();
    await start();
    const login = await fetch(`${url}/bff/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ username: 'merchant', password: 'merchant-demo' }),
    });
    const cookie = /^([^=;\s]+=[^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
    if (!cookie) throw new Error(`sign-in failed: ${login.status}`);
    const bff = async <T>(path: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${url}/bff${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { cookie, 'content-type': 'application/json', origin: url },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as T;
    };
    const op = async <K extends OpId>(id: K, input: OpInput<K>): Promise<OpData<K>> => {
      const env = await bff<{ code: number; msg: string; data: OpData<K> }>(`/op/${id}`, input);
      if (env.code !== 1) throw new Error(`${id}: ${env.msg}`);
      return env.data;
    };

    // Goods that sell everywhere, three lines an order.
    const goods: { id: number; spec: string }[] = [];
    for (let p = 1; goods.length < 60 && p <= 10; p++) {
      const list = await op('selection.online', { page: p, limit: 50 });
      const details = await op('goods.bulkDetail', { ids: list.list.map((g) => g.id).join(',') });
      for (const d of details) {
        const o = d.status === 1 ? d.specs.options.find((x) => x.stock >= 500) : undefined;
        if (o) goods.push({ id: d.id, spec: o.spec_value_names });
      }
    }
    const stem = `BULK${Date.now()}`;
    const lines = ['店铺订单号\t收货人\t手机号\t省份\t城市\t区县\t详细地址\t商品ID\t规格\t数量'];
    for (let i = 0; i < opts.orders; i++)
      for (let j = 0; j < 3; j++) {
        const g = goods[(i * 3 + j) % goods.length]!;
        lines.push([`${stem}-${i}`, `客户${i}`, '13800138000', '北京', '北京', '朝阳', `${i} 号`, String(g.id), g.spec, '1'].join('\t'));
      }

    const t0 = performance.now();
    const read = await readPastedText(lines.join('\n'));
    if (!read.ok) throw new Error(`sheet not read: ${read.problem.kind}`);
    const map = mapHeaders(read.sheet.header);
    const orders = groupOrders(toRows(read.sheet, map.index));
    const parsedMs = performance.now() - t0;
    const { areaList } = await import('@vant/area-data');
    const known = async (sns: string[]) =>
      (await bff<{ known: { orderSn: string; platformSn: string | null }[] }>('/imports/known', { orderSns: sns })).known;
    const checked = await checkOrders(orders, { op, known, regions: areaList });
    const checkMs = performance.now() - t0;
    const ready = checked.filter((o) => o.status === 'ready');
    if (ready.length !== opts.orders)
      throw new Error(
        `${ready.length} of ${opts.orders} orders ready: ${JSON.stringify(checked.find((o) => o.status !== 'ready')?.problems)}`,
      );

    const made = await bff<{ id: number }>('/imports', {
      key: `bench${Date.now()}`,
      fileName: 'bench.tsv',
      orders: ready.map((o) => ({
        orderSn: o.orderSn,
        spu: o.lines.map((l) => ({ sku: l.sku!, number: l.number, price: l.price })),
        address: o.address!,
        rows: o.rows.map((r) => ({ row: r.row, cells: { orderSn: r.values.orderSn, product: r.values.product } })),
        goods: o.goods,
        freight: o.freight,
      })),
    });
    const job = () => bff<{ state: string; counts: { placed: number; queued: number } }>(`/imports/${made.id}`);
    const p0 = performance.now();
    let before = 0;
    for (;;) {
      const j = await job();
      if (j.counts.placed >= opts.killAt || j.state !== 'running') {
        before = j.counts.placed;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const rate = (before / (performance.now() - p0)) * 1000;
    await stop('SIGKILL');
    await start();
    const r0 = performance.now();
    let after: Awaited<ReturnType<typeof job>>;
    for (;;) {
      after = await job();
      if (after.state !== 'running') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const restS = (performance.now() - r0) / 1000;
    await stop('SIGTERM');
    const db = new Database(join(dir, 'sandbox.sqlite'), { readonly: true });
    const count = (db.prepare(`SELECT COUNT(*) AS n FROM orders WHERE third_sn LIKE ?`).get(`${stem}-%`) as { n: number }).n;
    const doubled = (
      db
        .prepare(`SELECT COUNT(*) AS n FROM (SELECT third_sn FROM orders WHERE third_sn LIKE ? GROUP BY third_sn HAVING COUNT(*) > 1)`)
        .get(`${stem}-%`) as { n: number }
    ).n;
    db.close();
    return {
      orders: opts.orders,
      rows: read.sheet.rows.length,
      parsedMs,
      checkMs,
      rate,
      killedAt: before,
      restS,
      state: after.state,
      placed: after.counts.placed,
      count,
      doubled,
    };
  } finally {
    await stop('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}
