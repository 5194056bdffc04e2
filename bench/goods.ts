import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GoodsDetail, OpId, WatchEvent } from '../contract';
import { createBffApp } from '../server/gateway/app';
import { openGatewayDb, type GatewayDb } from '../server/gateway/db';
import { createGoods, WATCH_TOPIC } from '../server/gateway/goods';
import { createMessageCenter } from '../server/gateway/messages';
import { upstreamCaller, type OpCaller } from '../server/gateway/messages/effects';
import { createSandbox } from '../server/sandbox';
import { parseFaults } from '../server/sandbox/config';
import { createDatabase, startTestPostgres } from '../test/pg-server';
import { benchSignIn } from './sign-in';

const KEY = 'bench-key';
const SECRET = 'bench-secret-123';
const TOKEN = 'bench-goods-token-0123456789abcdef';
const DAY = 86_400_000;

const quantile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
};

/** A goods detail as goods.bulkDetail answers it, with `skus` SKUs at a price level. */
function detail(id: number, skus: number, level: number, onSale = true): GoodsDetail {
  const options = Array.from({ length: skus }, (_, k) => {
    const agreement = Math.round(1000 * level) + k * 10;
    return {
      id: id * 10 + k,
      goods_id: id,
      spec_value_ids: String(k),
      spec_value_names: `规格 ${k}`,
      market_price: 2000,
      guide_price: 1300,
      agreement_price: agreement,
      activity_price: 1200,
      sale_price: 1300,
      stock: 100,
    };
  });
  return {
    id,
    source: 1,
    category_id: '1',
    title: `商品 ${id}`,
    market_price: 2000,
    guide_price: 1300,
    agreement_price: options[0]!.agreement_price,
    activity_price: 1200,
    sale_price: 1300,
    activity_rate: 0,
    promotion_rate: 30,
    cover: '',
    covers: [],
    stock: 100 * skus,
    status: onSale ? 1 : 0,
    created_time: 0,
    is_free_shipping: 1,
    description: '',
    attributes: [],
    specs: { names: [], values: [], options },
  } as GoodsDetail;
}

export interface GoodsBenchRow {
  dialect: 'sqlite' | 'postgres';
  goods: number;
  skus: number;
  mirrorMs: number;
  messages: { count: number; ratePerS: number; seconds: number; lagMs: number; historyRows: number; bulkReads: number };
  atRisk: { skus: number; atRiskGoods: number; p50: number; p95: number };
  history: { rows: number; p50: number; p95: number };
  seen: { rounds: number; p50: number; p95: number };
}

/**
 * The goods watch at scale (issue 41.4), on SQLite (a file) and PostgreSQL: `goods` library goods
 * of 4 SKUs mirrored (their details as goods.bulkDetail answers them, 50 a call, from memory: this
 * measures the gateway, not the upstream); goods messages pushed to the receiver at `rate` a second
 * and absorbed with their history rows; the at-risk page at that size; one goods' history with a
 * year of changes; and, against the sandbox, a goods taken off sale seen at the receiver → the
 * live event that makes the toast and the at-risk list.
 */
export async function benchGoods(o: { goods?: number; rate?: number; seconds?: number; rounds?: number } = {}): Promise<GoodsBenchRow[]> {
  const goods = o.goods ?? 50_000;
  // BENCH_GOODS_RATE: push faster than the target (1,000/s) to see the headroom.
  const rate = o.rate ?? Number(process.env.BENCH_GOODS_RATE ?? 1000);
  const seconds = o.seconds ?? 5;
  const rounds = o.rounds ?? 40;
  const dir = mkdtempSync(join(tmpdir(), 'supply-desk-bench-goods-'));
  const pg = await startTestPostgres();
  const out: GoodsBenchRow[] = [];
  try {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const db = await openGatewayDb(
        dialect === 'sqlite' ? { file: join(dir, 'gateway.sqlite') } : { databaseUrl: await createDatabase(pg.url, 'benchgoods') },
      );
      try {
        out.push(await oneDialect(db, dialect, dir, { goods, rate, seconds, rounds }));
      } finally {
        await db.close();
      }
    }
  } finally {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

async function oneDialect(
  db: GatewayDb,
  dialect: 'sqlite' | 'postgres',
  dir: string,
  o: { goods: number; rate: number; seconds: number; rounds: number },
): Promise<GoodsBenchRow> {
  // The in-memory upstream: the library's goods at a price level that moves each time they are read.
  const level = new Map<number, number>();
  let bulkReads = 0;
  const fake = (async (id: OpId, input: Record<string, unknown>) => {
    if (id === 'goods.bulkDetail') {
      bulkReads++;
      return String(input.ids)
        .split(',')
        .map(Number)
        .map((g) => detail(g, 4, level.get(g) ?? 1));
    }
    throw new Error(`not in the bench: ${id}`);
  }) as unknown as OpCaller;
  const goods = createGoods({ db, call: fake });
  // 1. Mirror the library: 50 goods a call, as the reconcile reads them.
  const t0 = performance.now();
  const ids = Array.from({ length: o.goods }, (_, i) => 100_000 + i);
  for (let i = 0; i < ids.length; i += 50)
    await goods.store.observe(
      ids.slice(i, i + 50).map((g) => detail(g, 4, 1)),
      Date.now(),
      true,
    );
  const mirrorMs = performance.now() - t0;
  // PostgreSQL plans from its statistics: what autovacuum's analyze does after a load this size, done now.
  if (dialect === 'postgres') await sql`analyze`.execute(db.kysely);

  // 2. Goods messages at `rate` a second, each naming a goods whose price moved; absorbed with history rows.
  const center = createMessageCenter({
    db,
    upstream: goods.feeding(fake),
    token: { value: TOKEN, source: 'file' },
    publicOrigin: 'http://127.0.0.1',
  });
  const historyBefore = Number(
    (
      await db.kysely
        .selectFrom('goods_history')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );
  bulkReads = 0;
  const count = o.rate * o.seconds;
  const started = performance.now();
  let n = 0;
  const pushOne = async (i: number) => {
    const g = ids[(i * 7919) % ids.length]!;
    level.set(g, 1 + ((i % 9) + 1) / 100);
    const res = await center.receiver.request(`/${TOKEN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        id: `7${Date.now()}${String(i).padStart(7, '0')}`,
        type: 'goods.price.alter',
        data: { goodsIds: [g] },
        push_time: Date.now(),
      }),
    });
    if (res.status !== 200) throw new Error(`message ${i}: ${res.status}`);
    n++;
  };
  // Pushed in ticks of 10 ms, as fast as the rate asks, 20 at a time in flight at most.
  while (n < count) {
    const due = Math.min(count, Math.ceil(((performance.now() - started) / 1000) * o.rate));
    const batch: Promise<void>[] = [];
    for (let i = n; i < due && batch.length < 20; i++) batch.push(pushOne(i));
    if (batch.length) await Promise.all(batch);
    else await new Promise((r) => setTimeout(r, 5));
  }
  const pushedMs = performance.now() - started;
  await center.linker.idle();
  const doneMs = performance.now() - started;
  const historyRows =
    Number(
      (
        await db.kysely
          .selectFrom('goods_history')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    ) - historyBefore;
  center.close();

  // 3. The at-risk page at this size: a library minimum of 25 % puts the goods priced above level 1.04 at risk.
  const bff = createBffApp({
    db,
    upstream: { baseUrl: 'http://127.0.0.1:9', appKey: KEY, appSecret: SECRET, timeoutMs: 1000 },
    mode: 'sandbox',
    goods,
  });
  const merchant = await benchSignIn(bff);
  await goods.setRule(0, 25, 'bench');
  const atRiskGoods = await goods.store.atRiskCount();
  const timed = async (path: string, times: number) => {
    const xs: number[] = [];
    for (let i = 0; i < times + 5; i++) {
      const t = performance.now();
      const res = await bff.app.request(path, { headers: { cookie: merchant } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      if (i >= 5) xs.push(performance.now() - t);
    }
    return { p50: quantile(xs, 0.5), p95: quantile(xs, 0.95) };
  };
  const atRisk = await timed('/watch/at-risk?page=1&size=50', 100);

  // 4. One goods with a year of changes: each of its 4 SKUs changed every day (the sandbox's market moves a goods every few days).
  const year = ids[0]!;
  const now = Date.now();
  for (let d = 365; d > 0; d -= 20) {
    const rows = [];
    for (let day = d; day > d - 20 && day > 0; day--)
      for (let k = 0; k < 4; k++)
        rows.push({
          sku: year * 10 + k,
          goods_id: year,
          at: now - day * DAY,
          agreement_price: 1000 + (day % 7) * 10,
          guide_price: 1300,
          activity_price: 1200,
          stock: 100,
          on_sale: 1,
        });
    await db.kysely.insertInto('goods_history').values(rows).execute();
  }
  const historyRowsOfOne = Number(
    (
      await db.kysely
        .selectFrom('goods_history')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('goods_id', '=', year)
        .executeTakeFirst()
    )?.n ?? 0,
  );
  const history = await timed(`/watch/goods/${year}/history?days=365`, 100);

  // 5. Against the sandbox: a goods taken off sale, its message seen at the receiver → the live event (toast, at-risk list).
  const seen = await seenToEvent(db, dialect, dir, o.rounds);
  return {
    dialect,
    goods: o.goods,
    skus: o.goods * 4,
    mirrorMs,
    messages: { count, ratePerS: count / (pushedMs / 1000), seconds: doneMs / 1000, lagMs: doneMs - pushedMs, historyRows, bulkReads },
    atRisk: { skus: o.goods * 4, atRiskGoods, ...atRisk },
    history: { rows: historyRowsOfOne, ...history },
    seen: { rounds: o.rounds, ...seen },
  };
}

async function seenToEvent(db: GatewayDb, dialect: string, dir: string, rounds: number) {
  const sandbox = createSandbox(
    {
      appKey: KEY,
      appSecret: SECRET,
      dbFile: join(dir, `sandbox-${dialect}.sqlite`),
      seed: 7,
      goods: 2000,
      signatureWindowMs: 600_000,
      speed: 1,
      faults: parseFaults(undefined),
    },
    { autoTick: false },
  );
  const server = await new Promise<{ close(): Promise<void>; port: number }>((resolve) => {
    const s = serve({ fetch: sandbox.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ close: () => new Promise((r) => s.close(() => r())), port: info.port }),
    );
  });
  try {
    const call = upstreamCaller({ baseUrl: `http://127.0.0.1:${server.port}`, appKey: KEY, appSecret: SECRET, timeoutMs: 5000 });
    const goods = createGoods({ db, call });
    const center = createMessageCenter({
      db,
      upstream: goods.feeding(call),
      token: { value: TOKEN, source: 'file' },
      publicOrigin: 'http://127.0.0.1',
    });
    const app = new Hono().route('/hooks/messages', center.receiver);
    // The sandbox's library, mirrored.
    await goods.reconcile();
    const library = (sandbox.db.prepare('SELECT goods_id FROM library ORDER BY goods_id').all() as { goods_id: number }[]).map(
      (r) => r.goods_id,
    );
    const waiting = new Map<number, () => void>();
    const stop = db.bus.subscribe(WATCH_TOPIC, (p) => {
      for (const g of (p as WatchEvent).goodsIds) waiting.get(g)?.();
    });
    const xs: number[] = [];
    try {
      for (let i = 0; i < Math.min(rounds, library.length); i++) {
        const g = library[i]!;
        sandbox.db.prepare('UPDATE goods SET status = 0 WHERE id = ?').run(g);
        const told = new Promise<void>((r) => waiting.set(g, r));
        const t = performance.now();
        const res = await app.request(`/hooks/messages/${TOKEN}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id: `6${Date.now()}${i}`, type: 'goods.undercarriage', data: { goodsIds: [g] }, push_time: Date.now() }),
        });
        if (res.status !== 200) throw new Error(`push ${res.status}`);
        await told;
        xs.push(performance.now() - t);
        sandbox.db.prepare('UPDATE goods SET status = 1 WHERE id = ?').run(g);
      }
    } finally {
      stop();
      center.close();
    }
    return { p50: quantile(xs, 0.5), p95: quantile(xs, 0.95) };
  } finally {
    await server.close();
    sandbox.close();
  }
}

export function printGoods(rows: GoodsBenchRow[]) {
  for (const r of rows) {
    const f = (n: number) => n.toFixed(1);
    console.log(`\nGoods watch on ${r.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`);
    console.log(
      `  mirrored ${r.goods.toLocaleString('en')} library goods of 4 SKUs (${r.skus.toLocaleString('en')} SKUs, 50 a bulkDetail answer) in ${(r.mirrorMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `  ${r.messages.count.toLocaleString('en')} goods messages pushed at ${Math.round(r.messages.ratePerS)}/s: all stored, linked and their changes kept ${(r.messages.lagMs / 1000).toFixed(2)} s after the last push (${r.messages.seconds.toFixed(1)} s in all: absorbed at ${Math.round(r.messages.count / r.messages.seconds)}/s); ${r.messages.historyRows.toLocaleString('en')} history rows, ${r.messages.bulkReads} bulkDetail reads (target: 1,000/s absorbed)`,
    );
    console.log(
      `  at-risk page (first 50 of ${r.atRisk.atRiskGoods.toLocaleString('en')} goods at risk, ${r.atRisk.skus.toLocaleString('en')} SKUs): p50 ${f(r.atRisk.p50)} ms, p95 ${f(r.atRisk.p95)} ms (target p95 <= 50 ms)`,
    );
    console.log(
      `  one goods' history over 365 days (${r.history.rows.toLocaleString('en')} rows): p50 ${f(r.history.p50)} ms, p95 ${f(r.history.p95)} ms (target p95 <= 20 ms)`,
    );
    console.log(
      `  goods off sale at the sandbox, message at the receiver -> live event (toast, at-risk list), ${r.seen.rounds} rounds: p50 ${f(r.seen.p50)} ms, p95 ${f(r.seen.p95)} ms (target p95 <= 1,000 ms)`,
    );
  }
}

if (process.argv[1] && /bench\/goods\.ts$/.test(process.argv[1])) {
  printGoods(await benchGoods({ goods: Number(process.env.BENCH_GOODS ?? 50_000) }));
}
