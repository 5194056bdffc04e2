import { sql } from 'kysely';
import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pricingGoodsAnswer,
  pricingPreview,
  pricingSummary,
  watchAtRisk,
  type PricingSettings,
  type WatchRiskData,
} from '../../../contract';
import { WATCH_MESSAGE_TYPE } from '../../../contract/message-kinds';
import { bffGet, signIn } from '../../../test/bff-client';
import { testGatewayDb } from '../../../test/gateway-db';
import { startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from '../../../test/harness';
import { repriceGoods } from '../../sandbox/simulation';
import { createBffApp } from '../app';
import type { GatewayDb } from '../db';
import { createGoods, type Goods } from '../goods';
import { upstreamCaller } from '../messages/effects';
import { RISK } from '../goods/store';
import { compareAtSql, ruleSql } from './retail';
import { compareAtOf, ruleRetail } from '../../../contract/schemas/pricing';

let sb: SandboxHarness;
let db: GatewayDb;
let goods: Goods;
let bff: ReturnType<typeof createBffApp>;
let merchant: string;

const upstream = () => ({ baseUrl: sb.sandboxUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 });

beforeAll(async () => {
  sb = await startSandbox({ goods: 120 });
  db = await testGatewayDb();
  goods = createGoods({ db, call: upstreamCaller(upstream()) });
  bff = createBffApp({ db, upstream: upstream(), mode: 'sandbox', goods });
  merchant = await signIn(bff, 'merchant');
  await goods.reconcile();
});
afterAll(async () => {
  await db.close();
  await sb.close();
});

type SkuRow = { sku: number; goods_id: number; agreement_price: number; guide_price: number; activity_price: number };
/** Every SKU of the sandbox's library goods, as the supplier has it now. */
const library = () =>
  sb.sandbox.db
    .prepare(
      `SELECT s.id AS sku, s.goods_id, s.agreement_price, s.guide_price, s.activity_price FROM sku_options s
        WHERE s.goods_id IN (SELECT goods_id FROM library) ORDER BY s.id`,
    )
    .all() as SkuRow[];

const send = (method: string, path: string, body: unknown, cookie = merchant) =>
  bff.app.request(path, { method, headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
const putRules = (s: unknown, cookie = merchant) => send('PUT', '/pricing/rules', s, cookie);
const goodsPrices = async (id: number) => pricingGoodsAnswer.parse((await bffGet(bff, `/pricing/goods/${id}`, merchant)).body);

/**
 * The rules' price written out by hand for the test (not the contract's function): the first range
 * covering the cost, cost × multiply rounded up to a fen, + add, then up to the next price ending in
 * the cents.
 */
function expected(cost: number, s: PricingSettings): number | null {
  const r = s.rules.find((x) => x.upTo === undefined || cost <= x.upTo);
  if (!r) return null;
  // Exact in integers: multiply has at most 4 decimals.
  const m = Math.round((r.multiply ?? 1) * 10_000);
  let p = Math.floor((cost * m + 9_999) / 10_000) + (r.add ?? 0);
  if (s.cents !== undefined) while (p % 100 !== s.cents) p++;
  return p;
}

/** A downloaded CSV sheet as rows of cells (byte-order mark and quoting read as a spreadsheet would). */
const csvRows = (text: string): string[][] => {
  expect(text.startsWith('\uFEFF')).toBe(true);
  return Papa.parse<string[]>(text.slice(1).trimEnd(), { newline: '\r\n' }).data;
};

/** A response's text with its byte-order mark (Response.text() drops it). */
const textOf = async (res: Promise<Response>) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await (await res).arrayBuffer());

const sheet = async (only: 'changed' | 'all', type: 'csv' | 'xlsx' = 'csv', cookie = merchant) => {
  const res = await send('POST', '/pricing/sheet', { only, type }, cookie);
  expect(res.status).toBe(200);
  return res;
};

describe('pricing', () => {
  it('computes the same rules price in SQL as in JavaScript, at every cents boundary', async () => {
    const costs = [0, 1, 99, 100, 101, 889, 890, 891, 999, 1000, 1001, 1289, 1290, 1291, 4999, 5000, 5001, 123_457, 9_999_999];
    for (let c = 0; c < 3000; c += 37) costs.push(c);
    const settings: PricingSettings[] = [
      { rules: [{ multiply: 1.5 }], cents: 90 },
      {
        rules: [
          { upTo: 1000, multiply: 2 },
          { upTo: 5000, add: 500 },
          { multiply: 1.1234, add: 1 },
        ],
        cents: 0,
      },
      {
        rules: [
          { upTo: 1290, add: 1 },
          { upTo: 5000, multiply: 0.9 },
        ],
        cents: 99,
      },
      { rules: [{ multiply: 1.35, add: 10 }] },
    ];
    const values = sql.join(
      costs.map((c) => sql`select ${sql.lit(c)} as cost`),
      sql` union all `,
    );
    for (const s of settings) {
      const { rows } = await sql<{
        cost: number;
        price: number | null;
      }>`select cost, ${ruleSql(s, sql`t.cost`)} as price from (${values}) t order by cost`.execute(db.kysely);
      const got = rows.map((r) => [Number(r.cost), r.price === null ? null : Number(r.price)]);
      expect(got, JSON.stringify(s)).toEqual([...costs].sort((a, b) => a - b).map((c) => [c, expected(c, s)]));
      expect(got.map(([c]) => ruleRetail(c!, s))).toEqual(got.map(([, p]) => p));
    }
    // The compare-at price of a retail price, likewise.
    for (const s of [
      { compareAt: { multiply: 1.3 }, cents: 90 },
      { compareAt: { multiply: 2.5 } },
      { compareAt: null, cents: 99 },
    ] satisfies Omit<PricingSettings, 'rules'>[]) {
      const { rows } = await sql<{
        cost: number;
        price: number | null;
      }>`select cost, ${compareAtSql({ rules: [], ...s }, sql`t.cost`)} as price from (${values}) t order by cost`.execute(db.kysely);
      expect(
        rows.map((r) => (r.price === null ? null : Number(r.price))),
        JSON.stringify(s),
      ).toEqual(rows.map((r) => compareAtOf(Number(r.cost), s)));
      if (s.compareAt) expect(rows.every((r) => Number(r.price) >= Number(r.cost))).toBe(true);
    }
  });

  it("prices by the rules' ranges, multiply, add and cents (.89 → .90, .90 → .90, .91 → the next .90); an own price is kept over any rule", async () => {
    const skus = library();
    const [a, b] = [...skus]
      .sort((x, y) => x.agreement_price - y.agreement_price)
      .filter((s, i, xs) => i === 0 || s.agreement_price !== xs[i - 1]!.agreement_price);
    // Ranges: the cheapest SKU's cost is exactly the first range's top (inclusive); the next dearer one falls in the second.
    const ranges: PricingSettings = {
      rules: [
        { upTo: a!.agreement_price, multiply: 2 },
        { multiply: 1.5, add: 300 },
      ],
      cents: 90,
    };
    expect((await putRules(ranges)).status).toBe(200);
    for (const s of [a!, b!]) {
      const got = (await goodsPrices(s.goods_id)).skus.find((x) => x.sku === s.sku)!;
      expect(got).toMatchObject({ source: 'rule', cost: s.agreement_price, retail: expected(s.agreement_price, ranges) });
    }
    expect((await goodsPrices(a!.goods_id)).skus.find((x) => x.sku === a!.sku)!.retail).toBe(
      expected(a!.agreement_price * 2, { rules: [{ add: 0 }], cents: 90 }),
    );
    // Cents at the boundaries: add brings the cost to end in .89, .90 and .91.
    const s = b!;
    const to = (cents: number) => ((cents - (s.agreement_price % 100) + 100) % 100) + 100;
    for (const [end, up] of [
      [89, 1],
      [90, 0],
      [91, 99],
    ] as const) {
      expect((await putRules({ rules: [{ add: to(end) }], cents: 90 })).status).toBe(200);
      const got = (await goodsPrices(s.goods_id)).skus.find((x) => x.sku === s.sku)!;
      const raw = s.agreement_price + to(end);
      expect(raw % 100, `raw ends in .${end}`).toBe(end);
      expect(got.retail % 100).toBe(90);
      expect(got.retail, `.${end}`).toBe(raw + up);
    }
    // An own price over the rule: kept when the rules change, the rules' price beside it; removed, the rule again.
    expect((await putRules({ rules: [{ multiply: 1.5 }], cents: 90 })).status).toBe(200);
    const put = await send('PUT', `/pricing/goods/${s.goods_id}`, { skus: [{ sku: s.sku, retail: 12_345 }] });
    expect(put.status).toBe(200);
    expect(pricingGoodsAnswer.parse(await put.json()).skus.find((x) => x.sku === s.sku)).toMatchObject({
      source: 'own',
      retail: 12_345,
      own: 12_345,
    });
    expect((await putRules({ rules: [{ multiply: 3 }], cents: 0 })).status).toBe(200);
    const kept = (await goodsPrices(s.goods_id)).skus.find((x) => x.sku === s.sku)!;
    expect(kept).toMatchObject({
      source: 'own',
      retail: 12_345,
      rule: expected(s.agreement_price, { rules: [{ multiply: 3 }], cents: 0 }),
    });
    expect(kept.profitRate).toBe(Math.round(((12_345 - s.agreement_price) / s.agreement_price) * 1000) / 10);
    expect((await send('PUT', `/pricing/goods/${s.goods_id}`, { skus: [{ sku: s.sku, retail: null }] })).status).toBe(200);
    expect((await goodsPrices(s.goods_id)).skus.find((x) => x.sku === s.sku)).toMatchObject({ source: 'rule', own: null });
    // No rules: the guide price.
    expect((await putRules({ rules: [] })).status).toBe(200);
    for (const x of (await goodsPrices(s.goods_id)).skus) expect(x).toMatchObject({ source: 'guide', retail: x.guide, rule: null });
    // The audit says it in words.
    const audit = await db.kysely
      .selectFrom('audit')
      .select(['action', 'msg'])
      .where('action', 'like', 'pricing.%')
      .where('code', '=', 1)
      .execute();
    expect(audit.map((r) => r.msg)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^pricing rules changed: every cost: ×1\.5; cents \.90 \(were: /),
        expect.stringMatching(new RegExp(`SKU ${s.sku} own price set to ¥123\\.45`)),
        expect.stringMatching(new RegExp(`SKU ${s.sku} own price removed \\(was ¥123\\.45\\)`)),
      ]),
    );
  });

  it("keeps the watch's below-margin on the retail price: after a rule change every SKU's risk is what its retail gives", async () => {
    expect((await send('PUT', '/watch/rules', { minRate: 40 })).status).toBe(200);
    const check = async (s: PricingSettings) => {
      expect((await putRules(s)).status).toBe(200);
      const rows = await db.kysely
        .selectFrom('goods_skus as k')
        .innerJoin('goods_items as g', 'g.goods_id', 'k.goods_id')
        .leftJoin('pricing_own as o', 'o.sku', 'k.sku')
        .select(['k.sku', 'k.agreement_price', 'k.guide_price', 'k.risk', 'o.retail'])
        .where('g.in_library', '=', 1)
        .execute();
      let below = 0;
      for (const r of rows) {
        const cost = Number(r.agreement_price);
        const retail = r.retail !== null ? Number(r.retail) : (expected(cost, s) ?? Number(r.guide_price));
        const low = (retail - cost) * 100 < 40 * cost;
        if (low) below++;
        expect((Number(r.risk) & RISK['below-margin']) !== 0, `sku ${r.sku}`).toBe(low);
      }
      return below;
    };
    // ×1.2 puts every SKU under 40 %, ×2 none: the risks follow each change both ways.
    expect(await check({ rules: [{ multiply: 1.2 }] })).toBe(library().length);
    expect(await check({ rules: [{ multiply: 2 }] })).toBe(0);
    const mixed = await check({ rules: [{ upTo: 2000, multiply: 1.2 }, { multiply: 2 }], cents: 90 });
    expect(mixed).toBeGreaterThan(0);
    // The preview says the same before anything is saved.
    const preview = pricingPreview.parse(await (await send('POST', '/pricing/preview', { rules: [{ multiply: 1.2 }] })).json());
    expect(preview).toMatchObject({ skus: library().length, belowMinimum: library().length });
    expect(preview.lowest).toHaveLength(10);
    expect(preview.lowest.map((l) => l.profitRate)).toEqual([...preview.lowest.map((l) => l.profitRate)].sort((x, y) => x! - y!));
    expect((await db.kysely.selectFrom('pricing_settings').select('value').executeTakeFirstOrThrow()).value).toContain('2000');
    expect((await send('PUT', '/watch/rules', { minRate: null })).status).toBe(200);
  });

  it('moves rule prices with the supplier, and puts an own price a rise left under the minimum at risk with its own price named; the "changed" sheet holds exactly the SKUs whose retail moved', async () => {
    expect((await putRules({ rules: [{ multiply: 1.5 }], cents: 90 })).status).toBe(200);
    expect((await send('PUT', '/watch/rules', { minRate: 15 })).status).toBe(200);
    // A goods priced by hand: its first SKU at 18 % over cost, with room below its activity price for a rise.
    const h = library().find((s) => s.activity_price >= s.agreement_price * 1.12)!;
    const own = Math.ceil(h.agreement_price * 1.18);
    expect((await send('PUT', `/pricing/goods/${h.goods_id}`, { skus: [{ sku: h.sku, retail: own }] })).status).toBe(200);
    // The first sheet: everything (no sheet held anything yet), and it marks them.
    const first = csvRows(await textOf(sheet('changed')));
    expect(first.length - 1).toBe(library().length);
    expect(pricingSummary.parse((await bffGet(bff, '/pricing/summary', merchant)).body)).toMatchObject({
      skus: library().length,
      own: 1,
      changed: 0,
    });
    expect(csvRows(await textOf(sheet('changed')))).toHaveLength(1);
    const before = new Map(library().map((s) => [s.sku, s]));
    // A day of the market moves some goods; the supplier raises the hand-priced goods' costs (~10 % a step).
    await sb.advance(86_400);
    const costOfH = () => library().find((s) => s.sku === h.sku)!.agreement_price;
    for (let i = 0; i < 3 && (own - costOfH()) * 100 >= 15 * costOfH(); i++)
      repriceGoods(sb.sandbox.db, h.goods_id, 0, 1, Math.floor(Date.now() / 1000));
    // The goods mirror reads the library again (as its reconcile and the supplier's messages do).
    await goods.reconcile();
    const after = library();
    const hNow = after.find((s) => s.sku === h.sku)!;
    expect((own - hNow.agreement_price) * 100).toBeLessThan(15 * hNow.agreement_price);
    // Retail moved: rule-priced SKUs whose cost moved (the ×1.5 .90 price of the new cost differs); the own price did not.
    const settings: PricingSettings = { rules: [{ multiply: 1.5 }], cents: 90 };
    const moved = after
      .filter((s) => s.sku !== h.sku && expected(s.agreement_price, settings) !== expected(before.get(s.sku)!.agreement_price, settings))
      .map((s) => s.sku);
    expect(moved.length).toBeGreaterThan(1);
    expect(pricingSummary.parse((await bffGet(bff, '/pricing/summary', merchant)).body).changed).toBe(moved.length);
    const changed = csvRows(await textOf(sheet('changed')));
    expect(changed[0]).toEqual(['商品', '商品ID', 'SKU', '规格', '商家编码', '售价（元）', '划线价（元）']);
    expect(
      changed
        .slice(1)
        .map((r) => Number(r[2]))
        .sort((x, y) => x - y),
    ).toEqual([...moved].sort((x, y) => x - y));
    for (const r of changed.slice(1)) {
      const s = after.find((x) => x.sku === Number(r[2]))!;
      expect(r[5]).toBe((expected(s.agreement_price, settings)! / 100).toFixed(2));
    }
    // The hand-priced goods is at risk for its own price, named so; its rule-priced SKUs are not below.
    const page = watchAtRisk.parse((await bffGet(bff, '/watch/at-risk?size=100&reason=below-margin', merchant)).body);
    const g = page.list.find((x) => x.goodsId === h.goods_id)!;
    expect(g.reasons).toContain('below-margin');
    const sku = g.skus.find((x) => x.sku === h.sku)!;
    expect(sku).toMatchObject({ retail: own, retailSource: 'own', agreementPrice: hNow.agreement_price });
    expect(sku.rateAfter!).toBeLessThan(15);
    expect(sku.rateAfter).toBe(Math.round(((own - hNow.agreement_price) / hNow.agreement_price) * 1000) / 10);
    for (const x of g.skus.filter((k) => k.sku !== h.sku)) expect(x.reasons).not.toContain('below-margin');
    // The inbox message of that change names the own price too.
    const told = await db.kysely.selectFrom('messages').select('data').where('type', '=', WATCH_MESSAGE_TYPE).execute();
    expect(
      told
        .map((m) => JSON.parse(m.data) as WatchRiskData)
        .some((d) => d.goodsIds[0] === h.goods_id && d.skus.some((k) => k.sku === h.sku && k.retailSource === 'own' && k.retail === own)),
    ).toBe(true);
    // Downloaded, nothing is changed any more.
    expect(csvRows(await textOf(sheet('changed')))).toHaveLength(1);
    expect((await send('PUT', '/watch/rules', { minRate: null })).status).toBe(200);
  });

  it('writes every text cell safe from formulas, in .xlsx and .csv', async () => {
    const [s] = library();
    const code = '=HYPERLINK("http://x","y")';
    expect((await send('PUT', `/pricing/goods/${s!.goods_id}`, { skus: [{ sku: s!.sku, retail: null, code }] })).status).toBe(200);
    sb.sandbox.db.prepare('UPDATE goods SET title = ? WHERE id = ?').run('@SUM(A1) goods', s!.goods_id);
    await goods.reconcile();
    const csv = csvRows(await textOf(sheet('all')));
    const row = csv.find((r) => Number(r[2]) === s!.sku)!;
    expect(row[0]).toBe("'@SUM(A1) goods");
    expect(row[4]).toBe(`'${code}`);
    const res = await sheet('all', 'xlsx');
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(Number(res.headers.get('x-sheet-rows'))).toBe(library().length);
    const rows = (await readSheet(Buffer.from(await res.arrayBuffer()))) as unknown[][];
    const x = rows.find((r) => Number(r[2]) === s!.sku)!;
    expect(x[0]).toBe("'@SUM(A1) goods");
    expect(x[4]).toBe(`'${code}`);
    expect(rows.length - 1).toBe(library().length);
  });

  it('is for merchants, managers and admins; bad input gets a sentence and changes nothing', async () => {
    const support = await signIn(bff, 'support');
    const manager = await signIn(bff, 'manager');
    const [s] = library();
    for (const [method, path] of [
      ['GET', '/pricing/rules'],
      ['PUT', '/pricing/rules'],
      ['POST', '/pricing/preview'],
      ['GET', '/pricing/summary'],
      ['GET', `/pricing/goods?ids=${s!.goods_id}`],
      ['GET', `/pricing/goods/${s!.goods_id}`],
      ['PUT', `/pricing/goods/${s!.goods_id}`],
      ['POST', '/pricing/sheet'],
    ] as const) {
      const res = await bff.app.request(path, {
        method,
        headers: { 'content-type': 'application/json', cookie: support },
        ...(method === 'GET' ? {} : { body: '{}' }),
      });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect((await bffGet(bff, '/pricing/rules', manager)).status).toBe(200);
    expect((await putRules({ rules: [{ multiply: 1.5 }], cents: 90 }, manager)).status).toBe(200);
    const state = async () => ({
      settings: await db.kysely.selectFrom('pricing_settings').selectAll().execute(),
      own: await db.kysely.selectFrom('pricing_own').selectAll().orderBy('sku').execute(),
      sheet: await db.kysely
        .selectFrom('pricing_sheet')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst(),
      risk: await db.kysely.selectFrom('goods_skus').select(['sku', 'risk']).orderBy('sku').execute(),
    });
    const kept = await state();
    const refusedRules: [unknown, string, string][] = [
      [{ rules: [{ upTo: 1000, multiply: 2 }, { upTo: 500, multiply: 1.5 }, { multiply: 1.2 }] }, 'rules.1.upTo', 'the ranges must rise'],
      [{ rules: [{ multiply: 2 }, { upTo: 5000, multiply: 1.5 }] }, 'rules.0.upTo', 'only the last rule may go without upTo'],
      [{ rules: [{ upTo: 1000 }] }, 'rules.0', 'needs a multiplier or an amount to add'],
      [{ rules: [{ multiply: 1000 }] }, 'rules.0.multiply', 'multiply may be at most 100'],
      [{ rules: [{ add: 1.5 }] }, 'rules.0.add', 'add must be a whole number of fen'],
      [{ rules: [{ multiply: 2 }], cents: 100 }, 'cents', 'cents must be a whole number from 0 to 99'],
      [{ rules: Array.from({ length: 21 }, (_, i) => ({ upTo: (i + 1) * 100, add: 1 })) }, 'rules', 'at most 20 rules'],
      [{ rules: [{ multiply: 2 }], compareAt: { multiply: 0.5 } }, 'compareAt.multiply', 'must be above 1'],
      [{ rules: [{ multiply: 2 }], extra: 1 }, 'extra', 'unknown field'],
    ];
    for (const [body, field, words] of refusedRules) {
      const res = await putRules(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const out = (await res.json()) as { msg: string; gateway: { field: string } };
      expect(out.msg).toMatch(/^Invalid input: /);
      expect(out.msg).toContain(words);
      expect(out.gateway.field).toBe(field);
    }
    const other = library().find((x) => x.goods_id !== s!.goods_id)!;
    for (const [body, status, words] of [
      [{ skus: [{ sku: s!.sku, retail: -5 }] }, 400, 'retail must be at least 1 fen'],
      [{ skus: [{ sku: s!.sku, retail: 12.5 }] }, 400, 'retail must be a whole number of fen'],
      [{ skus: [] }, 400, 'name at least one SKU'],
      [
        {
          skus: [
            { sku: s!.sku, retail: 100 },
            { sku: s!.sku, retail: 200 },
          ],
        },
        400,
        'each SKU at most once',
      ],
      [
        {
          skus: [
            { sku: s!.sku, retail: 100 },
            { sku: other.sku, retail: 100 },
          ],
        },
        400,
        `SKU ${other.sku} is not of goods ${s!.goods_id}`,
      ],
      [{ skus: [{ sku: s!.sku, retail: 100, code: 'a\nb' }] }, 400, 'code may not hold line breaks'],
    ] as const) {
      const res = await send('PUT', `/pricing/goods/${s!.goods_id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(((await res.json()) as { msg: string }).msg).toContain(words);
    }
    expect((await send('PUT', '/pricing/goods/999999999', { skus: [{ sku: 1, retail: 100 }] })).status).toBe(404);
    expect((await send('PUT', '/pricing/goods/abc', { skus: [{ sku: 1, retail: 100 }] })).status).toBe(400);
    expect((await bffGet(bff, '/pricing/goods/0', merchant)).status).toBe(400);
    expect((await bffGet(bff, '/pricing/goods?ids=x', merchant)).status).toBe(400);
    const badSheet = await send('POST', '/pricing/sheet', { only: 'some' });
    expect(badSheet.status).toBe(400);
    expect(((await badSheet.json()) as { msg: string }).msg).toContain('only must be one of changed, all');
    const notJson = await bff.app.request('/pricing/rules', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: merchant },
      body: '{',
    });
    expect(notJson.status).toBe(400);
    expect(await state()).toEqual(kept);
    const refusals = await db.kysely
      .selectFrom('audit')
      .select('msg')
      .where('action', 'like', 'pricing.%')
      .where('code', '=', 400)
      .execute();
    expect(refusals.length).toBe(refusedRules.length + 6 + 1 + 1 + 1);
    // The library's rows: each goods' retail range and own prices.
    const sum = (await bffGet(bff, `/pricing/goods?ids=${s!.goods_id},${other.goods_id},999999999`, merchant)).body as {
      goods: { goodsId: number; skus: number }[];
    };
    expect(sum.goods.map((x) => x.goodsId)).toEqual([s!.goods_id, other.goods_id]);
    expect(sum.goods[0]!.skus).toBe(library().filter((x) => x.goods_id === s!.goods_id).length);
  });
});
