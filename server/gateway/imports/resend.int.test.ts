import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_RESEND_MAX, type CreateImportInput, type ImportJob, type ImportRecheck } from '../../../contract';
import { bffGet, bffOp, signIn } from '../../../test/bff-client';
import { testGatewayDb } from '../../../test/gateway-db';
import { sellableGoods, startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from '../../../test/harness';
import { address } from '../../../test/samples';
import { createBffApp } from '../app';
import type { GatewayDb } from '../db';
import { createOrderMirror } from '../mirror';

let sb: SandboxHarness;
let db: GatewayDb;
let bff: ReturnType<typeof createBffApp>;
const upstream = () => ({ baseUrl: sb.sandboxUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 });

beforeAll(async () => {
  sb = await startSandbox({ goods: 300 });
  db = await testGatewayDb();
  bff = createBffApp({
    db,
    upstream: upstream(),
    mode: 'sandbox',
    mirror: createOrderMirror({ db, upstream: upstream(), mode: 'sandbox', settings: { backfillDays: 0 } }),
  });
});
afterAll(async () => {
  bff.imports.stop();
  await db.close();
  await sb.close();
});

const post = async (cookie: string, path: string, body?: unknown) => {
  const r = await bff.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as any };
};
const upstreamCount = (orderSn: string) =>
  (sb.sandbox.db.prepare('SELECT COUNT(*) AS n FROM orders WHERE third_sn = ?').get(orderSn) as { n: number }).n;
const jobOf = async (cookie: string, id: number) => (await bffGet(bff, `/imports/${id}`, cookie)).body as ImportJob;
const settled = async (cookie: string, id: number) => {
  await expect.poll(async () => (await jobOf(cookie, id)).state, { timeout: 15_000 }).toBe('done');
  return jobOf(cookie, id);
};
/** The supplier's agreement price of a SKU moves (as its market moves it), fen. */
const setPrice = (sku: number, price: number) =>
  sb.sandbox.db.prepare('UPDATE sku_options SET agreement_price = ? WHERE id = ?').run(price, sku);

let seq = 0;
/** A job of one-line orders, each sent at the price given (the price the page's check saw). */
function sheet(lines: { sku: number; price: number }[]): CreateImportInput {
  const stem = `RES${Date.now()}${seq++}`;
  return {
    key: `k${stem}`,
    fileName: 'prices.xlsx',
    orders: lines.map((l, i) => ({
      orderSn: `${stem}-${i + 1}`,
      spu: [{ sku: l.sku, number: 2, price: l.price }],
      address,
      rows: [{ row: i + 2, cells: { orderSn: `${stem}-${i + 1}`, product: String(l.sku), quantity: '2' } }],
      goods: l.price * 2,
      freight: 0,
    })),
    skipped: [],
  };
}

describe('/bff/imports/:id/recheck and /resend: refused orders sent again under their own numbers', () => {
  it('a price that moved between the check and the send: refused with its parts, checked again at the new price, resent once, never twice', async () => {
    const merchant = await signIn(bff, 'merchant');
    const [a, b, c, d] = sellableGoods(sb, 4);
    // The check saw these prices; the supplier's moved for b, c and d before the job sent them.
    const input = sheet([a!, b!, c!, d!]);
    const moved = (g: { price: number }) => g.price + 80;
    for (const g of [b!, c!, d!]) setPrice(g.sku, moved(g));
    const made = await post(merchant, '/imports', input);
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    const first = await settled(merchant, id);
    expect(first.counts).toMatchObject({ placed: 1, refused: 3 });
    const refusedB = first.orders.find((o) => o.orderSn === input.orders[1]!.orderSn)!;
    expect(refusedB.state).toBe('refused');
    // The supplier's sentence is kept; its parts are stored for the page to word (fen, no sentence).
    expect(refusedB.msg).toContain('价格已变动');
    expect(refusedB.reasons).toEqual([{ code: 'priceChanged', sku: b!.sku, now: moved(b!), was: b!.price }]);

    // Checked again: nothing placed, each refused order ready at the price now, with its freight.
    const again = await post(merchant, `/imports/${id}/recheck`);
    expect(again.status).toBe(200);
    const checked = (again.body as ImportRecheck).orders;
    expect(checked.map((o) => o.orderSn)).toEqual(input.orders.slice(1).map((o) => o.orderSn));
    expect(checked[0]).toMatchObject({
      ready: true,
      reasons: [],
      lines: [{ sku: b!.sku, number: 2, was: b!.price, price: moved(b!) }],
      goods: moved(b!) * 2,
    });
    expect(checked[0]!.freight).toBeGreaterThanOrEqual(0);
    for (const o of input.orders.slice(1)) expect(upstreamCount(o.orderSn)).toBe(0);

    // d's number is placed meanwhile by another way (the cart): it is not sent again.
    const dSn = input.orders[3]!.orderSn;
    const direct = await bffOp(bff, merchant, 'order.submit', {
      orderSn: dSn,
      spu: [{ sku: d!.sku, number: 2 }],
      address,
      strictMode: true,
    });
    expect(direct.code, direct.msg).toBe(1);
    await expect
      .poll(async () => (await db.kysely.selectFrom('mirror_orders').select('sn').where('third_sn', '=', dSn).execute()).length)
      .toBe(1);

    // Confirmed at the new prices: b and c go again, twice at once (a double click): each is queued once.
    const prices = (o: (typeof checked)[number]) => ({ orderSn: o.orderSn, prices: o.lines.map((l) => ({ sku: l.sku, price: l.price })) });
    const body = { orders: checked.map(prices) };
    const [r1, r2] = await Promise.all([post(merchant, `/imports/${id}/resend`, body), post(merchant, `/imports/${id}/resend`, body)]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    const queued = [...r1.body.queued, ...r2.body.queued].sort();
    expect(queued).toEqual([input.orders[1]!.orderSn, input.orders[2]!.orderSn].sort());
    expect([...r1.body.skipped, ...r2.body.skipped]).toContainEqual({ orderSn: dSn, why: 'placed_before' });
    const done = await settled(merchant, id);
    expect(done.counts).toMatchObject({ placed: 3, refused: 1 });
    const resentB = done.orders.find((o) => o.orderSn === input.orders[1]!.orderSn)!;
    expect(resentB).toMatchObject({ state: 'placed', msg: '', reasons: [], goods: moved(b!) * 2 });
    expect(resentB.platformSn).toMatch(/^\d+/);
    for (const o of input.orders) expect(upstreamCount(o.orderSn)).toBe(1);

    // Again: nothing is refused any more for b and c; nothing is placed twice.
    const twice = await post(merchant, `/imports/${id}/resend`, body);
    expect(twice.body.queued).toEqual([]);
    expect(twice.body.skipped.map((s: { why: string }) => s.why)).toEqual(['not_refused', 'not_refused', 'placed_before']);
    for (const o of input.orders) expect(upstreamCount(o.orderSn)).toBe(1);

    // Audited in words: who sent which numbers again.
    const audit = await db.kysely.selectFrom('audit').selectAll().where('action', '=', 'orders.import.resend').execute();
    const mine = audit.filter((e) => e.summary.includes(`"job":${id}`) && e.summary.includes('resent'));
    expect(mine.length).toBeGreaterThanOrEqual(1);
    expect(mine.flatMap((e) => JSON.parse(e.summary).resent as string[]).sort()).toEqual(queued);
  });

  it('a price that moved once more is refused again: nothing is paid that was not confirmed', async () => {
    const merchant = await signIn(bff, 'merchant');
    const [, , , , e] = sellableGoods(sb, 5);
    const input = sheet([e!]);
    setPrice(e!.sku, e!.price + 50);
    const id = (await post(merchant, '/imports', input)).body.id as number;
    await settled(merchant, id);
    const [o] = ((await post(merchant, `/imports/${id}/recheck`)).body as ImportRecheck).orders;
    expect(o!.lines[0]!.price).toBe(e!.price + 50);
    setPrice(e!.sku, e!.price + 120);
    const r = await post(merchant, `/imports/${id}/resend`, {
      orders: [{ orderSn: o!.orderSn, prices: [{ sku: e!.sku, price: o!.lines[0]!.price }] }],
    });
    expect(r.body.queued).toEqual([o!.orderSn]);
    const done = await settled(merchant, id);
    expect(done.orders[0]).toMatchObject({
      state: 'refused',
      reasons: [{ code: 'priceChanged', now: e!.price + 120, was: e!.price + 50 }],
    });
    expect(upstreamCount(o!.orderSn)).toBe(0);
    // Lines that are not the order's are refused as such.
    const wrong = await post(merchant, `/imports/${id}/resend`, {
      orders: [{ orderSn: o!.orderSn, prices: [{ sku: e!.sku + 1, price: 100 }] }],
    });
    expect(wrong.body).toEqual({ queued: [], skipped: [{ orderSn: o!.orderSn, why: 'lines_differ' }] });
  });

  it('the sandbox market moves named goods’ prices now (managers and admins, audited): what the tests and demos move a price with', async () => {
    const [, , , , , , , g] = sellableGoods(sb, 8);
    const before = (sb.sandbox.db.prepare('SELECT agreement_price AS p FROM sku_options WHERE id = ?').get(g!.sku) as { p: number }).p;
    const merchant = await signIn(bff, 'merchant');
    expect((await post(merchant, '/sandbox/market', { goodsIds: [g!.id] })).status).toBe(403);
    const manager = await signIn(bff, 'manager');
    const bad = await post(manager, '/sandbox/market', { goodsIds: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/at least one goods id/);
    expect((await post(manager, '/sandbox/market', { goodsIds: Array.from({ length: 21 }, (_, i) => i + 1) })).status).toBe(400);
    const moved = await post(manager, '/sandbox/market', { goodsIds: [g!.id] });
    expect(moved.status).toBe(200);
    const sku = (moved.body.data.repriced[0].skus as { sku: number; before: number; after: number }[]).find((s) => s.sku === g!.sku)!;
    expect(sku.before).toBe(before);
    expect(sku.after).not.toBe(before);
    expect((sb.sandbox.db.prepare('SELECT agreement_price AS p FROM sku_options WHERE id = ?').get(g!.sku) as { p: number }).p).toBe(
      sku.after,
    );
    const audit = await db.kysely.selectFrom('audit').selectAll().where('action', '=', 'sandbox.market').execute();
    expect(audit.filter((a) => a.code === 1 && a.summary.includes(String(g!.id)))).toHaveLength(1);
  });

  it('is the job owner’s (admins any); another person’s job is not found; bad input gets a sentence', async () => {
    const owner = await signIn(bff, 'merchant');
    const [, , , , , f] = sellableGoods(sb, 6);
    const input = sheet([f!]);
    setPrice(f!.sku, f!.price + 30);
    const id = (await post(owner, '/imports', input)).body.id as number;
    await settled(owner, id);
    const body = { orders: [{ orderSn: input.orders[0]!.orderSn, prices: [{ sku: f!.sku, price: f!.price + 30 }] }] };
    const other = await signIn(bff, 'merchant');
    expect((await post(other, `/imports/${id}/recheck`)).status).toBe(404);
    expect((await post(other, `/imports/${id}/resend`, body)).status).toBe(404);
    const support = await signIn(bff, 'support');
    expect((await post(support, `/imports/${id}/resend`, body)).status).toBe(403);
    const bad = await post(owner, `/imports/${id}/resend`, { orders: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/at least one order/);
    const tooMany = await post(owner, `/imports/${id}/resend`, {
      orders: Array.from({ length: IMPORT_RESEND_MAX + 1 }, (_, i) => ({ orderSn: `X${i}`, prices: [{ sku: 1, price: 1 }] })),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toMatch(/at most 500 orders/);
    expect(upstreamCount(input.orders[0]!.orderSn)).toBe(0);
    // An admin may send anyone's.
    const admin = await signIn(bff, 'admin');
    expect((await post(admin, `/imports/${id}/recheck`)).body.orders[0].ready).toBe(true);
    expect((await post(admin, `/imports/${id}/resend`, body)).body.queued).toEqual([input.orders[0]!.orderSn]);
    expect((await settled(owner, id)).orders[0]!.state).toBe('placed');
    expect(upstreamCount(input.orders[0]!.orderSn)).toBe(1);
  });
});
