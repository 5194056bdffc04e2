import { describe, expect, it } from 'vitest';
import { csvField, csvFileName, toCsv } from './csv';

describe('csv', () => {
  it('quotes only what needs quoting and doubles quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(undefined)).toBe('');
    expect(csvField(12.5)).toBe('12.5');
  });

  it('starts with a BOM and ends rows with CRLF', () => {
    expect(toCsv(['名称', '价格'], [['坚果, 礼盒', '¥1,234.50']])).toBe('\uFEFF名称,价格\r\n"坚果, 礼盒","¥1,234.50"\r\n');
  });

  it('names the file with the local date, not the UTC one', () => {
    const lateEvening = new Date('2026-11-22T20:30:00Z');
    expect(csvFileName('orders', lateEvening, 'Asia/Shanghai')).toBe('orders-2026-11-23.csv');
    expect(csvFileName('orders', lateEvening, 'America/New_York')).toBe('orders-2026-11-22.csv');
  });
});
