import { createInstance, type TFunction } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpData, OpId, OpInput } from '../contract';
import { bffOp, signIn } from './bff-client';
import { testGatewayDb } from './gateway-db';
import { sellableGoods, startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from './harness';
import { createBffApp } from '../server/gateway/app';
import type { GatewayDb } from '../server/gateway/db';
import { createOrderMirror } from '../server/gateway/mirror';
import { appMoreLocales } from '../src/app/locales-more';
import { cartLocales } from '../src/features/cart/locales';
import { checkOrders, type CheckedOrder } from '../src/features/imports/check';
import { problemText } from '../src/features/imports/components/problem-text';
import { importsLocales } from '../src/features/imports/locales';
import { mapHeaders } from '../src/features/imports/sheet/columns';
import { readPastedText } from '../src/features/imports/sheet/read';
import { groupOrders, toRows } from '../src/features/imports/sheet/rows';

/**
 * The page's check against a real gateway and sandbox: a sheet with every kind of bad row gives a
 * sentence per row in both languages, and a job made of what the check found ready sends nothing
 * for the other rows.
 */
let sb: SandboxHarness;
let db: GatewayDb;
let bff: ReturnType<typeof createBffApp>;
let cookie: string;

beforeAll(async () => {
  sb = await startSandbox({ goods: 300 });
  db = await testGatewayDb();
  const upstream = { baseUrl: sb.sandboxUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 };
  bff = createBffApp({
    db,
    upstream,
    mode: 'sandbox',
    mirror: createOrderMirror({ db, upstream, mode: 'sandbox', settings: { backfillDays: 0 } }),
  });
  bff.imports.start(0);
  cookie = await signIn(bff, 'merchant');
});
afterAll(async () => {
  bff.imports.stop();
  await db.close();
  await sb.close();
});

const post = async (path: string, body: unknown) => {
  const res = await bff.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  return (await res.json()) as any;
};
const deps = async () => ({
  op: async <K extends OpId>(id: K, input: OpInput<K>): Promise<OpData<K>> => {
    const env = await bffOp(bff, cookie, id, input);
    if (env.code !== 1) throw new Error(`${id}: ${env.msg}`);
    return env.data as OpData<K>;
  },
  known: async (orderSns: string[]) => (await post('/known-orders', { orderSns })).known,
  skus: async (ids: number[]) => {
    const r = await post('/skus', { ids });
    if (!Array.isArray(r.list)) throw new Error(`skus: ${JSON.stringify(r)}`);
    return r as { list: { sku: number; goodsId: number }[]; unknown: number[] };
  },
  regions: (await import('@vant/area-data')).areaList,
});

async function translator(lng: 'zh-CN' | 'en'): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({
    lng,
    fallbackLng: false,
    resources: { [lng]: { imports: importsLocales[lng], cart: cartLocales[lng], app: appMoreLocales[lng] } },
    interpolation: { escapeValue: false },
  });
  return i18n.getFixedT(lng);
}

const statusOf = (orders: CheckedOrder[], sn: string) => orders.find((o) => o.orderSn === sn || o.key === sn)!;

describe('the check of a sheet', () => {
  it('a sheet with every kind of bad row: one sentence per problem and row, in both languages; only the good order is sent', async () => {
    const [a, b] = sellableGoods(sb, 2);
    const stem = `CHK${Date.now()}`;
    const sn = (n: number) => `${stem}-${n}`;
    // Tab-separated, as rows pasted from Excel; the header in Chinese synonyms, in another order.
    const specOf = (sku: number) =>
      (sb.sandbox.db.prepare('SELECT spec_value_names AS s FROM sku_options WHERE id = ?').get(sku) as { s: string }).s;
    // Products by id with their spec's words (order 1), or by a SKU id of a product the sheet names.
    const head = ['订单编号', '收件人', '联系电话', '省', '市', '区', '收货地址', '商品编号', '属性', '数量', '买家留言'];
    const sku = String(a!.sku);
    const rows = [
      [sn(1), '王五', '13800138000', '北京', '北京', '朝阳', '1 号楼', String(a!.id), specOf(a!.sku), '1', ''],
      [sn(1), '王五', '13800138000', '北京', '北京', '朝阳', '1 号楼', String(b!.id), specOf(b!.sku), '2', ''],
      [sn(2), '赵六', '13800138000', '浙江', '杭州', '西湖', '2 号', '99999999', '', '1', ''],
      [sn(3), '钱七', '12345', '浙江省', '杭州市', '西湖区', '3 号', sku, '', '1', ''],
      [sn(4), '孙八', '13800138000', '浙江省', '杭州市', '不存在区', '4 号', sku, '', '1', ''],
      [sn(5), '周九', '13800138000', '浙江省', '杭州市', '西湖区', '5 号', sku, '', '0', ''],
      [sn(6), '吴十', '13800138000', '浙江省', '杭州市', '西湖区', '6 号', sku, '', '1', ''],
      [sn(6), '吴十', '13800138000', '浙江省', '杭州市', '西湖区', '6 号', sku, '', '1', ''],
      [sn(7), '=HYPERLINK("http://x","点我")', '13800138000', '浙江省', '杭州市', '西湖区', '7 号', sku, '', '1', ''],
      ['1.38E+10', '郑一', '13800138000', '浙江省', '杭州市', '西湖区', '8 号', sku, '', '1', ''],
    ];
    const read = await readPastedText([head, ...rows].map((r) => r.join('\t')).join('\n'));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const map = mapHeaders(read.sheet.header);
    expect(map.missing).toEqual([]);
    const checked = await checkOrders(groupOrders(toRows(read.sheet, map.index)), await deps());

    const good = statusOf(checked, sn(1));
    expect(good.problems).toEqual([]);
    expect(good.status).toBe('ready');
    expect(good.address).toMatchObject({ province: '北京市', city: '北京市', area: '朝阳区', street: '朝阳区' });
    expect(good.regionExact).toBe(false);
    expect(good.streetFilled).toBe(true);
    expect(good.goods).toBe(a!.price + b!.price * 2);

    const codes = (key: string) => statusOf(checked, key).problems.map((p) => `${p.row ?? ''}:${p.code}`);
    expect(codes(sn(2))).toEqual(['4:unknownProduct']);
    expect(codes(sn(3))).toEqual(['5:phone']);
    // A bad phone: the region is still matched, and shown.
    expect(statusOf(checked, sn(3)).region).toEqual({ province: '浙江省', city: '杭州市', area: '西湖区', exact: true });
    expect(codes(sn(4))).toEqual(['6:region']);
    expect(codes(sn(5))).toEqual(['7:quantity']);
    expect(codes(sn(6))).toEqual(['9:duplicateLine']);
    expect(codes(sn(7))).toEqual(['10:formula']);
    expect(codes('1.38E+10')).toEqual(['11:scientific']);
    for (const key of [sn(2), sn(3), sn(4), sn(5), sn(6), sn(7), '1.38E+10']) expect(statusOf(checked, key).status).toBe('fix');

    // One sentence each, in words, in both languages: no key, no English in Chinese.
    for (const lng of ['zh-CN', 'en'] as const) {
      const t = await translator(lng);
      const said = checked.flatMap((o) => o.problems.map((p) => problemText(t, p, o, lng)));
      expect(said).toHaveLength(7);
      for (const s of said) {
        expect(s).toMatch(lng === 'en' ? /^Row \d+: [A-Z]/ : /^第 \d+ 行：/);
        expect(s).not.toMatch(/imports:|problem\.|\{\{/);
        if (lng === 'zh-CN') expect(s).not.toMatch(/[A-Za-z]{4,} [a-z]{3,}/);
      }
      expect(said).toContain(
        lng === 'en' ? 'Row 6: No District “不存在区” was found in the region list.' : '第 6 行：在地区列表中找不到区县“不存在区”。',
      );
    }

    // A job of the ready orders; the others are skipped with their sentences and never sent.
    const ready = checked.filter((o) => o.status === 'ready');
    const made = await post('/imports', {
      key: `chk${Date.now()}`,
      fileName: 'bad-rows.tsv',
      orders: ready.map((o) => ({
        orderSn: o.orderSn,
        spu: o.lines.map((l) => ({ sku: l.sku!, number: l.number, price: l.price })),
        address: o.address,
        rows: o.rows.map((r) => ({ row: r.row, cells: { orderSn: r.values.orderSn } })),
        goods: o.goods,
        freight: o.freight,
      })),
      skipped: checked
        .filter((o) => o.status !== 'ready')
        .flatMap((o) => o.rows.map((r) => ({ row: { row: r.row, cells: { orderSn: r.values.orderSn } }, reason: o.status }))),
    });
    expect(made.id).toBeGreaterThan(0);
    await expect
      .poll(async () => (await (await bff.app.request(`/imports/${made.id}`, { headers: { cookie } })).json()).state, { timeout: 15_000 })
      .toBe('done');
    const placed = sb.sandbox.db.prepare('SELECT third_sn FROM orders WHERE third_sn LIKE ?').all(`${stem}-%`) as { third_sn: string }[];
    expect(placed.map((p) => p.third_sn)).toEqual([sn(1)]);
  });

  it('a sheet of SKU ids alone: two SKUs of one product in one order, mixed with a product id and spec, one learned from the library on first use and then from the index, one found nowhere', async () => {
    // Goods sold everywhere with two SKUs in stock, in the reseller's selection library; never read through this gateway before.
    const pairs = sb.sandbox.db
      .prepare(
        `SELECT g.id AS goods, MIN(s.id) AS a, MAX(s.id) AS b FROM goods g JOIN sku_options s ON s.goods_id = g.id
          WHERE g.status = 1 AND s.stock >= 50 AND s.agreement_price <= 20000 AND g.id NOT IN (SELECT goods_id FROM goods_bans)
          GROUP BY g.id HAVING COUNT(*) >= 2 ORDER BY g.id DESC LIMIT 2`,
      )
      .all() as { goods: number; a: number; b: number }[];
    expect(pairs).toHaveLength(2);
    const [p, q] = pairs as [(typeof pairs)[0], (typeof pairs)[0]];
    for (const g of [p.goods, q.goods]) sb.sandbox.db.prepare('INSERT OR IGNORE INTO library (goods_id, added_at) VALUES (?, 0)').run(g);
    const specOf = (sku: number) =>
      (sb.sandbox.db.prepare('SELECT spec_value_names AS s FROM sku_options WHERE id = ?').get(sku) as { s: string }).s;
    const priceOf = (sku: number) =>
      (sb.sandbox.db.prepare('SELECT agreement_price AS p FROM sku_options WHERE id = ?').get(sku) as { p: number }).p;
    expect(await bff.goods.store.lookup([q.a])).toEqual([]);
    const missing = 987654321;

    const stem = `SKU${Date.now()}`;
    const sn = (n: number) => `${stem}-${n}`;
    const head = ['店铺订单号', '收货人', '手机号', '省份', '城市', '区县', '街道', '详细地址', '商品ID或SKU ID', '规格', '数量', '备注'];
    const row = (n: number, product: number, spec = '', qty = '1') => [
      sn(n),
      '王五',
      '13800138000',
      '浙江省',
      '杭州市',
      '西湖区',
      '文新街道',
      `${n} 号`,
      String(product),
      spec,
      qty,
      '',
    ];
    const sheet = async (rows: string[][]) => {
      const read = await readPastedText([head, ...rows].map((r) => r.join('\t')).join('\n'));
      if (!read.ok) throw new Error(read.problem.kind);
      return checkOrders(groupOrders(toRows(read.sheet, mapHeaders(read.sheet.header).index)), await deps());
    };
    const checked = await sheet([
      row(1, p.a),
      row(1, p.b, '', '2'),
      row(2, q.a),
      row(3, missing),
      row(4, q.goods, specOf(q.b)),
      row(4, p.a),
      row(5, p.goods, specOf(p.a)),
      row(5, p.a),
    ]);
    const one = statusOf(checked, sn(1));
    expect(one.problems).toEqual([]);
    expect(one.status).toBe('ready');
    expect(one.lines.map((l) => [l.goodsId, l.sku, l.number])).toEqual([
      [p.goods, p.a, 1],
      [p.goods, p.b, 2],
    ]);
    expect(one.goods).toBe(priceOf(p.a) + priceOf(p.b) * 2);
    // Learned from the library on first use.
    expect(statusOf(checked, sn(2)).status).toBe('ready');
    expect(statusOf(checked, sn(2)).lines[0]).toMatchObject({ goodsId: q.goods, sku: q.a });
    // Kept in the index (what the gateway forwarded is written just after its answer, batched).
    await expect.poll(async () => (await bff.goods.store.lookup([q.a])).map((i) => i.goodsId), { timeout: 3000 }).toEqual([q.goods]);
    // A product id with its spec, and a SKU id, in one order.
    expect(statusOf(checked, sn(4)).status).toBe('ready');
    expect(statusOf(checked, sn(4)).lines.map((l) => l.sku)).toEqual([q.b, p.a]);
    // The same SKU twice (by its spec, by its id) is one line too many.
    expect(statusOf(checked, sn(5)).problems.map((x) => `${x.row}:${x.code}`)).toEqual(['9:duplicateLine']);
    // Found nowhere: one sentence saying where to look, in both languages.
    const three = statusOf(checked, sn(3));
    expect(three.problems.map((x) => x.code)).toEqual(['unknownProduct']);
    for (const lng of ['zh-CN', 'en'] as const) {
      const text = problemText(await translator(lng), three.problems[0]!, three, lng);
      expect(text).toBe(
        lng === 'en'
          ? `Row 5: Product or SKU ${missing} is not in your selection library: add the goods to it, or write its product id and spec.`
          : `第 5 行：商品或 SKU ${missing} 不在您的选品库中：请先把该商品加入选品库，或填写它的商品ID和规格。`,
      );
    }

    // Then from the index: out of the library now, the SKU is still known.
    sb.sandbox.db.prepare('DELETE FROM library WHERE goods_id = ?').run(q.goods);
    const again = await sheet([row(6, q.a)]);
    expect(statusOf(again, sn(6)).status).toBe('ready');
  });
});
