import { describe, expect, it } from 'vitest';
import type { OrderRefund } from '../../../contract';
import { testI18n } from '../../test/render';
import { lineRefundWords } from './refund-words';

/** Issue 48.6: a line with one of two pieces refunded says so, in both languages; never "refunded" for the whole line. */
const line = { sn: '2026_1_1_1', number: 2, refundTime: 1_764_300_000 };
const refund = (pieces: number, money: number, lineSn = line.sn): OrderRefund => ({
  sn: '2026',
  lineSn,
  afterSaleId: pieces ? 7 : null,
  cashId: 9,
  money,
  pieces,
  time: 1_764_300_000,
  day: '2025-11-28',
});
const words = (lang: 'zh-CN' | 'en', refunds: OrderRefund[] | null, l = line) =>
  lineRefundWords(l, refunds, testI18n(lang).getFixedT(lang, 'orders'), lang);

describe('a goods line says what was refunded of it', () => {
  it('one of two pieces, then both (two refunds, each once), a refund of the supplier’s own, none', () => {
    expect(words('zh-CN', [refund(1, 1030)])).toBe('已退款 1 件（共 2 件），¥10.30');
    expect(words('en', [refund(1, 1030)])).toBe('1 of 2 refunded, ¥10.30');
    expect(words('zh-CN', [refund(1, 1030), refund(1, 1030)])).toBe('已全部退款（共 2 件），¥20.60');
    expect(words('en', [refund(1, 1030), refund(1, 1030)])).toBe('All 2 refunded, ¥20.60');
    expect(words('zh-CN', [refund(0, 500)])).toBe('已退款 ¥5.00');
    expect(words('en', [refund(0, 500)])).toBe('Refunded ¥5.00');
    // Another line's refund is not this line's; a refund time alone says only that a refund was seen.
    expect(words('en', [refund(1, 1030, '2026_1_1_2')])).toMatch(/^Refund on /);
    expect(words('zh-CN', null)).toMatch(/有退款$/);
    expect(words('en', [], { ...line, refundTime: 0 })).toBeNull();
  });
});
