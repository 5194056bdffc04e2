import { describe, expect, it } from 'vitest';
import { testI18n } from '../../test/render';
import type { ImportJob } from '../../../contract';
import { outcomeNote, refusalText } from './refusal-words';
import { resultRows } from './results';

describe('a refused bulk order in words', () => {
  const make = (lng: 'en' | 'zh-CN') => testI18n(lng).t;
  const price = [{ code: 'priceChanged', sku: 12, now: 1770, was: 1690 }] as const;
  it('says a changed price in yuan, in the page’s language', () => {
    expect(refusalText(make('zh-CN'), price, '下单失败：…', 'zh-CN')).toBe('价格已变动：现价 ¥17.70，检查时 ¥16.90');
    expect(refusalText(make('en'), price, '下单失败：…', 'en')).toBe('Price changed: now ¥17.70, ¥16.90 when checked');
  });
  it('names the SKU of each part when there are several; an unknown sentence is quoted; no parts: the sentence as it came', () => {
    const en = make('en');
    expect(refusalText(en, [...price, { code: 'offSale', sku: 13 }], '', 'en')).toBe(
      'SKU 12: Price changed: now ¥17.70, ¥16.90 when checked; SKU 13: The product is off sale.',
    );
    expect(refusalText(en, [{ code: 'other', sku: null, text: '渠道维护中' }], '渠道维护中', 'en')).toBe('The supplier says: 渠道维护中');
    expect(refusalText(en, [], '余额不足', 'en')).toBe('余额不足');
  });

  it('an order the supplier had already, or placed without money, is said in words, not in the supplier’s Chinese', () => {
    for (const lang of ['en', 'zh-CN'] as const) {
      const t = make(lang);
      const already = outcomeNote(t, { state: 'already', msg: '订单号已存在' }, lang);
      const short = outcomeNote(t, { state: 'short', msg: '余额不足' }, lang);
      expect(already).toBe(t('imports:refusal.already'));
      expect(short).toBe(t('imports:refusal.short'));
      if (lang === 'en') expect(`${already}${short}`).not.toMatch(/[\u4e00-\u9fff]/);
      expect(outcomeNote(t, { state: 'placed', msg: 'x' }, lang)).toBe('');
      expect(outcomeNote(t, { state: 'queued', msg: 'the supplier did not answer' }, lang)).toBe('the supplier did not answer');
    }
    expect(outcomeNote(make('en'), { state: 'already', msg: '订单号已存在' }, 'en')).toMatch(/already had an order under this number/);
  });

  it('the results sheet says a refusal in the page’s language, in yuan', () => {
    const job = {
      orders: [
        {
          orderSn: 'SD-5',
          state: 'refused',
          msg: '下单失败：sku 12 价格已变动：当前协议价 1770 分，下单价 1690 分',
          reasons: price,
          platformSn: null,
          goods: 1690,
          freight: 600,
          amount: null,
          rows: [{ row: 2, cells: { orderSn: 'SD-5' } }],
        },
      ],
      skipped: [],
    } as unknown as ImportJob;
    const outcome = (lang: 'en' | 'zh-CN') => {
      const { header, rows } = resultRows(job, make(lang), lang);
      return rows[0]![header.indexOf(lang === 'en' ? 'Outcome' : '结果')];
    };
    expect(outcome('en')).toBe('Refused: Price changed: now ¥17.70, ¥16.90 when checked');
    expect(outcome('zh-CN')).toBe('被拒绝: 价格已变动：现价 ¥17.70，检查时 ¥16.90');
  });
});
