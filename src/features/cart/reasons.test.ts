import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { cartLocales } from './locales';
import { reasonWords } from './reasons';

describe('supplier reasons in words', () => {
  const make = (lng: 'en' | 'zh-CN') => {
    const i = i18next.createInstance();
    void i.init({ lng, resources: { [lng]: { cart: cartLocales[lng] } }, interpolation: { escapeValue: false }, initAsync: false });
    return i.t;
  };
  const zh = make('zh-CN');
  const en = make('en');
  it('reads the sandbox/upstream sentences and says them again without fen', () => {
    expect(reasonWords(en, '该商品不支持配送至新疆', 'en')).toBe('Cannot be delivered to 新疆.');
    expect(reasonWords(zh, '该商品不支持配送至西藏', 'zh-CN')).toBe('不支持配送至西藏。');
    expect(reasonWords(en, '商品已下架', 'en')).toBe('The product is off sale.');
    expect(reasonWords(en, '库存不足（剩余 3）', 'en')).toBe('Not enough stock: 3 left. Lower the quantity.');
    expect(reasonWords(en, '商品无货', 'en')).toBe('Out of stock.');
    const price = reasonWords(en, '价格已变动：当前协议价 12345 分，下单价 12000 分', 'en');
    expect(price).toBe('The price changed from ¥120.00 to ¥123.45.');
    expect(reasonWords(zh, '价格已变动', 'zh-CN', { now: 500, was: 450 })).toBe('价格已从 ¥4.50 变为 ¥5.00。');
    expect(reasonWords(en, '渠道维护中', 'en')).toBe('The supplier says: 渠道维护中');
  });
});
