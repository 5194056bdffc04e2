import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExceptionCase, ExceptionEvent } from '../../../contract/schemas/exceptions';
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
import { createExceptions, EXCEPTIONS_TOPIC, type Exceptions } from './index';

/** Issue 52: exceptions found from the order mirror of the sandbox's irregular orders, and worked through /bff/exceptions. */

const HOUR = 3600;
let sb: SandboxHarness;
let db: GatewayDb;
let mirror: OrderMirror;
let clock: ShownClock;
let exceptions: Exceptions;
let bff: ReturnType<typeof createBffApp>;
const events: ExceptionEvent[] = [];
let seq = 0;

beforeAll(async () => {
  sb = await startSandbox({ goods: 300 });
  db = await testGatewayDb();
  const upstream = { baseUrl: sb.sandboxUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 };
  clock = createShownClock({ mode: 'sandbox', upstream, resyncMs: 3_600_000 });
  await clock.sync();
  mirror = createOrderMirror({ db, upstream, mode: 'sandbox', shown: clock.now, settings: { backfillDays: 30 } });
  bff = createBffApp({ db, upstream, mode: 'sandbox', mirror, clock });
  exceptions = createExceptions({ db, now: clock.now, call: upstreamCaller(upstream) });
  db.bus.subscribe(EXCEPTIONS_TOPIC, (p) => events.push(p as ExceptionEvent));
});
afterAll(async () => {
  clock.stop();
  await db.close();
  await sb.close();
});

/** A paid order of one line straight at the sandbox (one child). */
async function place(sku: number) {
  const orderSn = `EXC${Date.now()}${++seq}`;
  const res = await sb.upstream('POST', '/v2/order', {
    body: JSON.stringify({ orderSn, spu: [{ sku, number: 1 }], address, strictMode: true }),
  });
  return { orderSn, code: res.body.code as number, msg: res.body.msg as string };
}

/** Makes an order irregular through the sandbox's signed control call. */
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

/** The business clock moved, the mirror read again, a sweep. */
async function later(hours: number) {
  if (hours) await sb.advance(hours * HOUR);
  await clock.sync();
  const r = await mirror.reconcile();
  expect(r.error).toBeUndefined();
  return exceptions.sweep();
}

const call = async (cookie: string | undefined, method: string, path: string, body?: unknown) => {
  const res = await bff.app.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};
const list = async (cookie: string, query = '') =>
  (await call(cookie, 'GET', `/exceptions${query}`)).body as { list: ExceptionCase[]; count: number };
const all = async (cookie: string) => [
  ...(await list(cookie, '?state=open&size=500')).list,
  ...(await list(cookie, '?state=taken&size=500')).list,
  ...(await list(cookie, '?state=resolved&size=500')).list,
];
const sandboxRow = (thirdSn: string) =>
  sb.sandbox.db.prepare('SELECT sn, paid_time, created_time FROM orders WHERE third_sn = ?').get(thirdSn) as {
    sn: string;
    paid_time: number;
    created_time: number;
  };
const childOf = (thirdSn: string) =>
  (
    sb.sandbox.db.prepare('SELECT c.sn FROM order_children c JOIN orders o ON o.id = c.order_id WHERE o.third_sn = ?').get(thirdSn) as {
      sn: string;
    }
  ).sn;

describe('support’s exceptions against the sandbox’s irregular orders', () => {
  it('finds late, cancelled, returned, failed and stalled children with their since; a late one closes by itself unless taken', async () => {
    const support = await signIn(bff, 'support', 'ann-one');
    const [a, b, c, d, e] = sellableGoods(sb, 5);
    const late = await place(a!.sku);
    const lateTaken = await place(b!.sku);
    const cancelled = await place(c!.sku);
    const returned = await place(d!.sku);
    const stalled = await place(e!.sku);
    const fine = await place(a!.sku);
    for (const p of [late, lateTaken, cancelled, returned, stalled, fine]) expect(p.code, p.msg).toBe(1);
    // A failed order: placed while the balance is one yuan, never retried.
    const balance = sb.sandbox.db.prepare(`SELECT value FROM meta WHERE key = 'balance'`).get() as { value: string };
    sb.sandbox.db.prepare(`UPDATE meta SET value = '100' WHERE key = 'balance'`).run();
    const failed = await place(b!.sku).finally(() =>
      sb.sandbox.db.prepare(`UPDATE meta SET value = ? WHERE key = 'balance'`).run(balance.value),
    );
    expect(failed.code).toBe(0);
    await irregular(late.orderSn, 'late');
    await irregular(lateTaken.orderSn, 'late');
    await irregular(cancelled.orderSn, 'cancelled');
    await irregular(returned.orderSn, 'returned');
    await irregular(stalled.orderSn, 'stalled');

    // At once: the cancelled child only (the rest are not late yet, the failed order not 24 h old).
    const first = await later(0);
    expect(first.opened).toBe(1);
    let open = (await list(support)).list;
    expect(open.map((x) => [x.kind, x.shopOrderSn, x.childSn])).toEqual([['cancelled', cancelled.orderSn, childOf(cancelled.orderSn)]]);
    expect(open[0]).toMatchObject({ orderSn: sandboxRow(cancelled.orderSn).sn, state: 'open', takenBy: null, notes: [], resolvedAt: null });
    expect(events.at(-1)!.opened).toEqual([open[0]!.id]);

    // 50 h on: the two late ones (48 h after payment), the failed order (24 h after), the refused parcel (on its way back).
    const second = await later(50);
    expect(second.opened).toBe(4);
    expect(second.tracesRead).toBeGreaterThanOrEqual(2);
    open = (await list(support)).list;
    const byOrder = (sn: string) => open.find((x) => x.shopOrderSn === sn)!;
    expect(open.map((x) => x.kind).sort()).toEqual(['cancelled', 'failed', 'late', 'late', 'returned']);
    expect(byOrder(late.orderSn)).toMatchObject({
      kind: 'late',
      since: (sandboxRow(late.orderSn).paid_time + 48 * HOUR) * 1000,
      ageHours: 2,
    });
    expect(byOrder(failed.orderSn)).toMatchObject({
      kind: 'failed',
      childSn: '',
      since: (sandboxRow(failed.orderSn).created_time + 24 * HOUR) * 1000,
    });
    const refusedAt = sb.sandbox.db
      .prepare(`SELECT time FROM traces WHERE child_sn = ? AND message LIKE '%拒收%'`)
      .get(childOf(returned.orderSn)) as { time: number };
    expect(byOrder(returned.orderSn)).toMatchObject({ kind: 'returned', childSn: childOf(returned.orderSn), since: refusedAt.time * 1000 });
    // Oldest first.
    expect(open.map((x) => x.since)).toEqual([...open.map((x) => x.since)].sort((x, y) => x - y));
    // Filtered by kind.
    expect((await list(support, '?kind=late')).list.map((x) => x.shopOrderSn).sort()).toEqual([late.orderSn, lateTaken.orderSn].sort());
    expect((await list(support, '?kind=late&size=1')).count).toBe(2);

    // One of the late ones is taken before it ships.
    const taken = byOrder(lateTaken.orderSn);
    expect((await call(support, 'POST', `/exceptions/${taken.id}/take`)).status).toBe(200);
    // Open ones only by default; `unresolved` (the queue's landing) has the taken one too, oldest first.
    expect((await list(support, '?kind=late')).list.map((x) => x.id)).not.toContain(taken.id);
    const unresolved = (await list(support, '?kind=late&state=unresolved')).list;
    expect(unresolved.map((x) => [x.shopOrderSn, x.state]).sort()).toEqual(
      [
        [late.orderSn, 'open'],
        [lateTaken.orderSn, 'taken'],
      ].sort(),
    );

    // 84 h on: both late children shipped (72 h): the untaken case closed by itself, the taken one stays;
    // the stalled parcel's trace has not moved for 72 h; the parcel refused is back (the same case).
    const third = await later(34);
    expect(third).toMatchObject({ opened: 1, closed: 1 });
    const cases = await all(support);
    const caseOf = (sn: string, kind: string) => cases.filter((x) => x.shopOrderSn === sn && x.kind === kind);
    expect(caseOf(late.orderSn, 'late')).toMatchObject([{ state: 'resolved', resolvedBy: '', takenBy: null }]);
    expect(caseOf(lateTaken.orderSn, 'late')).toMatchObject([{ state: 'taken', takenBy: 'ann-one', resolvedAt: null }]);
    expect(caseOf(returned.orderSn, 'returned')).toHaveLength(1);
    const lastEvent = sb.sandbox.db
      .prepare(`SELECT max(time) AS t FROM traces WHERE child_sn = ? AND time <= ?`)
      .get(childOf(stalled.orderSn), Math.floor(clock.now() / 1000)) as { t: number };
    expect(caseOf(stalled.orderSn, 'stalled')).toMatchObject([{ state: 'open', since: (lastEvent.t + 72 * HOUR) * 1000 }]);
    expect(cases.some((x) => x.shopOrderSn === fine.orderSn)).toBe(false);
    expect(events.at(-1)!.closed).toEqual([caseOf(late.orderSn, 'late')[0]!.id]);

    // The failed order retried (paid now): its case closes by itself at the next sweep.
    const retried = await sb.upstream('PATCH', '/v2/order', { body: JSON.stringify({ orderSn: failed.orderSn }) });
    expect(retried.body.code, JSON.stringify(retried.body)).toBe(1);
    expect(await later(0)).toMatchObject({ opened: 0, closed: 1 });
    expect((await all(support)).filter((x) => x.shopOrderSn === failed.orderSn)).toMatchObject([
      { kind: 'failed', state: 'resolved', resolvedBy: '', takenBy: null },
    ]);
  });

  it('one person takes a case, a second is told who has it; notes bounded; resolved with a note; every step audited; merchants read only', async () => {
    const ann = await signIn(bff, 'support', 'ann-two');
    const bob = await signIn(bff, 'manager', 'bob-two');
    const merchant = await signIn(bff, 'merchant');
    const kase = (await list(ann, '?kind=cancelled')).list[0]!;
    expect(kase.state).toBe('open');

    // Roles: signed out 401; merchants read, but may not work a case.
    expect((await call(undefined, 'GET', '/exceptions')).status).toBe(401);
    expect((await call(merchant, 'GET', '/exceptions?kind=cancelled')).body.list.map((x: ExceptionCase) => x.id)).toContain(kase.id);
    expect((await call(merchant, 'POST', `/exceptions/${kase.id}/take`)).status).toBe(403);
    expect((await call(merchant, 'POST', `/exceptions/${kase.id}/notes`, { text: 'hi' })).status).toBe(403);
    expect((await call(merchant, 'POST', `/exceptions/${kase.id}/resolve`, { note: 'hi' })).status).toBe(403);
    // Bad input: 400 with a sentence.
    const badQuery = await call(ann, 'GET', '/exceptions?state=closed');
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.msg).toMatch(/state must be one of open, taken, resolved, unresolved/);
    expect((await call(ann, 'POST', '/exceptions/999999/take')).status).toBe(404);

    const took = await call(ann, 'POST', `/exceptions/${kase.id}/take`);
    expect(took.status).toBe(200);
    expect(took.body).toMatchObject({ id: kase.id, state: 'taken', takenBy: 'ann-two' });
    // Taking it again is no change; someone else is told who has it.
    expect((await call(ann, 'POST', `/exceptions/${kase.id}/take`)).status).toBe(200);
    const refused = await call(bob, 'POST', `/exceptions/${kase.id}/take`);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('ann-two has taken this exception; only they can work it now.');
    expect((await call(bob, 'POST', `/exceptions/${kase.id}/resolve`, { note: 'mine now' })).status).toBe(409);

    // Notes: 1–1,000 characters.
    expect((await call(ann, 'POST', `/exceptions/${kase.id}/notes`, { text: '  ' })).status).toBe(400);
    const tooLong = await call(ann, 'POST', `/exceptions/${kase.id}/notes`, { text: '退'.repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.msg).toMatch(/at most 1000 characters/);
    expect((await call(ann, 'POST', `/exceptions/${kase.id}/notes`, { text: '退'.repeat(1000) })).status).toBe(200);
    const noted = await call(ann, 'POST', `/exceptions/${kase.id}/notes`, { text: 'Called the customer: refund on its way.' });
    expect(noted.status).toBe(200);
    expect(noted.body.notes.map((n: { by: string; text: string }) => [n.by, n.text.length])).toEqual([
      ['ann-two', 1000],
      ['ann-two', 39],
    ]);
    expect(noted.body.notes[1].at).toBeGreaterThanOrEqual(kase.since);
    expect((await call(ann, 'POST', `/exceptions/${kase.id}/resolve`, {})).status).toBe(400);
    const resolved = await call(ann, 'POST', `/exceptions/${kase.id}/resolve`, { note: 'Refunded by the supplier; customer told.' });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ state: 'resolved', resolvedBy: 'ann-two' });
    expect(resolved.body.notes).toHaveLength(3);
    expect(typeof resolved.body.resolvedAt).toBe('number');
    expect((await call(ann, 'POST', `/exceptions/${kase.id}/notes`, { text: 'late' })).status).toBe(409);

    // One order's cases (the order drawer's list): every state unless one is asked for; a bad number is a 400.
    const ofOrder = await list(ann, `?order=${kase.orderSn}`);
    expect(ofOrder.list.map((x) => [x.id, x.state])).toContainEqual([kase.id, 'resolved']);
    expect(ofOrder.list.every((x) => x.orderSn === kase.orderSn)).toBe(true);
    expect((await list(ann, `?order=${kase.orderSn}&state=open`)).list.some((x) => x.id === kase.id)).toBe(false);
    expect((await list(ann, `?order=${kase.orderSn}&state=unresolved`)).list.some((x) => x.id === kase.id)).toBe(false);
    const badOrder = await call(ann, 'GET', '/exceptions?order=12ab');
    expect(badOrder.status).toBe(400);
    expect(badOrder.body.msg).toMatch(/order must be a platform order number/);

    // Its cause stays (the child is cancelled), but a case a person resolved is not opened again.
    const again = await later(0);
    expect(again.opened).toBe(0);
    expect((await list(ann, '?kind=cancelled')).count).toBe(0);

    // Every step in the audit, in words, refusals too.
    const rows = await db.kysely
      .selectFrom('audit')
      .select(['username', 'action', 'code', 'msg', 'summary'])
      .where('action', 'like', 'exceptions.%')
      .where('username', 'in', ['ann-two', 'bob-two'])
      .orderBy('id')
      .execute();
    const words = rows.map((r) => [r.username, r.action, r.code]);
    expect(words).toEqual([
      ['ann-two', 'exceptions.take', 404],
      ['ann-two', 'exceptions.take', 1],
      ['ann-two', 'exceptions.take', 1],
      ['bob-two', 'exceptions.take', 409],
      ['bob-two', 'exceptions.resolve', 409],
      ['ann-two', 'exceptions.note', 400],
      ['ann-two', 'exceptions.note', 400],
      ['ann-two', 'exceptions.note', 1],
      ['ann-two', 'exceptions.note', 1],
      ['ann-two', 'exceptions.resolve', 400],
      ['ann-two', 'exceptions.resolve', 1],
      ['ann-two', 'exceptions.note', 409],
    ]);
    // Each step names the order and the kind of case it worked (not only the case's id), refusals of a known case too.
    const named = `cancelled case of order ${kase.orderSn} (shop order ${kase.shopOrderSn}), child ${kase.childSn}`;
    expect(kase.orderSn).not.toBe(kase.shopOrderSn);
    expect(rows[1]!.msg).toBe(`took the ${named}`);
    const caseInput = { kind: 'cancelled', orderSn: kase.orderSn, shopOrderSn: kase.shopOrderSn, childSn: kase.childSn };
    expect(JSON.parse(rows[1]!.summary)).toEqual({ ...caseInput, id: kase.id });
    expect(rows[3]!.msg).toBe('refused: ann-two has taken this exception; only they can work it now.');
    expect(JSON.parse(rows[3]!.summary)).toEqual({ ...caseInput, id: kase.id });
    expect(JSON.parse(rows[0]!.summary)).toEqual({ id: 999999 });
    expect(rows[8]!.msg).toBe(`noted the ${named}`);
    expect(JSON.parse(rows[8]!.summary)).toEqual({ ...caseInput, text: 'Called the customer: refund on its way.', id: kase.id });
    expect(rows[10]!.msg).toBe(`resolved the ${named}`);
  });
});
