import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OP_IDS, operations, type OpId } from '../contract';
import { BODY_LIMITS } from '../server/gateway/app';
import { createSandbox, type Sandbox } from '../server/sandbox';
import { parseFaults } from '../server/sandbox/config';
import { bffAs } from './bff-client';
import { TEST_KEY, TEST_SECRET } from './harness';
import { SAMPLE, address } from './samples';

/**
 * Issue 11.9: every operation of the contract × a fixed set of bad inputs, through the gateway to a
 * real sandbox. Every answer must be a 4xx whose sentence names the field at fault, never a 5xx, and
 * the sandbox's state (balance, orders, library, after-sales, cash flow) must be what it was.
 */

/** Valid inputs with the optional fields filled too, so that those fields are fuzzed as well. */
const RICH: Partial<Record<OpId, Record<string, unknown>>> = {
  'goods.list': {
    page: 1,
    limit: 10,
    source: 2,
    category_id: 3,
    range_type: 'agreement_price',
    range_from: 1,
    range_to: 100,
    search_words: '茶',
    is_free_shipping: 1,
  },
  'selection.list': {
    page: 1,
    limit: 10,
    source: 0,
    category_id: 3,
    search_words: 'a',
    is_free_shipping: 0,
    commission_agent: 1,
    last_id: 5,
  },
  'selection.online': {
    page: 1,
    limit: 10,
    source: 2,
    category_id: 3,
    brand_ids: [1, 2],
    search_words: 'a',
    shop_words: 'b',
    type: 'created_time',
    sort: 'desc',
    is_free_shipping: -1,
    group_id: 1,
    recommend: 1,
    last_id: 2,
    agreement_price: { from: 1, to: 50 },
    promotion_rate: { from: 0, to: 80 },
    created_time: { from: 0, to: 1_900_000_000 },
  },
  'group.goods': {
    page: 1,
    limit: 10,
    group_id: 1,
    source: 1,
    is_free_shipping: 1,
    shop_words: 'x',
    search_words: 'y',
    promote_rate: { from: 1, to: 2 },
  },
  'order.list': {
    search: { page: 1, limit: 10, createdTime: { from: 1, to: 2 }, goodsName: 'a', consignee: 'b', phone: '138', thirdSn: 'c', sn: 'd' },
  },
  'order.submit': { orderSn: 'SN-FUZZ-0001', spu: [{ sku: 200001, number: 1, price: 100 }], address, strictMode: true },
  'afterSale.apply': {
    ...SAMPLE['afterSale.apply'],
    pickTypeCode: '1',
    packageTypeCode: '10',
    returnTypeCode: '1',
    serviceTime: '2026-01-01',
    vouchers: ['http://127.0.0.1/x.png'],
    userInfo: address,
  },
  'afterSale.list': { page: 1, limit: 10, orderSn: 'SN-1', sku: 200001 },
  'afterSale.mail': { id: 1, sn: 'SF12345', company: 'SF', vouchers: ['http://127.0.0.1/x.png'], description: 'box' },
  'account.cashFlow': { page: 1, limit: 10, type: 5, direction: 1, startTime: 1, endTime: 2 },
};

const HUGE = 'x'.repeat(60_000); // under the 64 kB body cap: the schema must refuse it, not the cap
let deep: unknown = 1;
for (let i = 0; i < 2000; i++) deep = [deep];

/** Values wrong for any field of the given kind (the kind is read off the valid sample). */
function badValues(sample: unknown): unknown[] {
  const common: unknown[] = [null, deep, { __proto__: null, nested: { deeper: [1, 2] } }];
  if (typeof sample === 'number')
    return [...common, '', '0x10', '1e3', ' 1', 'abc', true, [], [1], -5, 1e308, -1e308, 2 ** 64, '99999999999999999999'];
  if (typeof sample === 'string') return [...common, 123, true, [], HUGE, ['a']];
  if (typeof sample === 'boolean') return [...common, 'true', 1, 0];
  if (Array.isArray(sample)) return [...common, 'a', 1, true, {}, Array(1000).fill(sample[0])];
  return [...common, 'a', 1, true, []];
}

interface Case {
  op: OpId;
  what: string;
  body: string;
  /** The field the answer must name ('body' for a body that is not a JSON object at all). */
  field: string;
}

const set = (obj: Record<string, unknown>, path: (string | number)[], value: unknown): Record<string, unknown> => {
  const copy = structuredClone(obj);
  let target: Record<string | number, unknown> = copy;
  for (const p of path.slice(0, -1)) target = target[p] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
};

/** Every field path of a valid sample, nested objects and first array items included. */
function fieldPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.length && typeof value[0] === 'object' ? fieldPaths(value[0], [...prefix, 0]) : [];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...fieldPaths(v, [...prefix, k])]);
}

function casesFor(op: OpId): Case[] {
  const valid = RICH[op] ?? SAMPLE[op];
  const schema = operations[op].input;
  expect(schema.safeParse(valid).success, `${op}: the fuzz seed must be valid`).toBe(true);
  const cases: Case[] = [
    { op, what: 'malformed JSON', body: '{"a":', field: 'body' },
    { op, what: 'malformed \\u escape', body: '{"x":"\\u12"}', field: 'body' },
    { op, what: 'unknown escape', body: '{"x":"\\q"}', field: 'body' },
    { op, what: 'lone surrogate key', body: '{"\\ud800":1}', field: '\ud800' },
    { op, what: 'top-level array', body: '[]', field: 'body' },
    { op, what: 'top-level null', body: 'null', field: 'body' },
    { op, what: 'top-level string', body: '"x"', field: 'body' },
    { op, what: 'top-level number', body: '42', field: 'body' },
    { op, what: 'deep nesting', body: `{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`, field: 'a' },
    {
      op,
      what: '__proto__ key',
      body: `{"__proto__":{"role":"admin"}${JSON.stringify(valid).slice(1) === '}' ? '' : ','}${JSON.stringify(valid).slice(1)}`,
      field: '__proto__',
    },
    { op, what: 'constructor key', body: JSON.stringify({ ...valid, constructor: { prototype: { x: 1 } } }), field: 'constructor' },
    { op, what: 'unknown field', body: JSON.stringify({ ...valid, zzz_unknown: 1 }), field: 'zzz_unknown' },
  ];
  for (const path of fieldPaths(valid)) {
    let sample: unknown = valid;
    for (const p of path) sample = (sample as Record<string | number, unknown>)[p];
    const name = String(path.filter((p) => typeof p === 'string').at(-1));
    for (const bad of badValues(sample)) {
      cases.push({
        op,
        what: `${path.join('.')} = ${JSON.stringify(bad)?.slice(0, 40)}`,
        body: JSON.stringify(set(valid, path, bad)),
        field: name,
      });
    }
    // Missing: only where the field is required (an optional field may be left out).
    const without = set(valid, path, undefined);
    if (!schema.safeParse(without).success)
      cases.push({ op, what: `${path.join('.')} missing`, body: JSON.stringify(without), field: name });
  }
  if (op === 'afterSale.picture') {
    cases.push({
      op,
      what: 'a picture over 1 MB',
      body: JSON.stringify({ ...valid, pictures: ['A'.repeat(1_500_000)] }),
      field: 'pictures',
    });
  }
  return cases;
}

/** What must not change: money, orders, library, after-sales and vouchers of the sandbox. */
function stateOf(sb: Sandbox) {
  const q = (sql: string) => sb.db.prepare(sql).all();
  return JSON.stringify({
    balance: q(`SELECT value FROM meta WHERE key = 'balance'`),
    library: q('SELECT goods_id FROM library ORDER BY goods_id'),
    orders: q('SELECT * FROM orders ORDER BY 1'),
    children: q('SELECT * FROM order_children ORDER BY 1'),
    lines: q('SELECT * FROM order_lines ORDER BY 1'),
    errors: q('SELECT * FROM error_orders ORDER BY 1'),
    afterSales: q('SELECT * FROM after_sales ORDER BY 1'),
    vouchers: q('SELECT count(*) AS n FROM vouchers'),
    cashFlow: q('SELECT * FROM cash_flow ORDER BY 1'),
    goods: q('SELECT count(*) AS n, sum(status) AS s FROM goods'),
  });
}

describe('fuzz: every operation × bad inputs through the gateway (issue 11.9)', () => {
  let dir: string;
  let sandbox: Sandbox;
  let servers: Server[] = [];
  let gatewayUrl: string;
  let cookie: string;
  let gw: Awaited<ReturnType<typeof bffAs>>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'supply-desk-fuzz-'));
    sandbox = createSandbox(
      {
        appKey: TEST_KEY,
        appSecret: TEST_SECRET,
        dbFile: join(dir, 'sandbox.sqlite'),
        seed: 42,
        goods: 200,
        signatureWindowMs: 600_000,
        speed: 1,
        faults: parseFaults(undefined),
      },
      { autoTick: false },
    );
    const listen = (fetch: (r: Request) => Response | Promise<Response>) =>
      new Promise<string>((resolve) => {
        const s = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
          resolve(`http://127.0.0.1:${info.port}`),
        ) as Server;
        servers.push(s);
      });
    const sbUrl = await listen(sandbox.app.fetch);
    gw = await bffAs({ upstream: { baseUrl: sbUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 }, mode: 'sandbox' }, 'admin');
    cookie = gw.cookie;
    gatewayUrl = await listen(new Hono().route('/bff', gw.bff.app).fetch);
  });
  afterAll(async () => {
    for (const s of servers) await new Promise((r) => s.close(r));
    servers = [];
    sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers every bad input with a 4xx naming the field, never a 5xx, and changes nothing', async () => {
    const before = stateOf(sandbox);
    const auditCount = async () =>
      Number(
        (
          await gw.db.kysely
            .selectFrom('audit')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const auditBefore = await auditCount();
    const cases = OP_IDS.flatMap(casesFor);
    // Bodies over the caps, per operation: refused before they are read.
    for (const op of OP_IDS) {
      const cap = op === 'afterSale.picture' ? BODY_LIMITS.pictures : BODY_LIMITS.default;
      cases.push({ op, what: 'body over the cap', body: JSON.stringify({ x: 'y'.repeat(cap) }), field: '' });
    }
    const byStatus: Record<number, number> = {};
    const failures: string[] = [];
    let writes = 0;
    for (const c of cases) {
      let res, text;
      try {
        res = await request(`${gatewayUrl}/bff/op/${c.op}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: c.body,
        });
        text = await res.body.text();
      } catch (e) {
        failures.push(`${c.op} ${c.what}: ${String(e)}`);
        continue;
      }
      byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
      if (operations[c.op].writes) writes++;
      let body: { code?: number; msg?: string; gateway?: { reason?: string; field?: string } } = {};
      try {
        body = JSON.parse(text);
      } catch {
        failures.push(`${c.op} ${c.what}: answer is not JSON`);
        continue;
      }
      const ok =
        res.statusCode >= 400 &&
        res.statusCode < 500 &&
        body.code === 0 &&
        body.gateway?.reason === 'invalid_input' &&
        (res.statusCode === 413 || (body.gateway.field !== undefined && body.msg!.includes(c.field === 'body' ? 'body' : c.field)));
      if (!ok) failures.push(`${c.op} ${c.what}: HTTP ${res.statusCode} field=${body.gateway?.field} msg=${body.msg?.slice(0, 160)}`);
    }
    const after = stateOf(sandbox);
    const auditRows = (await auditCount()) - auditBefore;
    console.log(
      `fuzz: ${cases.length} inputs over ${OP_IDS.length} operations; answers by status ${JSON.stringify(byStatus)}; ` +
        `failures ${failures.length}; sandbox state changes ${before === after ? 0 : 1}; refused writes audited ${auditRows}/${writes}`,
    );
    expect(failures).toEqual([]);
    expect(Object.keys(byStatus).every((s) => Number(s) >= 400 && Number(s) < 500)).toBe(true);
    expect(after).toBe(before);
    // Every refused write left its row (issue 11.5a).
    expect(auditRows).toBe(writes);
  }, 120_000);

  it('numbers are strict: null, "", [], true and "0x10" are refused with the field named, not read as 0, 1 or 16', async () => {
    const send = async (op: OpId, input: unknown) => {
      const res = await request(`${gatewayUrl}/bff/op/${op}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(input),
      });
      return { status: res.statusCode, body: (await res.body.json()) as { msg: string; gateway?: { field?: string } } };
    };
    for (const [field, value] of [
      ['source', null],
      ['source', ''],
      ['limit', true],
      ['limit', []],
      ['page', '0x10'],
      ['page', '1e1'],
    ] as const) {
      const r = await send('goods.list', { page: 1, limit: 10, source: 0, [field]: value });
      expect(r.status, `${field}=${JSON.stringify(value)}`).toBe(400);
      expect(r.body.gateway?.field).toBe(field);
      expect(r.body.msg).toContain(field);
    }
    // Decimal-digit strings (as query strings carry numbers) are still numbers.
    const ok = await send('goods.list', {
      page: '1',
      limit: '5',
      source: '0',
      range_type: 'agreement_price',
      range_from: '1.5',
      range_to: '80',
    });
    expect(ok.status).toBe(200);
    // Range sections agree with range_from: no negatives.
    const neg = await send('selection.online', { page: 1, limit: 5, agreement_price: { from: -1, to: 5 } });
    expect(neg.status).toBe(400);
    expect(neg.body.gateway?.field).toBe('agreement_price.from');
    // Every string has a bound: a 1 MB consignee or order number is refused by the gateway, not blamed on the supplier.
    const long = await send('order.submit', { ...SAMPLE['order.submit'], address: { ...address, consignee: '张'.repeat(51) } });
    expect(long.body.gateway?.field).toBe('address.consignee');
    const sn = await send('order.retry', { orderSn: '1'.repeat(65) });
    expect([sn.status, sn.body.gateway?.field]).toEqual([400, 'orderSn']);
  });
});
