import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { AfterSaleRecord, Order } from '../contract';
import { openGatewayDb, type GatewayDb } from '../server/gateway/db';
import { MirrorStore } from '../server/gateway/mirror';
import { periodDays } from '../server/gateway/mirror/routes';
import { dayOf } from '../server/gateway/mirror/rollups';
import { createDatabase, startTestPostgres } from '../test/pg-server';
import { createOrderMirror } from '../server/gateway/mirror';
import { keepSales, saleTotals, withSales } from '../server/gateway/mirror/sales';
import { SearchStore } from '../server/gateway/search/store';
import { messageGroupsOf } from '../contract';
import { sandboxWithOrders } from './order-list';

const TZ = 'Asia/Shanghai';
const PROVINCES = ['浙江省', '江苏省', '广东省', '北京市', '上海市', '四川省', '湖北省', '山东省', '河南省', '福建省', '湖南省', '安徽省'];
const SOURCES = [1, 2, 3, 4, 6];

/** A small deterministic generator, so both databases get the same orders. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Orders as the upstream's list gives them: over `days` up to `end`, 1-4 lines each, every channel, some closed, some refunded. */
function* orders(count: number, days: number, end: number, seed = 7): Generator<Order> {
  const r = random(seed);
  for (let i = 0; i < count; i++) {
    const created = end - Math.floor(r() * days * 86_400);
    const lines = 1 + Math.floor(r() * 4);
    const children = new Map<number, Order['children'][number]>();
    const sn = `B${created}${String(i).padStart(7, '0')}`;
    for (let l = 0; l < lines; l++) {
      const source = SOURCES[Math.floor(r() * SOURCES.length)]!;
      const goodsId = 1 + Math.floor(r() ** 2 * 20_000);
      const price = 500 + Math.floor(r() * 30_000);
      const number = 1 + Math.floor(r() * 3);
      let child = children.get(source);
      if (!child) {
        child = {
          sn: `${sn}_${source}`,
          source,
          logisticFee: r() < 0.5 ? 0 : 600,
          goodsFee: 0,
          goodsStatus: 3,
          orderStatus: 2,
          deliverTime: created + 3600,
          createdTime: created,
          shopInfo: { name: 'shop' },
          goods: [],
        };
        children.set(source, child);
      }
      child.goodsFee += price * number;
      child.goods.push({
        sn: `${sn}_${source}_${l + 1}_1`,
        goodsId,
        sku: goodsId * 10 + 1,
        skuName: '默认',
        image: '',
        name: `商品 ${goodsId}`,
        number,
        price,
        // After-sales end in a refund on about 5% of orders.
        refundTime: r() < 0.05 ? created + 5 * 86_400 : 0,
        createdTime: created,
        payStatus: 1,
        deliverName: '',
        deliverNo: '',
      });
    }
    const kids = [...children.values()];
    yield {
      id: i + 1,
      sn,
      thirdSn: `T${sn}`,
      goodsFee: kids.reduce((s, c) => s + c.goodsFee, 0),
      logisticFee: kids.reduce((s, c) => s + c.logisticFee, 0),
      address: {
        consignee: '张三',
        phone: '13800138000',
        province: PROVINCES[Math.floor(r() * PROVINCES.length)]!,
        city: '市',
        area: '区',
        street: '',
        description: '',
      },
      createdTime: created,
      payStatus: 1,
      checkStatus: 1,
      status: r() < 0.03 ? 5 : 4,
      children: kids,
    } as Order;
  }
}

/** After-sale requests on 5% of the orders: one line each, a reason and a status of the sandbox's. */
function afterSalesOf(batch: Order[], r: () => number, firstId: number): AfterSaleRecord[] {
  const out: AfterSaleRecord[] = [];
  for (const o of batch) {
    if (r() >= 0.05) continue;
    const child = o.children[0]!;
    const line = child.goods[0]!;
    const status = [1, 2, 3, 3, 3, 4, 5, 6][Math.floor(r() * 8)]!;
    out.push({
      id: firstId + out.length,
      source: child.source,
      orderSn3: line.sn,
      orderSn: o.thirdSn,
      sku: line.sku,
      num: 1,
      goodsFee: line.price,
      logisticFee: 0,
      serviceTypeCode: '10',
      reasonsTypeCode: ['10001', '10002', '10003', '10004', '20006'][Math.floor(r() * 5)]!,
      reasonsDescription: '',
      status,
      approvedResult: status === 4 ? 2 : status === 1 ? 0 : 1,
      refundFee: status === 3 ? line.price : 0,
      createdTime: o.createdTime + 86_400,
    });
  }
  return out;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

export interface OverviewBench {
  dialect: string;
  orders: number;
  ingestPerSecond: number;
  sizeMb: number;
  rollupRows: number;
  afterSales: number;
  calls: { name: string; p50: number; p95: number }[];
  /** Days the orders are spread over, and how many of them carry what the buyer paid (issue 53). */
  days: number;
  sold: number;
  /** How the top-goods lists were settled: from each day's largest rows, or by the whole sum. */
  topGoods: { candidates: number; whole: number };
}

/** Fills the mirror with `count` orders over 180 days up to `end`, and after-sale requests on 5% of them; resolves how many requests. */
export async function seedMirror(store: MirrorStore, count: number, end = Math.floor(Date.now() / 1000), days = 180): Promise<number> {
  let batch: Order[] = [];
  const r = random(99);
  let afterSales = 0;
  const flush = async () => {
    await store.upsert(batch);
    const records = afterSalesOf(batch, r, afterSales + 1);
    afterSales += records.length;
    await store.upsertAfterSales(records);
    batch = [];
  };
  for (const o of orders(count, days, end)) {
    batch.push(o);
    if (batch.length === 1000) await flush();
  }
  if (batch.length) await flush();
  return afterSales;
}

/**
 * What the buyer paid (issue 53) on `share` of the orders (the same orders the mirror was seeded with):
 * 110-160 % of the order's cost, kept as a bulk job keeps them. Resolves how many.
 */
export async function seedSales(db: GatewayDb, count: number, end: number, days: number, share = 0.8): Promise<number> {
  const r = random(53);
  let batch: { orderSn: string; sale: number; source: string }[] = [];
  let n = 0;
  for (const o of orders(count, days, end)) {
    if (r() >= share) continue;
    batch.push({ orderSn: o.thirdSn, sale: Math.round((o.goodsFee + o.logisticFee) * (1.1 + r() * 0.5)), source: 'import:bench' });
    if (batch.length === 5000) {
      n += batch.length;
      await keepSales(db.kysely, batch, Date.now());
      batch = [];
    }
  }
  n += batch.length;
  if (batch.length) await keepSales(db.kysely, batch, Date.now());
  return n;
}

async function benchOne(dialect: string, db: GatewayDb, count: number, size: () => Promise<number>): Promise<OverviewBench> {
  const store = new MirrorStore(db, TZ);
  const end = Math.floor(Date.now() / 1000);
  const days = Number(process.env.BENCH_MIRROR_DAYS ?? 180);
  const started = performance.now();
  const afterSales = await seedMirror(store, count, end, days);
  const ingestPerSecond = count / ((performance.now() - started) / 1000);
  const sold =
    Number(process.env.BENCH_MIRROR_SOLD ?? 0.8) > 0
      ? await seedSales(db, count, end, days, Number(process.env.BENCH_MIRROR_SOLD ?? 0.8))
      : 0;
  // PostgreSQL plans by its statistics, which autovacuum gathers within a minute or so of a backfill
  // this size; the bench does not wait for it (SQLite's queries name their indexes).
  if (dialect === 'PostgreSQL') await sql`analyze`.execute(db.kysely);
  const today = dayOf(end, TZ);
  const rollupRows = Number(
    (
      await db.kysely
        .selectFrom('mirror_daily')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );
  const calls = [];
  for (const period of ['30d', 'month'] as const) {
    const days = periodDays(period, today);
    const ms: number[] = [];
    for (let i = 0; i < 60; i++) {
      const t = performance.now();
      // What /bff/overview reads from the database: the period and the previous one, together.
      await Promise.all([store.period(days.from, days.to), store.period(days.previous.from, days.previous.to, { goods: false })]);
      if (i >= 10) ms.push(performance.now() - t);
    }
    calls.push({
      name: `overview, ${period === '30d' ? '30 days' : 'this month'} and the period before`,
      p50: pct(ms, 50),
      p95: pct(ms, 95),
    });
  }
  // What /bff/overview reads with the sale figures (issue 53, ./sales.ts): the period with its
  // breakdown by channel and goods, the previous one in all. At most 20 s of asks per period.
  for (const period of ['7d', '30d'] as const) {
    const days = periodDays(period, today);
    const ms: number[] = [];
    const until = performance.now() + 20_000;
    for (let i = 0; i < 60 && (ms.length < 5 || performance.now() < until); i++) {
      const t = performance.now();
      const [current] = await Promise.all([
        store.period(days.from, days.to).then((p) => withSales(store.db, p)),
        store.period(days.previous.from, days.previous.to, { goods: false }).then((p) => withSales(store.db, p, false)),
      ]);
      if (i >= 2) ms.push(performance.now() - t);
      if (i === 0 && sold > 0 && current.totals.sold === 0) throw new Error('the overview counted no order with a sale amount');
    }
    calls.push({ name: `overview with sales, ${period === '7d' ? '7' : '30'} days and before`, p50: pct(ms, 50), p95: pct(ms, 95) });
    // Where that time goes: the sale totals alone (one SQL sum over the period's sold orders).
    const totals: number[] = [];
    for (let i = 0; i < 12; i++) {
      const t = performance.now();
      await saleTotals(store.db, days.from, days.to);
      if (i >= 2) totals.push(performance.now() - t);
    }
    calls.push({ name: `  of it the sale totals alone, ${period === '7d' ? '7' : '30'} days`, p50: pct(totals, 50), p95: pct(totals, 95) });
  }
  calls.push(...(await benchSearch(db, afterSales)));
  return {
    dialect,
    orders: count,
    days,
    sold,
    ingestPerSecond,
    sizeMb: (await size()) / 1024 / 1024,
    rollupRows,
    afterSales,
    calls,
    topGoods: { ...store.topGoodsWays },
  };
}

/**
 * What `/bff/search` asks the gateway's database for one query (orders, after-sales and messages, at
 * once; the catalogue is the upstream's): a whole merchant number, its first 8 characters (a few
 * hours of numbers), a whole platform number, an after-sale id. p50 and p95 over 20 of each.
 */
async function benchSearch(db: GatewayDb, afterSales: number) {
  const search = new SearchStore(db);
  const groups = messageGroupsOf('admin');
  const r = random(5);
  const total = Number(
    (
      await db.kysely
        .selectFrom('mirror_orders')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );
  const samples = [];
  for (let i = 0; i < 20; i++)
    samples.push(
      await db.kysely
        .selectFrom('mirror_orders')
        .select(['sn', 'third_sn'])
        .orderBy('sn')
        .offset(Math.floor(r() * total))
        .limit(1)
        .executeTakeFirstOrThrow(),
    );
  const kinds: [string, (s: { sn: string; third_sn: string }) => string][] = [
    ['search, a whole merchant order number', (s) => s.third_sn],
    ['search, its first 8 characters', (s) => s.third_sn.slice(0, 8)],
    ['search, a whole platform order number', (s) => s.sn],
    ['search, an after-sale id', () => String(1 + Math.floor(r() * afterSales))],
  ];
  const out = [];
  for (const [name, q] of kinds) {
    const ms: number[] = [];
    for (let round = 0; round < 3; round++)
      for (const s of samples) {
        const text = q(s);
        const t = performance.now();
        const [orders, records] = await Promise.all([search.orders(text, 5), search.afterSales(text, 5), search.messages(text, groups, 5)]);
        if (round > 0) ms.push(performance.now() - t);
        if (name.includes('whole') && orders.list.length === 0) throw new Error(`search found no order for ${text}`);
        if (name.includes('after-sale') && records.list.length === 0) throw new Error(`search found no after-sale ${text}`);
      }
    out.push({ name, p50: pct(ms, 50), p95: pct(ms, 95) });
  }
  return out;
}

/**
 * `BENCH_ONLY=overview`: the order mirror with BENCH_MIRROR_ORDERS (default 1,000,000) orders over 180 days,
 * on SQLite and PostgreSQL (BENCH_MIRROR_DB=sqlite or postgres: one of them, each printed as it ends).
 */
export async function benchOverview(
  count = Number(process.env.BENCH_MIRROR_ORDERS ?? 1_000_000),
  only = process.env.BENCH_MIRROR_DB,
): Promise<OverviewBench[]> {
  const out: OverviewBench[] = [];
  if (only !== 'postgres') out.push(await benchSqlite(count));
  if (only !== 'sqlite') out.push(await benchPostgres(count));
  return out;
}

async function benchSqlite(count: number): Promise<OverviewBench> {
  const dir = mkdtempSync(join(tmpdir(), 'supply-desk-bench-mirror-'));
  try {
    const file = join(dir, 'gateway.sqlite');
    const lite = await openGatewayDb({ file });
    try {
      const r = await benchOne(
        'SQLite',
        lite,
        count,
        async () => statSync(file).size + (statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0),
      );
      printOverview([r]);
      return r;
    } finally {
      await lite.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchPostgres(count: number): Promise<OverviewBench> {
  const server = await startTestPostgres();
  try {
    const url = await createDatabase(server.url, 'bench');
    const pgDb = await openGatewayDb({ databaseUrl: url, poolSize: 4 });
    try {
      const r = await benchOne('PostgreSQL', pgDb, count, async () =>
        Number((await sql<{ n: string }>`select pg_database_size(current_database()) as n`.execute(pgDb.kysely)).rows[0]!.n),
      );
      printOverview([r]);
      return r;
    } finally {
      await pgDb.close();
    }
  } finally {
    await server.stop();
  }
}

export function printOverview(results: OverviewBench[]) {
  console.log(`\nOverview (target p95 <= 50 ms) and search (target p95 <= 30 ms) on the order mirror`);
  for (const r of results) {
    console.log(
      `  ${r.dialect.padEnd(10)} ${r.orders.toLocaleString('en')} orders over ${r.days} days, ${r.sold.toLocaleString('en')} with a sale amount (${r.afterSales.toLocaleString('en')} after-sale requests): ingested at ${Math.round(r.ingestPerSecond).toLocaleString('en')} orders/s, database ${r.sizeMb.toFixed(0)} MB, ${r.rollupRows.toLocaleString('en')} rollup rows`,
    );
    for (const c of r.calls)
      console.log(`    ${c.name.padEnd(48)} p50 ${c.p50.toFixed(1).padStart(6)} ms   p95 ${c.p95.toFixed(1).padStart(6)} ms`);
    console.log(`    top goods settled from each day's largest rows ${r.topGoods.candidates}×, by the whole sum ${r.topGoods.whole}×`);
  }
}

/**
 * A full reconcile from the sandbox over loopback HTTP, signed like any call: `count` orders seeded
 * over 90 days, read into an empty mirror (the first start's backfill), then read again (nothing
 * changes). Seconds for each.
 */
export async function benchReconcile(count = Number(process.env.BENCH_RECONCILE_ORDERS ?? 10_000)) {
  const upstream = await sandboxWithOrders(count, 'supply-desk-bench-reconcile-');
  const db = await openGatewayDb({ file: join(upstream.dir, 'gateway.sqlite') });
  try {
    const mirror = createOrderMirror({
      db,
      upstream: { ...upstream.target, timeoutMs: 30_000 },
      mode: 'upstream',
      settings: { backfillDays: 91 },
    });
    const first = await mirror.reconcile();
    if (first.error) throw new Error(`reconcile: ${first.error}`);
    const again = await mirror.reconcile();
    if (again.error) throw new Error(`reconcile: ${again.error}`);
    return { count, mirrored: await mirror.store.count(), first, again };
  } finally {
    await db.close();
    upstream.close();
  }
}

export function printReconcile(r: Awaited<ReturnType<typeof benchReconcile>>) {
  console.log(`\nMirror reconcile from the sandbox over HTTP (${r.count.toLocaleString('en')} orders over 90 days)`);
  console.log(
    `  first start (backfill): ${(r.first.ms / 1000).toFixed(1)} s, ${r.first.read.toLocaleString('en')} orders read, ${r.mirrored.toLocaleString('en')} mirrored`,
  );
  console.log(
    `  again (nothing new): ${(r.again.ms / 1000).toFixed(1)} s, ${r.again.read.toLocaleString('en')} read, ${r.again.changed} changed`,
  );
}
