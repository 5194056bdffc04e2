import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateImportInput, ImportJob } from '../../../contract';
import { bffGet, signIn } from '../../../test/bff-client';
import { testGatewayDb } from '../../../test/gateway-db';
import { sellableGoods, startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from '../../../test/harness';
import { startCountingDoor } from '../../../test/counting-door';
import { address } from '../../../test/samples';
import { createBffApp } from '../app';
import type { GatewayDb } from '../db';

/**
 * Issue 50.3: a bulk job whose orders' answers are lost after the supplier placed them (the sandbox's
 * `lost` fault, at 1 for those calls) settles each by its merchant number: sent again under the same
 * number, the supplier says it has it, and the order counts as placed by this job. Every order is at
 * the supplier exactly once; none is placed twice, none is lost.
 */

let sb: SandboxHarness;
let door: Awaited<ReturnType<typeof startCountingDoor>>;
let db: GatewayDb;
let bff: ReturnType<typeof createBffApp>;

beforeAll(async () => {
  sb = await startSandbox({ goods: 120 });
  door = await startCountingDoor(sb);
  db = await testGatewayDb();
  bff = createBffApp({
    db,
    upstream: { baseUrl: door.url, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 },
    mode: 'sandbox',
    importConcurrency: 1,
  });
  // As server.ts does: the sender looks for due work by itself (an order whose answer was lost is due again later).
  bff.imports.start(0);
});
afterAll(async () => {
  bff.imports.stop();
  await db.close();
  await door.close();
  await sb.close();
});

const atSupplier = (orderSn: string) =>
  (sb.sandbox.db.prepare('SELECT COUNT(*) AS n FROM orders WHERE third_sn = ?').get(orderSn) as { n: number }).n;

describe('a bulk job under lost answers', () => {
  it('places each order once: the orders whose answers were lost are found by their numbers', async () => {
    const merchant = await signIn(bff, 'merchant');
    const goods = sellableGoods(sb, 3);
    const stem = `LOSTIMP${Date.now()}`;
    const input: CreateImportInput = {
      key: `lost-${stem}`,
      fileName: 'shop-export.xlsx',
      orders: Array.from({ length: 5 }, (_, i) => {
        const g = goods[i % goods.length]!;
        return {
          orderSn: `${stem}-${i + 1}`,
          spu: [{ sku: g.sku, number: 1 }],
          address,
          rows: [{ row: i + 2, cells: { orderSn: `${stem}-${i + 1}`, product: String(g.id), quantity: '1' } }],
          goods: g.price,
          freight: 0,
        };
      }),
      skipped: [],
    };
    // The first three orders sent are placed by the supplier, and their answers lost.
    door.faultNext('post /v2/order', { lost: 1 }, 3);
    const made = await Promise.resolve(
      bff.app.request('/imports', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: merchant },
        body: JSON.stringify(input),
      }),
    ).then(async (r) => ({ status: r.status, body: (await r.json()) as { id: number } }));
    expect(made.status).toBe(201);
    const job = async () => (await bffGet(bff, `/imports/${made.body.id}`, merchant)).body as ImportJob;
    await expect.poll(async () => (await job()).state, { timeout: 30_000, interval: 200 }).toBe('done');
    const done = await job();
    expect(door.pending()).toBe(false);
    expect(done.counts).toMatchObject({ orders: 5, placed: 5, already: 0, refused: 0, queued: 0 });
    for (const o of input.orders) expect(atSupplier(o.orderSn), o.orderSn).toBe(1);
    for (const o of done.orders) expect(o.platformSn).toMatch(/^\d{20}$/);
    // The three lost ones were sent again under their numbers: 5 orders, 8 sends, 5 orders at the supplier.
    expect(door.count('post /v2/order')).toBe(8);
  }, 40_000);
});
