import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '../../../contract';
import type { ExceptionCase } from '../../../contract/schemas/exceptions';
import { EXCEPTION_KINDS } from '../../../contract/schemas/exceptions';
import { signIn } from '../../../test/bff-client';
import { testGatewayDb } from '../../../test/gateway-db';
import { sellableGoods, startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from '../../../test/harness';
import { address } from '../../../test/samples';
import { signHeaders } from '../../signing';
import { createBffApp } from '../app';
import { createShownClock, type ShownClock } from '../clock';
import type { GatewayDb } from '../db';
import { upstreamCaller } from '../messages/effects';
import { createOrderMirror, type OrderMirror } from '../mirror';
import { dayOf } from '../mirror/rollups';
import { createExceptions, type Exceptions } from './index';

/**
 * Issue 52.4–5: the overview's shipping figures from the children the sweep keeps, and the sweep
 * working from what changed (the mirror's writes since its cursor) and from due times alone.
 */

const HOUR = 3600;
let sb: SandboxHarness;
let db: GatewayDb;
let mirror: OrderMirror;
let clock: ShownClock;
let exceptions: Exceptions;
let bff: ReturnType<typeof createBffApp>;
let seq = 0;
const upstreamOf = () => ({ baseUrl: sb.sandboxUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 });

beforeAll(async () => {
  sb = await startSandbox({ goods: 300 });
  db = await testGatewayDb();
  const upstream = upstreamOf();
  clock = createShownClock({ mode: 'sandbox', upstream, resyncMs: 3_600_000 });
  await clock.sync();
  mirror = createOrderMirror({ db, upstream, mode: 'sandbox', shown: clock.now, settings: { backfillDays: 30 } });
  bff = createBffApp({ db, upstream, mode: 'sandbox', mirror, clock });
  // No overlap: a run reads only what the mirror wrote after the last one (what the incremental test checks).
  exceptions = createExceptions({ db, now: clock.now, call: upstreamCaller(upstream), overlapMs: 0 });
});
afterAll(async () => {
  clock.stop();
  await db.close();
  await sb.close();
});

async function place(sku: number) {
  const orderSn = `SHP${Date.now()}${++seq}`;
  const res = await sb.upstream('POST', '/v2/order', {
    body: JSON.stringify({ orderSn, spu: [{ sku, number: 1 }], address, strictMode: true }),
  });
  expect(res.body.code, res.body.msg).toBe(1);
  return orderSn;
}
async function irregular(orderSn: string, kind: string) {
  const body = JSON.stringify({ orderSn, kind });
  const res = await request(`${sb.sandboxUrl}/sandbox/irregular`, {
    method: 'POST',
    headers: { ...signHeaders({ appKey: TEST_KEY, appSecret: TEST_SECRET, body }), 'content-type': 'application/json' },
    body,
  });
  const env = (await res.body.json()) as { code: number; msg: string };
  expect(env.code, env.msg).toBe(1);
}
const row = (thirdSn: string) =>
  sb.sandbox.db
    .prepare(
      'SELECT o.sn, o.paid_time, c.sn AS child, c.deliver_time FROM orders o JOIN order_children c ON c.order_id = o.id WHERE o.third_sn = ?',
    )
    .get(thirdSn) as { sn: string; paid_time: number; child: string; deliver_time: number };
/** The sandbox ships this order's child `hours` after its payment. */
const shipAfter = (thirdSn: string, hours: number) => {
  const r = row(thirdSn);
  const moved = sb.sandbox.db
    .prepare("UPDATE jobs SET due_ms = ? WHERE kind = 'ship' AND ref = ? AND done = 0")
    .run((r.paid_time + hours * HOUR) * 1000, r.child);
  expect(moved.changes).toBe(1);
};
async function reconcile() {
  await clock.sync();
  const r = await mirror.reconcile();
  expect(r.error).toBeUndefined();
}
async function later(hours: number) {
  if (hours) await sb.advance(hours * HOUR);
  await reconcile();
  return exceptions.sweep();
}
const get = async <T>(cookie: string, path: string) => {
  const res = await bff.app.request(path, { headers: { cookie } });
  return { status: res.status, body: (await res.json()) as T };
};

describe('how shipping went, and the sweep from what changed', () => {
  it('shares shipped within 48 h of payment (30 h in, 50 h out), the median of an even count, open exceptions by kind as the queue counts them', async () => {
    const manager = await signIn(bff, 'manager', 'meg-ship');
    const [a, b, c, d] = sellableGoods(sb, 4);
    const at30 = await place(a!.sku);
    const at50 = await place(b!.sku);
    const at20 = await place(c!.sku);
    const at40 = await place(d!.sku);
    const waiting = await place(a!.sku);
    const cancelled = await place(b!.sku);
    shipAfter(at30, 30);
    shipAfter(at50, 50);
    shipAfter(at20, 20);
    shipAfter(at40, 40);
    await irregular(waiting, 'late');
    await irregular(cancelled, 'cancelled');
    await later(0);
    await later(51);

    const from = dayOf(row(at30).paid_time, mirror.settings.timeZone);
    const to = dayOf(Math.floor(clock.now() / 1000), mirror.settings.timeZone);
    const overview = await get<Overview>(manager, `/overview?period=custom&from=${from}&to=${to}`);
    expect(overview.status).toBe(200);
    const s = overview.body.shipping!;
    expect(s).toMatchObject({
      from,
      to,
      withinHours: 48,
      shippedWithin: 3,
      shippedLate: 1,
      waitingLate: 1,
      waitingInTime: 0,
      cancelled: 1,
    });
    expect(s.withinShare).toBeCloseTo(3 / 5, 10);
    // 20, 30, 40, 50 hours: the mean of the middle two.
    const hours = [at20, at30, at40, at50].map((sn) => (row(sn).deliver_time - row(sn).paid_time) / HOUR).sort((x, y) => x - y);
    expect(hours).toEqual([20, 30, 40, 50]);
    expect(s.medianHours).toBeCloseTo(35, 6);

    // Open exceptions by kind: what the queue's list counts, kind by kind.
    expect(s.openByKind.late).toBe(1);
    expect(s.openByKind.cancelled).toBe(1);
    for (const kind of EXCEPTION_KINDS) {
      const list = await get<{ count: number; list: ExceptionCase[] }>(manager, `/exceptions?kind=${kind}&state=open`);
      expect(s.openByKind[kind], kind).toBe(list.body.count);
    }

    // The pages' late words use the same hours: /bff/meta says the gateway's EXCEPTION_LATE_HOURS.
    expect((await get<{ exceptions: { lateHours: number } }>(manager, '/meta')).body.exceptions).toEqual({ lateHours: 48 });
    const other = createBffApp({ db, upstream: upstreamOf(), mode: 'sandbox', mirror, clock, exceptions: { lateHours: 36 } });
    const meta = await other.app.request('/meta', { headers: { cookie: await signIn(other, 'merchant', 'mo-ship') } });
    expect(((await meta.json()) as { exceptions: unknown }).exceptions).toEqual({ lateHours: 36 });

    // A period before any payment: nothing shipped, no median, no share.
    const before = await get<Overview>(manager, `/overview?period=custom&from=2020-01-01&to=2020-01-02`);
    expect(before.body.shipping).toMatchObject({ shippedWithin: 0, shippedLate: 0, withinShare: null, medianHours: null });
  });

  it('sees a change written after its cursor, finds a child late by time alone (no mirror change), and still closes a case by itself', async () => {
    const [a, b] = sellableGoods(sb, 2);
    const slow = await place(a!.sku);
    await irregular(slow, 'late');
    const first = await later(0);
    expect(first.orders).toBeGreaterThanOrEqual(1);
    expect(first.caughtUp).toBe(true);

    // Nothing written since: a run examines no order.
    expect((await exceptions.sweep()).orders).toBe(0);

    // 49 h on, the mirror not read again: the child is late by its payment time alone.
    await sb.advance(49 * HOUR);
    await clock.sync();
    const byTime = await exceptions.sweep();
    expect(byTime).toMatchObject({ orders: 0, due: 1, opened: 1 });
    const late = (await exceptions.store.list({ kind: 'late', state: 'open', offset: 0, limit: 50 }, clock.now())).list.filter(
      (x) => x.shopOrderSn === slow,
    );
    expect(late).toMatchObject([{ kind: 'late', since: (row(slow).paid_time + 48 * HOUR) * 1000 }]);

    // An order placed and cancelled after the cursor: the mirror writes it, the next run sees it.
    const gone = await place(b!.sku);
    await irregular(gone, 'cancelled');
    expect((await exceptions.sweep()).opened).toBe(0);
    const seen = await later(0);
    expect(seen.orders).toBeGreaterThanOrEqual(1);
    const cancelledCase = (
      await exceptions.store.list({ kind: 'cancelled', state: 'open', offset: 0, limit: 50 }, clock.now())
    ).list.filter((x) => x.shopOrderSn === gone);
    expect(cancelledCase).toHaveLength(1);

    // The overview's kept days (shipping.ts): the one of the late child's payment is forgotten when the
    // sweep sees it ship; another day stays.
    const paidMs = row(slow).paid_time * 1000;
    const keptDay = (from: number) => ({
      from_ms: from,
      to_ms: from + 86_400_000,
      within_ms: 48 * HOUR * 1000,
      within: 99,
      late: 0,
      cancelled: 0,
      hist: '{}',
    });
    await db.kysely
      .insertInto('exception_ship_days')
      .values([keptDay(paidMs - HOUR * 1000), keptDay(Date.UTC(2020, 0, 1))])
      .execute();

    // The late child ships (72 h after payment): its untaken case closes by itself.
    const shipped = await later(24);
    const days = await db.kysely.selectFrom('exception_ship_days').select('from_ms').where('within', '=', 99).execute();
    expect(days.map((d) => Number(d.from_ms))).toEqual([Date.UTC(2020, 0, 1)]);
    expect(shipped.closed).toBeGreaterThanOrEqual(1);
    const all = await exceptions.store.list({ kind: 'late', state: 'resolved', offset: 0, limit: 50 }, clock.now());
    expect(all.list.filter((x) => x.shopOrderSn === slow)).toMatchObject([{ state: 'resolved', resolvedBy: '', takenBy: null }]);
    // Its child's row says it shipped 72 h after payment.
    const child = await db.kysely
      .selectFrom('exception_children')
      .select(['state', 'ship_ms'])
      .where('child_sn', '=', row(slow).child)
      .executeTakeFirstOrThrow();
    expect([child.state, Number(child.ship_ms)]).toEqual(['transit', 72 * HOUR * 1000]);
  });
});
