import { afterAll, describe, expect, it } from 'vitest';
import type { ExceptionEvent } from '../../../contract/schemas/exceptions';
import { createBffApp } from '../app';
import type { GatewayDb } from '../db';
import { createMessageCenter, type MessageCenter } from '../messages';
import { TEST_DIALECT, testGatewayDb } from '../../../test/gateway-db';
import { exceptionsChanged } from './events';

/**
 * Issue 52: `exceptions.changed` on the bus reaches the browsers' event streams (`event: exceptions`) of
 * the people who may read exceptions, so the queue and the order drawer read them again.
 */
const TOKEN = 'e'.repeat(48);
const PASSWORD = 'exceptions-live-password-1';
const opened: { centers: MessageCenter[]; dbs: GatewayDb[] } = { centers: [], dbs: [] };
afterAll(async () => {
  opened.centers.forEach((c) => c.close());
  await Promise.all(opened.dbs.map((d) => d.close().catch(() => {})));
});

async function gateway() {
  const db = await testGatewayDb();
  opened.dbs.push(db);
  const center = createMessageCenter({ db, upstream: null, token: { value: TOKEN, source: 'file' }, publicOrigin: 'http://x' });
  opened.centers.push(center);
  const bff = createBffApp({
    upstream: { baseUrl: 'http://127.0.0.1:9', appKey: 'k', appSecret: 'the-app-secret-xyz', timeoutMs: 500 },
    mode: 'upstream',
    db,
    messages: center,
  });
  return { db, bff };
}

async function openStream(bff: ReturnType<typeof createBffApp>, role: 'support' | 'merchant') {
  const username = `${role}-live-${Math.random().toString(36).slice(2, 8)}`;
  await bff.users.create({ username, displayName: username, role, password: PASSWORD });
  const login = await bff.app.request('/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  const cookie = /sd_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0];
  const res = await bff.app.request('/events', { headers: { cookie } });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const state = { text: '' };
  const decoder = new TextDecoder();
  const done = (async () => {
    for (;;) {
      const r = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (r.done) break;
      state.text += decoder.decode(r.value, { stream: true });
    }
  })();
  const until = async (what: string, ok: () => boolean, ms = 5000) => {
    const end = Date.now() + ms;
    while (!ok()) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}; the stream so far:\n${state.text}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  await until('the first unread count', () => state.text.includes('event: unread'));
  /** The exceptions events it delivered. */
  const events = () => [...state.text.matchAll(/event: exceptions\ndata: (.*)\n/g)].map((m) => JSON.parse(m[1]!) as ExceptionEvent);
  return {
    until,
    events,
    close: () =>
      reader
        .cancel()
        .catch(() => {})
        .then(() => done),
  };
}

describe(`exceptions' live events (${TEST_DIALECT})`, () => {
  it('reach the event streams of support and merchants as `exceptions` events, in the order published', async () => {
    const { db, bff } = await gateway();
    const support = await openStream(bff, 'support');
    const merchant = await openStream(bff, 'merchant');
    await exceptionsChanged(db.bus, { opened: [41, 42] });
    await exceptionsChanged(db.bus, { closed: [41] });
    await support.until('two exceptions events', () => support.events().length === 2);
    expect(support.events()).toEqual([
      { opened: [41, 42], changed: [], closed: [] },
      { opened: [], changed: [], closed: [41] },
    ]);
    await merchant.until('two exceptions events', () => merchant.events().length === 2);
    await support.close();
    await merchant.close();
  });
});
