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

  it('writes amounts, rates and counts the same way in both languages: grouped by three, rounded half away from zero', () => {
    for (const lang of ['en', 'zh-CN']) {
      expect(formatFen(123456789, lang)).toBe('¥1,234,567.89');
      expect(formatFen(-123456789, lang)).toBe('-¥1,234,567.89');
      expect(formatFen(100000, lang)).toBe('¥1,000.00');
      expect(formatFen(99, lang)).toBe('¥0.99');
      expect(formatFen(0.5, lang)).toBe('¥0.01');
      expect(formatRate(9.95, lang)).toBe('10%');
      expect(formatRate(43.25, lang)).toBe('43.3%');
      expect(formatRate(-0.04, lang)).toBe('-0%');
      expect(formatRate(1234.5, lang)).toBe('1,234.5%');
      expect(formatCount(1000000, lang)).toBe('1,000,000');
      expect(formatCount(12.3456, lang)).toBe('12.346');
    }
  });
});
