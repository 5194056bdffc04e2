import { describe, expect, it } from 'vitest';
import { readRefusal } from './refusal';

describe("the supplier's refusal read into its parts", () => {
  it('reads each refused line of a strict order, with its SKU and amounts in fen', () => {
    expect(readRefusal('下单失败：sku 12 价格已变动：当前协议价 1770 分，下单价 1690 分；sku 13 商品已下架')).toEqual([
      { code: 'priceChanged', sku: 12, now: 1770, was: 1690 },
      { code: 'offSale', sku: 13 },
    ]);
    expect(readRefusal('价格已变动：当前协议价 1770 分，下单价 1690 分')).toEqual([
      { code: 'priceChanged', sku: null, now: 1770, was: 1690 },
    ]);
    expect(
      readRefusal('下单失败：sku 5 该商品不支持配送至新疆；sku 6 库存不足（剩余 3）；sku 7 商品无货；sku 8 商品规格不存在：sku 8'),
    ).toEqual([
      { code: 'region', sku: 5, region: '新疆' },
      { code: 'stockShort', sku: 6, left: 3 },
      { code: 'noStock', sku: 7 },
      { code: 'noSku', sku: 8 },
    ]);
  });

  it('keeps a sentence it does not know as it came, and nothing for no sentence', () => {
    expect(readRefusal('渠道维护中，请稍后')).toEqual([{ code: 'other', sku: null, text: '渠道维护中，请稍后' }]);
    expect(readRefusal('下单失败：sku 9 风控拦截')).toEqual([{ code: 'other', sku: 9, text: 'sku 9 风控拦截' }]);
    expect(readRefusal('')).toEqual([]);
  });
});
