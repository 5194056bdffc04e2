import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateImportInput, ImportJob } from '../../../contract';
import { bffGet, signIn } from '../../../test/bff-client';
import { testGatewayDb } from '../../../test/gateway-db';
import { sellableGoods, startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from '../../../test/harness';
import { address } from '../../../test/samples';
import { createBffApp } from '../app';
import type { GatewayDb } from '../db';
import { createOrderMirror } from '../mirror';

/**
 * Issue 49.9: a SIGTERM during a bulk job left one placed order without its platform number or amount
 * for good (its look-up by merchant number failed as the gateway stopped). The next run reads it again.
 */

let sb: SandboxHarness;
let db: GatewayDb;
const gateways: ReturnType<typeof createBffApp>[] = [];
const upstreamOf = () => ({ baseUrl: sb.sandboxUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 });
const gateway = () => {
  const g = createBffApp({
    db,
    upstream: upstreamOf(),
    mode: 'sandbox',
    mirror: createOrderMirror({ db, upstream: upstreamOf(), mode: 'sandbox', settings: { backfillDays: 0 } }),
  });
  gateways.push(g);
  return g;
};

beforeAll(async () => {
  sb = await startSandbox({ goods: 60 });
  db = await testGatewayDb();
});
afterAll(async () => {
  for (const g of gateways) g.imports.stop();
  await db.close();
  await sb.close();
});

const job = async (app: ReturnType<typeof createBffApp>, cookie: string, id: number) =>
  (await bffGet(app, `/imports/${id}`, cookie)).body as ImportJob;

describe('bulk orders placed whose look-up failed (issue 49)', () => {
  it('get their platform number and amount on the next run, read by merchant number, and are not sent again', async () => {
    const first = gateway();
    const merchant = await signIn(first, 'merchant', `lookup-${Date.now()}`);
    const goods = sellableGoods(sb, 2);
    const stem = `LKP${Date.now()}`;
    const input: CreateImportInput = {
      key: `k-${stem}`,
      fileName: 'shop-export.xlsx',
      orders: goods.map((g, i) => ({
        orderSn: `${stem}-${i + 1}`,
        spu: [{ sku: g.sku, number: 1 }],
        address,
        rows: [{ row: i + 2, cells: { orderSn: `${stem}-${i + 1}`, product: String(g.id), quantity: '1' } }],
        goods: g.price,
        freight: 0,
      })),
      skipped: [],
    };
    const made = await first.app.request('/imports', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: merchant },
      body: JSON.stringify(input),
    });
    expect(made.status).toBeLessThan(300);
    const id = ((await made.json()) as { id: number }).id;
    first.imports.start(0);
    await expect.poll(async () => (await job(first, merchant, id)).state, { timeout: 15_000 }).toBe('done');
    const placed = await job(first, merchant, id);
    expect(placed.orders.map((o) => o.state)).toEqual(['placed', 'placed']);
    const [lost, kept] = placed.orders as [ImportJob['orders'][number], ImportJob['orders'][number]];
    const truth = { platformSn: lost.platformSn, amount: lost.amount };
    expect(truth.platformSn).toEqual(expect.any(String));
    expect(truth.amount).toBeGreaterThan(0);
    // What the sender stores when its look-up fails as the gateway stops: placed, with no number and no amount.
    first.imports.stop();
    await db.kysely.updateTable('import_orders').set({ platform_sn: null, amount: null }).where('order_sn', '=', lost.orderSn).execute();
    expect((await job(first, merchant, id)).orders[0]).toMatchObject({ state: 'placed', platformSn: null, amount: null });

    // The next start: nothing to send, yet the order is read again by its merchant number.
    const seen = sb.sandbox.db.prepare('SELECT COUNT(*) AS n FROM orders WHERE third_sn = ?');
    const next = gateway();
    next.imports.start(0);
    await expect.poll(async () => (await job(next, merchant, id)).orders[0]!.platformSn, { timeout: 10_000 }).toBe(truth.platformSn);
    const after = await job(next, merchant, id);
    expect(after.orders[0]).toMatchObject({ state: 'placed', ...truth });
    expect(after.orders[1]).toMatchObject({ state: 'placed', platformSn: kept.platformSn, amount: kept.amount });
    expect(after.state).toBe('done');
    // Placed once, never sent again.
    for (const o of input.orders) expect((seen.get(o.orderSn) as { n: number }).n).toBe(1);
  });
});
