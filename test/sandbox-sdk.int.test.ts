import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { signHeaders } from '../server/signing';
import { TEST_KEY, TEST_SECRET, startSandbox, type SandboxHarness } from './harness';

/** What the official and community SDK clients tripped on (issue 10, point 4), each through real HTTP. */

let h: SandboxHarness;
beforeAll(async () => {
  h = await startSandbox({ goods: 300 });
});
afterAll(() => h.close());

const address = {
  consignee: '王五',
  phone: '13700137000',
  province: '江苏省',
  city: '南京市',
  area: '玄武区',
  street: '中山路',
  description: '1 号',
};
const onSaleGoods = (n: number) =>
  (
    h.sandbox.db
      .prepare('SELECT id FROM goods WHERE status = 1 AND id NOT IN (SELECT goods_id FROM goods_bans) ORDER BY id LIMIT ?')
      .all(n) as { id: number }[]
  ).map((r) => r.id);

describe('GET with a JSON body for the two bulk operations (PHP "getbody")', () => {
  it('GetBulkGoodDetail answers the details', async () => {
    const ids = onSaleGoods(2);
    const r = await h.upstream('GET', '/v2/Goods/GetBulkGoodDetail', { body: JSON.stringify({ ids: ids.join(',') }) });
    expect(r.status).toBe(200);
    expect(r.body.code, r.body.msg).toBe(1);
    expect(r.body.data.map((d: { id: number }) => d.id)).toEqual(ids);
  });

  it('GetBulkGoodsMessage answers the ids and re-emits a message for library goods', async () => {
    const inLibrary = (h.sandbox.db.prepare('SELECT goods_id AS id FROM library ORDER BY goods_id LIMIT 1').get() as { id: number }).id;
    const before = (h.sandbox.db.prepare("SELECT count(*) AS n FROM outbox WHERE type = 'goods.alter'").get() as { n: number }).n;
    const r = await h.upstream('GET', '/v2/Goods/GetBulkGoodsMessage', { body: JSON.stringify({ goodsIds: String(inLibrary) }) });
    expect(r.body.code, r.body.msg).toBe(1);
    expect(r.body.data).toEqual([String(inLibrary)]);
    expect(h.sandbox.db.prepare("SELECT count(*) AS n FROM outbox WHERE type = 'goods.alter'").get()).toEqual({ n: before + 1 });
  });

  it('other POST operations still refuse GET', async () => {
    const r = await h.upstream('GET', '/v2/GoodsStorage/NewList', { body: '{"page":1,"limit":5}' });
    expect(r.body.code).toBe(0);
    expect(r.body.msg).toMatch(/请求方法错误/);
  });
});

describe('a body of [] (PHP json_encode of an empty array)', () => {
  it('is read as {}', async () => {
    const sources = await h.upstream('POST', '/v2/GetSource', { body: '[]' });
    expect(sources.body.code, sources.body.msg).toBe(1);
    expect(sources.body.data.length).toBeGreaterThan(0);
    const balance = await h.upstream('GET', '/v2/account/application/balance', { body: '[]' });
    expect(balance.body.code, balance.body.msg).toBe(1);
    expect(Number.isInteger(balance.body.data.balance)).toBe(true);
  });

  it('a non-empty array or a scalar is still refused', async () => {
    for (const body of ['[1]', '"x"', 'null']) {
      const r = await h.upstream('POST', '/v2/GetSource', { body });
      expect(r.body.code, body).toBe(0);
      expect(r.body.msg).toBe('请求体必须是 JSON 对象');
    }
  });
});

describe('response shapes the Java client types strictly', () => {
  it('SKU weight is a whole number of grams', async () => {
    const [id] = onSaleGoods(1);
    const r = await h.upstream('GET', '/v2/Goods/Detail', { query: { id: String(id) } });
    const stored = h.sandbox.db.prepare('SELECT id, weight FROM sku_options WHERE goods_id = ? ORDER BY id').all(id) as {
      id: number;
      weight: number;
    }[];
    const options = r.body.data.specs.options as { id: number; weight: number }[];
    expect(options.map((o) => o.weight)).toEqual(stored.map((s) => Math.round(s.weight * 1000)));
    for (const o of options) expect(Number.isInteger(o.weight)).toBe(true);
    expect(stored.some((s) => !Number.isInteger(s.weight))).toBe(true); // the stored kilograms are decimals
  });

  it('NewList and ApiGoodsList items: promotion_rate a whole number, the exact rate in `rate`; the filter still works', async () => {
    const newList = await h.upstream('POST', '/v2/GoodsStorage/NewList', {
      body: JSON.stringify({ page: 1, limit: 100, promotion_rate: { from: 40, to: 60 } }),
    });
    expect(newList.body.code, newList.body.msg).toBe(1);
    const groups = await h.upstream('POST', '/v2/GoodsGroup/ApiGoodsList', {
      body: JSON.stringify({ page: 1, limit: 100, group_id: 1, promote_rate: { from: 40, to: 60 } }),
    });
    expect(groups.body.code, groups.body.msg).toBe(1);
    for (const list of [newList.body.data.list, groups.body.data.list] as { id: number; promotion_rate: number; rate: number }[][]) {
      expect(list.length).toBeGreaterThan(0);
      expect(list.some((i) => !Number.isInteger(i.rate))).toBe(true);
      for (const item of list) {
        const stored = h.sandbox.db.prepare('SELECT promotion_rate FROM goods WHERE id = ?').get(item.id) as { promotion_rate: number };
        expect(Number.isInteger(item.promotion_rate)).toBe(true);
        expect(item.promotion_rate).toBe(Math.round(stored.promotion_rate));
        expect(item.rate).toBe(stored.promotion_rate);
        expect(item.rate).toBeGreaterThanOrEqual(40);
        expect(item.rate).toBeLessThanOrEqual(60);
      }
    }
    // Sorting by profit rate follows the exact rate.
    const sorted = await h.upstream('POST', '/v2/GoodsStorage/NewList', {
      body: JSON.stringify({ page: 1, limit: 50, type: 'promotion_rate', sort: 'desc' }),
    });
    const rates = (sorted.body.data.list as { rate: number }[]).map((i) => i.rate);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
  });

  it('NewList items carry min_profits / max_profits over their SKUs, and the list still has them beside it', async () => {
    const r = await h.upstream('POST', '/v2/GoodsStorage/NewList', { body: JSON.stringify({ page: 1, limit: 50 }) });
    const { list, min_profits, max_profits } = r.body.data as {
      list: { id: number; min_profits: number; max_profits: number }[];
      min_profits: number;
      max_profits: number;
    };
    expect(Number.isInteger(min_profits) && Number.isInteger(max_profits)).toBe(true);
    let spread = 0;
    for (const item of list) {
      const p = h.sandbox.db
        .prepare(
          'SELECT min(guide_price - agreement_price) AS lo, max(guide_price - agreement_price) AS hi FROM sku_options WHERE goods_id = ?',
        )
        .get(item.id) as { lo: number; hi: number };
      expect([item.min_profits, item.max_profits]).toEqual([p.lo, p.hi]);
      if (p.hi > p.lo) spread++;
    }
    expect(spread).toBeGreaterThan(0); // goods with several SKUs have a real range
  });

  it('list items carry dis_category_id, seller_id, channel_id and activity_ids', async () => {
    const calls = [
      h.upstream('POST', '/v2/GoodsStorage/NewList', { body: JSON.stringify({ page: 1, limit: 5 }) }),
      h.upstream('POST', '/v2/GoodsGroup/ApiGoodsList', { body: JSON.stringify({ page: 1, limit: 5, group_id: 1 }) }),
      h.upstream('GET', '/v2/GoodsStorage/MyLists', { query: { page: '1', limit: '5', source: '0' } }),
      h.upstream('GET', '/v2/Goods/Lists', { query: { page: '1', limit: '5', source: '0' } }),
    ];
    for (const r of await Promise.all(calls)) {
      expect(r.body.code, r.body.msg).toBe(1);
      expect(r.body.data.list.length).toBeGreaterThan(0);
      for (const item of r.body.data.list) {
        expect(item.dis_category_id).toMatch(/^\d+-\d+-\d+$/);
        expect(item.dis_category_id).toBe(item.category_id);
        expect(item.seller_id).toBe(item.shop_id);
        expect(item.channel_id).toBe(item.source);
        expect(typeof item.activity_ids).toBe('string');
      }
    }
  });
});

describe('orders and after-sales', () => {
  it('child orders carry isRefund; an after-sale without an address answers the six userInfo keys empty', async () => {
    const sku = h.sandbox.db
      .prepare(
        `SELECT s.id, s.agreement_price AS price FROM sku_options s JOIN goods g ON g.id = s.goods_id
          WHERE g.status = 1 AND s.stock > 10 AND g.id NOT IN (SELECT goods_id FROM goods_bans) ORDER BY s.id LIMIT 1`,
      )
      .get() as { id: number; price: number };
    const submit = await h.upstream('POST', '/v2/order', {
      body: JSON.stringify({ orderSn: 'SDK-REFUND-1', spu: [{ sku: sku.id, number: 1 }], address }),
    });
    expect(submit.body.code, submit.body.msg).toBe(1);
    const child = async () =>
      (await h.upstream('GET', '/v2/order', { body: JSON.stringify({ search: { thirdSn: 'SDK-REFUND-1', page: 1, limit: 5 } }) })).body.data
        .list[0].children[0];
    expect((await child()).isRefund).toBe(false);

    const apply = await h.upstream('POST', '/v2/afterSale', {
      body: JSON.stringify({
        orderSn: 'SDK-REFUND-1',
        sku: sku.id,
        num: 1,
        goodsFee: sku.price,
        logisticFee: 0,
        serviceTypeCode: '40',
        reasonsTypeCode: '20006',
        reasonsDescription: '拍错了',
      }),
    });
    expect(apply.body.code, apply.body.msg).toBe(1);
    const detail = await h.upstream('GET', `/v2/afterSale/${apply.body.data.id}`);
    expect(detail.body.data.userInfo).toEqual({ consignee: '', phone: '', province: '', city: '', area: '', street: '' });
    await h.advance(3600); // reviewed and refunded
    expect((await child()).isRefund).toBe(true);
  });
});

describe('protocol failures', () => {
  it('an unknown path or a wrong method answers HTTP 200 with code 0 and a sentence', async () => {
    const unknown = await h.upstream('GET', '/v2/Goods/NoSuchThing', { query: { id: '1' } });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ code: 0, msg: expect.stringMatching(/接口不存在/) });
    const method = await h.upstream('DELETE', '/v2/order', { body: '{}' });
    expect(method.status).toBe(200);
    expect(method.body).toMatchObject({ code: 0, msg: expect.stringMatching(/请求方法错误.*DELETE/) });
  });

  it('a malformed % escape in a path parameter answers code 0 naming the parameter', async () => {
    for (const [path, param] of [
      ['/v2/order/%E0%A4%A', 'sn'],
      ['/v2/afterSale/%ZZ', 'id'],
    ] as const) {
      const r = await request(`${h.sandboxUrl}${path}`, {
        method: 'GET',
        headers: signHeaders({ appKey: TEST_KEY, appSecret: TEST_SECRET, body: '' }),
      });
      expect(r.statusCode).toBe(200);
      const body = (await r.body.json()) as { code: number; msg: string };
      expect(body.code).toBe(0);
      expect(body.msg).toMatch(new RegExp(`参数错误：${param}:`));
    }
  });
});

describe('the availability check keeps the interface document’s shape', () => {
  it('answers an array of {code, available, ban}, not the Java client’s older object', async () => {
    const sku = (
      h.sandbox.db
        .prepare(
          'SELECT s.id FROM sku_options s JOIN goods g ON g.id = s.goods_id WHERE g.status = 1 AND s.stock > 0 AND g.id NOT IN (SELECT goods_id FROM goods_bans) LIMIT 1',
        )
        .get() as { id: number }
    ).id;
    const r = await h.upstream('GET', '/v2/order/availableCheck', { body: JSON.stringify({ spu: [{ sku, number: 1 }], address }) });
    expect(r.body.code, r.body.msg).toBe(1);
    expect(Array.isArray(r.body.data)).toBe(true);
    expect(r.body.data[0]).toEqual({ code: expect.stringMatching(/^\d+$/), available: [sku], ban: [] });
  });
});
