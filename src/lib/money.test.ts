import { describe, expect, it } from 'vitest';
import { formatCount, formatFen, formatRate, yuanToFen } from './money';

describe('money', () => {
  it('shows fen as yuan with two decimals and grouping', () => {
    expect(formatFen(123450, 'zh-CN')).toBe('¥1,234.50');
    expect(formatFen(5, 'en')).toBe('¥0.05');
    expect(formatFen(0, 'en')).toBe('¥0.00');
    expect(formatFen(-1990, 'en')).toBe('-¥19.90');
    expect(formatFen(undefined)).toBe('—');
  });

  it('converts typed yuan to fen once, without float drift', () => {
    expect(yuanToFen('12.3')).toBe(1230);
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen('1,234.56')).toBe(123456);
    expect(yuanToFen(19.99)).toBe(1999);
    expect(() => yuanToFen('abc')).toThrow(RangeError);
  });

  it('shows rates as percent and hides the sentinel', () => {
    expect(formatRate(43.33, 'en')).toBe('43.3%');
    expect(formatRate(-2147483648)).toBe('—');
  });

  it('writes counts as the language does, the same as toLocaleString, in each language asked', () => {
    expect(formatCount(1234567, 'en')).toBe('1,234,567');
    expect(formatCount(0, 'zh-CN')).toBe('0');
    for (const lang of ['en', 'zh-CN', 'de'])
      for (const n of [0, 7, 4830, 100000, 12.5]) expect(formatCount(n, lang)).toBe(n.toLocaleString(lang));
  });

  it('writes amounts, rates and counts exactly as Intl.NumberFormat does in both languages, without asking it', () => {
    // Fixed values at the edges (rounding ties, zero and negative zero, groups) and a seeded spread.
    let seed = 7;
    const next = () => ((seed = (seed * 48271) % 2147483647) / 2147483647) * 2 - 1;
    const values = [
      0, -0, 1, -1, 0.5, 0.05, 0.005, 0.0005, -0.0004, 9.95, 99.95, 999.5, 1000, 1234.5678, 10.05, 1e6, -1234567.891, 43.35, 43.25,
    ];
    for (let i = 0; i < 400; i++) values.push(next() * 10 ** Math.floor(Math.abs(next()) * 9), Math.round(next() * 1e8));
    for (const lang of ['en', 'zh-CN']) {
      const money = new Intl.NumberFormat(lang, {
        style: 'currency',
        currency: 'CNY',
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
      const rate = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
      for (const v of values) {
        expect(formatFen(v * 100, lang), `fen ${v * 100}`).toBe(money.format((v * 100) / 100));
        expect(formatRate(v, lang), `rate ${v}`).toBe(`${rate.format(v)}%`);
        expect(formatCount(v, lang), `count ${v}`).toBe(v.toLocaleString(lang));
      }
    }
  });
});
