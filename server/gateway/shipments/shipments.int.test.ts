import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bffGet, bffOp, signIn } from '../../../test/bff-client';
import { testGatewayDb } from '../../../test/gateway-db';
import { sellableGoods, startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from '../../../test/harness';
import { address } from '../../../test/samples';
import type { Shipment } from '../../../contract';
import { createBffApp } from '../app';
import type { GatewayDb } from '../db';
import { createOrderMirror, type OrderMirror } from '../mirror';
import { dayOf } from '../mirror/rollups';

/**
 * Issue 51: the shipped packages, fed by the order mirror from orders placed through the gateway and
 * shipped by the sandbox as its clock moves; listed and marked handed to the shop.
 */
let sb: SandboxHarness;
let db: GatewayDb;
let mirror: OrderMirror;
let bff: ReturnType<typeof createBffApp>;

beforeAll(async () => {
  sb = await startSandbox({ goods: 300 });
  db = await testGatewayDb();
  const upstream = { baseUrl: sb.sandboxUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 };
  mirror = createOrderMirror({ db, upstream, mode: 'sandbox', settings: { backfillDays: 0 } });
  bff = createBffApp({ db, upstream, mode: 'sandbox', mirror });
});
afterAll(async () => {
  await db.close();
  await sb.close();
});

const get = (path: string, cookie: string) => bffGet(bff, path, cookie);
const post = async (path: string, cookie: string, body: unknown) => {
  const res = await bff.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};

/** Two goods of different channels. */
function twoChannels() {
  const goods = sellableGoods(sb, 300);
  const a = goods[0]!;
  const b = goods.find((g) => g.source !== a.source)!;
  expect(b, 'the catalogue has goods of two channels').toBeDefined();
  return [a, b] as const;
}

/** The sandbox's children of a merchant order: number, channel, courier and tracking number as it keeps them. */
const childrenAtSandbox = (orderSn: string) =>
  sb.sandbox.db
    .prepare(
      `SELECT c.sn, c.source, c.courier_name, c.tracking_no, c.goods_status FROM order_children c JOIN orders o ON o.id = c.order_id
        WHERE o.third_sn = ? ORDER BY c.sn`,
    )
    .all(orderSn) as { sn: string; source: number; courier_name: string; tracking_no: string; goods_status: number }[];

/** Every package (or those of `query`'s state), in one page. */
const all = async (cookie: string, query = '') =>
  (await get(`/shipments?size=10000${query.includes('state=') ? '' : '&state=all'}${query}`, cookie)).body as {
    list: Shipment[];
    count: number;
  };
const mine = async (cookie: string, orderSns: string[], query = '') =>
  (await all(cookie, query)).list.filter((s) => orderSns.includes(s.shopOrderSn));

describe('shipments', () => {
  it('one row per shipped package with the supplier’s tracking numbers; a partly shipped order gains its second when it ships; a changed number comes back as new', async () => {
    const merchant = await signIn(bff, 'merchant');
    const [a, b] = twoChannels();
    const two = `SH${Date.now()}A`;
    const late = `SH${Date.now()}B`;
    for (const orderSn of [two, late]) {
      const r = await bffOp(bff, merchant, 'order.submit', {
        orderSn,
        spu: [
          { sku: a.sku, number: 2 },
          { sku: b.sku, number: 1 },
        ],
        address,
        strictMode: true,
      });
      expect(r.code, r.msg).toBe(1);
    }
    // Nothing has shipped yet.
    expect((await mirror.reconcile()).error).toBeUndefined();
    expect(await mine(merchant, [two, late])).toEqual([]);
    // One child of `late` ships ten hours after the others.
    const lateChildren = childrenAtSandbox(late);
    expect(lateChildren).toHaveLength(2);
    sb.sandbox.db
      .prepare(`UPDATE jobs SET due_ms = due_ms + 10 * 3600 * 1000 WHERE kind = 'ship' AND ref = ? AND done = 0`)
      .run(lateChildren[1]!.sn);

    await sb.advance(3 * 3600);
    expect((await mirror.reconcile()).error).toBeUndefined();
    let rows = await mine(merchant, [two, late]);
    const shippedNow = [...childrenAtSandbox(two), childrenAtSandbox(late)[0]!];
    expect(shippedNow.every((c) => c.goods_status === 3 && c.tracking_no !== '')).toBe(true);
    const expected = (orderSn: string, c: (typeof shippedNow)[number]) => [orderSn, c.sn, c.source, c.courier_name, c.tracking_no];
    expect(rows.map((r) => [r.shopOrderSn, r.childSn, r.channel, r.courierName, r.trackingNo]).sort()).toEqual(
      [...childrenAtSandbox(two).map((c) => expected(two, c)), expected(late, childrenAtSandbox(late)[0]!)].sort(),
    );
    // The order over two channels: two packages, each with its line.
    const ofTwo = rows.filter((r) => r.shopOrderSn === two);
    expect(ofTwo).toHaveLength(2);
    expect(new Set(ofTwo.map((r) => r.channel))).toEqual(new Set([a.source, b.source]));
    for (const r of ofTwo) {
      const g = r.channel === a.source ? a : b;
      expect(r.lines).toHaveLength(1);
      expect(r.lines[0]).toMatchObject({ name: g.title, quantity: g === a ? 2 : 1 });
      expect(r.orderSn).toBe(r.childSn.split('_')[0]);
      expect(r.exportedAt).toBeNull();
      expect(r.shippedAt).toBeGreaterThan(0);
    }
    expect(rows.filter((r) => r.shopOrderSn === late)).toHaveLength(1);

    // The rest of `late` ships: its second package appears; read again, nothing doubles.
    await sb.advance(10 * 3600);
    expect((await mirror.reconcile()).error).toBeUndefined();
    expect((await mirror.reconcile()).error).toBeUndefined();
    rows = await mine(merchant, [two, late]);
    const ofLate = rows.filter((r) => r.shopOrderSn === late);
    expect(ofLate.map((r) => [r.childSn, r.trackingNo]).sort()).toEqual(
      childrenAtSandbox(late)
        .map((c) => [c.sn, c.tracking_no])
        .sort(),
    );
    expect(rows).toHaveLength(4);

    // The supplier changes a tracking number before it was handed over: the new number is a new package, the old one gone.
    const changed = childrenAtSandbox(two)[0]!;
    const before = rows.find((r) => r.childSn === changed.sn)!;
    sb.sandbox.db.prepare(`UPDATE order_children SET tracking_no = ? WHERE sn = ?`).run(`${changed.tracking_no}X`, changed.sn);
    await sb.advance(60);
    expect((await mirror.reconcile()).error).toBeUndefined();
    rows = await mine(merchant, [two, late]);
    const now = rows.filter((r) => r.childSn === changed.sn);
    expect(now.map((r) => r.trackingNo)).toEqual([`${changed.tracking_no}X`]);
    expect(now[0]!.id).not.toBe(before.id);
    expect(now[0]!.exportedAt).toBeNull();

    // Handed over, then changed again: the one handed over stays (the shop was told it), the new one is new.
    const marked = await post('/shipments/mark', merchant, { ids: [now[0]!.id], exported: true });
    expect(marked).toEqual({ status: 200, body: { changed: 1 } });
    sb.sandbox.db.prepare(`UPDATE order_children SET tracking_no = ? WHERE sn = ?`).run(`${changed.tracking_no}Y`, changed.sn);
    await sb.advance(60);
    expect((await mirror.reconcile()).error).toBeUndefined();
    const ofChild = (await mine(merchant, [two])).filter((r) => r.childSn === changed.sn);
    expect(ofChild.map((r) => [r.trackingNo, r.exportedAt === null]).sort()).toEqual([
      [`${changed.tracking_no}X`, false],
      [`${changed.tracking_no}Y`, true],
    ]);
    expect((await mine(merchant, [two], '&state=new')).map((r) => r.trackingNo)).toContain(`${changed.tracking_no}Y`);
    expect((await mine(merchant, [two], '&state=new')).map((r) => r.trackingNo)).not.toContain(`${changed.tracking_no}X`);

    // Courier codes are the supplier's from the first list of a fresh gateway: nobody asked for the formats
    // or forwarded its courier list (logistic.firms, asked only now to compare).
    const listed = await mine(merchant, [two, late]);
    const firms = await bffOp(bff, merchant, 'logistic.firms', {});
    expect(firms.code, firms.msg).toBe(1);
    const codes = new Map((firms.data as { name: string; sn: string }[]).map((f) => [f.name, f.sn]));
    expect(listed).toHaveLength(5);
    for (const r of listed) expect([r.courierName, r.courierCode]).toEqual([r.courierName, codes.get(r.courierName)]);
    expect(listed.every((r) => r.courierCode !== '')).toBe(true);
  });

  it('a fresh gateway’s first download in an own format with a courierCode column and no carrier map writes the supplier’s codes', async () => {
    const freshDb = await testGatewayDb();
    try {
      const upstream = { baseUrl: sb.sandboxUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 };
      const freshMirror = createOrderMirror({ db: freshDb, upstream, mode: 'sandbox', settings: { backfillDays: 0 } });
      const fresh = createBffApp({ db: freshDb, upstream, mode: 'sandbox', mirror: freshMirror });
      const merchant = await signIn(fresh, 'merchant');
      const [a, b] = twoChannels();
      const orderSn = `SH${Date.now()}C`;
      const r = await bffOp(fresh, merchant, 'order.submit', {
        orderSn,
        spu: [
          { sku: a.sku, number: 1 },
          { sku: b.sku, number: 1 },
        ],
        address,
        strictMode: true,
      });
      expect(r.code, r.msg).toBe(1);
      await sb.advance(3 * 3600);
      expect((await freshMirror.reconcile()).error).toBeUndefined();
      const send = async (path: string, body: unknown) =>
        fresh.app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: merchant },
          body: JSON.stringify(body),
        });
      const made = await send('/shipments/formats', {
        name: `代码模板${Date.now()}`,
        columns: [
          { field: 'childSn', header: '子单号' },
          { field: 'courierCode', header: '快递编码' },
          { field: 'courierName', header: '快递公司' },
          { field: 'trackingNo', header: '快递单号' },
        ],
        perOrder: false,
        carrierMap: {},
      });
      expect(made.status).toBe(201);
      const format = ((await made.json()) as { id: number }).id;
      const dl = await send('/shipments/download', { format, type: 'csv', state: 'all', mark: false });
      expect(dl.status).toBe(200);
      const text = (await dl.text()).replace(/^\uFEFF/, '');
      const [header, ...lines] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
      expect(header).toEqual(['子单号', '快递编码', '快递公司', '快递单号']);
      const firms = (sb.sandbox.db.prepare('SELECT sn, name FROM firms').all() as { sn: string; name: string }[]).map(
        (f) => [f.name, f.sn] as const,
      );
      const codes = new Map(firms);
      const children = childrenAtSandbox(orderSn);
      expect(children.every((c) => c.tracking_no !== '')).toBe(true);
      const mineLines = lines.filter((l) => children.some((c) => c.sn === l[0]));
      expect(mineLines.sort()).toEqual(children.map((c) => [c.sn, codes.get(c.courier_name), c.courier_name, c.tracking_no]).sort());
      expect(mineLines.every((l) => l[1] !== '')).toBe(true);
    } finally {
      await freshDb.close();
    }
  });

  it('state, day, channel and job filters; marking and undoing marks exactly those ids, audited', async () => {
    const merchant = await signIn(bff, 'merchant');
    const [a, b] = twoChannels();
    const sns = [0, 1, 2].map((i) => `SF${Date.now()}${i}`);
    for (const orderSn of sns) {
      const r = await bffOp(bff, merchant, 'order.submit', {
        orderSn,
        spu: [
          { sku: a.sku, number: 1 },
          { sku: b.sku, number: 1 },
        ],
        address,
        strictMode: true,
      });
      expect(r.code, r.msg).toBe(1);
    }
    await sb.advance(3 * 3600);
    expect((await mirror.reconcile()).error).toBeUndefined();
    const rows = await mine(merchant, sns);
    expect(rows).toHaveLength(6);
    // Newest first (the id breaking ties).
    const list = (await all(merchant)).list;
    for (let i = 1; i < list.length; i++)
      expect(
        list[i - 1]!.shippedAt > list[i]!.shippedAt || (list[i - 1]!.shippedAt === list[i]!.shippedAt && list[i - 1]!.id > list[i]!.id),
      ).toBe(true);

    // Mark two of them handed over.
    const two = rows.slice(0, 2).map((r) => r.id);
    expect(await post('/shipments/mark', merchant, { ids: two, exported: true })).toEqual({ status: 200, body: { changed: 2 } });
    const newOnes = (await mine(merchant, sns, '&state=new')).map((r) => r.id);
    const exported = await mine(merchant, sns, '&state=exported');
    expect(newOnes.sort()).toEqual(
      rows
        .slice(2)
        .map((r) => r.id)
        .sort(),
    );
    expect(exported.map((r) => r.id).sort()).toEqual([...two].sort());
    expect(exported.every((r) => typeof r.exportedAt === 'number')).toBe(true);
    // Marked again: nothing changes (the time stays); ids of no package change nothing.
    expect(await post('/shipments/mark', merchant, { ids: [...two, 2 ** 31 - 1], exported: true })).toEqual({
      status: 200,
      body: { changed: 0 },
    });
    expect((await mine(merchant, sns, '&state=exported')).map((r) => r.exportedAt)).toEqual(exported.map((r) => r.exportedAt));
    // Undo one.
    expect(await post('/shipments/mark', merchant, { ids: [two[0]], exported: false })).toEqual({ status: 200, body: { changed: 1 } });
    expect((await mine(merchant, sns, '&state=exported')).map((r) => r.id)).toEqual([two[1]]);
    const audit = await db.kysely
      .selectFrom('audit')
      .select(['action', 'msg'])
      .where('action', '=', 'shipments.mark')
      .orderBy('id')
      .execute();
    expect(audit.map((r) => r.msg)).toEqual([
      expect.stringMatching(/^1 of 1 package/),
      '2 of 2 package(s) marked handed to the shop',
      '0 of 3 package(s) marked handed to the shop',
      '1 of 1 package(s) marked not handed to the shop (undone)',
    ]);

    // Days: the day they shipped in the reseller's zone holds them, the next does not.
    const day = dayOf(rows[0]!.shippedAt, mirror.settings.timeZone);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const prev = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect((await mine(merchant, sns, `&from=${day}&to=${day}`)).length).toBe(6);
    expect((await mine(merchant, sns, `&from=${prev}&to=${day}`)).length).toBe(6);
    expect(await mine(merchant, sns, `&from=${next}`)).toEqual([]);
    expect(await mine(merchant, sns, `&to=${prev}`)).toEqual([]);
    // Channel.
    const ofA = await mine(merchant, sns, `&channel=${a.source}`);
    expect(ofA.map((r) => r.channel)).toEqual([a.source, a.source, a.source]);
    // Pages: count is the whole; a page of two is two.
    const page = (await get(`/shipments?state=all&size=2&page=1`, merchant)).body;
    expect(page.list).toHaveLength(2);
    expect(page.count).toBe((await all(merchant)).count);

    // A bulk import job's orders: the job holds two of the three.
    const user = await db.kysely.selectFrom('users').select(['id', 'username']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    const job = await db.kysely
      .insertInto('import_jobs')
      .values({
        key: `k${Date.now()}`,
        user_id: user.id,
        username: user.username,
        role: 'merchant',
        file_name: 'shop.xlsx',
        state: 'done',
        stop_reason: null,
        skipped: '[]',
        skipped_rows: 0,
        failures: 0,
        audited: 1,
        created_at: Date.now(),
        updated_at: Date.now(),
        finished_at: Date.now(),
        pruned_at: null,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.kysely
      .insertInto('import_orders')
      .values(
        sns.slice(0, 2).map((orderSn) => ({
          job_id: job.id,
          order_sn: orderSn,
          state: 'placed',
          input: '{}',
          rows: '[]',
          goods: 0,
          freight: 0,
          amount: null,
          platform_sn: null,
          msg: '',
          attempts: 1,
          next_at: 0,
          updated_at: Date.now(),
        })) as never,
      )
      .execute();
    const ofJob = (await get(`/shipments?state=all&job=${job.id}`, merchant)).body;
    expect(ofJob.count).toBe(4);
    expect(new Set(ofJob.list.map((r: Shipment) => r.shopOrderSn))).toEqual(new Set(sns.slice(0, 2)));
    // Another merchant's job is none of theirs; an admin sees it.
    expect((await get(`/shipments?job=${job.id}`, await signIn(bff, 'merchant'))).status).toBe(404);
    expect((await get(`/shipments?state=all&job=${job.id}`, await signIn(bff, 'admin'))).body.count).toBe(4);
  });

  it('roles: merchants, managers and admins; support 403; no session 401', async () => {
    for (const role of ['merchant', 'manager', 'admin'] as const) {
      const cookie = await signIn(bff, role);
      expect((await get('/shipments', cookie)).status, role).toBe(200);
      expect((await post('/shipments/mark', cookie, { ids: [2 ** 31 - 1], exported: true })).status, role).toBe(200);
    }
    const support = await signIn(bff, 'support');
    expect((await get('/shipments', support)).status).toBe(403);
    expect((await post('/shipments/mark', support, { ids: [1], exported: true })).status).toBe(403);
    expect((await get('/shipments', '')).status).toBe(401);
    expect((await post('/shipments/mark', '', { ids: [1], exported: true })).status).toBe(401);
  });

  it('bad input: 400 with a sentence, and nothing changes', async () => {
    const merchant = await signIn(bff, 'merchant');
    const before = await all(merchant);
    for (const bad of [
      'state=old',
      'from=2026-02-30',
      'from=2026-1-1',
      'from=2026-03-02&to=2026-03-01',
      'page=0',
      'size=0',
      'size=10001',
      'channel=x',
      'job=abc',
      'job=0',
      'nope=1',
    ]) {
      const r = await get(`/shipments?${bad}`, merchant);
      expect(r.status, bad).toBe(400);
      expect(r.body.gateway.reason, bad).toBe('invalid_input');
      expect(r.body.msg, bad).toMatch(/^Invalid input: .+/);
    }
    const someId = before.list[0]!.id;
    for (const bad of [
      {},
      { ids: [], exported: true },
      { ids: [someId] },
      { ids: [someId], exported: 'yes' },
      { ids: ['a'], exported: true },
      { ids: [someId, someId], exported: true },
      { ids: [0], exported: true },
      { ids: [someId], exported: true, more: 1 },
      { ids: Array.from({ length: 10_001 }, (_, i) => i + 1), exported: true },
      'not json',
    ]) {
      const r = await post('/shipments/mark', merchant, bad);
      expect(r.status, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect(r.body.msg).toMatch(/^Invalid input: .+/);
    }
    expect(await all(merchant)).toEqual(before);
    // The largest mark fits the body limit.
    const largest = await post('/shipments/mark', merchant, {
      ids: Array.from({ length: 10_000 }, (_, i) => 2 ** 31 - 1 - i),
      exported: false,
    });
    expect(largest).toEqual({ status: 200, body: { changed: 0 } });
  });
});

describe('the shipments migration', () => {
  it('gives the packages of the mirrored orders still under way, and none of those completed or closed', async () => {
    const fresh = await testGatewayDb();
    try {
      await fresh.kysely.schema.dropTable('shipments').execute();
      await fresh.kysely.schema.dropTable('shipment_couriers').execute();
      const order = (sn: string, status: number, shipped: boolean) => ({
        id: 1,
        sn,
        thirdSn: `T${sn}`,
        logisticFee: 0,
        goodsFee: 100,
        address: { consignee: 'a', phone: '13800138000', province: '浙江省', city: '杭州市', area: '西湖区', street: '', description: '' },
        createdTime: 1_790_000_000,
        payStatus: 1,
        checkStatus: 1,
        status,
        children: [
          {
            sn: `${sn}_1`,
            source: 1,
            logisticFee: 0,
            goodsFee: 100,
            goodsStatus: shipped ? 3 : 0,
            orderStatus: 1,
            deliverTime: shipped ? 1_790_007_200 : 0,
            createdTime: 1_790_000_000,
            shopInfo: { name: 's' },
            goods: [
              {
                sn: `${sn}_1_1_1`,
                goodsId: 1,
                sku: 11,
                skuName: '黑色',
                image: '',
                name: '商品',
                number: 2,
                price: 50,
                refundTime: 0,
                createdTime: 1_790_000_000,
                payStatus: 1,
                deliverName: shipped ? '顺丰速运' : '',
                deliverNo: shipped ? `SF${sn}` : '',
              },
            ],
          },
        ],
      });
      const rows = [order('M1', 3, true), order('M2', 4, true), order('M3', 5, true), order('M4', 2, false)].map((o) => ({
        sn: o.sn,
        third_sn: o.thirdSn,
        created_time: o.createdTime,
        day: '2026-09-21',
        status: o.status,
        pay_status: 1,
        total: 100,
        data: JSON.stringify(o),
        read_at: 0,
      }));
      await fresh.kysely.insertInto('mirror_orders').values(rows).execute();
      const { shipmentsMigrations } = await import('./tables');
      await shipmentsMigrations['202611282230_shipments']!.up(fresh.kysely as never);
      const held = await fresh.kysely.selectFrom('shipments').selectAll().execute();
      expect(held.map((r) => [r.shop_order_sn, r.child_sn, r.tracking_no, r.courier_name, Number(r.shipped_at), r.exported_at])).toEqual([
        ['TM1', 'M1_1', 'SFM1', '顺丰速运', 1_790_007_200, null],
      ]);
      expect(JSON.parse(held[0]!.lines)).toEqual([{ name: '商品', spec: '黑色', quantity: 2 }]);
    } finally {
      await fresh.close();
    }
  });
});
