import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Order } from '../contract';
import { openGatewayDb, type GatewayDb } from '../server/gateway/db';
import { fillPhoneTails, ordersByPhoneTail } from '../server/gateway/mirror/phone-tail';
import { createDatabase, startTestPostgres } from '../test/pg-server';

/**
 * `BENCH_ONLY=phone`: orders by the last four digits of the consignee's phone (issue 52) over a mirror
 * of BENCH_PHONE_ORDERS (default 1,000,000) orders on SQLite and PostgreSQL (BENCH_PHONE_DB=sqlite or
 * postgres: one of them). The orders are written as the migration finds them (no tail yet), the
 * reconcile's one-time fill is timed, then what `GET /bff/orders/by-phone-tail` asks the database for
 * the palette (the newest 10 and the count): a customer's tail (each tail has about count / 10,000
 * orders) and the tail of a phone that placed 1 % of all orders. Only when named.
 */

/** A small deterministic generator, so both databases get the same orders. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The phone of one customer who placed 1 % of the orders. */
const BUSY_PHONE = '13912340000';

function* rows(count: number, end: number, samples: string[]) {
  const r = random(11);
  for (let i = 0; i < count; i++) {
    const created = end - Math.floor(r() * 180 * 86_400);
    const sn = `P${created}${String(i).padStart(7, '0')}`;
    const phone = r() < 0.01 ? BUSY_PHONE : `1${3 + Math.floor(r() * 7)}${String(Math.floor(r() * 1e9)).padStart(9, '0')}`;
    const price = 500 + Math.floor(r() * 30_000);
    // A hundred customers' tails to search for, spread over the orders.
    if (i % Math.max(1, Math.floor(count / 100)) === 0 && phone !== BUSY_PHONE && samples.length < 100) samples.push(phone.slice(-4));
    const order = {
      id: i + 1,
      sn,
      thirdSn: `T${sn}`,
      goodsFee: price,
      logisticFee: 600,
      address: { consignee: '张三', phone, province: '浙江省', city: '杭州市', area: '西湖区', street: '文三路', description: '100 号' },
      createdTime: created,
      payStatus: 1,
      checkStatus: 1,
      status: 4,
      children: [
        {
          sn: `${sn}_1`,
          source: 1,
          logisticFee: 600,
          goodsFee: price,
          goodsStatus: 3,
          orderStatus: 2,
          deliverTime: created + 3600,
          createdTime: created,
          shopInfo: { name: 'shop' },
          goods: [
            {
              sn: `${sn}_1_1_1`,
              goodsId: 1 + (i % 20_000),
              sku: 10 * (1 + (i % 20_000)) + 1,
              skuName: '默认',
              image: 'https://img.example.com/goods.jpg',
              name: `商品 ${1 + (i % 20_000)}`,
              number: 1,
              price,
              refundTime: 0,
              createdTime: created,
              payStatus: 1,
              deliverName: '顺丰速运',
              deliverNo: `SF${created}${i}`,
            },
          ],
        },
      ],
    } as Order;
    yield {
      sn,
      third_sn: order.thirdSn,
      created_time: created,
      day: new Date(created * 1000).toISOString().slice(0, 10),
      status: 4,
      pay_status: 1,
      total: price + 600,
      data: JSON.stringify(order),
      read_at: Date.now(),
      phone_tail: null,
    };
  }
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

export interface PhoneTailBench {
  dialect: string;
  orders: number;
  writeS: number;
  fillS: number;
  calls: { name: string; orders: number; p50: number; p95: number }[];
}

async function benchOne(dialect: string, db: GatewayDb, count: number): Promise<PhoneTailBench> {
  const k = db.kysely;
  const end = Math.floor(Date.now() / 1000);
  let t = performance.now();
  let batch = [];
  const samples: string[] = [];
  for (const row of rows(count, end, samples)) {
    batch.push(row);
    if (batch.length === 500) {
      await k.insertInto('mirror_orders').values(batch).execute();
      batch = [];
    }
  }
  if (batch.length) await k.insertInto('mirror_orders').values(batch).execute();
  const writeS = (performance.now() - t) / 1000;
  t = performance.now();
  const filled = await fillPhoneTails(k);
  const fillS = (performance.now() - t) / 1000;
  if (filled !== count) throw new Error(`filled ${filled} of ${count}`);
  if (dialect === 'PostgreSQL') await sql`analyze mirror_orders`.execute(k);
  const calls = [];
  for (const [name, tails] of [
    ["a customer's tail, the newest 10 and the count", samples],
    ['the tail of a phone with 1 % of the orders', Array.from({ length: 30 }, () => BUSY_PHONE.slice(-4))],
  ] as const) {
    const ms: number[] = [];
    let found = 0;
    for (let round = 0; round < 3; round++)
      for (const tail of tails) {
        const t0 = performance.now();
        const page = await ordersByPhoneTail(k, tail, { offset: 0, limit: 10 });
        if (round > 0) ms.push(performance.now() - t0);
        if (page.count === 0 || page.list.length === 0) throw new Error(`no order for tail ${tail}`);
        found += page.count;
      }
    calls.push({ name, orders: Math.round(found / (tails.length * 3)), p50: pct(ms, 50), p95: pct(ms, 95) });
  }
  return { dialect, orders: count, writeS, fillS, calls };
}

export async function benchPhoneTail(count = Number(process.env.BENCH_PHONE_ORDERS ?? 1_000_000), only = process.env.BENCH_PHONE_DB) {
  const out: PhoneTailBench[] = [];
  if (only !== 'postgres') {
    const dir = mkdtempSync(join(tmpdir(), 'supply-desk-bench-phone-'));
    try {
      const db = await openGatewayDb({ file: join(dir, 'gateway.sqlite') });
      try {
        out.push(await benchOne('SQLite', db, count));
        printPhoneTail(out.slice(-1));
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (only !== 'sqlite') {
    const server = await startTestPostgres();
    try {
      const db = await openGatewayDb({ databaseUrl: await createDatabase(server.url, 'bench'), poolSize: 4 });
      try {
        out.push(await benchOne('PostgreSQL', db, count));
        printPhoneTail(out.slice(-1));
      } finally {
        await db.close();
      }
    } finally {
      await server.stop();
    }
  }
  return out;
}

export function printPhoneTail(results: PhoneTailBench[]) {
  for (const r of results) {
    console.log(
      `\nOrders by a phone's last four digits (target p95 <= 30 ms), ${r.dialect}: ${r.orders.toLocaleString('en')} orders written in ${r.writeS.toFixed(1)} s, their tails filled (the reconcile after the migration) in ${r.fillS.toFixed(1)} s`,
    );
    for (const c of r.calls)
      console.log(
        `    ${c.name.padEnd(48)} (${c.orders.toLocaleString('en')} orders)   p50 ${c.p50.toFixed(2).padStart(6)} ms   p95 ${c.p95.toFixed(2).padStart(6)} ms`,
      );
  }
}
