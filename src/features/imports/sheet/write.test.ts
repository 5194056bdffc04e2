import { describe, expect, it } from 'vitest';
import readXlsxFile, { readSheet } from 'read-excel-file/universal';
import { unzipSync, strFromU8 } from 'fflate';
import { areaList } from '@vant/area-data';
import { COLUMNS, HEADERS, mapHeaders } from './columns';
import { readSheetFile } from './read';
import { matchRegion } from './regions';
import { groupOrders, saleOf, toRows } from './rows';
import { safeCell, templateFile, toCsv, toXlsx } from './write';

const RISKY = ['=HYPERLINK("x")', '+1', '-1', '@a', '\tx', '\rx'];

describe('safeCell', () => {
  it('prefixes every cell a spreadsheet could run', () => {
    expect(RISKY.map(safeCell)).toEqual([`'=HYPERLINK("x")`, "'+1", "'-1", "'@a", "'\tx", "'\rx"]);
  });

  it('leaves other text alone', () => {
    expect(['张三', '13800138000', 'a=b', ' =x', ''].map(safeCell)).toEqual(['张三', '13800138000', 'a=b', ' =x', '']);
  });
});

describe('toCsv', () => {
  it('starts with the BOM, quotes as RFC 4180 says and ends lines with CRLF', () => {
    const csv = toCsv(
      ['订单号', '备注'],
      [
        ['SHOP1', 'a,b'],
        ['SHOP2', 'say "hi"'],
        ['SHOP3', 'line 1\nline 2'],
        ['=1+1', '-5'],
      ],
    );
    expect(csv).toBe(`\uFEFF订单号,备注\r\nSHOP1,"a,b"\r\nSHOP2,"say ""hi"""\r\nSHOP3,"line 1\nline 2"\r\n'=1+1,'-5\r\n`);
  });

  it('is read back the same by the import', async () => {
    const csv = toCsv(['订单号', '收货人'], [['SHOP000001', '王, "五"']]);
    const r = await readSheetFile(new File([csv], 'back.csv'));
    expect(r.ok && r.sheet.rows[0]?.cells).toEqual(['SHOP000001', '王, "五"']);
  });
});

describe('toXlsx', () => {
  it('writes text cells only, prefixed, with a bold header', async () => {
    const blob = await toXlsx([
      { name: 'Rows', header: ['A', 'B', 'C', 'D', 'E', 'F'], rows: [RISKY, ['13800138000', '', '1001', 'x', 'y', 'z']], widths: [10, 10] },
      { name: 'Notes: [1]', header: ['说明'], rows: [['第二页']] },
    ]);
    const sheets = await readXlsxFile(blob);
    expect(sheets.map((s) => s.sheet)).toEqual(['Rows', 'Notes   1']);
    // XML readers drop a lone carriage return; the prefix stays.
    expect(sheets[0]?.data).toEqual([
      ['A', 'B', 'C', 'D', 'E', 'F'],
      [`'=HYPERLINK("x")`, "'+1", "'-1", "'@a", "'\tx", expect.stringMatching(/^'\r?x$/)],
      ['13800138000', null, '1001', 'x', 'y', 'z'],
    ]);
    expect(sheets[1]?.data).toEqual([['说明'], ['第二页']]);

    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    const sheetXml = strFromU8(files['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
    expect(sheetXml).not.toContain('<f>');
    expect(sheetXml).not.toMatch(/<c [^>]*t="(?!s")/);
    const strings = strFromU8(files['xl/sharedStrings.xml'] ?? new Uint8Array());
    expect(strings).toContain("'\tx");
    expect(strings).toContain("'\rx");
    const styles = strFromU8(files['xl/styles.xml'] ?? new Uint8Array());
    expect(styles).toContain('<b/>');
  });
});

describe('templateFile', () => {
  for (const lang of ['zh-CN', 'en'] as const) {
    it(`is a template the import reads with nothing missing (${lang})`, async () => {
      const blob = await templateFile(lang);
      const sheets = await readXlsxFile(blob);
      expect(sheets.map((s) => s.sheet)).toEqual(lang === 'en' ? ['Orders', 'Notes'] : ['订单', '说明']);

      const data = await readSheet(blob);
      expect(data[0]).toEqual(COLUMNS.map((c) => HEADERS[c][lang]));
      const r = await readSheetFile(new File([blob], 'template.xlsx'));
      if (!r.ok) throw new Error(JSON.stringify(r.problem));
      const m = mapHeaders(r.sheet.header);
      expect(m).toEqual({ index: Object.fromEntries(COLUMNS.map((c, i) => [c, i])), missing: [], unknown: [], duplicate: [] });

      // The example is one order of two good rows, to a region the data knows.
      const orders = groupOrders(toRows(r.sheet, m.index));
      expect(orders.map((o) => [o.orderSn, o.rows.length])).toEqual([['SHOP20261126001', 2]]);
      expect(orders[0]?.rows.flatMap((x) => x.problems)).toEqual([]);
      expect(orders[0]?.rows[0]?.values).toMatchObject({ phone: '13800138000', product: '200697', quantity: '1', spec: '' });
      expect(orders[0]?.rows[1]?.values).toMatchObject({ product: '10427', quantity: '2', spec: '浅蓝 小号' });
      // What the buyer paid: the order's, given once on its first row (the notes say so).
      expect(saleOf(orders[0]!)).toBe(19900);
      expect(matchRegion(areaList, orders[0]!.rows[0]!.values)).toMatchObject({ ok: true, exact: true });

      // The notes: a line per column saying whether it is required, then the limits.
      const notes = sheets[1]?.data ?? [];
      expect(notes.slice(1, 1 + COLUMNS.length).map((row) => row[0])).toEqual(COLUMNS.map((c) => HEADERS[c][lang]));
      const required = lang === 'en' ? 'Required' : '必填';
      expect(
        notes
          .slice(1, 1 + COLUMNS.length)
          .filter((row) => row[1] === required)
          .map((row) => row[0]),
      ).toEqual(
        ['orderSn', 'consignee', 'phone', 'province', 'city', 'area', 'description', 'product', 'quantity'].map(
          (c) => HEADERS[c as 'orderSn'][lang],
        ),
      );
      const text = notes.flat().join('\n');
      expect(text).toContain('5,000');
      expect(text).toContain('10 MB');
      expect(text).toContain('GBK');
      expect(text).toContain('外部订单号');
    });
  }
});
