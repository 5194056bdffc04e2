import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { GoodsDetail, SkuOption } from '../../../contract';
import type { CartLine } from '../../../contract/schemas/person';
import { lineRisk } from './checkout';
import { cartLocales } from './locales';
import { formatFen } from '../../lib/money';

const line: CartLine = { sku: 11, goodsId: 1, number: 2, price: 1000, title: '茶叶', spec: '', source: 2, cover: '', addedAt: 0 };
const option = (o: Partial<SkuOption>) => ({ id: 11, agreement_price: 1000, stock: 5, status: 1, ...o }) as SkuOption;
const detail = (status: number, o: SkuOption) => ({ id: 1, status, specs: { options: [o] } }) as unknown as GoodsDetail;
const view = (status: number, o: Partial<SkuOption>) => {
  const opt = option(o);
  return { line, detail: detail(status, opt), option: opt };
};

describe('a cart line at risk (the goods watch, before anything is sent)', () => {
  it('says off sale, out of stock or a moved price with the price now; nothing while unknown or unchanged', () => {
    expect(lineRisk({ line })).toBeNull();
    expect(lineRisk(view(1, {}))).toBeNull();
    expect(lineRisk(view(0, {}))).toEqual({ kind: 'offSale', price: 1000, was: 1000 });
    expect(lineRisk(view(1, { status: 0, agreement_price: 1200 }))).toEqual({ kind: 'offSale', price: 1200, was: 1000 });
    expect(lineRisk({ line, detail: detail(1, option({ id: 99 })) })).toEqual({ kind: 'offSale', price: null, was: 1000 });
    expect(lineRisk(view(1, { stock: 0, agreement_price: 900 }))).toEqual({ kind: 'outOfStock', price: 900, was: 1000 });
    expect(lineRisk(view(1, { agreement_price: 1080 }))).toEqual({ kind: 'priceMoved', price: 1080, was: 1000 });
  });

  it('in both languages', () => {
    for (const lng of ['en', 'zh-CN'] as const) {
      const i = i18next.createInstance();
      void i.init({
        lng,
        ns: ['cart'],
        defaultNS: 'cart',
        resources: { [lng]: { cart: cartLocales[lng] } },
        interpolation: { escapeValue: false },
        initAsync: false,
      });
      const r = lineRisk(view(1, { agreement_price: 1080 }))!;
      const text = i.t(`atRisk.${r.kind}`, { price: formatFen(r.price, lng), was: formatFen(r.was, lng) });
      expect(text).toContain('¥10.80');
      expect(text).toContain('¥10.00');
      expect(text).toBe(
        lng === 'en' ? 'The price changed since you added it: now ¥10.80, was ¥10.00.' : '加入购物车后价格已变：现为 ¥10.80，原为 ¥10.00。',
      );
    }
  });
});
