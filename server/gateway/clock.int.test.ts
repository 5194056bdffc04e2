import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bffGet, signIn } from '../../test/bff-client';
import { testGatewayDb } from '../../test/gateway-db';
import { startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from '../../test/harness';
import { createBffApp } from './app';
import type { GatewayDb } from './db';

let sb: SandboxHarness;
let db: GatewayDb;
beforeAll(async () => {
  sb = await startSandbox({ goods: 50, speed: 60 });
  db = await testGatewayDb();
});
afterAll(async () => {
  await db.close();
  await sb.close();
});
const upstream = () => ({ baseUrl: sb.sandboxUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 });
/** The UTC stamp a merchant order number carries (SDyyyyMMddHHmmss…), as ms. */
const stampOf = (orderSn: string) => {
  const d = /^SD(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(orderSn)!;
  return Date.UTC(+d[1]!, +d[2]! - 1, +d[3]!, +d[4]!, +d[5]!, +d[6]!);
};

describe('one clock for what people are shown (server/gateway/clock.ts)', () => {
  it('in sandbox mode it is the business clock: the app bar is told so, a move shows at once, the cart numbers its orders on it', async () => {
    const bff = createBffApp({ db, upstream: upstream(), mode: 'sandbox' });
    const manager = await signIn(bff, 'manager');
    const moved = await bff.app.request('/sandbox/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: manager },
      body: JSON.stringify({ advanceSeconds: 2 * 86_400 }),
    });
    expect(moved.status).toBe(200);
    const meta = (await bffGet(bff, '/meta', manager)).body as { clock: { kind: string; nowMs: number; speed: number } };
    const business = sb.sandbox.world.clock.nowMs();
    expect(meta.clock.kind).toBe('business');
    expect(meta.clock.speed).toBe(60);
    // Two business days ahead of the wall clock, and within a few wall seconds (at 60×) of the sandbox's own.
    expect(business - Date.now()).toBeGreaterThan(2 * 86_400_000 - 60_000);
    expect(Math.abs(meta.clock.nowMs - business)).toBeLessThan(3 * 60_000);
    const merchant = await signIn(bff, 'merchant');
    const draft = (await bffGet(bff, '/me/checkout', merchant)).body as { orderSn: string };
    expect(Math.abs(stampOf(draft.orderSn) - sb.sandbox.world.clock.nowMs())).toBeLessThan(3 * 60_000);
    // The audit says when on the same clock (its own bookkeeping stays on the wall clock).
    await bff.app.request('/sandbox/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: manager },
      body: JSON.stringify({ advanceSeconds: 60 }),
    });
    const audit = (await bffGet(bff, '/audit?action=sandbox.clock', manager)).body as { list: { at: number; shownAt: number }[] };
    const latest = audit.list[0]!;
    expect(Math.abs(latest.at - Date.now())).toBeLessThan(60_000);
    expect(Math.abs(latest.shownAt - sb.sandbox.world.clock.nowMs())).toBeLessThan(3 * 60_000 + 60_000);
  });

  it('with the real upstream it is the wall clock', async () => {
    const bff = createBffApp({ db, upstream: upstream(), mode: 'upstream' });
    const admin = await signIn(bff, 'admin', 'wall-admin');
    const meta = (await bffGet(bff, '/meta', admin)).body as { clock: { kind: string; nowMs: number; speed: number } };
    expect(meta.clock).toMatchObject({ kind: 'wall', speed: 1 });
    expect(Math.abs(meta.clock.nowMs - Date.now())).toBeLessThan(2000);
    const draft = (await bffGet(bff, '/me/checkout', await signIn(bff, 'merchant'))).body as { orderSn: string };
    expect(Math.abs(stampOf(draft.orderSn) - Date.now())).toBeLessThan(2000);
    const audit = (await bffGet(bff, '/audit?username=wall-admin', admin)).body as { list: { at: number; shownAt: number }[] };
    expect(audit.list.length).toBeGreaterThan(0);
    for (const e of audit.list) expect(e.shownAt).toBe(e.at);
  });
});
