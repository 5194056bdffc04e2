import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testGatewayDb } from '../../../test/gateway-db';
import { sellableGoods, startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from '../../../test/harness';
import { CLEAN_FAULTS, setFaults, startCountingDoor } from '../../../test/counting-door';
import { address } from '../../../test/samples';
import type { UpstreamTarget } from '../config';
import type { GatewayDb } from '../db';
import { createGoods, type Goods } from '../goods';
import { upstreamCaller } from '../messages/effects';
import { createUpstreamGuard, type UpstreamGuard } from '../operations/resilience';
import { createOrderMirror, type OrderMirror } from './index';

/**
 * Issue 50.3: after the supplier was down for a while (the sandbox's `outage`), during which orders
 * shipped and the market moved library prices, the order mirror, the SKU index and the goods watch
 * catch up by themselves within one reconcile each: nothing is left stale, nothing is read twice.
 * The first reconcile after the supplier is back counts, even one that starts while the breaker still
 * pauses (it waits the pause out rather than being refused and leaving the catching up to the next).
 */

let sb: SandboxHarness;
let door: Awaited<ReturnType<typeof startCountingDoor>>;
let db: GatewayDb;
let mirror: OrderMirror;
let goods: Goods;
let guard: UpstreamGuard;
/** Long enough that the pause surely still runs when the supplier is back and the reconcile starts. */
const BREAKER_MS = 1500;

beforeAll(async () => {
  sb = await startSandbox({ goods: 200 });
  door = await startCountingDoor(sb);
  db = await testGatewayDb();
  // The gateway's client as server.ts makes it: retries and a breaker (short, for the test).
  guard = createUpstreamGuard({ retryBaseMs: 10, retryMaxMs: 20, breakerFailures: 3, breakerOpenMs: BREAKER_MS });
  const upstream: UpstreamTarget = {
    baseUrl: door.url,
    appKey: TEST_KEY,
    appSecret: TEST_SECRET,
    timeoutMs: 5000,
    guard,
  };
  mirror = createOrderMirror({ db, upstream, mode: 'sandbox', settings: { backfillDays: 30 } });
  goods = createGoods({ db, call: upstreamCaller(upstream), guard });
});
afterAll(async () => {
  await setFaults(sb, CLEAN_FAULTS).catch(() => {});
  await db.close();
  await door.close();
  await sb.close();
});

type UpOrder = { sn: string; thirdSn: string; status: number; payStatus: number; children: { sn: string; goodsStatus: number }[] };
/** The orders as the supplier has them now (read straight from it). */
async function atSupplier(sns: string[]) {
  const r = await sb.upstream('GET', '/v2/order', { body: JSON.stringify({ search: { page: 1, limit: 100 } }) });
  return (r.body.data.list as UpOrder[])
    .filter((o) => sns.includes(o.thirdSn))
    .map((o) => ({ sn: o.sn, status: o.status, payStatus: o.payStatus, children: o.children.map((c) => [c.sn, c.goodsStatus]) }))
    .sort((a, b) => a.sn.localeCompare(b.sn));
}
/** The same orders as the mirror holds them. */
async function inMirror(sns: string[]) {
  const rows = await db.kysely.selectFrom('mirror_orders').selectAll().where('third_sn', 'in', sns).execute();
  return rows
    .map((r) => {
      const o = JSON.parse(r.data) as UpOrder;
      return {
        sn: r.sn,
        status: Number(r.status),
        payStatus: Number(r.pay_status),
        children: o.children.map((c) => [c.sn, c.goodsStatus]),
      };
    })
    .sort((a, b) => a.sn.localeCompare(b.sn));
}
type SkuRow = { sku: number; agreement_price: number };
const libraryAtSupplier = () =>
  sb.sandbox.db
    .prepare('SELECT s.id AS sku, s.agreement_price FROM sku_options s WHERE s.goods_id IN (SELECT goods_id FROM library) ORDER BY s.id')
    .all() as SkuRow[];
const libraryInIndex = async () =>
  (await db.kysely.selectFrom('goods_skus').select(['sku', 'agreement_price']).orderBy('sku').execute()).map((r) => ({
    sku: Number(r.sku),
    agreement_price: Number(r.agreement_price),
  }));

describe('after an outage', () => {
  it('one reconcile each makes the order mirror, the SKU index and the watch’s history equal the supplier again', async () => {
    const sns: string[] = [];
    for (const [i, g] of sellableGoods(sb, 3).entries()) {
      const orderSn = `OUTAGE${Date.now()}${i}`;
      const r = await sb.upstream('POST', '/v2/order', { body: JSON.stringify({ orderSn, spu: [{ sku: g.sku, number: 1 }], address }) });
      expect(r.body.code, r.body.msg).toBe(1);
      sns.push(orderSn);
    }
    expect((await mirror.reconcile()).error).toBeUndefined();
    expect((await goods.reconcile()).goods).toBeGreaterThan(0);
    const paid = await atSupplier(sns);
    expect(paid.every((o) => o.status === 1)).toBe(true);
    expect(await inMirror(sns)).toEqual(paid);
    expect(await libraryInIndex()).toEqual(libraryAtSupplier());

    // Down for a business day: the orders ship and are delivered, the market moves library prices.
    await setFaults(sb, { ...CLEAN_FAULTS, outage: true });
    const pricesBefore = libraryAtSupplier();
    await sb.advance(86_400);
    const during = await mirror.reconcile();
    expect(during.error).toBeTruthy();
    await expect(goods.reconcile()).rejects.toThrow();
    expect(libraryAtSupplier()).not.toEqual(pricesBefore);
    // Calls in a row failed: the breaker pauses (a reconcile during the outage waits one pause out, then fails).
    for (let i = 0; i < 5 && !guard.state().open; i++) expect((await mirror.reconcile()).error).toBeTruthy();
    expect(guard.state().open).toBe(true);

    // Back, while the breaker still pauses: the first reconcile waits the pause out and reads it all;
    // then one goods reconcile. Each equals the supplier.
    await setFaults(sb, CLEAN_FAULTS);
    expect(guard.state().open).toBe(true);
    const moved = await atSupplier(sns);
    expect(moved.every((o) => o.status >= 3)).toBe(true);
    // Until then the gateway holds the orders as they were: stale, not lost.
    expect(await inMirror(sns)).toEqual(paid);
    const after = await mirror.reconcile();
    expect(after.error).toBeUndefined();
    expect(guard.state().open).toBe(false);
    expect(await inMirror(sns)).toEqual(await atSupplier(sns));
    // The goods reconcile too, started while the breaker pauses (calls failed elsewhere meanwhile).
    for (let i = 0; i < 3; i++) guard.failed();
    expect(guard.state().open).toBe(true);
    await goods.reconcile();
    expect(guard.state().open).toBe(false);
    const now = libraryAtSupplier();
    expect(await libraryInIndex()).toEqual(now);
    // The watch saw each move the outage hid: the last price in each moved SKU's history is today's.
    const movedSkus = now.filter((s) => s.agreement_price !== pricesBefore.find((b) => b.sku === s.sku)?.agreement_price);
    expect(movedSkus.length).toBeGreaterThan(0);
    for (const s of movedSkus) {
      const last = await db.kysely
        .selectFrom('goods_history')
        .select('agreement_price')
        .where('sku', '=', s.sku)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(Number(last.agreement_price), `sku ${s.sku}`).toBe(s.agreement_price);
    }
  });
});
