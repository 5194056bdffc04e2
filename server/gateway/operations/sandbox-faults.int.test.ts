import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bffGet, signIn } from '../../../test/bff-client';
import { testGatewayDb } from '../../../test/gateway-db';
import { sellableGoods, startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from '../../../test/harness';
import { address } from '../../../test/samples';
import { createBffApp } from '../app';
import type { GatewayDb } from '../db';

/**
 * Issue 50: the supplier's bad days set from the app (`/bff/sandbox/faults`, `/bff/sandbox/irregular`),
 * on the sandbox clock's terms: sandbox mode only, managers and admins, audited, bad input refused
 * with its field and rule before anything reaches the sandbox.
 */

let sb: SandboxHarness;
let db: GatewayDb;
let bff: ReturnType<typeof createBffApp>;
const upstream = () => ({ baseUrl: sb.sandboxUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 });

beforeAll(async () => {
  sb = await startSandbox({ goods: 60 });
  db = await testGatewayDb();
  bff = createBffApp({ db, upstream: upstream(), mode: 'sandbox' });
});
afterAll(async () => {
  bff.imports.stop();
  await db.close();
  await sb.close();
});

const post = async (app: ReturnType<typeof createBffApp>, cookie: string, path: string, body: unknown) => {
  const r = await app.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as any };
};
const inForce = () => sb.sandbox.world.faults;
const audit = (action: string) => db.kysely.selectFrom('audit').selectAll().where('action', '=', action).orderBy('id').execute();

describe('/bff/sandbox/faults: the supplier’s bad days from the app', () => {
  it('managers and admins read and set them; each change is audited; merchants and support are refused', async () => {
    const manager = await signIn(bff, 'manager');
    const read = await bffGet(bff, '/sandbox/faults', manager);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ error: 0, lost: 0, drop: 0, latencyMs: 0, outage: false });

    const set = await post(bff, manager, '/sandbox/faults', { error: 0.1, lost: 0.05, latencyMs: 20 });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ error: 0.1, lost: 0.05, drop: 0, latencyMs: 20, outage: false });
    expect(inForce()).toMatchObject({ errorRate: 0.1, lostRate: 0.05, latencyMs: 20, outage: false });
    // Only what is given changes.
    const admin = await signIn(bff, 'admin');
    const down = await post(bff, admin, '/sandbox/faults', { outage: true });
    expect(down.body.data).toEqual({ error: 0.1, lost: 0.05, drop: 0, latencyMs: 20, outage: true });
    expect((await bffGet(bff, '/sandbox/faults', admin)).body.data.outage).toBe(true);
    expect((await post(bff, admin, '/sandbox/faults', { error: 0, lost: 0, latencyMs: 0, outage: false })).status).toBe(200);
    expect(inForce()).toMatchObject({ errorRate: 0, lostRate: 0, latencyMs: 0, outage: false });

    for (const role of ['merchant', 'support'] as const) {
      const cookie = await signIn(bff, role);
      expect((await bffGet(bff, '/sandbox/faults', cookie)).status).toBe(403);
      const refused = await post(bff, cookie, '/sandbox/faults', { outage: true });
      expect(refused.status).toBe(403);
      expect(refused.body.gateway.reason).toBe('forbidden');
    }
    expect(inForce().outage).toBe(false);

    const rows = (await audit('sandbox.faults')).filter((a) => a.code === 1);
    expect(rows).toHaveLength(3);
    expect(JSON.parse(rows[0]!.summary)).toEqual({ error: 0.1, lost: 0.05, latencyMs: 20 });
    expect(rows[0]!.username).toMatch(/^manager-/);
    expect(JSON.parse(rows[1]!.summary)).toEqual({ outage: true });
  });

  it('bad input is refused with its field and rule, audited as refused, and nothing changes', async () => {
    const manager = await signIn(bff, 'manager');
    await post(bff, manager, '/sandbox/faults', { error: 0.2 });
    const cases: [unknown, string, string][] = [
      [{ error: 1.5 }, 'error', 'too_big'],
      [{ lost: -0.1 }, 'lost', 'too_small'],
      [{ latencyMs: 2.5 }, 'latencyMs', 'not_whole'],
      [{ latencyMs: 60_001 }, 'latencyMs', 'too_big'],
      [{ outage: 'yes' }, 'outage', 'invalid'],
      [{ drop: 0.5 }, 'drop', 'unknown_field'],
      // With the error share in force (0.2), a lost share of 0.9 would make more than every call.
      [{ lost: 0.9 }, 'lost', 'invalid'],
      ['not json', 'error', 'invalid'],
    ];
    for (const [body, field, rule] of cases) {
      const r = await post(bff, manager, '/sandbox/faults', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.gateway, JSON.stringify(body)).toMatchObject({ reason: 'invalid_input', field, rule });
      expect(r.body.msg).toMatch(/^Invalid input: /);
    }
    expect(inForce()).toMatchObject({ errorRate: 0.2, lostRate: 0, dropRate: 0, latencyMs: 0, outage: false });
    const refusedRows = (await audit('sandbox.faults')).filter((a) => a.code === 400);
    expect(refusedRows.length).toBeGreaterThanOrEqual(cases.length);
    await post(bff, manager, '/sandbox/faults', { error: 0 });
  });
});

describe('/bff/sandbox/irregular: an order made late, stalled, cancelled by the supplier or returned', () => {
  it('cancels an order’s unshipped children at the supplier (managers and admins), audited; merchants and support are refused', async () => {
    const [g] = sellableGoods(sb, 1);
    const orderSn = `IRR${Date.now()}`;
    const placed = await sb.upstream('POST', '/v2/order', {
      body: JSON.stringify({ orderSn, spu: [{ sku: g!.sku, number: 1 }], address, strictMode: true }),
    });
    expect(placed.body.code, placed.body.msg).toBe(1);
    for (const role of ['merchant', 'support'] as const) {
      const cookie = await signIn(bff, role);
      expect((await post(bff, cookie, '/sandbox/irregular', { orderSn, kind: 'cancelled' })).status).toBe(403);
    }
    const goodsStatus = () =>
      (
        sb.sandbox.db
          .prepare('SELECT c.goods_status AS s FROM order_children c JOIN orders o ON o.id = c.order_id WHERE o.third_sn = ?')
          .get(orderSn) as {
          s: number;
        }
      ).s;
    expect(goodsStatus()).toBe(0);

    const manager = await signIn(bff, 'manager');
    const made = await post(bff, manager, '/sandbox/irregular', { orderSn: ` ${orderSn} `, kind: 'cancelled' });
    expect(made.status).toBe(200);
    expect(made.body.code).toBe(1);
    expect(made.body.data).toMatchObject({ thirdSn: orderSn, kind: 'cancelled' });
    expect(goodsStatus()).toBe(1);
    const rows = (await audit('sandbox.irregular')).filter((a) => a.code === 1);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.summary)).toEqual({ orderSn, kind: 'cancelled' });

    // Once cancelled there is nothing left to cancel: the supplier's own sentence, as a refusal (code 0).
    const again = await post(bff, manager, '/sandbox/irregular', { orderSn, kind: 'cancelled' });
    expect(again.status).toBe(200);
    expect(again.body.code).toBe(0);
    expect(again.body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect(again.body.msg).not.toMatch(/HTTP 400/);
    const unknown = await post(bff, manager, '/sandbox/irregular', { orderSn: 'NO-SUCH-ORDER', kind: 'late' });
    expect(unknown.body).toMatchObject({ code: 0 });
    expect(unknown.body.msg).toMatch(/订单不存在/);
  });

  it('bad input: field and rule, nothing reaches the sandbox', async () => {
    const admin = await signIn(bff, 'admin');
    const cases: [unknown, string, string][] = [
      [{ orderSn: 'X1', kind: 'lost' }, 'kind', 'invalid_choice'],
      [{ orderSn: '   ', kind: 'late' }, 'orderSn', 'required'],
      [{ kind: 'late' }, 'orderSn', 'required'],
      [{ orderSn: 'x'.repeat(65), kind: 'late' }, 'orderSn', 'too_long'],
      [{ orderSn: 'X1', kind: 'late', when: 1 }, 'when', 'unknown_field'],
    ];
    for (const [body, field, rule] of cases) {
      const r = await post(bff, admin, '/sandbox/irregular', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.gateway, JSON.stringify(body)).toMatchObject({ reason: 'invalid_input', field, rule });
    }
  });
});

describe('against a real upstream', () => {
  it('there are no sandbox faults nor irregular orders: 404', async () => {
    const real = createBffApp({ db, upstream: upstream(), mode: 'upstream' });
    try {
      const admin = await signIn(real, 'admin');
      expect((await bffGet(real, '/sandbox/faults', admin)).status).toBe(404);
      expect((await post(real, admin, '/sandbox/faults', { outage: true })).status).toBe(404);
      expect((await post(real, admin, '/sandbox/irregular', { orderSn: 'X', kind: 'late' })).status).toBe(404);
      expect(inForce().outage).toBe(false);
    } finally {
      real.imports.stop();
    }
  });
});
