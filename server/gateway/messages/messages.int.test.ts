import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { InboxPage, MessageRefs, OpId, Role } from '../../../contract';
import { openGatewayDb, type GatewayDb } from '../db';
import { type StreamLimits, createMessageCenter, HOOK_BODY_LIMIT, type MessageCenter } from '.';
import type { OpCaller } from './effects';
import type { User } from '../auth/users';
import { TEST_DIALECT, freshPgUrl, testGatewayDb } from '../../../test/gateway-db';

const TOKEN = 'a'.repeat(48);
const USERS: Record<string, User> = Object.fromEntries(
  (['merchant', 'support', 'manager', 'admin'] as Role[]).map((role, i) => [
    role,
    { id: i + 1, username: role, displayName: role, role, disabled: false, demo: true, createdAt: 0, updatedAt: 0 },
  ]),
);

/** A stand-in upstream for the effects: one order with two lines, two products. */
const calls: string[] = [];
const fakeUpstream: OpCaller = (async (id: OpId, input: unknown) => {
  calls.push(id);
  if (id === 'order.list') {
    const thirdSn = (input as { search: { thirdSn: string } }).search.thirdSn;
    if (thirdSn !== 'SD1') return { list: [], total: 0 };
    return {
      total: 1,
      list: [
        {
          sn: 'P100',
          thirdSn: 'SD1',
          children: [
            { source: 2, goods: [{ sn: 'P100_2_1_1', sku: 12, name: '保温杯', number: 2, deliverName: '韵达快递', deliverNo: 'YD1' }] },
          ],
        },
      ],
    };
  }
  if (id === 'goods.bulkDetail') {
    return [
      {
        id: 5,
        title: '茶叶',
        agreement_price: 1000,
        promotion_rate: 8.5,
        specs: { options: [{ agreement_price: 990 }, { agreement_price: 1200 }] },
      },
    ];
  }
  throw new Error(`unexpected ${id}`);
}) as OpCaller;

const ended = new Set<number>();
let db: GatewayDb;
let center: MessageCenter;
let url: string;
let server: Server;
/** Stream limits of the next center started (undefined: the defaults). */
let limits: StreamLimits | undefined;
/** The heartbeat of the next center started (undefined: 200 ms). */
let heartbeat: number | undefined;

async function start() {
  db = await testGatewayDb();
  center = createMessageCenter({
    db,
    upstream: fakeUpstream,
    token: { value: TOKEN, source: 'file' },
    publicOrigin: 'https://desk.example.com',
    heartbeatMs: heartbeat ?? 200,
    streamLimits: limits,
    // Messages pushed one after another are linked together (one look-up per order) even when a push
    // takes longer than the default 50 ms wait, as on PostgreSQL beside another test file.
    linkWaitMs: 400,
  });
  const app = new Hono<{ Variables: { user: User } }>();
  app.route('/hooks/messages', center.receiver);
  const bff = new Hono<{ Variables: { user: User } }>();
  bff.use('*', async (c, next) => {
    const u = USERS[c.req.header('x-user') ?? ''];
    if (!u) return c.json({ code: 0 }, 401);
    c.set('user', u);
    await next();
  });
  bff.route(
    '/',
    center.routes({
      stillSignedIn: async (c) => !ended.has(c.get('user').id),
      // A session per x-session header (else per person), an address per x-address header.
      sessionOf: (c) => c.req.header('x-session') ?? c.get('user').username,
      addressOf: (c) => c.req.header('x-address') ?? '127.0.0.1',
    }),
  );
  app.route('/bff', bff);
  server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server)) as Server;
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function stop() {
  center?.close();
  if (server) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
  await db?.close();
}
afterAll(stop);
beforeEach(async () => {
  await stop();
  calls.length = 0;
  ended.clear();
  await start();
});

let n = 0;
const envelope = (type: string, data: Record<string, unknown>, id = `2026112300000000${String(++n).padStart(4, '0')}`) => ({
  id,
  type,
  data,
  push_time: 1_790_000_000_000,
  pushTime: 1_790_000_000_000,
  appID: 10001,
  times: 1,
  createTime: 1_790_000_000,
  url: 'x',
});
const push = (body: unknown, token = TOKEN) =>
  fetch(`${url}/hooks/messages/${token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const bff = (user: string, path: string, init: RequestInit = {}) =>
  fetch(`${url}/bff${path}`, { ...init, headers: { 'x-user': user, 'content-type': 'application/json', ...(init.headers ?? {}) } });
const inbox = async (user: string, qs = '') => (await (await bff(user, `/messages${qs}`)).json()) as InboxPage;

describe('receiver', () => {
  it('stores each id once before it acknowledges, and refuses wrong tokens, bad bodies and large ones', async () => {
    const m = envelope('order.delivery', { orderSn: 'SD1', sku: '12' });
    for (let i = 0; i < 3; i++) {
      const r = await push(m);
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual({ code: 1 });
    }
    expect(await center.store.count()).toBe(1);

    const wrong = await push(envelope('order.delivery', { orderSn: 'SD1', sku: '12' }), 'b'.repeat(48));
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).not.toContain('"code":1');
    expect((await push(envelope('order.delivery', { orderSn: 'SD1' }))).status).toBe(400);
    expect((await push({ ...m, id: 'not digits' })).status).toBe(400);
    const bad = await fetch(`${url}/hooks/messages/${TOKEN}`, { method: 'POST', body: '{nope' });
    expect(bad.status).toBe(400);
    const big = await push(envelope('shop.notice', { text: 'x'.repeat(HOOK_BODY_LIMIT) }));
    expect(big.status).toBe(413);
    expect(await center.store.count()).toBe(1);

    // A kind the upstream added later: kept as such and acknowledged, so it is not sent again.
    const odd = await push(envelope('shop.renamed', { name: '新店' }));
    expect(await odd.json()).toEqual({ code: 1 });
    expect(await center.store.count()).toBe(2);
    const all = await inbox('admin');
    expect(all.list.map((x) => x.group)).toEqual(['unknown', 'orders']);
  });

  it('does not acknowledge what it could not store', async () => {
    await db.kysely.schema.dropTable('message_reads').execute();
    await db.kysely.schema.dropTable('messages').execute();
    const r = await push(envelope('order.delivery', { orderSn: 'SD1', sku: '12' }));
    expect(r.status).toBe(503);
    expect(await r.text()).not.toContain('"code":1');
  });
});

describe('inbox', () => {
  it('shows each role its groups, links messages once, and keeps read marks per person', async () => {
    await push(envelope('order.delivery', { orderSn: 'SD1', sku: '12' }));
    await push(envelope('afterSale.agree', { afterSaleId: 7, orderSn: 'SD1', sku: '12' }));
    await push(envelope('goods.price.alter', { goodsIds: [5] }));
    await center.linker.idle();
    const groups = async (u: string) => (await inbox(u)).list.map((m) => m.group).sort();
    expect(await groups('merchant')).toEqual(['goods', 'orders']);
    expect(await groups('support')).toEqual(['afterSale', 'orders']);
    expect(await groups('manager')).toEqual(['afterSale', 'goods', 'orders']);

    const byType = Object.fromEntries((await inbox('admin')).list.map((m) => [m.type, m.refs]));
    expect(byType['order.delivery']).toEqual({
      order: {
        thirdSn: 'SD1',
        sn: 'P100',
        lineSn: 'P100_2_1_1',
        title: '保温杯',
        source: 2,
        quantity: 2,
        courier: '韵达快递',
        trackingNo: 'YD1',
      },
    } satisfies MessageRefs);
    expect(byType['afterSale.agree']).toMatchObject({ afterSale: { id: 7 }, order: { sn: 'P100' } });
    expect(byType['goods.price.alter']).toEqual({ goods: [{ id: 5, title: '茶叶', agreementPrice: 990, profitRate: 8.5 }] });
    // The two messages about order SD1 shared one lookup.
    expect(calls.filter((c) => c === 'order.list')).toHaveLength(1);
    // The lookups ran once: a repeated push does not run them again.
    await push({ ...envelope('goods.price.alter', { goodsIds: [5] }), id: (await inbox('admin')).list[0]!.id });
    await center.linker.idle();
    expect(calls.filter((c) => c === 'goods.bulkDetail')).toHaveLength(1);

    const m = await inbox('merchant');
    expect(m.unread).toBe(2);
    const id = m.list[0]!.id;
    const marked = (await (
      await bff('merchant', '/messages/read', { method: 'POST', body: JSON.stringify({ ids: [id], read: true }) })
    ).json()) as {
      changed: number;
      unread: number;
    };
    expect(marked).toEqual({ changed: 1, unread: 1 });
    expect((await inbox('merchant', '?unread=1')).list.map((x) => x.id)).not.toContain(id);
    // Another person's marks are their own.
    expect((await inbox('manager')).unread).toBe(3);
    // Support cannot mark a product message it cannot see.
    const goodsId = (await inbox('admin', '?group=goods')).list[0]!.id;
    const none = await (
      await bff('support', '/messages/read', { method: 'POST', body: JSON.stringify({ ids: [goodsId], read: true }) })
    ).json();
    expect(none).toEqual({ changed: 0, unread: 2 });
    // All read, then one unread again.
    const all = await (await bff('manager', '/messages/read', { method: 'POST', body: JSON.stringify({ all: true, read: true }) })).json();
    expect(all).toEqual({ changed: 3, unread: 0 });
    const again = await (
      await bff('manager', '/messages/read', { method: 'POST', body: JSON.stringify({ ids: [id], read: false }) })
    ).json();
    expect(again).toEqual({ changed: 1, unread: 1 });

    // Filters: group, kind, time; bad input named.
    expect((await inbox('admin', '?type=order.delivery')).list.map((x) => x.type)).toEqual(['order.delivery']);
    expect((await inbox('admin', `?from=${Date.now() + 60_000}`)).total).toBe(0);
    const refused = await bff('admin', '/messages?limit=5000');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { gateway: { field: string } }).gateway.field).toBe('limit');
    expect((await bff('admin', '/messages/read', { method: 'POST', body: '{"read":true}' })).status).toBe(400);
  });

  it("no low-profit preference of its own (the goods watch's minimum is the one); the callback URL only for admins; retention prunes old messages and their marks", async () => {
    // The old per-person threshold is gone: its route answers as any unknown route does.
    const put = await bff('merchant', '/messages/prefs', { method: 'PUT', body: JSON.stringify({ lowProfitPercent: 12.5 }) });
    expect(put.status).toBe(404);
    expect((await bff('merchant', '/messages/prefs')).status).toBe(404);

    expect((await bff('manager', '/messages/settings')).status).toBe(403);
    expect(await (await bff('admin', '/messages/settings')).json()).toEqual({
      callbackUrl: `https://desk.example.com/hooks/messages/${TOKEN}`,
      retentionDays: 90,
      tokenSource: 'file',
    });

    await push(envelope('order.success', { orderSn: 'SD9', sku: '1' }));
    await bff('admin', '/messages/read', { method: 'POST', body: JSON.stringify({ all: true, read: true }) });
    await db.kysely
      .updateTable('messages')
      .set({ received_ms: Date.now() - 91 * 86_400_000 })
      .execute();
    await push(envelope('order.success', { orderSn: 'SD9', sku: '2' }));
    await center.periodic();
    expect(await center.store.count()).toBe(1);
    const reads = await db.kysely.selectFrom('message_reads').select('seq').execute();
    expect(reads).toEqual([]);
  });
});

/** Reads server-sent events from a stream until `until` says enough. */
async function readEvents(res: Response, until: (evs: { event: string; id?: string; data: string }[]) => boolean, ms = 5000) {
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  let buf = '';
  const evs: { event: string; id?: string; data: string }[] = [];
  const deadline = Date.now() + ms;
  while (!until(evs)) {
    if (Date.now() > deadline) throw new Error(`timed out with ${JSON.stringify(evs)}`);
    const { value, done } = await reader.read();
    if (done) break;
    buf += dec.decode(value, { stream: true });
    let i;
    while ((i = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const ev: { event: string; id?: string; data: string } = { event: 'message', data: '' };
      let comment = true;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        comment = false;
        const [k, ...rest] = line.split(':');
        const v = rest.join(':').replace(/^ /, '');
        if (k === 'event') ev.event = v;
        if (k === 'id') ev.id = v;
        if (k === 'data') ev.data += v;
      }
      if (!comment) evs.push(ev);
    }
  }
  await reader.cancel();
  return evs;
}

describe('live events', () => {
  it('sends each person what their role sees, replays what was missed after Last-Event-ID, and ends with the session', async () => {
    const merchant = await bff('merchant', '/events');
    expect(merchant.headers.get('content-type')).toContain('text/event-stream');
    const support = await bff('support', '/events');
    await new Promise((r) => setTimeout(r, 100));
    await push(envelope('goods.undercarriage', { goodsIds: [5] }));
    await push(envelope('afterSale.refuse', { afterSaleId: 8, orderSn: 'SD1', sku: '12' }));
    await push(envelope('order.delivery', { orderSn: 'SD1', sku: '12' }));
    const types = (evs: { event: string; data: string }[]) =>
      evs.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data) as { message: { type: string }; change: string });
    const m = await readEvents(merchant, (evs) => types(evs).filter((e) => e.change === 'linked').length >= 2);
    expect(
      types(m)
        .filter((e) => e.change === 'new')
        .map((e) => e.message.type),
    ).toEqual(['goods.undercarriage', 'order.delivery']);
    expect(m[0]!.event).toBe('hello');
    expect(m.find((e) => e.event === 'unread')!.data).toBe('{"count":0}');
    const s = await readEvents(support, (evs) => types(evs).filter((e) => e.change === 'new').length >= 2);
    expect(
      types(s)
        .filter((e) => e.change === 'new')
        .map((e) => e.message.type),
    ).toEqual(['afterSale.refuse', 'order.delivery']);

    // A reconnect from the first message: the two after it are replayed, marked as replay, then the count.
    const firstId = m.find((e) => e.event === 'message')!.id!;
    const again = await bff('merchant', '/events', { headers: { 'last-event-id': firstId } });
    const r = await readEvents(again, (evs) => evs.some((e) => e.event === 'unread'));
    const replayed = r
      .filter((e) => e.event === 'message')
      .map((e) => JSON.parse(e.data) as { message: { type: string }; replay: boolean });
    expect(replayed.map((e) => [e.message.type, e.replay])).toEqual([['order.delivery', true]]);
    expect(r.find((e) => e.event === 'unread')!.data).toBe('{"count":2}');

    // Marking read in one tab tells the person's other streams the new count.
    const tab = await bff('merchant', '/events');
    await new Promise((res) => setTimeout(res, 100));
    await bff('merchant', '/messages/read', { method: 'POST', body: JSON.stringify({ all: true, read: true }) });
    const t = await readEvents(tab, (evs) => evs.filter((e) => e.event === 'unread').length >= 2);
    expect(t.filter((e) => e.event === 'unread').map((e) => e.data)).toEqual(['{"count":2}', '{"count":0}']);

    // A session that ended closes the stream at the next heartbeat.
    const closing = await bff('support', '/events');
    ended.add(USERS.support!.id);
    const c = await readEvents(closing, () => false).catch((e: Error) => e);
    expect(c).not.toBeInstanceOf(Error);
  });
});

describe('live events are bounded', () => {
  const open = (user: string, session: string, address = '127.0.0.1') =>
    bff(user, '/events', { headers: { 'x-session': session, 'x-address': address } });
  /** Events until the stream ends (or `ms` pass). */
  const drainEvents = (res: Response, ms = 3000) => readEvents(res, (evs) => evs.some((e) => e.event === 'stop'), ms);

  it('a session holds at most its number of streams: one more tells the oldest to stop; closed ones free their place', async () => {
    await stop();
    limits = { perSession: 2, perAddress: 50 };
    try {
      await start();
      const first = await open('merchant', 'tabs');
      const second = await open('merchant', 'tabs');
      expect(second.status).toBe(200);
      // Another session of the same person counts on its own.
      const elsewhere = await open('merchant', 'phone');
      const third = await open('merchant', 'tabs');
      expect(third.status).toBe(200);
      const evs = await drainEvents(first);
      expect(evs.at(-1)).toEqual({ event: 'stop', data: '{"reason":"too_many_streams"}' });
      // The newer ones are open and live: they get the unread count.
      for (const res of [second, third, elsewhere])
        expect((await readEvents(res, (e) => e.some((x) => x.event === 'unread'))).some((x) => x.event === 'unread')).toBe(true);
      // All closed by their readers: the session may open its two again, and the first of them is not stopped.
      const again = [await open('merchant', 'tabs'), await open('merchant', 'tabs')];
      const a = await readEvents(again[0]!, (e) => e.some((x) => x.event === 'unread' || x.event === 'stop'));
      expect(a.some((x) => x.event === 'stop')).toBe(false);
      await again[1]!.body!.cancel();
    } finally {
      limits = undefined;
    }
  });

  it('an address holds at most its number of streams, all sessions together: one more is refused with 429 and a sentence', async () => {
    await stop();
    limits = { perSession: 8, perAddress: 3 };
    try {
      await start();
      const held = [
        await open('merchant', 's1', '10.0.0.7'),
        await open('support', 's2', '10.0.0.7'),
        await open('admin', 's3', '10.0.0.7'),
      ];
      for (const res of held) expect(res.status).toBe(200);
      const refused = await open('manager', 's4', '10.0.0.7');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('30');
      const body = (await refused.json()) as { code: number; msg: string; gateway: { reason: string; rule: string; limit: number } };
      expect(body.msg).toMatch(/Too many live-update connections from this address \(3 at most\)/);
      expect(body.gateway).toMatchObject({ reason: 'rate_limited', rule: 'too_many', limit: 3 });
      // Another address is not held back; one stream closed frees a place.
      expect((await open('manager', 's4', '10.0.0.8')).status).toBe(200);
      await held[0]!.body!.cancel();
      await new Promise((r) => setTimeout(r, 200));
      const now = await open('manager', 's5', '10.0.0.7');
      expect(now.status).toBe(200);
      await now.body!.cancel();
      for (const res of held.slice(1)) await res.body!.cancel();
    } finally {
      limits = undefined;
    }
  });

  it('a closed stream gives its place back at once, not at the next heartbeat: an office that reloads is not refused', async () => {
    await stop();
    limits = { perSession: 8, perAddress: 3 };
    heartbeat = 60_000;
    try {
      await start();
      const open3 = () => Promise.all(['merchant', 'support', 'admin'].map((u, i) => open(u, `r${i}`, '10.0.0.9')));
      const held = await open3();
      for (const res of held) expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 100));
      expect((await open('manager', 'r4', '10.0.0.9')).status).toBe(429);
      // Every window reloads: the streams close, and new ones are taken within a second (the heartbeat is a minute away).
      const closedAt = Date.now();
      for (const res of held) await res.body!.cancel();
      let again: Response[] = [];
      await expect
        .poll(
          async () => {
            for (const res of again) if (res.status === 200) await res.body!.cancel();
            again = await open3();
            return again.map((r) => r.status);
          },
          { timeout: 1000, interval: 50 },
        )
        .toEqual([200, 200, 200]);
      expect(Date.now() - closedAt).toBeLessThan(1000);
      for (const res of again) await res.body!.cancel();
    } finally {
      limits = undefined;
      heartbeat = undefined;
    }
  });
});

// Several gateways on one PostgreSQL: a message received by one reaches a stream held by another.
if (TEST_DIALECT === 'postgres') {
  describe('live events across gateways', () => {
    it('a push received by gateway A reaches a stream open on gateway B, through LISTEN/NOTIFY', async () => {
      const url = await freshPgUrl();
      const dbA = await openGatewayDb({ databaseUrl: url, poolSize: 3 });
      const dbB = await openGatewayDb({ databaseUrl: url, poolSize: 3 });
      const mk = (d: GatewayDb) =>
        createMessageCenter({ db: d, upstream: null, token: { value: TOKEN, source: 'file' }, publicOrigin: 'http://x', heartbeatMs: 200 });
      const a = mk(dbA);
      const b = mk(dbB);
      const got: string[] = [];
      const remove = b.hub.add({
        userId: 3,
        groups: ['orders', 'afterSale', 'goods', 'unknown'],
        message: (ev) => got.push(`${ev.change}:${ev.message.type}`),
        unread: () => {},
        resync: () => {},
      });
      try {
        const res = await a.receiver.request(`/${TOKEN}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(envelope('order.success', { orderSn: 'X1', sku: '1' })),
        });
        expect(await res.json()).toEqual({ code: 1 });
        const end = Date.now() + 5000;
        while (got.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
        expect(got).toEqual(['new:order.success']);
      } finally {
        remove();
        a.close();
        b.close();
        await dbA.close();
        await dbB.close();
      }
    });
  });
}
