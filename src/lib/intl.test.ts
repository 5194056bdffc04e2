import { describe, expect, it } from 'vitest';
import { brandCollator, fillText, textAround } from './intl';

describe('text and order helpers', () => {
  it('orders brand names the Chinese way (pinyin), with one collator for all comparisons', () => {
    expect(['张三', '李四', '王五', '阿里'].sort((a, b) => brandCollator().compare(a, b))).toEqual(['阿里', '李四', '王五', '张三']);
    expect(brandCollator()).toBe(brandCollator());
  });

  it('splits a text around its one slot once, and fills it like i18next would', () => {
    const calls: Record<string, string>[] = [];
    const t = (key: string, options: Record<string, string>) => {
      calls.push(options);
      return key === 'alt' ? `Picture of ${options.title} (large)` : 'No slot here';
    };
    const alt = textAround(t, 'alt', 'title');
    expect(fillText(alt, 'Tea')).toBe('Picture of Tea (large)');
    expect(fillText(alt, '')).toBe('Picture of  (large)');
    expect(fillText(textAround(t, 'plain', 'title'), 'Tea')).toBe('No slot here');
    expect(calls).toHaveLength(2);
  });
});
