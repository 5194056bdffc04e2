import { describe, expect, it, vi } from 'vitest';
import writeXlsxFile from 'write-excel-file/universal';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../../../contract/constants';
import { inflatedSize, looksLikeFormula, looksLikeText, plainNumber, readPastedText, readSheetFile, XLSX_MAX_INFLATED } from './read';

const file = (parts: BlobPart[], name: string) => new File(parts, name);

/** "店铺订单号,收货人,省份,数量\r\nSHOP001234,张三,广东省,2\r\n" as Chinese Excel saves it (GBK). */
const GBK_CSV = new Uint8Array([
  0xb5, 0xea, 0xc6, 0xcc, 0xb6, 0xa9, 0xb5, 0xa5, 0xba, 0xc5, 0x2c, 0xca, 0xd5, 0xbb, 0xf5, 0xc8, 0xcb, 0x2c, 0xca, 0xa1, 0xb7, 0xdd, 0x2c,
  0xca, 0xfd, 0xc1, 0xbf, 0x0d, 0x0a, 0x53, 0x48, 0x4f, 0x50, 0x30, 0x30, 0x31, 0x32, 0x33, 0x34, 0x2c, 0xd5, 0xc5, 0xc8, 0xfd, 0x2c, 0xb9,
  0xe3, 0xb6, 0xab, 0xca, 0xa1, 0x2c, 0x32, 0x0d, 0x0a,
]);

describe('readSheetFile: xlsx', () => {
  it('refuses a zip bomb at once from its declared sizes, before inflating anything', async () => {
    // A sheet of zeros whose directory says what a 400 kB file inflating to 400 MB says (deflating
    // 400 MB here would take the test seconds; the guard reads only the directory either way).
    const { zipSync } = await import('fflate');
    const bomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(1024 * 1024) }, { level: 1 });
    const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    for (let i = 0; i + 4 <= bomb.length; i++) {
      const sig = view.getUint32(i, true);
      if (sig === 0x04034b50) view.setUint32(i + 22, 400 * 1024 * 1024, true);
      if (sig === 0x02014b50) view.setUint32(i + 24, 400 * 1024 * 1024, true);
    }
    expect(await inflatedSize(bomb)).toBe(400 * 1024 * 1024);
    const started = performance.now();
    const r = await readSheetFile(file([bomb], 'orders.xlsx'));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(r).toEqual({ ok: false, problem: { kind: 'bomb', bytes: 400 * 1024 * 1024, limit: XLSX_MAX_INFLATED } });
    // A real sheet is far below the cap; a file that is not a zip has no sizes.
    const blob = await writeXlsxFile([['订单号'], ['SHOP000001']]).toBlob();
    expect(await inflatedSize(new Uint8Array(await blob.arrayBuffer()))).toBeLessThan(64 * 1024);
    expect(await inflatedSize(new TextEncoder().encode('a,b\n1,2\n'))).toBeNull();
  });

  it('reads numbers, dates and text as a person sees them, with flags', async () => {
    const blob = await writeXlsxFile([
      [null],
      ['订单号', '手机号', '数量', '下单日期', '送达时间', '备注', '大数', '是否'],
      [
        'SHOP000001',
        13812345678,
        2,
        { value: new Date(Date.UTC(2026, 10, 26)), format: 'yyyy-mm-dd' },
        null,
        '=1+1',
        Number('123456789012345678'),
        true,
      ],
      [null],
      [
        'SHOP000002',
        '  13900000000 ',
        1.5,
        null,
        { value: new Date(Date.UTC(2026, 0, 2, 10, 30)), format: 'yyyy-mm-dd hh:mm' },
        '-5',
        null,
        false,
      ],
    ]).toBlob();
    const r = await readSheetFile(file([blob], 'orders.XLSX'));
    if (!r.ok) throw new Error(JSON.stringify(r.problem));
    expect(r.sheet.header).toEqual(['订单号', '手机号', '数量', '下单日期', '送达时间', '备注', '大数', '是否']);
    expect(r.sheet.encoding).toBeUndefined();
    expect(r.sheet.rows.map((x) => x.row)).toEqual([3, 5]);
    expect(r.sheet.rows[0]?.cells).toEqual(['SHOP000001', '13812345678', '2', '2026-11-26', '', '=1+1', '123456789012345680', 'TRUE']);
    expect(r.sheet.rows[0]?.flags).toEqual([undefined, undefined, undefined, 'date', undefined, 'formula', 'precision', undefined]);
    expect(r.sheet.rows[1]?.cells).toEqual(['SHOP000002', '13900000000', '1.5', '', '2026-01-02 10:30', '-5', '', 'FALSE']);
    expect(r.sheet.rows[1]?.flags).toEqual([undefined, undefined, undefined, undefined, 'date', undefined, undefined, undefined]);
  });

  it('says a file that is not an .xlsx inside is unreadable', async () => {
    expect(await readSheetFile(file(['a,b\n1,2\n'], 'orders.xlsx'))).toEqual({ ok: false, problem: { kind: 'unreadable' } });
  });

  it('says a sheet with only a header is empty', async () => {
    const blob = await writeXlsxFile([['订单号', '数量']]).toBlob();
    expect(await readSheetFile(file([blob], 'a.xlsx'))).toEqual({ ok: false, problem: { kind: 'empty' } });
  });
});

describe('readSheetFile: csv', () => {
  it('reads a GBK file as GB18030', async () => {
    const r = await readSheetFile(file([GBK_CSV], 'orders.csv'));
    expect(r).toEqual({
      ok: true,
      sheet: {
        header: ['店铺订单号', '收货人', '省份', '数量'],
        rows: [{ row: 2, cells: ['SHOP001234', '张三', '广东省', '2'], flags: [undefined, undefined, undefined, undefined] }],
        encoding: 'gb18030',
      },
    });
  });

  it('drops the UTF-8 byte-order mark and reads quoted cells', async () => {
    const text = '\uFEFF订单号,收货人,备注\r\n\r\nSHOP000001,"王, 五","第一行\n第二行"\r\nSHOP000002,李四,\r\n';
    const r = await readSheetFile(file([text], 'orders.csv'));
    if (!r.ok) throw new Error(JSON.stringify(r.problem));
    expect(r.sheet.encoding).toBe('utf-8');
    expect(r.sheet.header).toEqual(['订单号', '收货人', '备注']);
    expect(r.sheet.rows).toEqual([
      { row: 3, cells: ['SHOP000001', '王, 五', '第一行\n第二行'], flags: [undefined, undefined, undefined] },
      { row: 4, cells: ['SHOP000002', '李四', ''], flags: [undefined, undefined, undefined] },
    ]);
  });

  it('flags scientific notation and formulas, not negative numbers or an international phone', async () => {
    const text = '手机号;备注;数量\n1.38E+10;=HYPERLINK("http://x");-5\n1.38123E+10;@SUM(A1);+86 138 0013 8000\n13800138000;-;-2+3\n';
    const r = await readSheetFile(file([text], 'orders.txt'));
    if (!r.ok) throw new Error(JSON.stringify(r.problem));
    expect(r.sheet.rows.map((x) => x.cells)).toEqual([
      ['1.38E+10', '=HYPERLINK("http://x")', '-5'],
      ['1.38123E+10', '@SUM(A1)', '+86 138 0013 8000'],
      ['13800138000', '-', '-2+3'],
    ]);
    expect(r.sheet.rows.map((x) => x.flags)).toEqual([
      ['scientific', 'formula', undefined],
      ['scientific', 'formula', undefined],
      [undefined, undefined, 'formula'],
    ]);
  });

  it('reads tab-separated files, a trailing blank line and all', async () => {
    const r = await readSheetFile(file(['订单号\t数量\nSHOP000001\t3\n\n'], 'orders.tsv'));
    expect(r.ok && r.sheet.rows).toEqual([{ row: 2, cells: ['SHOP000001', '3'], flags: [undefined, undefined] }]);
  });

  it('refuses a file over the size limit before reading it', async () => {
    const reads = { arrayBuffer: vi.fn(), text: vi.fn(), stream: vi.fn(), slice: vi.fn(), bytes: vi.fn() };
    const big = { name: 'big.csv', size: IMPORT_MAX_BYTES + 1, type: 'text/csv', ...reads } as unknown as Blob & { name: string };
    expect(await readSheetFile(big)).toEqual({ ok: false, problem: { kind: 'too_large', limit: IMPORT_MAX_BYTES } });
    for (const f of Object.values(reads)) expect(f).not.toHaveBeenCalled();
    // A real file of that size too, and at once.
    const bigFile = file([new Uint8Array(IMPORT_MAX_BYTES + 1)], 'big.xlsx');
    const started = performance.now();
    const real = await readSheetFile(bigFile);
    expect(real).toEqual({ ok: false, problem: { kind: 'too_large', limit: IMPORT_MAX_BYTES } });
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('counts the rows of a sheet with too many', async () => {
    const lines = ['订单号,数量', ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `SHOP${String(i).padStart(6, '0')},1`)];
    const r = await readSheetFile(file([lines.join('\r\n')], 'many.csv'));
    expect(r).toEqual({ ok: false, problem: { kind: 'too_many_rows', rows: 5001, limit: 5000 } });
    const ok = await readSheetFile(file([lines.slice(0, -1).join('\r\n')], 'many.csv'));
    expect(ok.ok && ok.sheet.rows.length).toBe(5000);
    expect(ok.ok && ok.sheet.rows.at(-1)?.row).toBe(5001);
  });

  it('refuses other kinds of file and empty files', async () => {
    expect(await readSheetFile(file(['x'], 'orders.xls'))).toEqual({ ok: false, problem: { kind: 'unsupported', name: 'orders.xls' } });
    expect(await readSheetFile(file(['x'], 'orders'))).toEqual({ ok: false, problem: { kind: 'unsupported', name: 'orders' } });
    expect(await readSheetFile(file([], 'orders.csv'))).toEqual({ ok: false, problem: { kind: 'empty' } });
    expect(await readSheetFile(file(['\r\n ,  ,\r\n'], 'orders.csv'))).toEqual({ ok: false, problem: { kind: 'empty' } });
    expect(await readSheetFile(file([], 'orders.xlsx'))).toEqual({ ok: false, problem: { kind: 'empty' } });
  });
});

describe('readPastedText', () => {
  it('reads cells copied from Excel', async () => {
    const r = await readPastedText('订单号\t收货人\t手机号\r\nSHOP000001\t张三\t13800138000\r\n');
    expect(r).toEqual({
      ok: true,
      sheet: {
        header: ['订单号', '收货人', '手机号'],
        rows: [{ row: 2, cells: ['SHOP000001', '张三', '13800138000'], flags: [undefined, undefined, undefined] }],
      },
    });
  });

  it('reads CSV text and says when there is nothing', async () => {
    const r = await readPastedText('订单号,数量\nSHOP000001,=1+1\n');
    expect(r.ok && r.sheet.rows[0]?.flags).toEqual([undefined, 'formula']);
    expect(await readPastedText('  \n ')).toEqual({ ok: false, problem: { kind: 'empty' } });
  });
});

describe('cell text', () => {
  it('writes numbers without exponent', () => {
    expect(plainNumber(13812345678)).toBe('13812345678');
    expect(plainNumber(1e21)).toBe('1000000000000000000000');
    expect(plainNumber(-1.5e-7)).toBe('-0.00000015');
    expect(plainNumber(2)).toBe('2');
  });

  it('tells formulas from numbers', () => {
    expect(['=1+1', '@SUM(A1)', '+A1', '-A1', '=HYPERLINK("x")'].map(looksLikeFormula)).toEqual([true, true, true, true, true]);
    expect(['-5', '+5', '-', '1-2', '-.5', '+86 138 0013 8000'].map(looksLikeFormula)).toEqual([false, false, false, false, false, false]);
  });
});

describe('readSheetFile: files that are not what their name says', () => {
  it('refuses binary junk named .csv (and an .xlsx renamed .csv) within a second, as not text', async () => {
    let seed = 7;
    const junk = new Uint8Array(2 * 1024 * 1024).map(() => ((seed = (seed * 1103515245 + 12345) >>> 0), seed >>> 24));
    const started = performance.now();
    expect(await readSheetFile(file([junk], 'orders.csv'))).toEqual({ ok: false, problem: { kind: 'notText', name: 'orders.csv' } });
    expect(performance.now() - started).toBeLessThan(1000);
    const xlsx = new Uint8Array(await (await writeXlsxFile([['订单号'], ['SHOP000001']]).toBlob()).arrayBuffer());
    expect(await readSheetFile(file([xlsx], 'export.csv'))).toEqual({ ok: false, problem: { kind: 'notText', name: 'export.csv' } });
    // Text stays text: GBK, UTF-8 with its mark, tabs and Excel's end-of-file mark.
    expect(looksLikeText(GBK_CSV)).toBe(true);
    expect(looksLikeText(new TextEncoder().encode('\uFEFF订单号\t数量\r\nSHOP1\t2\r\n\x1a'))).toBe(true);
    expect(looksLikeText(new Uint8Array([0x61, 0x00, 0x62]))).toBe(false);
  });
});
