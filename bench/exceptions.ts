import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Order } from '../contract';
import { openGatewayDb, type GatewayDb } from '../server/gateway/db';
import { createBffApp } from '../server/gateway/app';
import { createExceptions } from '../server/gateway/exceptions';
import { shippingFigures } from '../server/gateway/exceptions/shipping';
import { periodDays } from '../server/gateway/mirror/routes';
import { dayOf } from '../server/gateway/mirror/rollups';
import { benchSignIn } from './sign-in';
import { createDatabase, startTestPostgres } from '../test/pg-server';

/**
 * `BENCH_ONLY=exceptions` (issue 52.5): support's exceptions over a mirror of BENCH_EXCEPTIONS_ORDERS
 * (default 1,000,000) orders over 180 days, on SQLite and PostgreSQL (BENCH_EXCEPTIONS_DB=sqlite or
 * postgres: one of them). The mirror's rows, the children the sweep keeps and the cases are written
 * as a sweep that had kept up would have left them, with a realistic share going wrong (about 4 % of
 * children shipped late, 1.5 % cancelled by the supplier, 0.5 % refused and back, 0.5 % stalled);
 * then: the queue's list (`GET /bff/exceptions`, first page, open, oldest first; and of one kind),
 * the overview's shipping figures (30 days, this month), one sweep after the mirror wrote a
 * reconcile's worth of changes, one with nothing written, and one run of the first sweep over a
 * mirror it has never seen (EXCEPTION_ORDERS_PER_RUN orders). Only when named.
 */

const TZ = 'Asia/Shanghai';
const H = 3600;
const SOURCES = [1, 2, 3, 4, 6];

/** A small deterministic generator, so both databases get the same orders. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

interface Child {
  sn: string;
  source: number;
  sku: number;
  /** Hours from payment to shipment (null: not shipped), and what became of it. */
  shipH: number | null;
  fate: 'fine' | 'late' | 'cancelled' | 'returned' | 'stalled';
}

/** One order's children: 1 or 2, each with when it shipped (or not) and what went wrong. */
function childrenOf(sn: string, created: number, end: number, r: () => number): Child[] {
  const out: Child[] = [];
  const n = r() < 0.4 ? 2 : 1;
  for (let i = 0; i < n; i++) {
    const roll = r();
    const fate = roll < 0.04 ? 'late' : roll < 0.055 ? 'cancelled' : roll < 0.06 ? 'returned' : roll < 0.065 ? 'stalled' : 'fine';
    const hours = fate === 'late' ? 49 + r() * 60 : fate === 'cancelled' ? null : 2 + r() * 40;
    const shipH = hours !== null && created + hours * H <= end ? hours : null;
    out.push({ sn: `${sn}_${SOURCES[i]}`, source: SOURCES[i]!, sku: 10 * (1 + Math.floor(r() * 20_000)) + 1, shipH, fate });
  }
  return out;
}

function orderOf(sn: string, created: number, end: number, kids: Child[]): Order {
  return {
    id: 1,
    sn,
    thirdSn: `T${sn}`,
    goodsFee: 2000 * kids.length,
    logisticFee: 0,
    address: { consignee: '张三', phone: '13800138000', province: '浙江省', city: '杭州市', area: '西湖区', street: '', description: '' },
    createdTime: created,
    payStatus: 1,
    checkStatus: 1,
    status: 2,
    children: kids.map((c) => {
      const shipped = c.shipH === null ? 0 : Math.floor(created + c.shipH * H);
      const gone = c.fate === 'cancelled' || (c.fate === 'returned' && shipped > 0 && end - shipped > 3 * 86_400);
      return {
        sn: c.sn,
        source: c.source,
        logisticFee: 0,
        goodsFee: 2000,
        goodsStatus: gone ? 1 : shipped === 0 ? 0 : end - shipped > 4 * 86_400 ? 4 : 3,
        orderStatus: gone ? 4 : 2,
        deliverTime: shipped,
        createdTime: created,
        shopInfo: { name: 'shop' },
        goods: [
          {
            sn: `${c.sn}_1_1`,
            goodsId: Math.floor(c.sku / 10),
            sku: c.sku,
            skuName: '默认',
            image: '',
            name: '商品',
            number: 1,
            price: 2000,
            refundTime: gone ? created + 4 * 86_400 : 0,
            createdTime: created,
            payStatus: 1,
            deliverName: shipped ? '顺丰速运' : '',
            deliverNo: shipped ? `SF${c.sn}` : '',
          },
        ],
      };
    }),
  } as Order;
}

const stateOf = (o: Order['children'][number]) =>
  o.goodsStatus === 0
    ? 'waiting'
    : o.goodsStatus === 1
      ? o.deliverTime > 0
        ? 'returned'
        : 'cancelled'
      : o.goodsStatus === 3
        ? 'transit'
        : 'done';

/** Writes the mirror, the sweep's children and the cases; resolves how many of each. */
async function seed(db: GatewayDb, count: number, end: number) {
  const k = db.kysely;
  const r = random(52);
  let orders: Record<string, unknown>[] = [];
  let children: Record<string, unknown>[] = [];
  let cases: Record<string, unknown>[] = [];
  let notes = 0;
  const totals = { orders: 0, children: 0, cases: 0, open: 0 };
  const flush = async () => {
    await k.transaction().execute(async (trx) => {
      for (let i = 0; i < orders.length; i += 500)
        await trx
          .insertInto('mirror_orders')
          .values(orders.slice(i, i + 500) as never)
          .execute();
      for (let i = 0; i < children.length; i += 500)
        await trx
          .insertInto('exception_children')
          .values(children.slice(i, i + 500) as never)
          .execute();
      for (let i = 0; i < cases.length; i += 500) {
        const part = cases.slice(i, i + 500);
        const ids = await trx
          .insertInto('exceptions')
          .values(part.map(({ noted: _, ...c }) => c) as never)
          .returning('id')
          .execute();
        const withNotes = ids.flatMap((row, j) =>
          part[j]!.noted ? [{ exception_id: row.id, at: Number(part[j]!.since) + H * 1000, by: 'ann', text: 'Called the customer.' }] : [],
        );
        notes += withNotes.length;
        if (withNotes.length) await trx.insertInto('exception_notes').values(withNotes).execute();
      }
    });
    totals.orders += orders.length;
    totals.children += children.length;
    totals.cases += cases.length;
    orders = [];
    children = [];
    cases = [];
  };
  for (let i = 0; i < count; i++) {
    const created = end - Math.floor(r() * 180 * 86_400);
    const sn = `E${created}${String(i).padStart(7, '0')}`;
    const kids = childrenOf(sn, created, end, r);
    const o = orderOf(sn, created, end, kids);
    orders.push({
      sn,
      third_sn: o.thirdSn,
      created_time: created,
      day: dayOf(created, TZ),
      status: o.status,
      pay_status: 1,
      total: o.goodsFee,
      data: JSON.stringify(o),
      // Written by the mirror when it read it (before the bench's now).
      read_at: created * 1000,
    });
    for (const [j, ch] of o.children.entries()) {
      const c = kids[j]!;
      const paidMs = created * 1000;
      const shippedMs = ch.deliverTime * 1000;
      children.push({
        child_sn: ch.sn,
        order_sn: sn,
        shop_order_sn: o.thirdSn,
        source: ch.source,
        sku: c.sku,
        state: stateOf(ch),
        paid_at: paidMs,
        shipped_at: shippedMs,
        ship_ms: shippedMs ? shippedMs - paidMs : null,
        trace_read_at: -1,
        trace_last: 0,
        trace_refused: null,
      });
      const kase = (kind: string, since: number, open: boolean) => {
        // Of those not open: cancelled and returned ones resolved by a person (their cause stays), a tenth
        // of the others too, the rest closed by themselves (late: shipped; stalled: moved on).
        const byPerson = !open && (kind === 'cancelled' || kind === 'returned' || r() < 0.1);
        const taken = open && r() < 0.2;
        if (open && !taken) totals.open++;
        cases.push({
          kind,
          order_sn: sn,
          shop_order_sn: o.thirdSn,
          child_sn: ch.sn,
          subject: ch.sn,
          since,
          state: open ? (taken ? 'taken' : 'open') : 'resolved',
          taken_by_id: taken || byPerson ? 1 : null,
          taken_by: taken || byPerson ? 'ann' : null,
          resolved_at: open ? null : since + 6 * H * 1000,
          resolved_by: open ? null : byPerson ? 'ann' : '',
          opened_at: since,
          noted: byPerson || taken,
        });
      };
      const age = end - created;
      if (c.fate === 'late' && age > 48 * H) kase('late', paidMs + 48 * H * 1000, ch.deliverTime === 0);
      if (c.fate === 'cancelled') kase('cancelled', paidMs + 2 * H * 1000, age < 3 * 86_400);
      if (c.fate === 'returned' && ch.deliverTime > 0) kase('returned', shippedMs + 2 * 86_400 * 1000, age < 5 * 86_400);
      if (c.fate === 'stalled' && ch.deliverTime > 0 && age > 4 * 86_400) kase('stalled', shippedMs + 72 * H * 1000, age < 7 * 86_400);
    }
    if (orders.length >= 5000) await flush();
  }
  await flush();
  return { ...totals, notes };
}

export interface ExceptionsBench {
  dialect: string;
  seeded: { orders: number; children: number; cases: number; open: number; notes: number; seconds: number };
  calls: { name: string; p50: number; p95: number; rows: number }[];
  changed: number;
  sweeps: { name: string; ms: number; orders: number; opened: number; closed: number; due: number }[];
}

async function benchOne(dialect: string, db: GatewayDb, count: number): Promise<ExceptionsBench> {
  const end = Math.floor(Date.now() / 1000);
  const started = performance.now();
  const seeded = await seed(db, count, end);
  const seconds = (performance.now() - started) / 1000;
  if (dialect === 'PostgreSQL') await sql`analyze`.execute(db.kysely);
  const nowMs = end * 1000;
  // The sweep's cursor: it had kept up with the mirror as written.
  const latest = await db.kysely
    .selectFrom('mirror_orders')
    .select(['read_at', 'sn'])
    .orderBy('read_at', 'desc')
    .orderBy('sn', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const cursor = { readAt: Number(latest.read_at), sn: latest.sn, cashTime: -1, now: nowMs, lateMs: 48 * H * 1000 };
  await db.kysely
    .insertInto('exception_sweep')
    .values({ name: 'cursor', value: JSON.stringify(cursor) })
    .execute();

  // The queue's list through the gateway's route, as support's page asks it.
  const bff = createBffApp({
    db,
    upstream: { baseUrl: 'http://127.0.0.1:9', appKey: 'bench', appSecret: 'bench', timeoutMs: 1000 },
    mode: 'upstream',
  });
  const cookie = await benchSignIn(bff, 'support');
  const calls: ExceptionsBench['calls'] = [];
  for (const [name, path] of [
    ['GET /bff/exceptions, open, oldest first, first page', '/exceptions?state=open'],
    ['GET /bff/exceptions, open, of one kind (late)', '/exceptions?kind=late&state=open'],
    ['GET /bff/exceptions, open, of one kind (stalled)', '/exceptions?kind=stalled&state=open'],
    ['GET /bff/exceptions, resolved, oldest first, page 50', '/exceptions?state=resolved&page=50'],
  ] as const) {
    const ms: number[] = [];
    let rows = 0;
    for (let i = 0; i < 120; i++) {
      const t = performance.now();
      const res = await bff.app.request(path, { headers: { cookie } });
      const body = (await res.json()) as { list: unknown[]; count: number };
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
      if (i >= 20) ms.push(performance.now() - t);
      rows = body.count;
    }
    calls.push({ name, p50: pct(ms, 50), p95: pct(ms, 95), rows });
  }
  const today = dayOf(end, TZ);
  for (const period of ['30d', 'month'] as const) {
    const days = periodDays(period, today);
    const ms: number[] = [];
    let rows = 0;
    // The first ask works each day out from the children and keeps it (the days older than two days).
    const cold = performance.now();
    await shippingFigures(db.kysely, { from: days.from, to: days.to, timeZone: TZ, withinHours: 48, now: nowMs });
    calls.push({
      name: `overview's shipping, ${period === '30d' ? '30 days' : 'this month'}, first ask (days kept)`,
      p50: performance.now() - cold,
      p95: performance.now() - cold,
      rows: 0,
    });
    for (let i = 0; i < 60; i++) {
      const t = performance.now();
      const s = await shippingFigures(db.kysely, { from: days.from, to: days.to, timeZone: TZ, withinHours: 48, now: nowMs });
      if (i >= 10) ms.push(performance.now() - t);
      rows = s.shippedWithin + s.shippedLate + s.waitingLate + s.waitingInTime + s.cancelled;
    }
    calls.push({
      name: `overview's shipping figures, ${period === '30d' ? '30 days' : 'this month'}`,
      p50: pct(ms, 50),
      p95: pct(ms, 95),
      rows,
    });
  }

  // More than a reconcile's worth of changes: the orders of the last 6 hours read again, their waiting children shipped now.
  const exceptions = createExceptions({ db, now: () => nowMs + 60_000, overlapMs: 0 });
  const recent = await db.kysely
    .selectFrom('mirror_orders')
    .select(['sn', 'data'])
    .where('created_time', '>=', end - 6 * H)
    .execute();
  const writtenAt = Date.now();
  for (let i = 0; i < recent.length; i += 500)
    await db.kysely.transaction().execute(async (trx) => {
      for (const row of recent.slice(i, i + 500)) {
        const o = JSON.parse(row.data) as Order;
        for (const ch of o.children)
          if (ch.goodsStatus === 0) {
            ch.goodsStatus = 3;
            ch.deliverTime = end;
          }
        await trx
          .updateTable('mirror_orders')
          .set({ data: JSON.stringify(o), read_at: writtenAt })
          .where('sn', '=', row.sn)
          .execute();
      }
    });
  const sweeps: ExceptionsBench['sweeps'] = [];
  const run = async (name: string, ex = exceptions) => {
    const r = await ex.sweep();
    sweeps.push({ name, ms: r.ms, orders: r.orders, opened: r.opened, closed: r.closed, due: r.due });
  };
  await run(`one sweep after the mirror wrote ${recent.length.toLocaleString('en')} orders`);
  await run('the next sweep, nothing written since (late by time alone)');
  // The first sweep over a mirror it has never seen: one run's worth of orders (the next runs go on).
  await db.kysely.deleteFrom('exception_sweep').execute();
  await run('the first sweep over a mirror it has never seen: one run (20,000 orders)');
  return { dialect, seeded: { ...seeded, seconds }, calls, changed: recent.length, sweeps };
}

export async function benchExceptions(
  count = Number(process.env.BENCH_EXCEPTIONS_ORDERS ?? 1_000_000),
  only = process.env.BENCH_EXCEPTIONS_DB,
): Promise<ExceptionsBench[]> {
  const out: ExceptionsBench[] = [];
  if (only !== 'postgres') {
    const dir = mkdtempSync(join(tmpdir(), 'supply-desk-bench-exceptions-'));
    const lite = await openGatewayDb({ file: join(dir, 'gateway.sqlite') });
    try {
      const r = await benchOne('SQLite', lite, count);
      printExceptions([r]);
      out.push(r);
    } finally {
      await lite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (only !== 'sqlite') {
    const server = await startTestPostgres();
    try {
      const pgDb = await openGatewayDb({ databaseUrl: await createDatabase(server.url, 'excbench'), poolSize: 4 });
      try {
        const r = await benchOne('PostgreSQL', pgDb, count);
        printExceptions([r]);
        out.push(r);
      } finally {
        await pgDb.close();
      }
    } finally {
      await server.stop();
    }
  }
  return out;
}

export function printExceptions(results: ExceptionsBench[]) {
  console.log(`\nSupport's exceptions over the order mirror (target: the queue's list p95 <= 50 ms)`);
  for (const r of results) {
    const s = r.seeded;
    console.log(
      `  ${r.dialect.padEnd(10)} ${s.orders.toLocaleString('en')} orders over 180 days, ${s.children.toLocaleString('en')} children, ${s.cases.toLocaleString('en')} exceptions (${s.open.toLocaleString('en')} open, ${s.notes.toLocaleString('en')} notes); written in ${s.seconds.toFixed(0)} s`,
    );
    for (const c of r.calls)
      console.log(
        `    ${c.name.padEnd(58)} p50 ${c.p50.toFixed(1).padStart(6)} ms   p95 ${c.p95.toFixed(1).padStart(6)} ms   (${c.rows.toLocaleString('en')})`,
      );
    for (const w of r.sweeps)
      console.log(
        `    ${w.name.padEnd(72)} ${String(w.ms).padStart(6)} ms   (${w.orders.toLocaleString('en')} orders examined, ${w.due} late by time, ${w.opened} opened, ${w.closed} closed)`,
      );
  }
}
