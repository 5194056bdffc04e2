import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxPage, LiveMessageEvent, MessageSettings } from '../../../contract';
import { startApp, type RunningApp } from '../../../test/app-server';

/*
 * `npm start` as a new user gets it: the embedded sandbox pushes to this gateway's own receiver, so
 * an order shipping shows up in the inbox, linked to its order line, and live on an open stream,
 * for the roles that see it.
 */
let app: RunningApp;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  app = await startApp({ SANDBOX_GOODS: '60' });
  const demo: [string, string][] = [
    ['merchant', 'merchant-demo'],
    ['support', 'support-demo'],
    ['manager', 'manager-demo'],
    ['admin', 'admin-demo-1'],
  ];
  for (const [u, p] of demo) cookie[u] = await app.signIn(u, p);
});
afterAll(async () => {
  await app?.close();
});

const json = async <T>(user: string, method: string, path: string, body?: unknown): Promise<T> => {
  const r = await app.call(method, path, {
    headers: { cookie: cookie[user]!, 'content-type': 'application/json', origin: app.url },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(r.status, r.text).toBe(200);
  return JSON.parse(r.text) as T;
};

/** Waits (up to `ms`) until `read` gives something `ok` accepts; never a fixed sleep. */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`not reached in ${ms} ms: ${JSON.stringify(v).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Collects the `message` events of a live stream as they come. */
function listen(user: string) {
  const events: LiveMessageEvent[] = [];
  const ctrl = new AbortController();
  const done = (async () => {
    const res = await fetch(`${app.url}/bff/events`, { headers: { cookie: cookie[user]! }, signal: ctrl.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buf += dec.decode(value, { stream: true });
      let i;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (!/^event: message$/m.test(block)) continue;
        events.push(JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as LiveMessageEvent);
      }
    }
  })().catch(() => {});
  return { events, stop: () => (ctrl.abort(), done) };
}

describe('a living inbox out of the box', () => {
  it('an order shipping reaches the inbox and open streams, linked to its line, for the roles that see it', async () => {
    const sb = app.server.sandbox!;
    const row = sb.db
      .prepare(
        `SELECT s.id AS sku FROM goods g JOIN sku_options s ON s.goods_id = g.id
          WHERE g.status = 1 AND s.stock >= 5 AND g.id NOT IN (SELECT goods_id FROM goods_bans) ORDER BY g.id LIMIT 1`,
      )
      .get() as { sku: number };
    const merchantLive = listen('merchant');
    const supportLive = listen('support');
    const orderSn = `MSG${Date.now()}`;
    const address = {
      consignee: '李四',
      phone: '13900139000',
      province: '浙江省',
      city: '杭州市',
      area: '西湖区',
      street: '文三路',
      description: '1号',
    };
    const placed = await json<{ code: number; msg: string }>('merchant', 'POST', '/bff/op/order.submit', {
      orderSn,
      spu: [{ sku: row.sku, number: 2 }],
      address,
    });
    expect(placed.code, placed.msg).toBe(1);
    // Business time moves on: the order ships after 2 h, the market moves every 3 h.
    await json('manager', 'POST', '/bff/sandbox/clock', { advanceSeconds: 3 * 3600 });

    const shipped = await until(
      () => json<InboxPage>('merchant', 'GET', '/bff/messages?type=order.delivery'),
      (p) => p.list.some((m) => m.data.orderSn === orderSn && m.refs?.order?.trackingNo),
    );
    const m = shipped.list.find((x) => x.data.orderSn === orderSn)!;
    expect(m.refs!.order).toMatchObject({ thirdSn: orderSn, quantity: 2 });
    expect(m.refs!.order!.sn).toMatch(/^\d{20}$/);
    expect(m.refs!.order!.courier).toBeTruthy();
    expect(m.read).toBe(false);

    // Live: the merchant's stream got it once new and once linked; support's too (orders), without product messages.
    await until(
      async () => merchantLive.events.filter((e) => e.message.id === m.id).map((e) => e.change),
      (c) => c.includes('new') && c.includes('linked'),
    );
    expect(merchantLive.events.filter((e) => e.message.id === m.id && e.change === 'new')).toHaveLength(1);
    await until(
      async () => supportLive.events.filter((e) => e.message.id === m.id).length,
      (n) => n >= 1,
    );
    // The market moved too: product messages for the library, seen by the merchant, never by support.
    const goods = await until(
      () => json<InboxPage>('merchant', 'GET', '/bff/messages?group=goods'),
      (p) => p.total > 0,
    );
    expect(goods.list.every((x) => x.group === 'goods')).toBe(true);
    expect(supportLive.events.some((e) => e.message.group === 'goods')).toBe(false);
    expect((await json<InboxPage>('support', 'GET', '/bff/messages?group=goods')).total).toBe(0);

    await merchantLive.stop();
    await supportLive.stop();
  });

  it('admins see the callback URL with the token kept in DATA_DIR; a push with another token is refused', async () => {
    const s = await json<MessageSettings>('admin', 'GET', '/bff/messages/settings');
    const token = readFileSync(join(app.dir, 'messages-token'), 'utf8').trim();
    expect(s).toEqual({ callbackUrl: `${app.url}/hooks/messages/${token}`, retentionDays: 90, tokenSource: 'file' });
    const before = await json<InboxPage>('admin', 'GET', '/bff/messages');
    const wrong = await app.call('POST', `/hooks/messages/${'0'.repeat(64)}`, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: '1', type: 'order.success', data: { orderSn: 'X', sku: '1' }, pushTime: 1 }),
    });
    expect(wrong.status).toBe(404);
    expect((await json<InboxPage>('admin', 'GET', '/bff/messages')).total).toBe(before.total);
    // Without a session the inbox and the stream are closed.
    expect((await app.call('GET', '/bff/messages')).status).toBe(401);
    expect((await app.call('GET', '/bff/events')).status).toBe(401);
  });
});
