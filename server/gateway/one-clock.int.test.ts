import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateImportInput, ImportJob, InboxMessage, Overview, WatchHistory } from '../../contract';
import { WATCH_MESSAGE_TYPE } from '../../contract/message-kinds';
import { bffGet, signIn } from '../../test/bff-client';
import { testGatewayDb } from '../../test/gateway-db';
import { sellableGoods, startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from '../../test/harness';
import { address } from '../../test/samples';
import { createBffApp } from './app';
import { createShownClock, type ShownClock } from './clock';
import type { GatewayDb } from './db';
import { createGoods, type Goods } from './goods';
import { createMessageCenter, type MessageCenter } from './messages';
import { upstreamCaller } from './messages/effects';
import { createOrderMirror, type OrderMirror } from './mirror';

/**
 * One clock after a move (issue 49): in sandbox mode, what the goods watch, the import jobs and the
 * order mirror stamp for people is on the business clock, as server.ts wires them (one shown clock
 * for all), so after the manager moves the clock a day on, a price change's history, its messages
 * and a job's times agree with the supplier's business time, and "last read" does not move.
 */
const TOKEN = 'one-clock-test-token-0123456789abcdef';
const DAY = 86_400_000;
let sb: SandboxHarness;
let db: GatewayDb;
let server: Server;
let clock: ShownClock;
let goods: Goods;
let mirror: OrderMirror;
let center: MessageCenter;
let bff: ReturnType<typeof createBffApp>;
let handler: (req: Request) => Response | Promise<Response> = () => new Response('not yet', { status: 503 });
const upstream = () => ({ baseUrl: sb.sandboxUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 });
const business = () => sb.sandbox.world.clock.nowMs();

beforeAll(async () => {
  server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: (req) => handler(req), port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server)) as Server;
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sb = await startSandbox({ goods: 200, callbackUrl: `${url}/hooks/messages/${TOKEN}` });
  db = await testGatewayDb();
  clock = createShownClock({ mode: 'sandbox', upstream: upstream() });
  await clock.ready();
  goods = createGoods({ db, call: upstreamCaller(upstream()), now: clock.now, ready: clock.ready });
  mirror = createOrderMirror({ db, upstream: upstream(), mode: 'sandbox', shown: clock.now, settings: { backfillDays: 0 } });
  center = createMessageCenter({
    db,
    upstream: goods.feeding(mirror.feeding(upstreamCaller(upstream()))),
    token: { value: TOKEN, source: 'file' },
    publicOrigin: url,
    mode: 'sandbox',
    linkWaitMs: 100,
  });
  bff = createBffApp({ db, upstream: upstream(), mode: 'sandbox', clock, messages: center, goods, mirror });
  const app = new Hono();
  app.route('/hooks/messages', center.receiver);
  app.route('/bff', bff.app);
  handler = app.fetch;
});
afterAll(async () => {
  bff.imports.stop();
  center.close();
  clock.stop();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await db.close();
  await sb.close();
});

const post = async (cookie: string, path: string, body: unknown) => {
  const r = await bff.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
};
/** The manager moves the business clock on through the gateway (which reads the clock again), then the messages it made are linked. */
const move = async (manager: string, seconds: number) => {
  expect((await post(manager, '/sandbox/clock', { advanceSeconds: seconds })).status).toBe(200);
  await sb.drain();
  await center.linker.idle();
};
const importSheet = (): CreateImportInput => {
  const [g] = sellableGoods(sb, 1);
  const sn = `CLK${Date.now()}`;
  return {
    key: `clock-${Date.now()}`,
    fileName: 'clock.xlsx',
    orders: [
      {
        orderSn: sn,
        spu: [{ sku: g!.sku, number: 1 }],
        address,
        rows: [{ row: 2, cells: { orderSn: sn, product: String(g!.id), quantity: '1' } }],
        goods: g!.price,
        freight: 0,
      },
    ],
    skipped: [],
  };
};

describe('one clock after the business clock moves (sandbox mode)', () => {
  it("a price change's history, its messages, a job's times and the mirror's last read agree with the business clock", async () => {
    const manager = await signIn(bff, 'manager');
    const merchant = await signIn(bff, 'merchant');
    await goods.reconcile();
    expect(
      (
        await bff.app.request('/watch/rules', {
          method: 'PUT',
          headers: { 'content-type': 'application/json', cookie: merchant },
          body: JSON.stringify({ minRate: 15 }),
        })
      ).status,
    ).toBe(200);
    await mirror.reconcile();
    const readBefore = ((await bffGet(bff, '/overview?period=7d', manager)).body as Overview).reads.orders!;
    expect(Math.abs(readBefore - business())).toBeLessThan(60_000);

    // A day on: the market moves prices (each with the supplier's message, stamped on the business clock).
    await move(manager, 86_400);
    const now = business();
    expect(now - Date.now()).toBeGreaterThan(DAY - 60_000);

    // The mirror has not read since: its last read is where it was, not a day later.
    const overview = (await bffGet(bff, '/overview?period=7d', manager)).body as Overview;
    expect(overview.reads.orders).toBe(readBefore);
    expect(Math.abs(overview.asOf - now)).toBeLessThan(60_000);
    await mirror.reconcile();
    const readAfter = ((await bffGet(bff, '/overview?period=7d', manager)).body as Overview).reads.orders!;
    expect(Math.abs(readAfter - business())).toBeLessThan(60_000);

    // The supplier's price messages and the history points the gateway wrote when it read those goods.
    const inbox = (await bffGet(bff, '/messages?group=goods&limit=200', merchant)).body as { list: InboxMessage[] };
    const priced = inbox.list.filter((m) => m.type === 'goods.price.alter');
    expect(priced.length).toBeGreaterThan(0);
    let checked = 0;
    for (const m of priced.slice(0, 5)) {
      const goodsId = (m.data as { goodsIds: number[] }).goodsIds[0]!;
      const h = (await bffGet(bff, `/watch/goods/${goodsId}/history?days=30`, merchant)).body as WatchHistory;
      const last = Math.max(...h.skus.flatMap((s) => s.changes.map((c) => c.at)));
      // Read after the message was pushed (business time), and not after business now; a day ahead of the wall clock.
      expect(m.pushedAt).not.toBeNull();
      expect(last).toBeGreaterThanOrEqual(m.pushedAt! - 60_000);
      expect(last).toBeLessThanOrEqual(business() + 60_000);
      expect(last - Date.now()).toBeGreaterThan(DAY / 2);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
    // The watch's own messages are stamped when the change was read: the time of its history point.
    const own = ((await bffGet(bff, `/messages?type=${WATCH_MESSAGE_TYPE}&limit=50`, merchant)).body as { list: InboxMessage[] }).list;
    expect(own.length).toBeGreaterThan(0);
    for (const m of own) {
      const shown = m.pushedAt ?? m.receivedAt;
      expect(shown - Date.now()).toBeGreaterThan(DAY / 2);
      expect(shown).toBeLessThanOrEqual(business() + 60_000);
      const goodsId = (m.data as { goodsIds: number[] }).goodsIds[0]!;
      const h = (await bffGet(bff, `/watch/goods/${goodsId}/history?days=30`, merchant)).body as WatchHistory;
      expect(h.skus.flatMap((s) => s.changes.map((c) => c.at))).toContain(shown);
    }

    // A job made and finished after the move: both times on the business clock.
    const made = await post(merchant, '/imports', importSheet());
    expect(made.status).toBe(201);
    let job: ImportJob | undefined;
    await expect
      .poll(async () => (job = (await bffGet(bff, `/imports/${made.body.id as number}`, merchant)).body as ImportJob).state, {
        timeout: 15_000,
      })
      .toBe('done');
    expect(Math.abs(job!.createdAt - business())).toBeLessThan(60_000);
    expect(job!.finishedAt).toBeGreaterThanOrEqual(job!.createdAt);
    expect(Math.abs(job!.finishedAt! - business())).toBeLessThan(60_000);
  });

  it("the mirror's first reads after a start wait for the shown clock (not stamped on the wall clock before it is read)", async () => {
    let read = false;
    const first = createOrderMirror({
      db,
      upstream: upstream(),
      mode: 'sandbox',
      settings: { backfillDays: 0 },
      // Before its first read the shown clock can only say the wall clock's time.
      shown: () => (read ? business() : Date.now()),
      ready: () => new Promise<void>((r) => setTimeout(() => r(void (read = true)), 50)),
    });
    await first.reconcile();
    const { shown } = await first.freshness();
    for (const at of [shown.orders, shown.cash, shown.library]) expect(Math.abs(at! - business())).toBeLessThan(60_000);
  });

  it("a SKU first learned from an order line (its time is the order's, ahead of the read) still gets its goods' details", async () => {
    const [g] = sellableGoods(sb, 1);
    const [detail] = await upstreamCaller(upstream())('goods.bulkDetail', { ids: String(g!.id) });
    const sku = detail!.specs.options[0]!.id;
    await db.kysely.deleteFrom('goods_skus').where('goods_id', '=', g!.id).execute();
    // The order line's time: hours after the read below (an order stamped on a clock ahead of it).
    await goods.store.writeLines([{ sku, goodsId: g!.id, spec: '', price: 1, at: clock.now() + 5 * 3_600_000 }]);
    await goods.store.observe([detail!], clock.now());
    const row = await db.kysely.selectFrom('goods_skus').selectAll().where('sku', '=', sku).executeTakeFirstOrThrow();
    expect(Number(row.guide_price)).toBe(detail!.specs.options[0]!.guide_price);
    expect(Number(row.agreement_price)).toBe(detail!.specs.options[0]!.agreement_price);
    const history = await db.kysely.selectFrom('goods_history').select('at').where('sku', '=', sku).execute();
    expect(history.length).toBeGreaterThan(0);
  });
});
