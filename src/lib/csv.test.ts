import { describe, expect, it } from 'vitest';
import { CsvNumber, cellText, csvField, csvFileName, csvYuan, neutraliseText, toCsv } from './csv';

describe('csv', () => {
  it('quotes only what needs quoting and doubles quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(undefined)).toBe('');
    expect(csvField(null)).toBe('');
    expect(csvField(12.5)).toBe('12.5');
  });

  it('starts with a BOM and ends rows with CRLF', () => {
    expect(toCsv(['名称', '价格'], [['坚果, 礼盒', '¥1,234.50']])).toBe('\uFEFF名称,价格\r\n"坚果, 礼盒","¥1,234.50"\r\n');
  });

  it('writes no text a spreadsheet would run as a formula: =, +, -, @, tab and carriage return lead with a quote mark', () => {
    expect(csvField('=HYPERLINK("http://evil.example","点我")')).toBe(`"'=HYPERLINK(""http://evil.example"",""点我"")"`);
    expect(csvField('+86 138 0013 8000')).toBe(`'+86 138 0013 8000`);
    expect(csvField('-2+3+cmd|" /C calc"!A0')).toBe(`"'-2+3+cmd|"" /C calc""!A0"`);
    expect(csvField('@SUM(1+1)*cmd|" /C calc"!A0')).toBe(`"'@SUM(1+1)*cmd|"" /C calc""!A0"`);
    expect(csvField('\t=1+1')).toBe(`'\t=1+1`);
    expect(csvField('\r=1+1')).toBe(`"'\r=1+1"`);
    // The same rule for any file format (the xlsx writer to come).
    for (const lead of ['=', '+', '-', '@', '\t', '\r']) expect(neutraliseText(`${lead}x`)).toBe(`'${lead}x`);
    // Harmless text, Chinese included, is left as typed, also with those characters further in.
    expect(csvField('张三 = 李四')).toBe('张三 = 李四');
    expect(csvField('北京市朝阳区 -1 层')).toBe('北京市朝阳区 -1 层');
    expect(csvField('')).toBe('');
  });

  it('keeps numbers numbers: negative amounts, decimals and plain JS numbers are written bare', () => {
    expect(csvField(csvYuan(-1250))).toBe('-12.50');
    expect(csvField(csvYuan(123450))).toBe('1234.50');
    expect(csvField(csvYuan(5))).toBe('0.05');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(43.3)).toBe('43.3');
    expect(cellText(Number.NaN)).toBe('');
    expect(() => new CsvNumber('=1+1')).toThrow(RangeError);
    // As text, the same characters are neutralised: only typed numbers escape the rule.
    expect(csvField('-12.50')).toBe(`'-12.50`);
  });

  it('a whole file: a hostile consignee, Chinese text and a refund', () => {
    const csv = toCsv(
      ['收货人', '地址', '金额'],
      [
        ['=cmd|" /C calc"!A0', '上海市 浦东新区', csvYuan(-1250)],
        ['王小明', '北京市, 朝阳区', csvYuan(9900)],
      ],
    );
    expect(csv).toBe(`\uFEFF收货人,地址,金额\r\n"'=cmd|"" /C calc""!A0",上海市 浦东新区,-12.50\r\n王小明,"北京市, 朝阳区",99.00\r\n`);
  });

  it('names the file with the local date, not the UTC one', () => {
    const lateEvening = new Date('2026-11-22T20:30:00Z');
    expect(csvFileName('orders', lateEvening, 'Asia/Shanghai')).toBe('orders-2026-11-23.csv');
    expect(csvFileName('orders', lateEvening, 'America/New_York')).toBe('orders-2026-11-22.csv');
  });
});
