import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  watchAtRisk,
  watchHistory,
  type InboxMessage,
  type OpId,
  type WatchEvent,
  type WatchLibrary,
  type WatchRiskData,
} from '../../../contract';
import { WATCH_MESSAGE_TYPE } from '../../../contract/message-kinds';
import { bffGet, signIn } from '../../../test/bff-client';
import { testGatewayDb } from '../../../test/gateway-db';
import { startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from '../../../test/harness';
import { repriceGoods } from '../../sandbox/simulation';
import { createBffApp } from '../app';
import type { GatewayDb } from '../db';
import { createMessageCenter, type MessageCenter } from '../messages';
import { upstreamCaller, type OpCaller } from '../messages/effects';
import { createGoods, WATCH_TOPIC, type Goods } from '.';
import { RISK } from './store';

const TOKEN = 'watch-test-token-0123456789abcdef';
let sb: SandboxHarness;
let db: GatewayDb;
let server: Server;
let url: string;
let goods: Goods;
let center: MessageCenter;
let bff: ReturnType<typeof createBffApp>;
/** goods.bulkDetail calls the message linker made, with their ids. */
const bulkReads: string[] = [];
/** While set, the linker's goods reads fail (the upstream is away). */
let readsFail = false;
const events: WatchEvent[] = [];
let handler: (req: Request) => Response | Promise<Response> = () => new Response('not yet', { status: 503 });

const upstream = () => ({ baseUrl: sb.sandboxUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 });
/** A message center as server.ts makes it: its goods reads go through the goods mirror. */
function startCenter() {
  const real = upstreamCaller(upstream());
  const counted = (async (id: OpId, input: never) => {
    if (id === 'goods.bulkDetail') {
      if (readsFail) throw new Error('the upstream is away');
      bulkReads.push((input as { ids: string }).ids);
    }
    return real(id, input);
  }) as OpCaller;
  center = createMessageCenter({
    db,
    upstream: goods.feeding(counted),
    token: { value: TOKEN, source: 'file' },
    publicOrigin: url,
    linkWaitMs: 100,
  });
  const app = new Hono();
  app.route('/hooks/messages', center.receiver);
  bff = createBffApp({ db, upstream: upstream(), mode: 'sandbox', messages: center, goods });
  app.route('/bff', bff.app);
  handler = app.fetch;
}

beforeAll(async () => {
  server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: (req) => handler(req), port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server)) as Server;
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sb = await startSandbox({ goods: 200, callbackUrl: `${url}/hooks/messages/${TOKEN}` });
  db = await testGatewayDb();
  goods = createGoods({ db, call: upstreamCaller(upstream()) });
  db.bus.subscribe(WATCH_TOPIC, (p) => void events.push(p as WatchEvent));
  startCenter();
});
afterAll(async () => {
  center.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await db.close();
  await sb.close();
});

type SkuRow = {
  sku: number;
  goods_id: number;
  agreement_price: number;
  guide_price: number;
  activity_price: number;
  stock: number;
  status: number;
};
/** Every SKU of the sandbox's library goods, as the supplier has it now. */
const library = () =>
  sb.sandbox.db
    .prepare(
      `SELECT s.id AS sku, s.goods_id, s.agreement_price, s.guide_price, s.activity_price, s.stock, g.status FROM sku_options s
        JOIN goods g ON g.id = s.goods_id WHERE s.goods_id IN (SELECT goods_id FROM library) ORDER BY s.id`,
    )
    .all() as SkuRow[];
const put = (cookie: string, body: unknown) =>
  bff.app.request('/watch/rules', { method: 'PUT', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
/** A goods message as the supplier pushes it. */
const message = (id: string, goodsId: number) => ({
  id,
  type: 'goods.price.alter',
  data: { goodsIds: [goodsId] },
  push_time: Date.now(),
  pushTime: Date.now(),
  appID: 1,
  times: 1,
  createTime: Math.floor(Date.now() / 1000),
  url: 'x',
});
const linked = async () => {
  await sb.drain();
  await center.linker.idle();
};

describe('the goods watch', () => {
  it('mirrors the library; the market moves prices and takes goods off sale: every move is in the history, and what falls below 15 % or off sale is at risk', async () => {
    const merchant = await signIn(bff, 'merchant');
    const first = await goods.reconcile();
    expect(first.goods).toBe(new Set(library().map((s) => s.goods_id)).size);
    expect((await put(merchant, { minRate: 15 })).status).toBe(200);
    // Goods only just read into the mirror have not changed: the library's "changed in 7 days" list is empty.
    expect((await bffGet(bff, '/watch/library?days=7', merchant)).body).toMatchObject({ count: 0, list: [], readAt: null });
    const before = new Map(library().map((s) => [s.sku, s]));
    events.length = 0;
    // A day of the market: prices move 3–10 %, goods go off sale and come back, each with its message.
    await sb.advance(86_400);
    await linked();
    const now = library();
    const moved = now.filter((s) => s.agreement_price !== before.get(s.sku)!.agreement_price);
    expect(moved.length).toBeGreaterThan(0);
    for (const s of moved) {
      const last = await db.kysely
        .selectFrom('goods_history')
        .selectAll()
        .where('sku', '=', s.sku)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect([Number(last.agreement_price), Number(last.guide_price), Number(last.activity_price)], `sku ${s.sku}`).toEqual([
        s.agreement_price,
        s.guide_price,
        s.activity_price,
      ]);
    }
    // At risk: exactly the library goods the supplier now has off sale or below 15 % at the guide price.
    const expected = new Map<number, Set<string>>();
    for (const s of now) {
      const why = expected.get(s.goods_id) ?? new Set<string>();
      if (s.status !== 1) why.add('off-sale');
      if ((s.guide_price - s.agreement_price) * 100 < 15 * s.agreement_price) why.add('below-margin');
      if (why.size) expected.set(s.goods_id, why);
    }
    const res = await bffGet(bff, '/watch/at-risk?size=100', merchant);
    expect(res.status).toBe(200);
    const page = watchAtRisk.parse(res.body);
    const got = new Map(page.list.map((g) => [g.goodsId, new Set(g.reasons.filter((r) => r !== 'out-of-stock'))]));
    for (const [id, why] of [...got]) if (why.size === 0) got.delete(id);
    expect(got).toEqual(expected);
    expect(now.some((s) => s.status !== 1)).toBe(true);
    // Open pages were told which goods became at risk.
    const told = new Set(events.flatMap((e) => e.goodsIds));
    for (const s of now)
      if (s.status !== 1 && before.get(s.sku)!.status === 1) expect(told.has(s.goods_id), `goods ${s.goods_id}`).toBe(true);
    expect((await bffGet(bff, '/watch/summary', merchant)).body).toEqual({ atRisk: page.total });
    // The inbox: one message of the gateway's own per goods and change, for those who sell goods; support sees none.
    const inbox = async (cookie: string) =>
      (await bffGet(bff, `/messages?type=${WATCH_MESSAGE_TYPE}&limit=200`, cookie)).body as { list: InboxMessage[]; total: number };
    const mine = await inbox(merchant);
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.list.every((m) => m.group === 'goods' && m.refs !== null)).toBe(true);
    const wentOff = new Set(now.filter((s) => s.status !== 1 && before.get(s.sku)!.status === 1).map((s) => s.goods_id));
    expect(wentOff.size).toBeGreaterThan(0);
    for (const id of wentOff) {
      const about = mine.list.filter((m) => (m.data as unknown as WatchRiskData).goodsIds[0] === id);
      expect(
        about.some((m) => (m.data as unknown as WatchRiskData).reasons.includes('off-sale')),
        `goods ${id}`,
      ).toBe(true);
    }
    const support = await signIn(bff, 'support');
    expect((await inbox(support)).total).toBe(0);
    // Two gateways storing the same change at once write one message per goods (the change undone in the mirror, then read twice together).
    const details = await upstreamCaller(upstream())('goods.bulkDetail', { ids: [...wentOff].join(',') });
    await goods.store.db
      .updateTable('goods_skus')
      .set({ risk: 0, read_at: 0, on_sale: 1 })
      .where('goods_id', 'in', [...wentOff])
      .execute();
    const twice = await Promise.all([goods.store.observe(details, Date.now()), goods.store.observe(details, Date.now())]);
    expect(twice.flatMap((o) => o.messages).length).toBe(wentOff.size);
    const after = await inbox(merchant);
    expect(after.total).toBe(mine.total + wentOff.size);
    for (const id of wentOff)
      expect(after.list.filter((m) => (m.data as unknown as WatchRiskData).goodsIds[0] === id).length).toBe(
        mine.list.filter((m) => (m.data as unknown as WatchRiskData).goodsIds[0] === id).length + 1,
      );
    // A moved goods' history: oldest first, its first read then the move, the rate at each point.
    const g = moved[0]!.goods_id;
    const h = watchHistory.parse((await bffGet(bff, `/watch/goods/${g}/history?days=30`, merchant)).body);
    const sku = h.skus.find((x) => x.sku === moved[0]!.sku)!;
    expect(sku.changes.length).toBeGreaterThanOrEqual(2);
    expect(sku.changes.map((c) => c.at)).toEqual([...sku.changes.map((c) => c.at)].sort((a, b) => a - b));
    expect(sku.changes[0]!.agreementPrice).toBe(before.get(moved[0]!.sku)!.agreement_price);
    expect(sku.changes.at(-1)!.agreementPrice).toBe(moved[0]!.agreement_price);
    expect((await bffGet(bff, `/watch/goods/${g}/history?days=7`, merchant)).status).toBe(400);
    // Changed in the last 7 days (the library's column and filter).
    const changed = (await bffGet(bff, `/watch/changed?ids=${g}&days=7`, merchant)).body;
    expect(changed.changed[String(g)]).toEqual(expect.any(Number));
    expect(changed.goodsIds).toContain(g);
    // The library filtered by it, listed from the mirror as rows of the library's list: every goods whose price moved, as the supplier has it now.
    const listed = (await bffGet(bff, '/watch/library?days=7&size=100', merchant)).body as WatchLibrary;
    const rows = new Map(listed.list.map((r) => [r.id, r]));
    expect(listed.count).toBe(listed.list.length);
    expect(new Set(changed.goodsIds)).toEqual(new Set(rows.keys()));
    for (const id of new Set(moved.map((s) => s.goods_id))) expect(rows.has(id), `goods ${id}`).toBe(true);
    const [supplier] = await upstreamCaller(upstream())('goods.bulkDetail', { ids: String(g) });
    expect(rows.get(g)).toMatchObject({
      id: g,
      title: supplier!.title,
      agreement_price: supplier!.agreement_price,
      status: supplier!.status,
    });
    expect(listed.readAt).toEqual(expect.any(Number));
    const word = supplier!.title.slice(0, 2);
    const searched = (await bffGet(bff, `/watch/library?days=7&size=100&q=${encodeURIComponent(word)}`, merchant)).body as WatchLibrary;
    expect(searched.list.map((r) => r.id)).toContain(g);
    expect(searched.list.every((r) => r.title.includes(word))).toBe(true);
    expect((await bffGet(bff, '/watch/library?size=100', merchant)).status).toBe(400);
  });

  it('reads a goods once or twice for a burst of messages about it, not once per message', async () => {
    const [g] = library();
    bulkReads.length = 0;
    const pushes = Array.from({ length: 20 }, (_, i) =>
      fetch(`${url}/hooks/messages/${TOKEN}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message(`9${Date.now()}${String(i).padStart(2, '0')}`, g!.goods_id)),
      }).then((r) => r.json()),
    );
    expect(await Promise.all(pushes)).toEqual(Array(20).fill({ code: 1 }));
    await center.linker.idle();
    const reads = bulkReads.filter((ids) => ids.split(',').includes(String(g!.goods_id)));
    expect(reads.length).toBeGreaterThanOrEqual(1);
    expect(reads.length).toBeLessThanOrEqual(2);
  });

  it('loses nothing across a restart: a message whose goods could not be read is stored, and its change is kept once read', async () => {
    const [s] = library().filter((x) => x.status === 1);
    readsFail = true;
    const priceNow = () => library().find((x) => x.sku === s!.sku)!.agreement_price;
    for (const u of [0.99, 0.01, 0.7, 0.3])
      if (priceNow() === s!.agreement_price) repriceGoods(sb.sandbox.db, s!.goods_id, u, 0.5, Math.floor(Date.now() / 1000));
    const price = priceNow();
    expect(price).not.toBe(s!.agreement_price);
    const push = await fetch(`${url}/hooks/messages/${TOKEN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message(`8${Date.now()}`, s!.goods_id)),
    });
    expect(await push.json()).toEqual({ code: 1 });
    await center.linker.idle();
    const kept = async () =>
      Number(
        (await db.kysely.selectFrom('goods_skus').select('agreement_price').where('sku', '=', s!.sku).executeTakeFirstOrThrow())
          .agreement_price,
      );
    expect(await kept()).toBe(s!.agreement_price);
    // The gateway restarts with the upstream back: the periodic sweep links what was left and the change is kept.
    center.close();
    readsFail = false;
    startCenter();
    await center.periodic();
    await center.linker.idle();
    expect(await kept()).toBe(price);
  });

  it('is for merchants, managers and admins; the rules are audited and bad input gets a sentence, changing nothing', async () => {
    const support = await signIn(bff, 'support');
    const manager = await signIn(bff, 'manager');
    for (const path of [
      '/watch/rules',
      '/watch/at-risk',
      '/watch/summary',
      '/watch/goods/1/history',
      '/watch/changed?days=7',
      '/watch/library?days=7',
    ])
      expect((await bffGet(bff, path, support)).status, path).toBe(403);
    expect((await put(support, { minRate: 10 })).status).toBe(403);
    const [g] = library();
    const own = await put(manager, { goodsId: g!.goods_id, minRate: 99.5 });
    expect(own.status).toBe(200);
    // The answer is the rule changed only (issue 49.12), with how many goods have their own.
    expect(await own.json()).toEqual({ goodsId: g!.goods_id, rule: expect.objectContaining({ minRate: 99.5 }), goodsRules: 1 });
    // 99.5 % is above any sandbox SKU's rate: that goods is now below its minimum.
    const risk = await db.kysely.selectFrom('goods_skus').select('risk').where('goods_id', '=', g!.goods_id).execute();
    expect(risk.every((r) => (Number(r.risk) & RISK['below-margin']) !== 0)).toBe(true);
    const rules = () => db.kysely.selectFrom('goods_rules').selectAll().orderBy('goods_id').execute();
    const kept = await rules();
    for (const [body, field, rule] of [
      [{ minRate: 'x' }, 'minRate', undefined],
      [{ minRate: 2000 }, 'minRate', 'too_big'],
      [{ minRate: 10.25 }, 'minRate', 'invalid'],
      [{ minRate: 10, extra: 1 }, 'extra', 'unknown_field'],
      [{ goodsId: -1, minRate: 10 }, 'goodsId', undefined],
    ] as const) {
      const res = await put(manager, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const out = (await res.json()) as { msg: string; gateway: { field: string; rule?: string } };
      expect(out.msg).toMatch(/^Invalid input: /);
      expect(out.gateway.field).toBe(field);
      if (rule) expect(out.gateway.rule).toBe(rule);
    }
    expect(await rules()).toEqual(kept);
    const audit = await db.kysely.selectFrom('audit').select(['action', 'code']).where('action', '=', 'watch.rules').execute();
    expect(audit.filter((a) => a.code === 1).length).toBeGreaterThanOrEqual(2);
    expect(audit.filter((a) => a.code === 400).length).toBe(5);
    // Removed: the goods follows the library's minimum again.
    expect((await put(manager, { goodsId: g!.goods_id, minRate: null })).status).toBe(200);
    expect((await rules()).map((r) => Number(r.goods_id))).toEqual([0]);
  });
});
