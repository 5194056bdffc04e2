import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpData, OpId, OpInput } from '../contract';
import { bffOp, signIn } from './bff-client';
import { testGatewayDb } from './gateway-db';
import { startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from './harness';
import { createBffApp } from '../server/gateway/app';
import type { GatewayDb } from '../server/gateway/db';
import { checkOrders } from '../src/features/imports/check';
import { mapHeaders } from '../src/features/imports/sheet/columns';
import { readSheetFile } from '../src/features/imports/sheet/read';
import { groupOrders, toRows } from '../src/features/imports/sheet/rows';
import { TEMPLATE_GOODS, templateFile } from '../src/features/imports/sheet/write';

/**
 * The template's example order names goods the demo supplier has: read as it comes (its own notes'
 * two ways, a SKU id alone and a product id with its spec), it is checked ready against the sandbox
 * as it starts (seed 20260101), with 1,500 goods as the e2e run has; and its goods are in the library
 * the sandbox starts with at 5,000 goods (the default) too.
 */
const SEED = 20260101;
let sb: SandboxHarness;
let db: GatewayDb;
let bff: ReturnType<typeof createBffApp>;

beforeAll(async () => {
  sb = await startSandbox({ goods: 1500, seed: SEED });
  db = await testGatewayDb();
  bff = createBffApp({
    db,
    upstream: { baseUrl: sb.sandboxUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 },
    mode: 'sandbox',
  });
});
afterAll(async () => {
  bff.imports.stop();
  await db.close();
  await sb.close();
});

describe('the template', () => {
  it('read as it comes, its example order is ready against the sandbox as it starts, in both languages', async () => {
    const cookie = await signIn(bff, 'merchant');
    const post = async (path: string, body: unknown) =>
      (await (
        await bff.app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) })
      ).json()) as any;
    const deps = {
      op: async <K extends OpId>(id: K, input: OpInput<K>): Promise<OpData<K>> => {
        const env = await bffOp(bff, cookie, id, input);
        if (env.code !== 1) throw new Error(`${id}: ${env.msg}`);
        return env.data as OpData<K>;
      },
      known: async (orderSns: string[]) => (await post('/known-orders', { orderSns })).known,
      skus: async (ids: number[]) => (await post('/skus', { ids })) as { list: { sku: number; goodsId: number }[]; unknown: number[] },
      regions: (await import('@vant/area-data')).areaList,
    };
    for (const lang of ['zh-CN', 'en'] as const) {
      const r = await readSheetFile(new File([await templateFile(lang)], 'template.xlsx'));
      if (!r.ok) throw new Error(JSON.stringify(r.problem));
      const checked = await checkOrders(groupOrders(toRows(r.sheet, mapHeaders(r.sheet.header).index)), deps);
      expect(checked.map((o) => [o.orderSn, o.status, o.problems])).toEqual([['SHOP20261126001', 'ready', []]]);
      expect(checked[0]!.lines.map((l) => [l.sku, l.number])).toEqual([
        [200697, 1],
        [sb.sandbox.db.prepare(`SELECT id FROM sku_options WHERE goods_id = 10427 AND spec_value_names = '浅蓝 小号'`).pluck().get(), 2],
      ]);
      expect(checked[0]!.goods).toBeGreaterThan(0);
    }
  });

  it('names goods in the library the sandbox starts with by default (5,000 goods) too, on sale, with stock', async () => {
    const big = await startSandbox({ goods: 5000, seed: SEED });
    try {
      const q = big.sandbox.db.prepare(
        `SELECT s.id AS sku, s.goods_id AS goods, s.spec_value_names AS spec, s.stock, g.status,
           EXISTS (SELECT 1 FROM library l WHERE l.goods_id = g.id) AS inLibrary,
           EXISTS (SELECT 1 FROM goods_bans b WHERE b.goods_id = g.id) AS banned
         FROM sku_options s JOIN goods g ON g.id = s.goods_id WHERE s.id = ? OR (s.goods_id = ? AND s.spec_value_names = ?)`,
      );
      for (const t of TEMPLATE_GOODS) {
        const [row] = q.all(Number(t.product), Number(t.product), t.spec) as {
          stock: number;
          status: number;
          inLibrary: number;
          banned: number;
        }[];
        expect(row).toMatchObject({ status: 1, inLibrary: 1, banned: 0 });
        expect(row!.stock).toBeGreaterThanOrEqual(Number(t.quantity));
      }
    } finally {
      await big.close();
    }
  });
});
