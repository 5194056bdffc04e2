import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateImportInput, ImportJob } from '../../../contract';
import { bffGet, signIn } from '../../../test/bff-client';
import { testGatewayDb } from '../../../test/gateway-db';
import { sellableGoods, startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from '../../../test/harness';
import { address } from '../../../test/samples';
import { IMPORT_MAX_ROWS } from '../../../contract/constants';
import { BODY_LIMITS, createBffApp } from '../app';
import type { GatewayDb } from '../db';
import { createOrderMirror } from '../mirror';

let sb: SandboxHarness;
let db: GatewayDb;
let bff: ReturnType<typeof createBffApp>;
const upstreamOf = () => ({ baseUrl: sb.sandboxUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 });
const gateway = () =>
  createBffApp({
    db,
    upstream: upstreamOf(),
    mode: 'sandbox',
    mirror: createOrderMirror({ db, upstream: upstreamOf(), mode: 'sandbox', settings: { backfillDays: 0 } }),
  });

beforeAll(async () => {
  sb = await startSandbox({ goods: 300 });
  db = await testGatewayDb();
  bff = gateway();
});
afterAll(async () => {
  bff.imports.stop();
  await db.close();
  await sb.close();
});

const post = (app: ReturnType<typeof createBffApp>, cookie: string, path: string, body?: unknown) =>
  Promise.resolve(
    app.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  ).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

/** Orders in the sandbox under a merchant number, however many. */
const upstreamCount = (orderSn: string) =>
  (sb.sandbox.db.prepare('SELECT COUNT(*) AS n FROM orders WHERE third_sn = ?').get(orderSn) as { n: number }).n;

let seq = 0;
/** A sheet of `n` orders of one line each, numbered from a fresh stem. */
function sheet(n: number, key = `k${Date.now()}${seq++}`): CreateImportInput {
  const goods = sellableGoods(sb, 3);
  const stem = `IMP${Date.now()}${seq++}`;
  return {
    key,
    fileName: 'shop-export.xlsx',
    orders: Array.from({ length: n }, (_, i) => {
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
    skipped: [{ row: { row: n + 2, cells: { orderSn: '', quantity: '0' } }, reason: 'Quantity must be 1–9999.' }],
  };
}

const job = async (app: ReturnType<typeof createBffApp>, cookie: string, id: number) =>
  (await bffGet(app, `/imports/${id}`, cookie)).body as ImportJob;
/**
 * A job no longer running, with nothing in flight: a job stops at its first short balance while the
 * other orders of that batch are still being sent (they end short too), so "stopped" alone may be read
 * while some are still 'sending'.
 */
const settled = async (app: ReturnType<typeof createBffApp>, cookie: string, id: number) => {
  await expect
    .poll(
      async () => {
        const j = await job(app, cookie, id);
        return j.state !== 'running' && !j.orders.some((o) => o.state === 'sending');
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return job(app, cookie, id);
};

describe('/bff/imports', () => {
  it('places every order of a sheet once with its own number, lists it, audits it once; importing it again places nothing', async () => {
    const merchant = await signIn(bff, 'merchant');
    const input = sheet(6);
    const made = await post(bff, merchant, '/imports', input);
    expect(made.status).toBe(201);
    // A double click: the same key is the same job.
    const again = await post(bff, merchant, '/imports', input);
    expect(again.body).toEqual({ id: made.body.id, created: false });

    const done = await settled(bff, merchant, made.body.id);
    expect(done.state).toBe('done');
    expect(done.counts).toMatchObject({ orders: 6, placed: 6, already: 0, refused: 0, queued: 0, skippedRows: 1 });
    for (const o of done.orders) {
      expect(o.state).toBe('placed');
      expect(o.platformSn).toMatch(/^\d+/);
      expect(o.amount).toBeGreaterThan(0);
      expect(upstreamCount(o.orderSn)).toBe(1);
    }
    expect(done.skipped[0]!.reason).toMatch(/Quantity/);
    // The orders are in the mirror (the overview and the palette see them at once).
    const mirrored = await db.kysely
      .selectFrom('mirror_orders')
      .select('third_sn')
      .where(
        'third_sn',
        'in',
        input.orders.map((o) => o.orderSn),
      )
      .execute();
    expect(mirrored).toHaveLength(6);
    // One audit entry for the job, naming its orders.
    const audit = await db.kysely.selectFrom('audit').selectAll().where('action', '=', 'orders.import').execute();
    const mine = audit.filter((a) => a.summary.includes(`"job":${made.body.id}`));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.summary).toContain(input.orders[0]!.orderSn);
    expect(mine[0]!.msg).toBe('import done');
    expect(JSON.parse(mine[0]!.summary).placed).toHaveLength(6);
    // The list of past imports.
    const list = await bffGet(bff, '/imports', merchant);
    expect(list.body.list[0]).toMatchObject({ id: made.body.id, state: 'done', fileName: 'shop-export.xlsx' });

    // The same sheet tomorrow (another key): the check knows them all, and a job places nothing.
    const known = await post(bff, merchant, '/known-orders', { orderSns: input.orders.map((o) => o.orderSn) });
    expect(known.body.known.map((k: { orderSn: string }) => k.orderSn).sort()).toEqual(input.orders.map((o) => o.orderSn).sort());
    const twice = await post(bff, merchant, '/imports', { ...input, key: `${input.key}b` });
    const second = await settled(bff, merchant, twice.body.id);
    expect(second.counts).toMatchObject({ placed: 0, already: 6 });
    for (const o of second.orders) {
      expect(o.platformSn).toBe(done.orders.find((d) => d.orderSn === o.orderSn)!.platformSn);
      expect(upstreamCount(o.orderSn)).toBe(1);
    }
  });

  it('/known-orders takes 5,000 order numbers of the longest kind (its body cap, to the byte); 5,001 or a byte more are refused with a sentence', async () => {
    const merchant = await signIn(bff, 'merchant');
    const placed = sheet(1);
    const made = await post(bff, merchant, '/imports', placed);
    await settled(bff, merchant, made.body.id);
    // 64 characters each, the longest the supplier takes; the last is one placed above.
    const sns = (n: number) => Array.from({ length: n }, (_, i) => `KNOWN${Date.now()}${String(i).padStart(46, '0')}`.slice(0, 64));
    const five = [...sns(IMPORT_MAX_ROWS - 1), placed.orders[0]!.orderSn];
    const longest = [...sns(IMPORT_MAX_ROWS - 1), 'x'.repeat(64)];
    expect(JSON.stringify({ orderSns: longest }).length).toBe(BODY_LIMITS.knownOrders);
    const atCap = await post(bff, merchant, '/known-orders', { orderSns: longest });
    expect(atCap.status).toBe(200);
    const ok = await post(bff, merchant, '/known-orders', { orderSns: five });
    expect(ok.status).toBe(200);
    expect(ok.body.known.map((k: { orderSn: string }) => k.orderSn)).toEqual([placed.orders[0]!.orderSn]);
    // 5,001 of the longest: past the cap, refused before it is read.
    const over = await post(bff, merchant, '/known-orders', { orderSns: [...longest, 'y'.repeat(64)] });
    expect(over.status).toBe(413);
    expect(over.body.msg).toBe(`The request is too large (${Math.round(BODY_LIMITS.knownOrders / 1024)} kB at most).`);
    expect(over.body.gateway).toMatchObject({ rule: 'too_large', limit: BODY_LIMITS.knownOrders });
    // One byte past the cap (a space after the JSON).
    const byte = await bff.app.request('/known-orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: merchant },
      body: `${JSON.stringify({ orderSns: longest })} `,
    });
    expect(byte.status).toBe(413);
    // 5,001 short numbers fit the cap but not the rule: 400 with a sentence.
    const many = await post(bff, merchant, '/known-orders', { orderSns: Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `SN${i}`) });
    expect(many.status).toBe(400);
    expect(many.body.msg).toMatch(/at most 5000 order numbers/);
  });

  it('a job cut off by a restart resumes on the next gateway and places each order once', async () => {
    const merchant = await signIn(bff, 'merchant', `restart-${Date.now()}`);
    const input = sheet(5);
    // A gateway that took the job and died mid-send: two orders left "sending" (one of them did reach the supplier).
    bff.imports.stop();
    const made = await post(bff, merchant, '/imports', input);
    const [first, secondSn] = [input.orders[0]!, input.orders[1]!];
    const direct = await bffOpAs(merchant, { orderSn: first.orderSn, spu: first.spu, address, strictMode: true });
    expect(direct.code).toBe(1);
    await db.kysely
      .updateTable('import_orders')
      .set({ state: 'sending', attempts: 1 })
      .where('order_sn', 'in', [first.orderSn, secondSn.orderSn])
      .execute();

    // The next start (same database).
    const next = gateway();
    bff = next;
    next.imports.start(0);
    const done = await settled(next, merchant, made.body.id);
    expect(done.state).toBe('done');
    expect(done.counts).toMatchObject({ placed: 5, already: 0 });
    for (const o of input.orders) expect(upstreamCount(o.orderSn)).toBe(1);
  });

  it('a short balance stops the job with the failed order named; paused, resumed and cancelled jobs keep what was not sent unsent', async () => {
    const merchant = await signIn(bff, 'merchant');
    const balance = sb.sandbox.db.prepare(`SELECT value FROM meta WHERE key = 'balance'`).get() as { value: string };
    sb.sandbox.db.prepare(`UPDATE meta SET value = '1' WHERE key = 'balance'`).run();
    try {
      const input = sheet(3);
      const made = await post(bff, merchant, '/imports', input);
      const stopped = await settled(bff, merchant, made.body.id);
      expect(stopped).toMatchObject({ state: 'stopped', stopReason: 'balance' });
      // The orders in flight when the balance ran out are short too (each kept as a failed order); the rest wait.
      expect(stopped.counts.short).toBeGreaterThanOrEqual(1);
      expect(stopped.counts.placed).toBe(0);
      expect(stopped.counts.queued).toBe(3 - stopped.counts.short);
      const short = stopped.orders.find((o) => o.state === 'short')!;
      expect(short.msg).toMatch(/余额不足/);
      // Cancelled: what was not sent stays unsent, and nothing more reaches the supplier.
      const cancelled = await post(bff, merchant, `/imports/${made.body.id}/cancel`);
      expect(cancelled.status).toBe(200);
      const over = await job(bff, merchant, made.body.id);
      expect(over.state).toBe('cancelled');
      expect(over.counts.unsent).toBe(3 - stopped.counts.short);
      for (const o of over.orders.filter((x) => x.state === 'unsent')) expect(upstreamCount(o.orderSn)).toBe(0);
      // A cancelled job cannot be resumed.
      expect((await post(bff, merchant, `/imports/${made.body.id}/resume`)).status).toBe(409);
    } finally {
      sb.sandbox.db.prepare(`UPDATE meta SET value = ? WHERE key = 'balance'`).run(balance.value);
    }

    // Paused before it starts sending (the sender stopped), resumed: all placed.
    bff.imports.stop();
    const input = sheet(2);
    const made = await post(bff, merchant, '/imports', input);
    expect((await post(bff, merchant, `/imports/${made.body.id}/pause`)).body.state).toBe('paused');
    const next = gateway();
    bff = next;
    next.imports.start(0);
    await new Promise((r) => setTimeout(r, 600));
    for (const o of input.orders) expect(upstreamCount(o.orderSn)).toBe(0);
    expect((await post(next, merchant, `/imports/${made.body.id}/resume`)).body.state).toBe('running');
    expect((await settled(next, merchant, made.body.id)).counts.placed).toBe(2);
  });

  it('a merchant cannot see or steer another person’s job; an admin sees and steers everyone’s; bad input is refused and audited', async () => {
    const owner = await signIn(bff, 'merchant');
    const other = await signIn(bff, 'merchant');
    const admin = await signIn(bff, 'admin');
    const support = await signIn(bff, 'support');
    bff.imports.stop();
    const made = await post(bff, owner, '/imports', sheet(1));
    const id = made.body.id as number;
    expect((await bffGet(bff, `/imports/${id}`, other)).status).toBe(404);
    expect((await post(bff, other, `/imports/${id}/cancel`)).status).toBe(404);
    expect((await bffGet(bff, '/imports', other)).body.list.map((j: { id: number }) => j.id)).not.toContain(id);
    expect((await bffGet(bff, '/imports', support)).status).toBe(403);
    expect((await post(bff, support, '/imports', sheet(1))).status).toBe(403);
    expect((await bffGet(bff, `/imports/${id}`, admin)).body.username).toMatch(/^merchant-/);
    expect((await bffGet(bff, '/imports', admin)).body.list.map((j: { id: number }) => j.id)).toContain(id);
    expect((await post(bff, admin, `/imports/${id}/cancel`)).body.state).toBe('cancelled');
    expect((await bffGet(bff, '/imports/abc', owner)).status).toBe(404);

    // Bad input: a number the supplier would refuse, a number twice, no orders.
    const bad = sheet(2);
    bad.orders[1]!.orderSn = bad.orders[0]!.orderSn;
    const twice = await post(bff, owner, '/imports', bad);
    expect(twice.status).toBe(400);
    expect(twice.body.gateway).toMatchObject({ reason: 'invalid_input', field: 'orders.1.orderSn' });
    expect(twice.body.msg).toMatch(/twice/);
    const badSn = sheet(1);
    badSn.orders[0]!.orderSn = 'a b';
    expect((await post(bff, owner, '/imports', badSn)).status).toBe(400);
    expect((await post(bff, owner, '/imports', { ...sheet(1), orders: [] })).status).toBe(400);
    const before = await db.kysely
      .selectFrom('import_jobs')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect((await post(bff, owner, '/imports', 'not json')).status).toBe(400);
    const after = await db.kysely
      .selectFrom('import_jobs')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const refusals = await db.kysely
      .selectFrom('audit')
      .select('msg')
      .where('action', '=', 'orders.import')
      .where('code', '=', 400)
      .execute();
    expect(refusals.length).toBeGreaterThanOrEqual(4);
  });
});

describe('/bff/imports keeps only what it needs', () => {
  it('a row carries only the known columns, each bounded and never a formula (else a 400 with a sentence, nothing stored)', async () => {
    const owner = await signIn(bff, 'merchant');
    const count = async () =>
      Number(
        (
          await db.kysely
            .selectFrom('import_jobs')
            .select((e) => e.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const refused = async (input: CreateImportInput) => {
      const r = await post(bff, owner, '/imports', input);
      expect(r.status).toBe(400);
      expect(r.body.gateway.reason).toBe('invalid_input');
      return r.body as { msg: string; gateway: { field: string } };
    };
    // 30 invented cells of 1,000 characters, as a script could send them.
    const invented = sheet(1);
    for (let i = 0; i < 30; i++) (invented.orders[0]!.rows[0]!.cells as Record<string, string>)[`extra${i}`] = 'x'.repeat(1000);
    const r1 = await refused(invented);
    expect(r1.msg).toMatch(/^Invalid input: unknown field extra0, .* in orders\.0\.rows\.0\.cells/);
    expect(r1.gateway.field).toBe('orders.0.rows.0.cells.extra0');
    const inSkipped = sheet(1);
    (inSkipped.skipped![0]!.row.cells as Record<string, string>).picture = 'x';
    expect((await refused(inSkipped)).msg).toMatch(/unknown field picture/);
    const long = sheet(1);
    long.orders[0]!.rows[0]!.cells.consignee = '王'.repeat(51);
    expect((await refused(long)).msg).toMatch(/consignee may be at most 50 characters/);
    const skippedLong = sheet(1);
    skippedLong.skipped![0]!.row.cells.note = 'x'.repeat(1001);
    expect((await refused(skippedLong)).msg).toMatch(/note may be at most 1000 characters/);
    const formula = sheet(1);
    formula.orders[0]!.rows[0]!.cells.note = '=HYPERLINK("http://x","点我")';
    const r2 = await refused(formula);
    expect(r2.msg).toMatch(/note holds a formula/);
    expect(r2.gateway.field).toBe('orders.0.rows.0.cells.note');
    const inAddress = sheet(1);
    inAddress.orders[0]!.address = { ...address, description: '=1+1' };
    expect((await refused(inAddress)).msg).toMatch(/description holds a formula/);
    expect(await count()).toBe(before);
  });

  it('an order holding rows of two people under one number (the page bypassed) is refused with a sentence naming the rows; nothing stored or sent', async () => {
    const owner = await signIn(bff, 'merchant');
    const input = sheet(1);
    const o = input.orders[0]!;
    const sun = { consignee: '孙丽', phone: '13912345678', province: '江苏省', city: '南京市', area: '鼓楼区', description: '中山路 1 号' };
    const zhang = {
      consignee: '张伟',
      phone: '13698765432',
      province: '北京市',
      city: '北京市',
      area: '朝阳区',
      description: '建国路 88 号',
    };
    o.rows = [
      { row: 7, cells: { ...o.rows[0]!.cells, ...sun } },
      { row: 24, cells: { ...o.rows[0]!.cells, ...zhang } },
    ];
    const r = await post(bff, owner, '/imports', input);
    expect(r.status).toBe(400);
    expect(r.body.gateway).toMatchObject({ reason: 'invalid_input', field: 'orders.0.rows' });
    expect(r.body.msg).toBe(
      `Invalid input: orders.0.rows: order ${o.orderSn} holds rows with different consignees or addresses (rows 7 and 24): one order goes to one address; give those rows their own order number`,
    );
    const stored = await db.kysely.selectFrom('import_orders').select('id').where('order_sn', '=', o.orderSn).execute();
    expect(stored).toEqual([]);
    expect(upstreamCount(o.orderSn)).toBe(0);
    // One person written two ways (a short region name, the phone with spaces) is one order: taken.
    o.rows[1]!.cells = { ...o.rows[0]!.cells, province: '江苏', city: '南京', phone: '139 1234 5678' };
    const made = await post(bff, owner, '/imports', input);
    expect(made.status).toBe(201);
    // (Not placed here: this gateway sends nothing until started.)
    expect((await post(bff, owner, `/imports/${made.body.id}/cancel`)).status).toBe(200);
  });

  it('a job finished before the retention loses its rows; its outcomes, counts and audit stay; a newer one keeps them', async () => {
    const g = gateway();
    g.imports.start(0);
    try {
      const owner = await signIn(g, 'merchant');
      const old = (await post(g, owner, '/imports', sheet(2))).body.id as number;
      const recent = (await post(g, owner, '/imports', sheet(1))).body.id as number;
      for (const id of [old, recent]) expect((await settled(g, owner, id)).state).toBe('done');
      await db.kysely
        .updateTable('import_jobs')
        .set({ finished_at: Date.now() - 181 * 86_400_000 })
        .where('id', '=', old)
        .execute();
      expect(await g.imports.prune()).toBe(1);
      const cut = await job(g, owner, old);
      expect(cut.rowsRemovedAt).toEqual(expect.any(Number));
      expect(cut.counts).toMatchObject({ orders: 2, placed: 2, skippedRows: 1 });
      expect(cut.skipped).toEqual([]);
      for (const o of cut.orders) {
        expect(o).toMatchObject({ state: 'placed', rows: [] });
        expect(o.platformSn).toMatch(/^\d+/);
      }
      const inputs = await db.kysely.selectFrom('import_orders').select('input').where('job_id', '=', old).execute();
      expect(inputs.map((r) => r.input)).toEqual(['{}', '{}']);
      const audited = await db.kysely
        .selectFrom('audit')
        .select('summary')
        .where('action', '=', 'orders.import')
        .where('code', '=', 1)
        .execute();
      expect(audited.some((a) => a.summary.includes(`"job":${old}`))).toBe(true);
      const kept = await job(g, owner, recent);
      expect(kept.rowsRemovedAt).toBeNull();
      expect(kept.orders[0]!.rows).toHaveLength(1);
      expect(kept.skipped).toHaveLength(1);
      // Once is enough: nothing left to cut.
      expect(await g.imports.prune()).toBe(0);
    } finally {
      g.imports.stop();
    }
  });
});

/** `order.submit` through the gateway as a person (an order placed outside the job). */
async function bffOpAs(cookie: string, input: unknown) {
  const res = await bff.app.request('/op/order.submit', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(input),
  });
  return (await res.json()) as { code: number; msg: string };
}
