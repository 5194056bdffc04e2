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

/** Goods in the reseller's selection library for the SKU-only sheet (issue 37: "a 5,000-goods library"). */
const LIBRARY = 5000;

/**
 * Bulk orders (BENCH_ONLY=bulk): a 1,000-order sheet (3,000 rows) of SKU ids only, of goods spread
 * over a 5,000-goods selection library, read and checked by the page's own code (here in Node,
 * against the real gateway and sandbox): first with the gateway's SKU index empty (cold: it reads
 * the library to find them), then again (warm); then a sheet of product ids and specs; then the
 * SKU-only sheet is placed as a job, the gateway is killed with SIGKILL partway and started again on
 * the same data: every order must exist once.
 */
export async function benchBulk(opts: { port: number; orders: number; killAt: number }) {
  const dir = mkdtempSync(join(tmpdir(), 'supply-desk-bench-bulk-'));
  const url = `http://127.0.0.1:${opts.port}`;
  let child: ChildProcess | null = null;
  const start = async () => {
    // Node itself with tsx's loader (not the tsx wrapper, whose SIGKILL would leave the server running).
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(opts.port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        SANDBOX_GOODS: String(LIBRARY + 1000),
        SANDBOX_IRREGULAR: '0',
        DRAIN_SECONDS: '0',
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
    // A library of 5,000 goods, and the SKUs of the sheet: one of each of 300 goods spread over it (the
    // last included, so a cold index reads the whole library), sold everywhere with stock to spare.
    sandbox.prepare('INSERT OR IGNORE INTO library (goods_id, added_at) SELECT id, 0 FROM goods ORDER BY id LIMIT ?').run(LIBRARY);
    const sellable = sandbox
      .prepare(
        `SELECT g.id AS goods, MIN(s.id) AS sku FROM goods g JOIN library l ON l.goods_id = g.id JOIN sku_options s ON s.goods_id = g.id
          WHERE g.status = 1 AND s.stock >= 500 AND g.id NOT IN (SELECT goods_id FROM goods_bans) GROUP BY g.id ORDER BY g.id`,
      )
      .all() as { goods: number; sku: number }[];
    sandbox.close();
    const skus = Array.from({ length: 300 }, (_, i) => sellable[Math.round((i * (sellable.length - 1)) / 299)]!.sku);
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

    const { areaList } = await import('@vant/area-data');
    const known = async (sns: string[]) =>
      (await bff<{ known: { orderSn: string; platformSn: string | null }[] }>('/known-orders', { orderSns: sns })).known;
    const lookupSkus = (ids: number[]) =>
      bff<{ list: { sku: number; goodsId: number }[]; unknown: number[] }>('/skus', { ids }).then((r) => {
        if (!Array.isArray(r.list)) throw new Error(`/bff/skus: ${JSON.stringify(r)}`);
        return r;
      });
    const deps = { op, known, skus: lookupSkus, regions: areaList };
    const head = '店铺订单号\t收货人\t手机号\t省份\t城市\t区县\t详细地址\t商品ID或SKU ID\t规格\t数量';
    const checkSheet = async (lines: string[]) => {
      const t0 = performance.now();
      const read = await readPastedText(lines.join('\n'));
      if (!read.ok) throw new Error(`sheet not read: ${read.problem.kind}`);
      const map = mapHeaders(read.sheet.header);
      const orders = groupOrders(toRows(read.sheet, map.index));
      const parsedMs = performance.now() - t0;
      const checked = await checkOrders(orders, deps);
      const ms = performance.now() - t0;
      const ready = checked.filter((o) => o.status === 'ready');
      if (ready.length !== opts.orders)
        throw new Error(
          `${ready.length} of ${opts.orders} orders ready: ${JSON.stringify(checked.find((o) => o.status !== 'ready')?.problems)}`,
        );
      return { rows: read.sheet.rows.length, parsedMs, ms, ready };
    };

    // The SKU-only sheet: checked cold (nothing in the SKU index yet), then warm.
    const stem = `BULK${Date.now()}`;
    const skuLines = [head];
    for (let i = 0; i < opts.orders; i++)
      for (let j = 0; j < 3; j++)
        skuLines.push(
          [
            `${stem}-${i}`,
            `客户${i}`,
            '13800138000',
            '北京',
            '北京',
            '朝阳',
            `${i} 号`,
            String(skus[(i * 3 + j) % skus.length]),
            '',
            '1',
          ].join('\t'),
        );
    const cold = await checkSheet(skuLines);
    const warm = await checkSheet(skuLines);

    // Goods that sell everywhere by product id and spec, three lines an order.
    const goods: { id: number; spec: string }[] = [];
    for (let p = 1; goods.length < 60 && p <= 10; p++) {
      const list = await op('selection.online', { page: p, limit: 50 });
      const details = await op('goods.bulkDetail', { ids: list.list.map((g) => g.id).join(',') });
      for (const d of details) {
        const o = d.status === 1 ? d.specs.options.find((x) => x.stock >= 500) : undefined;
        if (o) goods.push({ id: d.id, spec: o.spec_value_names });
      }
    }
    const byProduct = [head];
    for (let i = 0; i < opts.orders; i++)
      for (let j = 0; j < 3; j++) {
        const g = goods[(i * 3 + j) % goods.length]!;
        byProduct.push(
          [`P${stem}-${i}`, `客户${i}`, '13800138000', '北京', '北京', '朝阳', `${i} 号`, String(g.id), g.spec, '1'].join('\t'),
        );
      }
    const products = await checkSheet(byProduct);
    // The SKU-only sheet is the one placed.
    const ready = warm.ready;

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
      rows: cold.rows,
      library: LIBRARY,
      parsedMs: cold.parsedMs,
      coldMs: cold.ms,
      warmMs: warm.ms,
      checkMs: products.ms,
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
