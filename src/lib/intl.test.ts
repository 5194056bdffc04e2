import { describe, expect, it } from 'vitest';
import { brandCollator, prepareIntl } from './intl';
import { formatCount, formatFen } from './money';

describe('ICU-backed helpers built ahead of use', () => {
  it('orders brand names the Chinese way (pinyin), with one collator for all comparisons', () => {
    expect(['张三', '李四', '王五', '阿里'].sort((a, b) => brandCollator().compare(a, b))).toEqual(['阿里', '李四', '王五', '张三']);
    expect(brandCollator()).toBe(brandCollator());
  });

  it('prepares the formatters, which format as before afterwards', async () => {
    await prepareIntl('en');
    expect(formatFen(123450, 'en')).toBe('¥1,234.50');
    expect(formatCount(4830, 'en')).toBe('4,830');
  });
});
