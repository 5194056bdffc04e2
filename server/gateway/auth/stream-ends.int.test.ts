import { afterAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../contract';
import { createBffApp } from '../app';
import { openGatewayDb, type GatewayDb } from '../db';
import { createMessageCenter, type MessageCenter } from '../messages';
import { TEST_DIALECT, freshPgUrl, testGatewayDb } from '../../../test/gateway-db';

/**
 * Issue 49.8: an open `/bff/events` stream ends within a second of its session (signed out, the
 * person disabled, their role or password changed), on the gateway that ended it and, on PostgreSQL,
 * on another gateway of the same database; and it sends nothing the person may no longer read (a
 * manager made merchant gets no after-sale message). The heartbeat is the default 15 s: a stream that
 * only noticed at its heartbeat (as before) fails every one of these.
 */
const TOKEN = 'b'.repeat(48);
const PASSWORD = 'stream-test-password-1';

interface Gw {
  bff: ReturnType<typeof createBffApp>;
  center: MessageCenter;
}
const opened: { centers: MessageCenter[]; dbs: GatewayDb[] } = { centers: [], dbs: [] };
afterAll(async () => {
  opened.centers.forEach((c) => c.close());
  await Promise.all(opened.dbs.map((d) => d.close().catch(() => {})));
});

const gateway = (db: GatewayDb): Gw => {
  const center = createMessageCenter({ db, upstream: null, token: { value: TOKEN, source: 'file' }, publicOrigin: 'http://x' });
  opened.centers.push(center);
  const bff = createBffApp({
    upstream: { baseUrl: 'http://127.0.0.1:9', appKey: 'k', appSecret: 'the-app-secret-xyz', timeoutMs: 500 },
    mode: 'upstream',
    db,
    messages: center,
  });
  return { bff, center };
};

/**
 * The gateway a person acts on (A) and the one holding their stream (B): one and the same on SQLite;
 * on PostgreSQL two gateways of one database (their own pools and LISTEN connections), as behind a balancer.
 */
async function pair(): Promise<{ a: Gw; b: Gw }> {
  if (TEST_DIALECT === 'sqlite') {
    const g = gateway(await testGatewayDb());
    return { a: g, b: g };
  }
  const url = await freshPgUrl();
  const dbA = await openGatewayDb({ databaseUrl: url, poolSize: 3 });
  const dbB = await openGatewayDb({ databaseUrl: url, poolSize: 3 });
  opened.dbs.push(dbA, dbB);
  return { a: gateway(dbA), b: gateway(dbB) };
}

let n = 0;
const signIn = async (g: Gw, username: string) => {
  const res = await g.bff.app.request('/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return /sd_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0];
};
const person = async (g: Gw, role: Role) => {
  const username = `${role}-${++n}-${Math.random().toString(36).slice(2, 6)}`;
  const user = await g.bff.users.create({ username, displayName: username, role, password: PASSWORD });
  return { id: user.id, username, cookie: await signIn(g, username) };
};
const send = (g: Gw, method: string, path: string, cookie: string, body?: unknown) =>
  g.bff.app.request(path, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const afterSale = (orderSn: string) => ({
  id: `20261128${String(++n).padStart(12, '0')}`,
  type: 'afterSale.agree',
  data: { afterSaleId: n, orderSn, sku: '12' },
  push_time: 1_790_000_000_000,
  pushTime: 1_790_000_000_000,
  appID: 10001,
  times: 1,
  createTime: 1_790_000_000,
  url: 'x',
});
const push = async (g: Gw, body: unknown) => {
  const res = await g.center.receiver.request(`/${TOKEN}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(await res.json()).toEqual({ code: 1 });
};

/** An open event stream: the events read so far, and when it ended (null while open). */
async function openStream(g: Gw, cookie: string) {
  const res = await g.bff.app.request('/events', { headers: { cookie } });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const state = { text: '', endedAt: null as number | null };
  const decoder = new TextDecoder();
  const done = (async () => {
    for (;;) {
      const r = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (r.done) break;
      state.text += decoder.decode(r.value, { stream: true });
    }
    state.endedAt = Date.now();
  })();
  const until = async (what: string, ok: () => boolean, ms = 5000) => {
    const end = Date.now() + ms;
    while (!ok()) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}; the stream so far:\n${state.text}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  // Open and past its replay: the count of unread comes last.
  await until('the first unread count', () => state.text.includes('event: unread'));
  return {
    state,
    until,
    /** The order numbers of the messages it delivered. */
    orders: () => [...state.text.matchAll(/"orderSn":"([^"]+)"/g)].map((m) => m[1]),
    close: async () => {
      await reader.cancel().catch(() => {});
      await done;
    },
  };
}

/** Ends within a second of `since` (the answer to what ended the session), checked for up to 3 s; `first`: what else is checked then. */
async function endsWithinASecond(stream: Awaited<ReturnType<typeof openStream>>, since: number, first = () => {}) {
  await stream.until('the stream to end', () => stream.state.endedAt !== null, 3000).catch(() => {});
  try {
    first();
    expect(stream.state.endedAt, 'the stream was still open 3 s after its session ended').not.toBeNull();
    expect(stream.state.endedAt! - since).toBeLessThan(1000);
  } finally {
    await stream.close();
  }
}

describe(`an event stream ends with its session (${TEST_DIALECT === 'postgres' ? 'two gateways on PostgreSQL' : 'SQLite'})`, () => {
  it('signed out: the stream of that session ends within a second; another session of the person keeps its stream', async () => {
    const { a, b } = await pair();
    const merchant = await person(a, 'merchant');
    const other = await signIn(a, merchant.username);
    const stream = await openStream(b, merchant.cookie);
    const kept = await openStream(b, other);
    expect((await send(a, 'POST', '/auth/logout', merchant.cookie)).status).toBe(200);
    const at = Date.now();
    await endsWithinASecond(stream, at);
    // The other session still stands, and its stream still delivers.
    await push(a, { ...afterSale('KEPT-1'), type: 'order.delivery', data: { orderSn: 'KEPT-1', sku: '12' } });
    await kept.until('the message on the session still signed in', () => kept.orders().includes('KEPT-1'));
    expect(kept.state.endedAt).toBeNull();
    await kept.close();
  });

  it('the person disabled: their stream ends within a second', async () => {
    const { a, b } = await pair();
    const admin = await person(a, 'admin');
    const support = await person(a, 'support');
    const stream = await openStream(b, support.cookie);
    expect((await send(a, 'PATCH', `/users/${support.id}`, admin.cookie, { disabled: true })).status).toBe(200);
    await endsWithinASecond(stream, Date.now());
  });

  it('their password changed (by themselves or by an admin): the stream ends within a second', async () => {
    const { a, b } = await pair();
    const admin = await person(a, 'admin');
    const merchant = await person(a, 'merchant');
    const own = await openStream(b, merchant.cookie);
    const changed = await send(a, 'POST', '/auth/password', merchant.cookie, { current: PASSWORD, password: 'a-new-password-2' });
    expect(changed.status).toBe(200);
    await endsWithinASecond(own, Date.now());

    const manager = await person(a, 'manager');
    const theirs = await openStream(b, manager.cookie);
    expect((await send(a, 'POST', `/users/${manager.id}/password`, admin.cookie, { password: 'set-by-admin-3' })).status).toBe(200);
    await endsWithinASecond(theirs, Date.now());
  });

  it('a manager made merchant: the stream ends within a second and delivers no after-sale message after the change', async () => {
    const { a, b } = await pair();
    const admin = await person(a, 'admin');
    const manager = await person(a, 'manager');
    const stream = await openStream(b, manager.cookie);
    // While a manager: after-sale messages arrive (the stream delivers at all).
    await push(a, afterSale('BEFORE-1'));
    await stream.until('the after-sale message while a manager', () => stream.orders().includes('BEFORE-1'));
    expect((await send(a, 'PATCH', `/users/${manager.id}`, admin.cookie, { role: 'merchant' })).status).toBe(200);
    const at = Date.now();
    // Right after the change, on both gateways: merchants may not read after-sale messages.
    await push(a, afterSale('AFTER-1'));
    await push(b, afterSale('AFTER-2'));
    await endsWithinASecond(stream, at, () => expect(stream.orders()).toEqual(['BEFORE-1']));
  });
});
