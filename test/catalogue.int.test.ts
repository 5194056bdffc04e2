import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SORT_KEYS, operations, type OpId } from '../contract';
import { startHarness, TEST_SECRET, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

/** A successful call whose data also satisfies the contract's data schema. */
async function okData(id: OpId, input: Record<string, unknown>) {
  const res = await h.op(id, input);
  expect(res.status, res.text).toBe(200);
  expect(res.body.code, res.text).toBe(1);
  expect(res.text).not.toContain(TEST_SECRET);
  const parsed = operations[id].data.safeParse(res.body.data);
  expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true);
  return res.body.data;
}

async function invalid(id: OpId, input: Record<string, unknown>, field: string) {
  const res = await h.op(id, input);
  expect(res.status, res.text).toBe(400);
  expect(res.body.code).toBe(0);
  expect(res.body.gateway.reason).toBe('invalid_input');
  expect(res.body.gateway.field).toBe(field);
  expect(res.body.msg).toMatch(/^Invalid input: /);
  return res.body;
}

async function refused(id: OpId, input: Record<string, unknown>, msg: RegExp) {
  const res = await h.op(id, input);
  expect(res.status, res.text).toBe(200);
  expect(res.body.code).toBe(0);
  expect(res.body.msg).toMatch(msg);
}

describe('sources and categories', () => {
  it('GetSource lists the four seeded channels', async () => {
    const data = await okData('source.list', {});
    expect(data.map((s: { id: number }) => s.id)).toEqual([1, 2, 6, 7]);
  });

  it('GetCategory walks three levels, level by level', async () => {
    const top = await okData('category.children', { parent_id: 0, source: 2 });
    expect(top.length).toBeGreaterThan(3);
    expect(top.every((c: { level: number; parent_id: number }) => c.level === 0 && c.parent_id === 0)).toBe(true);
    const mid = await okData('category.children', { parent_id: top[0].id, source: 2 });
    expect(mid.every((c: { parent_id: number; level: number }) => c.parent_id === top[0].id && c.level === 1)).toBe(true);
    const leaf = await okData('category.children', { parent_id: mid[0].id, source: 2 });
    expect(leaf.length).toBeGreaterThan(0);
    expect(await okData('category.children', { parent_id: leaf[0].id, source: 2 })).toEqual([]);
  });

  it('GetCategory: bad input', async () => {
    await invalid('category.children', { parent_id: 0 }, 'source');
    await invalid('category.children', { parent_id: -1, source: 2 }, 'parent_id');
    await refused('category.children', { parent_id: 999999, source: 2 }, /上级分类不存在/);
  });

  it('Category Lists pages through one source', async () => {
    const p1 = await okData('category.list', { page: 1, limit: 10, source: 1 });
    expect(p1.data).toHaveLength(10);
    expect(p1.count).toBeGreaterThan(10);
    expect(p1.data.every((c: { source: number }) => c.source === 1)).toBe(true);
    const p2 = await okData('category.list', { page: 2, limit: 10, source: 1 });
    expect(p2.data[0].id).not.toBe(p1.data[0].id);
  });

  it('Category Lists: bad input', async () => {
    await invalid('category.list', { page: 1, limit: 501, source: 1 }, 'limit');
    await invalid('category.list', { page: 0, limit: 10, source: 1 }, 'page');
  });
});

describe('goods', () => {
  it('Detail has SKU options with prices in fen in a sensible order', async () => {
    const d = await okData('goods.detail', { id: 10001 });
    expect(d.id).toBe(10001);
    expect(d.specs.options.length).toBeGreaterThan(0);
    for (const o of d.specs.options) {
      expect(Number.isInteger(o.agreement_price)).toBe(true);
      expect(o.cost_price).toBeLessThanOrEqual(o.agreement_price);
      expect(o.agreement_price).toBeLessThanOrEqual(o.activity_price);
      expect(o.activity_price).toBeLessThanOrEqual(o.guide_price);
      expect(o.guide_price).toBeLessThanOrEqual(o.market_price);
    }
    expect(d.category_id).toMatch(/^;\d+;\d+;\d+;$/);
    expect(d.covers.length).toBeGreaterThan(1);
    const img = await fetch(d.cover);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('Detail: bad input and unknown goods', async () => {
    await invalid('goods.detail', { id: 'abc' }, 'id');
    await invalid('goods.detail', { id: 1, extra: true }, 'extra');
    await refused('goods.detail', { id: 99999999 }, /商品不存在/);
  });

  it('GetBulkGoodDetail returns each known id once', async () => {
    const data = await okData('goods.bulkDetail', { ids: '10001,10002,10002' });
    expect(data.map((d: { id: number }) => d.id)).toEqual([10001, 10002]);
    await invalid('goods.bulkDetail', { ids: '10001,,10002' }, 'ids');
  });

  it('Goods Lists filters by source, price range in yuan, and free shipping', async () => {
    const data = await okData('goods.list', {
      page: 1,
      limit: 100,
      source: 2,
      range_type: 'agreement_price',
      range_from: 10,
      range_to: 30,
      is_free_shipping: 1,
    });
    expect(data.list.length).toBeGreaterThan(0);
    for (const g of data.list) {
      expect(g.source).toBe(2);
      expect(g.is_free_shipping).toBe(1);
      expect(g.agreement_price).toBeGreaterThanOrEqual(1000);
      expect(g.agreement_price).toBeLessThanOrEqual(3000);
    }
  });

  it('Goods Lists: bad input', async () => {
    await invalid(
      'goods.list',
      { page: 1, limit: 10, source: 2, range_type: 'agreement_price', range_from: 30, range_to: 10 },
      'range_from',
    );
    await invalid('goods.list', { page: 1, limit: 10, source: 2, range_from: 1 }, 'range_type');
    await invalid('goods.list', { page: 1, limit: 10 }, 'source');
  });

  it('GetBulkGoodsMessage accepts at most 50 ids', async () => {
    expect(await okData('goods.refresh', { goodsIds: '10001,10003' })).toEqual(['10001', '10003']);
    const many = Array.from({ length: 51 }, (_, i) => 10001 + i).join(',');
    await invalid('goods.refresh', { goodsIds: many }, 'goodsIds');
    await refused('goods.refresh', { goodsIds: '10001,77777777' }, /商品不存在：77777777/);
  });
});

describe('online selection (NewList)', () => {
  it('sorts by every key in both directions', async () => {
    for (const type of SORT_KEYS) {
      for (const sort of ['asc', 'desc'] as const) {
        const data = await okData('selection.online', { page: 1, limit: 30, type, sort });
        const values = data.list.map((g: Record<string, number>) => g[type]);
        const sorted = [...values].sort((a, b) => (sort === 'asc' ? a - b : b - a));
        expect(values, `${type} ${sort}`).toEqual(sorted);
      }
    }
  });

  it('filters by sections (yuan for prices, % for rates), category, search words and shop', async () => {
    const rated = await okData('selection.online', {
      page: 1,
      limit: 200,
      promotion_rate: { from: 40, to: 60 },
      agreement_price: { from: 5, to: 50 },
    });
    expect(rated.list.length).toBeGreaterThan(0);
    for (const g of rated.list) {
      expect(g.rate).toBeGreaterThanOrEqual(40);
      expect(g.rate).toBeLessThanOrEqual(60);
      expect(g.agreement_price).toBeGreaterThanOrEqual(500);
      expect(g.agreement_price).toBeLessThanOrEqual(5000);
    }
    expect(rated.min_profits).toBeLessThanOrEqual(rated.max_profits);

    const [top] = await okData('category.children', { parent_id: 0, source: 6 });
    const inCat = await okData('selection.online', { page: 1, limit: 100, source: 6, category_id: top.id });
    expect(inCat.list.length).toBeGreaterThan(0);
    expect(inCat.list.every((g: { category_ids: string[] }) => g.category_ids[0] === String(top.id))).toBe(true);

    const word = inCat.list[0].title.split(' ')[1].slice(-2);
    const found = await okData('selection.online', { page: 1, limit: 100, search_words: word });
    expect(found.count).toBeGreaterThan(0);
    expect(found.list.every((g: { title: string }) => g.title.includes(word))).toBe(true);

    const shop = await okData('selection.online', { page: 1, limit: 100, shop_words: String(inCat.list[0].shop_id) });
    expect(shop.list.every((g: { shop_id: number }) => g.shop_id === inCat.list[0].shop_id)).toBe(true);

    const nothing = await okData('selection.online', { page: 1, limit: 10, search_words: '不存在的商品名称xyz' });
    expect(nothing).toMatchObject({ list: [], count: 0 });
  });

  it('takes up to 500 rows and answers pages beyond 50 with page 50', async () => {
    const big = await okData('selection.online', { page: 1, limit: 500 });
    expect(big.list).toHaveLength(500);
    const p50 = await okData('selection.online', { page: 50, limit: 10 });
    const p60 = await okData('selection.online', { page: 60, limit: 10 });
    expect(p60.list.map((g: { id: number }) => g.id)).toEqual(p50.list.map((g: { id: number }) => g.id));
  });

  it('bad input', async () => {
    await invalid('selection.online', { page: 1, limit: 10, type: 'price' }, 'type');
    await invalid('selection.online', { page: 1, limit: 10, promotion_rate: { from: 50, to: 10 } }, 'promotion_rate');
    await invalid('selection.online', { page: 1, limit: 501 }, 'limit');
  });
});

describe('selection groups', () => {
  it('lists groups and their goods', async () => {
    const groups = await okData('group.list', { page: 1, limit: 50 });
    expect(groups.count).toBeGreaterThan(3);
    const g = groups.list[3];
    const goods = await okData('group.goods', { page: 1, limit: 50, group_id: g.id, is_free_shipping: -1 });
    expect(goods.list.length).toBeGreaterThan(0);
    expect(goods.list.every((x: { group_ids: string[] }) => x.group_ids.includes(String(g.id)))).toBe(true);
  });

  it('bad input', async () => {
    await invalid('group.goods', { page: 1, limit: 10, promote_rate: { from: 9, to: 1 } }, 'promote_rate');
    await refused('group.goods', { page: 1, limit: 10, group_id: 9999 }, /分组不存在/);
    await invalid('group.list', { page: 1 }, 'limit');
  });
});

describe('selection library', () => {
  it('adds, lists with range filters, removes and clears', async () => {
    await okData('selection.clear', {});
    expect((await okData('selection.list', { page: 1, limit: 50, source: 0 })).count).toBe(0);

    const picked = (await okData('selection.online', { page: 1, limit: 3, type: 'promotion_rate', sort: 'desc' })).list;
    const ids = picked.map((g: { id: number }) => g.id);
    const added = await okData('selection.add', { goods_ids: ids.join(',') });
    expect(added.total).toBe(3);

    const lib = await okData('selection.list', { page: 1, limit: 50, source: 0 });
    expect(lib.list.map((g: { id: number }) => g.id).sort()).toEqual([...ids].sort());
    expect(typeof lib.list[0].real_sale).toBe('string');
    const online = await okData('selection.online', { page: 1, limit: 3, type: 'promotion_rate', sort: 'desc' });
    expect(online.list.every((g: { is_selected: number }) => g.is_selected === 1)).toBe(true);

    // NewList sends promotion_rate as a whole number; the exact rate is `rate`.
    const lowest = Math.min(...picked.map((g: { rate: number }) => g.rate));
    const above = Math.round((lowest + 0.01) * 100) / 100; // a decimal as a person types it
    const ranged = await okData('selection.list', {
      page: 1,
      limit: 50,
      source: 0,
      range_type: 'promotion_rate',
      range_from: above,
      range_to: 1000,
    });
    expect(ranged.count).toBe(picked.filter((g: { rate: number }) => g.rate >= above).length);

    expect((await okData('selection.remove', { goods_ids: String(ids[0]) })).total).toBe(2);
    expect((await okData('selection.remove', { goods_ids: String(ids[0]) })).total).toBe(2);
    await okData('selection.clear', {});
    expect((await okData('selection.list', { page: 1, limit: 50, source: 0 })).count).toBe(0);
  });

  it('refuses unknown goods and changes nothing', async () => {
    await okData('selection.add', { goods_ids: '10001' });
    await refused('selection.add', { goods_ids: '10002,88888888' }, /商品不存在：88888888/);
    const lib = await okData('selection.list', { page: 1, limit: 50, source: 0 });
    expect(lib.list.map((g: { id: number }) => g.id)).toEqual([10001]);
    await invalid('selection.add', { goods_ids: 'abc' }, 'goods_ids');
    await invalid('selection.remove', { goods_ids: '' }, 'goods_ids');
    await invalid('selection.list', { page: 1, limit: 10 }, 'source');
    await invalid('selection.clear', { all: true }, 'all');
  });

  it('old online list (GoodsStorage/Lists) lists on-sale goods', async () => {
    const data = await okData('selection.onlineOld', { page: 1, limit: 20, source: 7 });
    expect(data.list.every((g: { source: number; status: number }) => g.source === 7 && g.status === 1)).toBe(true);
  });
});
