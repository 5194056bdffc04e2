import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bffGet, bffOp, signIn } from '../../../test/bff-client';
import { testGatewayDb } from '../../../test/gateway-db';
import { sellableGoods, startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from '../../../test/harness';
import { address } from '../../../test/samples';
import { SHEET_FORMAT_LIMITS, SHIPMENTS_MAX_DOWNLOAD, type OwnFormat, type Shipment } from '../../../contract';
import { createBffApp } from '../app';
import type { GatewayDb } from '../db';
import { createOrderMirror, type OrderMirror } from '../mirror';

/**
 * Issue 51: the shop's batch-shipping sheets. Formats (built in and the team's own, with a carrier
 * map), the sheet the gateway writes (.xlsx and .csv, every cell a guarded text), a download that
 * marks exactly what it held as a batch, and undo. Orders placed through the gateway and shipped by
 * the sandbox as its clock moves; a bulk-order job's numbers keep each test to its own packages.
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

const send = async (method: string, path: string, cookie: string, body?: unknown) => {
  const res = await bff.app.request(path, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const type = res.headers.get('content-type') ?? '';
  const bytes = new Uint8Array(await res.arrayBuffer());
  return {
    status: res.status,
    headers: res.headers,
    bytes,
    body: type.includes('json') ? (JSON.parse(new TextDecoder().decode(bytes)) as any) : undefined,
  };
};
const post = (path: string, cookie: string, body: unknown) => send('POST', path, cookie, body);

/** A sheet's cells as text, header first: .csv through papaparse (its BOM checked), .xlsx through read-excel-file. */
async function cells(file: Uint8Array, type: 'csv' | 'xlsx'): Promise<unknown[][]> {
  if (type === 'csv') {
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(file);
    expect(text.startsWith('\uFEFF'), 'a byte-order mark').toBe(true);
    return Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
  }
  return (await readSheet(Buffer.from(file))) as unknown[][];
}

/** The first sheet's XML of an .xlsx. */
const sheetXml = (file: Uint8Array) => strFromU8(unzipSync(file)['xl/worksheets/sheet1.xml']!);

/** The sandbox's shipped children of merchant orders: courier and tracking number as it keeps them. */
const shippedAtSandbox = (orderSns: string[]) =>
  sb.sandbox.db
    .prepare(
      `SELECT o.third_sn, c.sn, c.courier_name, c.tracking_no FROM order_children c JOIN orders o ON o.id = c.order_id
        WHERE o.third_sn IN (${orderSns.map(() => '?').join(',')}) AND c.tracking_no <> '' ORDER BY c.sn`,
    )
    .all(...orderSns) as { third_sn: string; sn: string; courier_name: string; tracking_no: string }[];

/** Orders of two lines in two channels (two packages each when shipped). */
async function place(cookie: string, orderSns: string[]) {
  const goods = sellableGoods(sb, 300);
  const a = goods[0]!;
  const b = goods.find((g) => g.source !== a.source)!;
  for (const orderSn of orderSns) {
    const r = await bffOp(bff, cookie, 'order.submit', {
      orderSn,
      spu: [
        { sku: a.sku, number: 1 },
        { sku: b.sku, number: 2 },
      ],
      address,
      strictMode: true,
    });
    expect(r.code, r.msg).toBe(1);
  }
}

/** A bulk-order job of `username`'s holding these order numbers (its filter keeps a test to its own packages). */
async function jobOf(username: string, orderSns: string[], into?: number): Promise<number> {
  const user = await db.kysely.selectFrom('users').select(['id', 'username']).where('username', '=', username).executeTakeFirstOrThrow();
  const id =
    into ??
    (
      await db.kysely
        .insertInto('import_jobs')
        .values({
          key: `k${Date.now()}${Math.random()}`,
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
        .executeTakeFirstOrThrow()
    ).id;
  await db.kysely
    .insertInto('import_orders')
    .values(
      orderSns.map((orderSn) => ({
        job_id: id,
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
  return id;
}

const listOf = async (cookie: string, query: string) =>
  (await bffGet(bff, `/shipments?size=10000&${query}`, cookie)).body as { list: Shipment[]; count: number };

const ownFormats = async (cookie: string) => (await send('GET', '/shipments/formats', cookie)).body.own as OwnFormat[];

describe('sheet formats', () => {
  it('built in: the generic ones; the supplier’s couriers; the team’s own created, changed and deleted, audited', async () => {
    const merchant = await signIn(bff, 'merchant');
    const r = await send('GET', '/shipments/formats', merchant);
    expect(r.status).toBe(200);
    expect(r.body.builtIn.map((f: { id: string }) => f.id)).toEqual(['generic', 'generic-order']);
    for (const f of r.body.builtIn) {
      expect(f.columns.map((c: { header: string }) => c.header)).toEqual(['订单号', '物流公司', '运单号']);
      expect(f.names['zh-CN']).toMatch(/^通用/);
      expect(f.source).toBeNull();
    }
    // The couriers: the supplier's list, asked through the gateway (the sandbox's firms).
    const firms = sb.sandbox.db.prepare('SELECT sn AS code, name FROM firms').all() as { code: string; name: string }[];
    expect([...r.body.couriers].sort((a: { code: string }, b: { code: string }) => a.code.localeCompare(b.code))).toEqual(
      [...firms].sort((a, b) => a.code.localeCompare(b.code)),
    );

    const format = {
      name: `店铺模板${Date.now()}`,
      columns: [
        { field: 'shopOrderSn', header: '订单编号' },
        { field: 'courierName', header: '快递公司' },
        { field: 'trackingNo', header: '快递单号' },
      ],
      perOrder: true,
      joiner: '|',
      carrierMap: { SF: '顺丰' },
    };
    const made = await post('/shipments/formats', merchant, format);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ ...format, id: expect.any(Number), updatedBy: expect.stringMatching(/^merchant-/) });
    // The team's: another merchant sees it and may change it; a name is one format's only.
    const other = await signIn(bff, 'manager');
    expect((await ownFormats(other)).find((f) => f.id === made.body.id)).toEqual(made.body);
    const changed = await send('PUT', `/shipments/formats/${made.body.id}`, other, { ...format, perOrder: false, joiner: undefined });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: made.body.id, perOrder: false, joiner: ',', updatedBy: expect.stringMatching(/^manager-/) });
    const twin = await post('/shipments/formats', merchant, format);
    expect(twin.status).toBe(400);
    expect(twin.body.msg).toBe(`There is a format named “${format.name}” already: choose another name.`);
    expect((await send('PUT', '/shipments/formats/2147483647', merchant, format)).status).toBe(404);
    expect((await send('PUT', '/shipments/formats/abc', merchant, format)).status).toBe(404);
    expect((await send('DELETE', `/shipments/formats/${made.body.id}`, merchant)).body).toEqual({ deleted: true });
    expect((await send('DELETE', `/shipments/formats/${made.body.id}`, merchant)).status).toBe(404);
    expect((await ownFormats(merchant)).find((f) => f.id === made.body.id)).toBeUndefined();
    const audit = await db.kysely
      .selectFrom('audit')
      .select(['action', 'msg'])
      .where('action', 'like', 'shipments.format.%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      {
        action: 'shipments.format.create',
        msg: `sheet format “${format.name}” created: 3 column(s) (订单编号, 快递公司, 快递单号), a row per shop order, joined by “|”, 1 courier name(s) mapped`,
      },
      {
        action: 'shipments.format.update',
        msg: `sheet format “${format.name}” changed: 3 column(s) (订单编号, 快递公司, 快递单号), a row per package, 1 courier name(s) mapped`,
      },
      { action: 'shipments.format.create', msg: `refused: There is a format named “${format.name}” already: choose another name.` },
      { action: 'shipments.format.update', msg: 'refused: There is no format 2147483647 (it may have been deleted).' },
      { action: 'shipments.format.delete', msg: `sheet format “${format.name}” deleted` },
    ]);
  });

  it('bad formats: 400 with a sentence, nothing stored; the limits hold at the limit and refuse one past', async () => {
    const merchant = await signIn(bff, 'merchant');
    const L = SHEET_FORMAT_LIMITS;
    const good = { name: 'ok', columns: [{ field: 'trackingNo', header: '运单号' }], perOrder: false };
    const before = await ownFormats(merchant);
    const bad: [string, unknown][] = [
      ['no body', 'not json'],
      ['no name', { ...good, name: '' }],
      ['blank name', { ...good, name: '   ' }],
      ['formula header =', { ...good, columns: [{ field: 'trackingNo', header: '=HYPERLINK("x")' }] }],
      ['formula header +', { ...good, columns: [{ field: 'trackingNo', header: '+1' }] }],
      ['formula header -', { ...good, columns: [{ field: 'trackingNo', header: '-运单号' }] }],
      ['formula header @', { ...good, columns: [{ field: 'trackingNo', header: '@SUM(A1)' }] }],
      ['tab header', { ...good, columns: [{ field: 'trackingNo', header: '运单\t号' }] }],
      ['formula name', { ...good, name: '=cmd' }],
      ['formula courier name', { ...good, carrierMap: { SF: '=顺丰' } }],
      ['unknown field', { ...good, columns: [{ field: 'price', header: '价格' }] }],
      ['no columns', { ...good, columns: [] }],
      ['no tracking number', { ...good, columns: [{ field: 'shopOrderSn', header: '订单号' }] }],
      [
        'same header twice',
        {
          ...good,
          columns: [
            { field: 'trackingNo', header: '运单号' },
            { field: 'shopOrderSn', header: '运单号' },
          ],
        },
      ],
      ['perOrder missing', { name: 'x', columns: good.columns }],
      ['line break joiner', { ...good, joiner: '\n' }],
      ['unknown key', { ...good, more: 1 }],
      ['name one past', { ...good, name: '名'.repeat(L.nameChars + 1) }],
      [
        'columns one past',
        { ...good, columns: Array.from({ length: L.columns + 1 }, (_, i) => ({ field: 'trackingNo', header: `列${i}` })) },
      ],
      ['header one past', { ...good, columns: [{ field: 'trackingNo', header: '列'.repeat(L.headerChars + 1) }] }],
      ['joiner one past', { ...good, joiner: ';'.repeat(L.joinerChars + 1) }],
      [
        'map one past',
        { ...good, carrierMap: Object.fromEntries(Array.from({ length: L.carrierMapEntries + 1 }, (_, i) => [`C${i}`, `快递${i}`])) },
      ],
      ['code one past', { ...good, carrierMap: { ['C'.repeat(L.courierCodeChars + 1)]: '快递' } }],
      ['courier name one past', { ...good, carrierMap: { SF: '顺'.repeat(L.courierNameChars + 1) } }],
    ];
    for (const [what, body] of bad) {
      const r = await post('/shipments/formats', merchant, body);
      expect(r.status, what).toBe(400);
      expect(r.body.gateway.reason, what).toBe('invalid_input');
      expect(r.body.msg, what).toMatch(/^Invalid input: .+/);
    }
    expect((await post('/shipments/formats', merchant, { ...good, columns: [{ field: 'trackingNo', header: '=x' }] })).body.msg).toBe(
      'Invalid input: columns.0.header: a column header must not begin with =, +, -, @ (a spreadsheet would read it as a formula)',
    );
    expect(await ownFormats(merchant)).toEqual(before);

    // At every limit at once: taken, and read back the same.
    const full = {
      name: '名'.repeat(L.nameChars),
      columns: Array.from({ length: L.columns }, (_, i) => ({ field: 'trackingNo' as const, header: `${i}`.padEnd(L.headerChars, '列') })),
      perOrder: true,
      joiner: ';'.repeat(L.joinerChars),
      carrierMap: Object.fromEntries(
        Array.from({ length: L.carrierMapEntries }, (_, i) => [
          `${i}`.padEnd(L.courierCodeChars, 'C'),
          `${i}`.padEnd(L.courierNameChars, '递'),
        ]),
      ),
    };
    const made = await post('/shipments/formats', merchant, full);
    expect(made.status, made.body?.msg).toBe(201);
    expect(made.body).toMatchObject(full);
    // As many formats as there may be; one more is refused with a sentence.
    const had = (await ownFormats(merchant)).length;
    for (let i = had; i < L.formats; i++) expect((await post('/shipments/formats', merchant, { ...good, name: `f${i}` })).status).toBe(201);
    const past = await post('/shipments/formats', merchant, { ...good, name: 'one too many' });
    expect(past.status).toBe(400);
    expect(past.body.msg).toBe(`There are ${L.formats} formats already, the most there may be: delete one first.`);
    const all = await ownFormats(merchant);
    expect(all).toHaveLength(L.formats);
    for (const f of all) expect((await send('DELETE', `/shipments/formats/${f.id}`, merchant)).status).toBe(200);
  });

  it('roles: merchants, managers and admins; support 403; no session 401', async () => {
    const good = { name: `r${Date.now()}`, columns: [{ field: 'trackingNo', header: '运单号' }], perOrder: false };
    for (const role of ['merchant', 'manager', 'admin'] as const) {
      const cookie = await signIn(bff, role);
      expect((await send('GET', '/shipments/formats', cookie)).status, role).toBe(200);
      const made = await post('/shipments/formats', cookie, { ...good, name: `${good.name}${role}` });
      expect(made.status, role).toBe(201);
      expect((await send('DELETE', `/shipments/formats/${made.body.id}`, cookie)).status, role).toBe(200);
      const dl = await post('/shipments/download', cookie, { format: 'generic', type: 'csv', state: 'new', channel: 999_998, mark: false });
      expect(dl.status, role).toBe(200);
      expect((await post('/shipments/undo', cookie, { batch: 2 ** 31 - 1 })).status, role).toBe(404);
    }
    for (const [cookie, status] of [
      [await signIn(bff, 'support'), 403],
      ['', 401],
    ] as const) {
      expect((await send('GET', '/shipments/formats', cookie)).status).toBe(status);
      expect((await post('/shipments/formats', cookie, good)).status).toBe(status);
      expect((await send('PUT', '/shipments/formats/1', cookie, good)).status).toBe(status);
      expect((await send('DELETE', '/shipments/formats/1', cookie)).status).toBe(status);
      expect((await post('/shipments/download', cookie, { format: 'generic', type: 'csv', state: 'new', mark: true })).status).toBe(status);
      expect((await post('/shipments/undo', cookie, { batch: 1 })).status).toBe(status);
    }
  });
});

describe('downloads', () => {
  it('headers of the format, courier names mapped, packages of a shop order joined, tracking numbers as text, a file name in RFC 5987', async () => {
    const username = `sheet-${Date.now()}`;
    const merchant = await signIn(bff, 'merchant', username);
    const sns = [0, 1].map((i) => `SD${Date.now()}${i}`);
    await place(merchant, sns);
    await sb.advance(3 * 3600);
    expect((await mirror.reconcile()).error).toBeUndefined();
    const job = await jobOf(username, sns);
    const shipped = shippedAtSandbox(sns);
    expect(shipped).toHaveLength(4);

    // Generic, a row per package, .xlsx: its headers, each package's number, the supplier's courier names.
    const generic = await post('/shipments/download', merchant, { format: 'generic', type: 'xlsx', state: 'all', job, mark: false });
    expect(generic.status).toBe(200);
    expect(generic.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(generic.headers.get('x-shipments-count')).toBe('4');
    expect(generic.headers.get('x-shipments-more')).toBe('0');
    expect(generic.headers.get('x-shipments-batch')).toBeNull();
    const disposition = generic.headers.get('content-disposition')!;
    const day = /filename="shipments-(\d{4}-\d{2}-\d{2})\.xlsx"/.exec(disposition)?.[1];
    expect(day).toBeDefined();
    expect(decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)![1]!)).toBe(`发货回传-${day}.xlsx`);
    const rows = await cells(generic.bytes, 'xlsx');
    expect(rows[0]).toEqual(['订单号', '物流公司', '运单号']);
    expect(
      rows
        .slice(1)
        .map((r) => r.join('|'))
        .sort(),
    ).toEqual(shipped.map((c) => `${c.third_sn}|${c.courier_name}|${c.tracking_no}`).sort());
    // Every cell text (order and tracking numbers never numbers), no formula anywhere.
    for (const r of rows) for (const v of r) expect(typeof v).toBe('string');
    const xml = sheetXml(generic.bytes);
    expect(xml).not.toMatch(/<f[ >]/);
    expect(xml).not.toMatch(/<c [^>]*t="n"/);

    // The merchant's own, a row per shop order: its headers in its order, the shop's courier names, the numbers joined.
    const firms = sb.sandbox.db.prepare('SELECT sn, name FROM firms').all() as { sn: string; name: string }[];
    const own = await post('/shipments/formats', merchant, {
      name: `拼单${Date.now()}`,
      columns: [
        { field: 'trackingNo', header: '快递单号' },
        { field: 'shopOrderSn', header: '订单编号' },
        { field: 'courierName', header: '快递公司' },
        { field: 'blank', header: '备注' },
        { field: 'quantity', header: '件数' },
      ],
      perOrder: true,
      joiner: '/',
      carrierMap: Object.fromEntries(firms.map((f) => [f.sn, `店铺${f.name}`])),
    });
    expect(own.status, own.body?.msg).toBe(201);
    for (const type of ['csv', 'xlsx'] as const) {
      const r = await post('/shipments/download', merchant, { format: own.body.id, type, state: 'all', job, mark: false });
      expect(r.status).toBe(200);
      expect(r.headers.get('x-shipments-count')).toBe('4');
      const got = await cells(r.bytes, type);
      expect(got[0]).toEqual(['快递单号', '订单编号', '快递公司', '备注', '件数']);
      expect(got).toHaveLength(3);
      for (const sn of sns) {
        const row = got.find((x) => x[1] === sn)!;
        const mine = shipped.filter((c) => c.third_sn === sn);
        expect(String(row[0]).split('/').sort()).toEqual(mine.map((c) => c.tracking_no).sort());
        // The n-th courier is the n-th number's (one name when they agree).
        const numbers = String(row[0]).split('/');
        const names = numbers.map((no) => `店铺${mine.find((c) => c.tracking_no === no)!.courier_name}`);
        expect(String(row[2])).toBe(names.every((n) => n === names[0]) ? names[0] : names.join('/'));
        expect(row[3] ?? '').toBe('');
        expect(row[4]).toBe('3');
      }
    }
  });

  it('a download that marks holds exactly what it marked; the next holds only what shipped since; undo puts back exactly that batch', async () => {
    const username = `mark-${Date.now()}`;
    const merchant = await signIn(bff, 'merchant', username);
    const first = [0, 1, 2].map((i) => `SM${Date.now()}${i}`);
    await place(merchant, first);
    await sb.advance(3 * 3600);
    expect((await mirror.reconcile()).error).toBeUndefined();
    const job = await jobOf(username, first);
    const ofJob = (state: string) => listOf(merchant, `state=${state}&job=${job}`);
    const before = await ofJob('new');
    expect(before.count).toBe(6);

    const dl = await post('/shipments/download', merchant, { format: 'generic', type: 'csv', state: 'new', job, mark: true });
    expect(dl.status).toBe(200);
    expect(dl.headers.get('x-shipments-count')).toBe('6');
    const batch = Number(dl.headers.get('x-shipments-batch'));
    expect(batch).toBeGreaterThan(0);
    const written = (await cells(dl.bytes, 'csv')).slice(1).map((r) => r[2]);
    const exported = await ofJob('exported');
    // Marked: exactly the packages written, all of this batch.
    expect(exported.list.map((s) => s.trackingNo).sort()).toEqual([...written].sort());
    expect(exported.list.map((s) => s.id).sort()).toEqual(before.list.map((s) => s.id).sort());
    expect(exported.list.every((s) => s.batch === batch && typeof s.exportedAt === 'number')).toBe(true);
    expect((await ofJob('new')).count).toBe(0);

    // Again: nothing new, a file of the header only, no batch.
    const again = await post('/shipments/download', merchant, { format: 'generic', type: 'csv', state: 'new', job, mark: true });
    expect(again.headers.get('x-shipments-count')).toBe('0');
    expect(again.headers.get('x-shipments-batch')).toBeNull();
    expect(await cells(again.bytes, 'csv')).toEqual([['订单号', '物流公司', '运单号']]);

    // The next day another order ships: the next download holds its packages only.
    const later = [`SM${Date.now()}L`];
    await place(merchant, later);
    await jobOf(username, later, job);
    await sb.advance(24 * 3600);
    expect((await mirror.reconcile()).error).toBeUndefined();
    const fresh = (await ofJob('new')).list;
    expect(new Set(fresh.map((s) => s.shopOrderSn))).toEqual(new Set(later));
    const next = await post('/shipments/download', merchant, { format: 'generic', type: 'xlsx', state: 'new', job, mark: true });
    expect(next.headers.get('x-shipments-count')).toBe('2');
    const batch2 = Number(next.headers.get('x-shipments-batch'));
    expect(batch2).toBeGreaterThan(batch);
    expect(
      (await cells(next.bytes, 'xlsx'))
        .slice(1)
        .map((r) => r[2])
        .sort(),
    ).toEqual(fresh.map((s) => s.trackingNo).sort());
    expect(
      (await ofJob('exported')).list
        .filter((s) => s.batch === batch2)
        .map((s) => s.id)
        .sort(),
    ).toEqual(fresh.map((s) => s.id).sort());

    // Undo the first: its six are new again, the second batch's two stay handed over.
    const undo = await post('/shipments/undo', merchant, { batch });
    expect(undo).toMatchObject({ status: 200, body: { changed: 6 } });
    expect((await ofJob('new')).list.map((s) => s.id).sort()).toEqual(before.list.map((s) => s.id).sort());
    expect((await ofJob('new')).list.every((s) => s.batch === null && s.exportedAt === null)).toBe(true);
    expect((await ofJob('exported')).list.map((s) => s.id).sort()).toEqual(fresh.map((s) => s.id).sort());
    expect((await post('/shipments/undo', merchant, { batch })).body).toEqual({ changed: 0 });
    expect((await post('/shipments/undo', merchant, { batch: 2 ** 31 - 1 })).status).toBe(404);
    // Any period again without marking: all eight, nothing changes.
    const all = await post('/shipments/download', merchant, { format: 'generic', type: 'csv', state: 'all', job, mark: false });
    expect(all.headers.get('x-shipments-count')).toBe('8');
    expect((await ofJob('new')).count).toBe(6);

    const audit = await db.kysely
      .selectFrom('audit')
      .select(['action', 'msg'])
      .where('action', 'in', ['shipments.download', 'shipments.undo'])
      .orderBy('id')
      .execute();
    expect(audit.slice(-4)).toEqual([
      {
        action: 'shipments.download',
        msg: `6 package(s) downloaded as “通用（每个包裹一行）” (.csv) and marked handed to the shop, batch ${batch}`,
      },
      {
        action: 'shipments.download',
        msg: `2 package(s) downloaded as “通用（每个包裹一行）” (.xlsx) and marked handed to the shop, batch ${batch2}`,
      },
      { action: 'shipments.undo', msg: `download ${batch} undone: 6 package(s) no longer handed to the shop` },
      { action: 'shipments.undo', msg: `download ${batch} undone: 0 package(s) no longer handed to the shop` },
    ]);
  });

  it('formula-looking values are written as plain text in both files', async () => {
    const username = `formula-${Date.now()}`;
    const merchant = await signIn(bff, 'merchant', username);
    const sns = [`SX${Date.now()}`];
    await place(merchant, sns);
    await sb.advance(3 * 3600);
    const [child] = shippedAtSandbox(sns);
    sb.sandbox.db
      .prepare(`UPDATE order_children SET tracking_no = ?, courier_name = ? WHERE sn = ?`)
      .run('=HYPERLINK("http://x")', '@SUM(A1)', child!.sn);
    await sb.advance(60);
    expect((await mirror.reconcile()).error).toBeUndefined();
    const job = await jobOf(username, sns);
    for (const type of ['csv', 'xlsx'] as const) {
      const r = await post('/shipments/download', merchant, { format: 'generic', type, state: 'all', job, mark: false });
      const got = await cells(r.bytes, type);
      const row = got.find((x) => String(x[2]).includes('HYPERLINK'));
      expect(row, JSON.stringify(got)).toBeDefined();
      expect(row!.slice(1)).toEqual(["'@SUM(A1)", `'=HYPERLINK("http://x")`]);
      if (type === 'xlsx') expect(sheetXml(r.bytes)).not.toMatch(/<f[ >]/);
    }
  });

  it('bad downloads: 400 with a sentence, nothing marked', async () => {
    const merchant = await signIn(bff, 'merchant');
    const before = await listOf(merchant, 'state=new');
    for (const [what, body] of [
      ['no body', 'not json'],
      ['mark with state all', { format: 'generic', type: 'csv', state: 'all', mark: true }],
      ['unknown built-in', { format: 'taobao', type: 'csv', state: 'new', mark: true }],
      ['no such own format', { format: 2 ** 31 - 1, type: 'csv', state: 'new', mark: true }],
      ['bad type', { format: 'generic', type: 'xls', state: 'new', mark: true }],
      ['bad day', { format: 'generic', type: 'csv', state: 'new', from: '2026-02-30', mark: true }],
      ['days reversed', { format: 'generic', type: 'csv', state: 'new', from: '2026-03-02', to: '2026-03-01', mark: true }],
      ['mark missing', { format: 'generic', type: 'csv', state: 'new' }],
      ['unknown key', { format: 'generic', type: 'csv', state: 'new', mark: true, ids: [1] }],
    ] as const) {
      const r = await post('/shipments/download', merchant, body);
      expect(r.status, what).toBe(400);
      expect(r.body.msg, what).toMatch(/^(Invalid input: .+|There is no sheet format .+)/);
    }
    expect((await post('/shipments/undo', merchant, { batch: 0 })).status).toBe(400);
    expect((await post('/shipments/undo', merchant, {})).status).toBe(400);
    expect(await listOf(merchant, 'state=new')).toEqual(before);
  });

  it('two downloads that mark at once: each file holds exactly what its batch marked, none twice', async () => {
    const merchant = await signIn(bff, 'merchant');
    const channel = 999_997;
    const rows = Array.from({ length: 300 }, (_, i) => ({
      shop_order_sn: `TWICE${i}`,
      order_sn: `Q${i}`,
      child_sn: `Q${i}_1`,
      channel,
      courier_name: '中通快递',
      tracking_no: `ZTO${String(i).padStart(10, '0')}`,
      shipped_at: 1_790_000_000 + i,
      lines: '[]',
      exported_at: null,
      created_at: Date.now(),
    }));
    await db.kysely.insertInto('shipments').values(rows).execute();
    const body = { format: 'generic', type: 'csv', state: 'new', channel, mark: true };
    const [a, b] = await Promise.all([post('/shipments/download', merchant, body), post('/shipments/download', merchant, body)]);
    const written = await Promise.all([a, b].map(async (r) => (await cells(r.bytes, 'csv')).slice(1).map((x) => String(x[2]))));
    expect(written[0]!.length + written[1]!.length).toBe(300);
    expect(new Set([...written[0]!, ...written[1]!])).toEqual(new Set(rows.map((r) => r.tracking_no)));
    const marked = (await listOf(merchant, `state=exported&channel=${channel}`)).list;
    for (const [i, r] of [a, b].entries()) {
      const batch = r.headers.get('x-shipments-batch');
      expect(r.headers.get('x-shipments-count')).toBe(String(written[i]!.length));
      const ofBatch = marked.filter((s) => String(s.batch) === batch).map((s) => s.trackingNo);
      expect(ofBatch.sort()).toEqual([...written[i]!].sort());
    }
  });

  it(`at most ${SHIPMENTS_MAX_DOWNLOAD.toLocaleString('en')} packages a download, the oldest first; a shop order past the limit waits whole for the next`, async () => {
    const merchant = await signIn(bff, 'merchant');
    const channel = 999_999;
    const t0 = 1_790_000_000;
    // 10,001 packages straight into the table (the mirror's way in is tested above): the last two of one shop order.
    const rows = Array.from({ length: SHIPMENTS_MAX_DOWNLOAD + 1 }, (_, i) => ({
      shop_order_sn: i >= SHIPMENTS_MAX_DOWNLOAD - 1 ? 'BIG-LAST' : `BIG${i}`,
      order_sn: `P${i}`,
      child_sn: `P${i}_1`,
      channel,
      courier_name: '顺丰速运',
      tracking_no: `SF${String(i).padStart(12, '0')}`,
      shipped_at: t0 + i,
      lines: '[]',
      exported_at: null,
      created_at: Date.now(),
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db.kysely
        .insertInto('shipments')
        .values(rows.slice(i, i + 500))
        .execute();

    // A row per shop order: BIG-LAST's two straddle the limit and wait for the next download.
    const perOrder = await post('/shipments/download', merchant, {
      format: 'generic-order',
      type: 'csv',
      state: 'new',
      channel,
      mark: false,
    });
    expect(perOrder.headers.get('x-shipments-count')).toBe(String(SHIPMENTS_MAX_DOWNLOAD - 1));
    expect(perOrder.headers.get('x-shipments-more')).toBe('2');

    const dl = await post('/shipments/download', merchant, { format: 'generic', type: 'csv', state: 'new', channel, mark: true });
    expect(dl.headers.get('x-shipments-count')).toBe(String(SHIPMENTS_MAX_DOWNLOAD));
    expect(dl.headers.get('x-shipments-more')).toBe('1');
    const written = (await cells(dl.bytes, 'csv')).slice(1).map((r) => r[2]);
    expect(written).toEqual(rows.slice(0, SHIPMENTS_MAX_DOWNLOAD).map((r) => r.tracking_no));
    const left = await listOf(merchant, `state=new&channel=${channel}`);
    expect(left.list.map((s) => s.trackingNo)).toEqual([rows.at(-1)!.tracking_no]);
    const rest = await post('/shipments/download', merchant, { format: 'generic', type: 'csv', state: 'new', channel, mark: true });
    expect(rest.headers.get('x-shipments-count')).toBe('1');
    expect(rest.headers.get('x-shipments-more')).toBe('0');
  });
});
