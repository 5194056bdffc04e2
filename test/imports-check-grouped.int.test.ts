import { areaList } from '@vant/area-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRECHECK_MAX_ORDERS, type ImportPrecheckAnswer, type OpData, type OpId, type OpInput } from '../contract';
import { bffOp, signIn } from './bff-client';
import { testGatewayDb } from './gateway-db';
import { startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from './harness';
import { address } from './samples';
import { availableByRegion, checkOrders, type CheckDeps, type CheckedOrder } from '../src/features/imports/check';
import { mapHeaders } from '../src/features/imports/sheet/columns';
import { readPastedText } from '../src/features/imports/sheet/read';
import { groupOrders, toRows } from '../src/features/imports/sheet/rows';
import { createBffApp, BODY_LIMITS } from '../server/gateway/app';
import type { GatewayDb } from '../server/gateway/db';

/**
 * The check's supplier calls at a shop's scale (issue 48): availability asked once per region for
 * the (SKU, number) pairs its orders hold, and the pre-checks many orders a request through
 * `/bff/precheck-orders`. Every order's freight, ban, refusal and moved price is what asking the
 * supplier order by order gives, on a varied sheet against the sandbox; a failed call or request
 * leaves only its own orders unchecked.
 */
let sb: SandboxHarness;
let db: GatewayDb;
let bff: ReturnType<typeof createBffApp>;
let merchant: string;
const upstream = () => ({ baseUrl: sb.sandboxUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 });

beforeAll(async () => {
  sb = await startSandbox({ goods: 300 });
  db = await testGatewayDb();
  bff = createBffApp({ db, upstream: upstream(), mode: 'sandbox' });
  merchant = await signIn(bff, 'merchant');
});
afterAll(async () => {
  bff.imports.stop();
  await db.close();
  await sb.close();
});

const request = async (cookie: string, path: string, body: string) => {
  const r = await bff.app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body });
  return { status: r.status, body: (await r.json()) as any };
};

/** The sandbox's goods on sale with a SKU of stock to spare: its goods id, SKU, spec words, channel and free shipping. */
const goodsWhere = (where: string, count: number) =>
  sb.sandbox.db
    .prepare(
      `SELECT g.id, s.id AS sku, s.spec_value_names AS spec, g.source, g.is_free_shipping AS free FROM goods g
         JOIN sku_options s ON s.goods_id = g.id
        WHERE g.status = 1 AND s.status = 1 AND s.stock >= 50 AND s.agreement_price <= 20000 AND ${where}
        GROUP BY g.id ORDER BY g.id LIMIT ?`,
    )
    .all(count) as { id: number; sku: number; spec: string; source: number; free: number }[];

const PLACES = [
  ['北京', '北京', '朝阳区'],
  ['广东省', '深圳市', '南山区'],
  ['浙江', '杭州', '西湖区'],
  ['四川省', '成都市', '武侯区'],
  ['新疆', '乌鲁木齐', '天山区'],
  ['西藏', '拉萨市', '城关区'],
  ['海南', '海口', '美兰区'],
] as const;

let opCalls: string[] = [];
let precheckRequests = 0;
const deps = (extra: Partial<CheckDeps> = {}): CheckDeps => ({
  op: async <K extends OpId>(id: K, input: OpInput<K>): Promise<OpData<K>> => {
    opCalls.push(id);
    const env = await bffOp(bff, merchant, id, input);
    if (env.code !== 1) throw new Error(`${id}: ${env.msg}`);
    return env.data as OpData<K>;
  },
  known: async (orderSns) => (await request(merchant, '/known-orders', JSON.stringify({ orderSns }))).body.known,
  skus: async (ids) => (await request(merchant, '/skus', JSON.stringify({ ids }))).body,
  precheck: async (orders) => {
    precheckRequests++;
    const r = await request(merchant, '/precheck-orders', JSON.stringify({ orders }));
    if (r.status !== 200) throw new Error(`precheck-orders: ${r.status}`);
    return (r.body as ImportPrecheckAnswer).results;
  },
  regions: areaList,
  ...extra,
});

/** What the page shows of a checked order, to compare two checks. */
const shown = (o: CheckedOrder) => ({
  key: o.key,
  status: o.status,
  freight: o.freight,
  goods: o.goods,
  problems: o.problems,
  lines: o.lines.map((l) => ({ row: l.row, sku: l.sku, price: l.price, was: l.was, number: l.number })),
});

describe('the check of a sheet, grouped', () => {
  const stem = `GRP${Date.now()}`;
  let sheetOrders: ReturnType<typeof groupOrders>;
  let priced: number;
  let short: number;
  let offSale: number;

  beforeAll(async () => {
    // Goods of every channel (their freights differ), free-shipping goods, and goods banned from the
    // provinces the sandbox bans (新疆, 西藏, 海南) that the sheet sends to.
    const plain = [1, 2, 6, 7].flatMap((source) =>
      goodsWhere(`g.source = ${source} AND g.is_free_shipping = 0 AND g.id NOT IN (SELECT goods_id FROM goods_bans)`, 2),
    );
    const free = goodsWhere(`g.is_free_shipping = 1 AND g.id NOT IN (SELECT goods_id FROM goods_bans)`, 2);
    const banned = goodsWhere(`g.id IN (SELECT goods_id FROM goods_bans WHERE province IN ('新疆', '西藏', '海南'))`, 3);
    expect(plain.length).toBeGreaterThanOrEqual(6);
    expect(free.length).toBe(2);
    expect(banned.length).toBe(3);
    const all = [...plain, ...free, ...banned];
    // Three goods change at the supplier after the check read them: a price moves, a stock falls to 2
    // (orders of 1, 2 and 3 pieces of it in one region), a product goes off sale.
    priced = plain[0]!.sku;
    short = plain[1]!.sku;
    offSale = plain[2]!.id;

    const head = ['订单编号', '收件人', '联系电话', '省', '市', '区', '收货地址', '商品编号', '属性', '数量', '买家留言'];
    const rows: string[][] = [];
    for (let i = 1; i <= 150; i++) {
      const [province, city, area] = PLACES[i % PLACES.length]!;
      const lines = 1 + (i % 3);
      for (let k = 0; k < lines; k++) {
        const g = i % 10 === 0 ? plain[1]! : all[(i * 7 + k * 5) % all.length]!;
        if (k > 0 && g === plain[1]) continue;
        const number = g === plain[1] ? 1 + (i % 3) : 1 + ((i + k) % 2);
        rows.push([
          `${stem}-${i}`,
          `客户${i}`,
          `138${String(10_000_000 + i).slice(-8)}`,
          province,
          city,
          area,
          `幸福路 ${i} 号`,
          String(g.id),
          g.spec,
          String(number),
          '',
        ]);
      }
    }
    const read = await readPastedText([head, ...rows].map((r) => r.join('\t')).join('\n'));
    if (!read.ok) throw new Error('the sheet was not read');
    const map = mapHeaders(read.sheet.header);
    sheetOrders = groupOrders(toRows(read.sheet, map.index));
  });

  /** A check of the sheet whose supplier changes three goods right after it read them. */
  const check = async (extra: Partial<CheckDeps> = {}) => {
    const base = deps(extra);
    let changed = false;
    const sandbox = sb.sandbox.db;
    const saved = {
      price: (sandbox.prepare('SELECT agreement_price AS p FROM sku_options WHERE id = ?').get(priced) as { p: number }).p,
      stock: (sandbox.prepare('SELECT stock AS s FROM sku_options WHERE id = ?').get(short) as { s: number }).s,
    };
    try {
      return await checkOrders(sheetOrders, {
        ...base,
        op: async (id, input) => {
          const answer = await base.op(id, input);
          if (id === 'goods.bulkDetail' && !changed) {
            changed = true;
            sandbox.prepare('UPDATE sku_options SET agreement_price = agreement_price + 130 WHERE id = ?').run(priced);
            sandbox.prepare('UPDATE sku_options SET stock = 2 WHERE id = ?').run(short);
            sandbox.prepare('UPDATE goods SET status = 0 WHERE id = ?').run(offSale);
          }
          return answer;
        },
      });
    } finally {
      sandbox.prepare('UPDATE sku_options SET agreement_price = ? WHERE id = ?').run(saved.price, priced);
      sandbox.prepare('UPDATE sku_options SET stock = ? WHERE id = ?').run(saved.stock, short);
      sandbox.prepare('UPDATE goods SET status = 1 WHERE id = ?').run(offSale);
    }
  };

  it('gives every order what asking the supplier order by order gives, in a fraction of the calls', async () => {
    opCalls = [];
    precheckRequests = 0;
    const grouped = await check();
    const availableCalls = opCalls.filter((c) => c === 'order.availableCheck').length;
    expect(opCalls.filter((c) => c === 'order.beforeCheck')).toEqual([]);
    // 7 regions: a call each, and a second where one SKU is asked at two numbers.
    expect(availableCalls).toBeGreaterThanOrEqual(PLACES.length);
    expect(availableCalls).toBeLessThan(30);
    // 150 orders in requests of at most 100 orders and 48 kB.
    expect(precheckRequests).toBeGreaterThanOrEqual(2);
    expect(precheckRequests).toBeLessThan(10);

    // The check order by order (availability and pre-check per order, as before): the same page.
    opCalls = [];
    const perOrder = await check({ precheck: undefined });
    expect(opCalls.filter((c) => c === 'order.beforeCheck')).toHaveLength(150);
    expect(grouped.map(shown)).toEqual(perOrder.map(shown));

    // Against the supplier's own answers per order (asked again now, under the same changes).
    const sandbox = sb.sandbox.db;
    const savedStock = (sandbox.prepare('SELECT stock AS s FROM sku_options WHERE id = ?').get(short) as { s: number }).s;
    sandbox.prepare('UPDATE sku_options SET agreement_price = agreement_price + 130 WHERE id = ?').run(priced);
    sandbox.prepare('UPDATE sku_options SET stock = 2 WHERE id = ?').run(short);
    sandbox.prepare('UPDATE goods SET status = 0 WHERE id = ?').run(offSale);
    const kinds = new Set<string>();
    let shortBanned = 0;
    let shortSold = 0;
    try {
      const call = deps().op;
      // Availability by region gives each order the bans it has asked alone (in the sandbox a ban is
      // also a pre-check refusal, so it is compared here, not only on the page).
      const byRegion = await availableByRegion(grouped, call, 8);
      for (const o of grouped) {
        expect(o.address, o.key).toBeDefined();
        const spu = o.lines.map((l) => ({ sku: l.sku!, number: l.number }));
        const available = await call('order.availableCheck', { spu, address: o.address! });
        const before = await call('order.beforeCheck', {
          spu: o.lines.map((l) => ({ sku: l.sku!, number: l.number, price: l.was ?? l.price })),
          address: o.address!,
        });
        const banned = new Set(available.flatMap((a) => a.ban));
        expect(byRegion.get(o), o.key).toEqual(banned);
        if (o.lines.some((l) => l.sku === short)) {
          if (banned.has(short)) shortBanned++;
          else shortSold++;
        }
        const unsellable = new Map(before.flatMap((b) => b.unsellable ?? []).map((u) => [u.sku, u]));
        expect(o.freight, o.key).toBe(before.reduce((s, b) => s + b.freight, 0));
        const expected: unknown[] = [];
        for (const l of o.lines) {
          const u = unsellable.get(l.sku!);
          if (u && /价格已变动/.test(u.reason)) {
            kinds.add('price');
            expect(l.price).toBe(u.price);
            expect(l.was).toBe(u.price! - 130);
          } else if (u) {
            kinds.add(u.reason.replace(/[（\d].*$/, ''));
            expected.push({ row: l.row, column: null, code: 'notSold', reason: u.reason });
          } else if (banned.has(l.sku!)) expected.push({ row: l.row, column: null, code: 'notSold', reason: '', key: 'region' });
          else expect(l.was).toBeUndefined();
        }
        expect(o.problems, o.key).toEqual(expected);
        if (o.freight) kinds.add(`freight ${o.freight}`);
      }
    } finally {
      sandbox.prepare('UPDATE sku_options SET agreement_price = agreement_price - 130 WHERE id = ?').run(priced);
      sandbox.prepare('UPDATE sku_options SET stock = ? WHERE id = ?').run(savedStock, short);
      sandbox.prepare('UPDATE goods SET status = 1 WHERE id = ?').run(offSale);
    }
    // A stock of 2: orders of 3 pieces banned, of 1 or 2 not.
    expect(shortBanned).toBeGreaterThan(0);
    expect(shortSold).toBeGreaterThan(0);
    // The sheet was varied: a moved price, each refusal, several freights.
    expect(kinds).toContain('price');
    expect(kinds).toContain('商品已下架');
    expect(kinds).toContain('库存不足');
    expect([...kinds].some((k) => k.startsWith('该商品不支持配送至'))).toBe(true);
    expect([...kinds].filter((k) => k.startsWith('freight')).length).toBeGreaterThanOrEqual(3);
    expect(grouped.filter((o) => o.status === 'ready').length).toBeGreaterThan(50);
  });

  it('a failed pre-check request or availability call leaves only its own orders unchecked', async () => {
    const good = await check();
    let requests = 0;
    let failedOrders: string[] = [];
    const failing = await check({
      precheck: async (orders) => {
        if (requests++ === 1) {
          failedOrders = orders.map((o) => `${o.address.consignee}`);
          throw new Error('the gateway could not be reached');
        }
        return deps().precheck!(orders);
      },
      op: async (id, input) => {
        if (id === 'order.availableCheck' && (input as OpInput<'order.availableCheck'>).address.province === '四川省')
          throw new Error('order.availableCheck: 系统繁忙');
        return deps().op(id, input);
      },
    });
    expect(failedOrders.length).toBeGreaterThan(0);
    const unchecked = (o: CheckedOrder) => failedOrders.includes(o.address?.consignee ?? '') || o.address?.province === '四川省';
    let kept = 0;
    failing.forEach((o, i) => {
      if (unchecked(o)) {
        expect(o.problems, o.key).toEqual([{ row: null, column: null, code: 'unchecked' }]);
        expect(o.status).toBe('fix');
      } else {
        kept++;
        expect(shown(o)).toEqual(shown(good[i]!));
      }
    });
    expect(kept).toBeGreaterThan(50);
    expect(kept).toBeLessThan(150);
  });

  it('a region whose grouped availability call is refused is asked order by order: nothing left unchecked', async () => {
    const good = await check();
    let refused = 0;
    const retried = await check({
      // The supplier refuses lists of more than 3 lines to 北京 (an order here has 1 to 3).
      op: async (id, input) => {
        const i = input as OpInput<'order.availableCheck'>;
        if (id === 'order.availableCheck' && i.address.province === '北京市' && i.spu.length > 3) {
          refused++;
          throw new Error('order.availableCheck: 参数错误');
        }
        return deps().op(id, input);
      },
    });
    expect(refused).toBeGreaterThan(0);
    expect(retried.map(shown)).toEqual(good.map(shown));
  });
});

describe('/bff/precheck-orders', () => {
  const order = (i: number) => ({
    spu: [{ sku: 1, number: 1 + (i % 3), price: 100 }],
    address: { ...address, consignee: `客户${i}` },
  });

  it(`answers up to ${PRECHECK_MAX_ORDERS} orders one by one and refuses one more with a sentence`, async () => {
    const at = await request(
      merchant,
      '/precheck-orders',
      JSON.stringify({ orders: Array.from({ length: PRECHECK_MAX_ORDERS }, (_, i) => order(i)) }),
    );
    expect(at.status).toBe(200);
    expect(at.body.results).toHaveLength(PRECHECK_MAX_ORDERS);
    // SKU 1 is none of the supplier's: each order has its refusal, not an error.
    for (const r of at.body.results) expect(r.data[0].unsellable[0]).toMatchObject({ sku: 1, reason: expect.stringContaining('不存在') });

    const past = await request(
      merchant,
      '/precheck-orders',
      JSON.stringify({ orders: Array.from({ length: PRECHECK_MAX_ORDERS + 1 }, (_, i) => order(i)) }),
    );
    expect(past.status).toBe(400);
    expect(past.body.msg).toContain(`at most ${PRECHECK_MAX_ORDERS} orders`);
    const bad = await request(merchant, '/precheck-orders', JSON.stringify({ orders: [{ ...order(1), spu: [] }] }));
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/at least one sku/);
  });

  it('takes a body of 64 kB and refuses one byte more; only roles that may pre-check', async () => {
    const json = JSON.stringify({ orders: Array.from({ length: 10 }, (_, i) => order(i)) });
    // Bytes, not characters: the address is in Chinese.
    const padded = (size: number) => json.slice(0, -1) + ' '.repeat(size - Buffer.byteLength(json)) + '}';
    expect(BODY_LIMITS.default).toBe(64 * 1024);
    const at = await request(merchant, '/precheck-orders', padded(BODY_LIMITS.default));
    expect(at.status).toBe(200);
    expect(at.body.results).toHaveLength(10);
    const past = await request(merchant, '/precheck-orders', padded(BODY_LIMITS.default + 1));
    expect(past.status).toBe(413);

    const support = await signIn(bff, 'support');
    const refused = await request(support, '/precheck-orders', json);
    expect(refused.status).toBe(403);
    const nobody = await bff.app.request('/precheck-orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: json,
    });
    expect(nobody.status).toBe(401);
  });

  it('a supplier that does not answer: each order says why, the request still answers', async () => {
    const away = createBffApp({ db, upstream: { ...upstream(), baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 }, mode: 'sandbox' });
    try {
      const cookie = await signIn(away, 'merchant');
      const r = await away.app.request('/precheck-orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ orders: [order(1), order(2)] }),
      });
      expect(r.status).toBe(200);
      const body = (await r.json()) as ImportPrecheckAnswer;
      expect(body.results).toHaveLength(2);
      for (const x of body.results) expect(x).toEqual({ error: expect.stringContaining('order.beforeCheck') });
    } finally {
      away.imports.stop();
    }
  });
});
