import { describe, expect, it } from 'vitest';
import { groupOf, MESSAGE_TYPES, WATCH_MESSAGE_TYPE, type InboxMessage } from '../../../contract/message-kinds';
import { messagesTexts } from './test-texts';
import { messageSentence, typeLabel } from './sentence';

const { en: tEn, zh: tZh } = messagesTexts();

const msg = (type: string, data: Record<string, unknown>, refs: InboxMessage['refs'] = null) => ({
  type,
  group: groupOf(type),
  data,
  refs,
});

describe('message sentences', () => {
  it('a shipped line reads with channel, quantity, title, courier and tracking number once linked', () => {
    const m = msg(
      'order.delivery',
      { orderSn: 'SD2026112300001', sku: '1201' },
      {
        order: {
          thirdSn: 'SD2026112300001',
          sn: '20261123000000000042',
          title: '保温杯',
          source: 2,
          quantity: 2,
          courier: '韵达快递',
          trackingNo: 'YD1234',
        },
      },
    );
    const en = messageSentence(m, tEn, 'en');
    expect(en.text).toBe('Order SD2026112300001: JD shipped 2 items of “保温杯”, 韵达快递 YD1234.');
    expect(en.links).toEqual([{ to: '/orders/20261123000000000042', label: 'Order SD2026112300001', kind: 'order' }]);
    const zh = messageSentence(m, tZh, 'zh-CN');
    expect(zh.text).toBe('订单 SD2026112300001：京东已发货「保温杯」2 件，韵达快递 YD1234。');
    const one = messageSentence({ ...m, refs: { order: { ...m.refs!.order!, quantity: 1 } } }, tEn, 'en');
    expect(one.text).toContain('shipped 1 item of');
  });

  it('a shipped line links to the shipments page for those who hand packages to the shops (issue 51), and only a shipped line', () => {
    const m = msg('order.delivery', { orderSn: 'SD9', sku: '1' });
    expect(messageSentence(m, tEn, 'en', { shipments: true }).links.map((l) => [l.to, l.label])).toEqual([
      ['/orders?third=SD9', 'Order SD9'],
      ['/shipments', 'Hand it to the shop (Shipments)'],
    ]);
    expect(messageSentence(m, tZh, 'zh-CN', { shipments: true }).links[1]!.label).toBe('回传店铺（发货回传）');
    expect(messageSentence(m, tEn, 'en').links.map((l) => l.to)).toEqual(['/orders?third=SD9']);
    const delivered = msg('order.delivered', { orderSn: 'SD9', sku: '1' });
    expect(messageSentence(delivered, tEn, 'en', { shipments: true }).links.map((l) => l.to)).toEqual(['/orders?third=SD9']);
  });

  it('before the link exists it says the sku and points at the order list searched by merchant number', () => {
    const m = msg('order.delivery', { orderSn: 'SD 1', sku: '77' });
    const s = messageSentence(m, tEn, 'en');
    expect(s.text).toBe('Order SD 1: SKU 77 shipped.');
    expect(s.links[0]!.to).toBe('/orders?third=SD%201');
    expect(messageSentence(m, tZh, 'zh-CN').text).toBe('订单 SD 1：SKU 77 已发货。');
  });

  it('an order cancelled by the supplier (order.cancel) says so and links to the order (issue 50)', () => {
    const m = msg(
      'order.cancel',
      { orderSn: 'SD7', sku: '1201' },
      { order: { thirdSn: 'SD7', sn: '20261123000000000042', title: '保温杯' } },
    );
    const en = messageSentence(m, tEn, 'en');
    expect(en.text).toBe('Order SD7: the supplier cancelled “保温杯”; the money comes back to the balance.');
    expect(en.links).toEqual([{ to: '/orders/20261123000000000042', label: 'Order SD7', kind: 'order' }]);
    expect(messageSentence(m, tZh, 'zh-CN').text).toBe('订单 SD7：供应商已取消「保温杯」，货款退回余额。');
    const bare = msg('order.cancel', { orderSn: 'SD7', sku: '1201' });
    expect(messageSentence(bare, tZh, 'zh-CN').text).toBe('订单 SD7：供应商已取消 SKU 1201，货款退回余额。');
    expect(messageSentence(bare, tEn, 'en').links[0]!.to).toBe('/orders?third=SD7');
  });

  it('every known kind has its own words in both languages, never a raw key', () => {
    const seen = new Set<string>();
    for (const type of MESSAGE_TYPES) {
      const data =
        groupOf(type) === 'goods'
          ? { goodsIds: [5] }
          : groupOf(type) === 'afterSale'
            ? { afterSaleId: 9, orderSn: 'A1', sku: '3' }
            : { orderSn: 'A1', sku: '3' };
      for (const [t, lang] of [
        [tEn, 'en'],
        [tZh, 'zh-CN'],
      ] as const) {
        const s = messageSentence(msg(type, data), t, lang);
        expect(s.text, type).not.toMatch(/sentence\.|types\.|\{\{/);
        expect(typeLabel(type, t)).not.toMatch(/types\./);
        seen.add(`${lang}|${s.text}`);
      }
    }
    // 14 kinds x 2 languages, all different.
    expect(seen.size).toBe(MESSAGE_TYPES.length * 2);
  });

  it('after-sale messages link the record and the order', () => {
    const s = messageSentence(
      msg(
        'afterSale.refuse',
        { afterSaleId: 31, orderSn: 'SD9', sku: '4' },
        { order: { thirdSn: 'SD9', sn: '2026', title: '雨伞' }, afterSale: { id: 31 } },
      ),
      tEn,
      'en',
    );
    expect(s.text).toBe('After-sale #31 (order SD9, “雨伞”): the supplier refused.');
    expect(s.links.map((l) => l.to)).toEqual(['/after-sale/31', '/orders/2026']);
    expect(messageSentence(msg('afterSale.success', { afterSaleId: 31, orderSn: 'SD9', sku: '4' }), tZh, 'zh-CN').text).toBe(
      '售后 #31（订单 SD9，SKU 4）：退款已到账。',
    );
  });

  it("a price change names the new agreement price and profit rate, and flags a rate below the goods watch's minimum", () => {
    const m = msg(
      'goods.price.alter',
      { goodsIds: [11, 12] },
      {
        goods: [
          { id: 11, title: '茶叶', agreementPrice: 12345, profitRate: 8.25 },
          { id: 12, title: '咖啡', agreementPrice: 990, profitRate: 30 },
        ],
      },
    );
    const s = messageSentence(m, tEn, 'en', { minRateOf: () => 10 });
    expect(s.text).toBe('New prices for 2 products: “茶叶” at ¥123.45 (profit 8.3%), “咖啡” at ¥9.90 (profit 30%).');
    expect(s.lowProfit).toBe(10);
    expect(s.links.map((l) => l.to)).toEqual(['/catalogue/goods/11', '/catalogue/goods/12']);
    expect(messageSentence(m, tEn, 'en', { minRateOf: () => 8 }).lowProfit).toBeNull();
    expect(messageSentence(m, tEn, 'en', { minRateOf: () => null }).lowProfit).toBeNull();
    // No watch rules read (support, or not yet): no flag.
    expect(messageSentence(m, tEn, 'en').lowProfit).toBeNull();
    // A goods' own minimum counts for it: 咖啡 (30%) below its own 35%, 茶叶 above the library's 5%.
    expect(messageSentence(m, tEn, 'en', { minRateOf: (id) => (id === 12 ? 35 : 5) }).lowProfit).toBe(35);
    // Several below theirs: the flag names the highest minimum.
    expect(messageSentence(m, tEn, 'en', { minRateOf: (id) => (id === 12 ? 35 : 9) }).lowProfit).toBe(35);
    expect(messageSentence(m, tZh, 'zh-CN').text).toBe(
      '2 件商品价格变更：「茶叶」现价 ¥123.45（利润率 8.3%）、「咖啡」现价 ¥9.90（利润率 30%）。',
    );
  });

  it('many products: three named, the rest counted; a cleared library links nothing', () => {
    const ids = [1, 2, 3, 4, 5];
    const s = messageSentence(msg('goods.undercarriage', { goodsIds: ids }), tEn, 'en');
    expect(s.text).toBe('5 products were taken off sale: product #1, product #2, product #3 and 2 more.');
    expect(s.links).toHaveLength(5);
    const one = messageSentence(msg('goods.undercarriage', { goodsIds: [7] }, { goods: [{ id: 7, title: '毛巾' }] }), tZh, 'zh-CN');
    expect(one.text).toBe('「毛巾」已下架。');
    const cleared = messageSentence(msg('goods.storage.delete', { goodsIds: ids }), tEn, 'en');
    expect(cleared.text).toBe('The selection library was cleared (5 products).');
    expect(cleared.links).toEqual([]);
  });

  it('an unknown kind is said as such, in both languages', () => {
    const m = msg('shop.renamed', { anything: 1 });
    expect(m.group).toBe('unknown');
    expect(messageSentence(m, tEn, 'en').text).toBe('Unknown message “shop.renamed” from the supplier.');
    expect(messageSentence(m, tZh, 'zh-CN').text).toBe('供应商发来未知消息「shop.renamed」。');
    expect(typeLabel('shop.renamed', tEn)).toBe('Unknown message');
    expect(typeLabel('order', tEn)).toBe('Unknown message');
  });

  it("the goods watch's own message says why the goods is at risk, in both languages, with the At risk page and the goods", () => {
    const m = {
      type: WATCH_MESSAGE_TYPE,
      group: 'goods' as const,
      data: {
        goodsIds: [42],
        title: '茶叶',
        reasons: ['below-margin', 'off-sale'],
        minRate: 15,
        skus: [
          { sku: 1, spec: '', reasons: ['below-margin'], agreementPrice: 12345, agreementBefore: 11000, rateBefore: 20, rateAfter: 12.5 },
          {
            sku: 2,
            spec: '',
            reasons: ['below-margin', 'off-sale'],
            agreementPrice: 990,
            agreementBefore: 900,
            rateBefore: 16,
            rateAfter: 8.3,
          },
        ],
      },
      refs: { goods: [{ id: 42, title: '茶叶' }] },
    };
    const en = messageSentence(m, tEn, 'en');
    expect(en.text).toBe('“茶叶” is at risk: new agreement price ¥9.90, profit 8.3% (was 16%), below the minimum of 15%; taken off sale.');
    expect(en.links).toEqual([
      { to: '/at-risk', label: 'At risk page', kind: 'goods' },
      { to: '/catalogue/goods/42', label: '茶叶', kind: 'goods' },
    ]);
    expect(messageSentence(m, tZh, 'zh-CN').text).toBe('「茶叶」有风险：协议价变为 ¥9.90，利润率 8.3%（原 16%），低于最低 15%；已下架。');
    expect(typeLabel(WATCH_MESSAGE_TYPE, tEn)).toBe('At risk');
    expect(typeLabel(WATCH_MESSAGE_TYPE, tZh)).toBe('风险商品');
  });

  it('a rate that reads the same before and after is said once, without "was" (issue 49)', () => {
    const m = {
      type: WATCH_MESSAGE_TYPE,
      group: 'goods' as const,
      data: {
        goodsIds: [7],
        title: '茶叶',
        reasons: ['below-margin'],
        minRate: 70,
        skus: [
          { sku: 1, spec: '', reasons: ['below-margin'], agreementPrice: 1030, agreementBefore: 1030, rateBefore: 67.41, rateAfter: 67.44 },
        ],
      },
      refs: { goods: [{ id: 7, title: '茶叶' }] },
    };
    expect(messageSentence(m, tEn, 'en').text).toBe('“茶叶” is at risk: agreement price ¥10.30, profit 67.4%, below the minimum of 70%.');
    expect(messageSentence(m, tZh, 'zh-CN').text).toBe('「茶叶」有风险：协议价 ¥10.30，利润率 67.4%，低于最低 70%。');
  });

  it('names the retail price the rate is reckoned on and where it comes from: an own price at risk is named (issue 53)', () => {
    const sku = {
      sku: 1,
      spec: '',
      reasons: ['below-margin'],
      agreementPrice: 1200,
      agreementBefore: 1000,
      rateBefore: 18,
      rateAfter: 10.8,
    };
    const at = (retail: number, retailSource: 'own' | 'rule' | 'guide') => ({
      type: WATCH_MESSAGE_TYPE,
      group: 'goods' as const,
      data: { goodsIds: [7], title: '茶叶', reasons: ['below-margin'], minRate: 15, skus: [{ ...sku, retail, retailSource }] },
      refs: { goods: [{ id: 7, title: '茶叶' }] },
    });
    expect(messageSentence(at(1330, 'own'), tEn, 'en').text).toBe(
      '“茶叶” is at risk: new agreement price ¥12.00, profit 10.8% (was 18%) at your own price ¥13.30, below the minimum of 15%.',
    );
    expect(messageSentence(at(1330, 'own'), tZh, 'zh-CN').text).toBe(
      '「茶叶」有风险：协议价变为 ¥12.00，利润率 10.8%（原 18%），按自定售价 ¥13.30，低于最低 15%。',
    );
    expect(messageSentence(at(1890, 'rule'), tEn, 'en').text).toContain('at your pricing rule’s ¥18.90,');
    expect(messageSentence(at(1390, 'guide'), tZh, 'zh-CN').text).toContain('，按建议零售价 ¥13.90，');
  });
});
