import { describe, expect, it, vi } from 'vitest';
import writeXlsxFile from 'write-excel-file/universal';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../../../contract/constants';
import { zipSync } from 'fflate';
import { csvText, handXlsx, shopExport, SHOP_HEADER, toGbk } from '../../../../test/sheet-files';
import { looksLikeFormula, looksLikeText, plainNumber, readPastedText, readSheetFile, XLSX_MAX_INFLATED, XLSX_MAX_ROW } from './read';

const file = (parts: (BlobPart | Uint8Array)[], name: string) => new File(parts as BlobPart[], name);

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
    const bomb = handXlsx([['订单号'], ['SHOP000001'], ['0'.repeat(1024 * 1024)]], { level: 1 });
    const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    const name = new TextEncoder().encode('xl/worksheets/sheet1.xml');
    const named = (at: number) => name.every((c, k) => bomb[at + k] === c);
    for (let i = 0; i + 4 <= bomb.length; i++) {
      const sig = view.getUint32(i, true);
      if (sig === 0x04034b50 && named(i + 30)) view.setUint32(i + 22, 400 * 1024 * 1024, true);
      if (sig === 0x02014b50 && named(i + 46)) view.setUint32(i + 24, 400 * 1024 * 1024, true);
    }
    const started = performance.now();
    const r = await readSheetFile(file([bomb], 'orders.xlsx'));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(r.ok ? r : r.problem).toMatchObject({ kind: 'bomb', limit: XLSX_MAX_INFLATED });
    expect(!r.ok && r.problem.kind === 'bomb' && r.problem.bytes).toBeGreaterThanOrEqual(400 * 1024 * 1024);
    // Parts that are not read (a picture, another sheet) do not count: the same sheet with a 400 MB
    // "picture" beside it is read.
    const parts = (await import('fflate')).unzipSync(handXlsx([['订单号'], ['SHOP000001']]));
    const withPicture = zipSync({ ...parts, 'xl/media/image1.png': new Uint8Array(1024 * 1024) }, { level: 1 });
    const pview = new DataView(withPicture.buffer, withPicture.byteOffset, withPicture.byteLength);
    for (let i = 0; i + 4 <= withPicture.length; i++) {
      const sig = pview.getUint32(i, true);
      if (sig === 0x02014b50 && new TextDecoder().decode(withPicture.subarray(i + 46, i + 46 + 20)) === 'xl/media/image1.png')
        pview.setUint32(i + 24, 400 * 1024 * 1024, true);
    }
    const read = await readSheetFile(file([withPicture], 'orders.xlsx'));
    expect(read.ok && read.sheet.rows.map((x) => x.cells)).toEqual([['SHOP000001']]);
  });

  it('reads an .xlsx whose parts read declare exactly the inflate cap, and refuses one byte more', async () => {
    const bytes = handXlsx([['订单号'], ['SHOP000001']]);
    const { unzipSync } = await import('fflate');
    const parts = unzipSync(bytes);
    const others = ['_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels'].reduce((n, p) => n + parts[p]!.length, 0);
    const declare = (total: number) => {
      const copy = bytes.slice();
      const view = new DataView(copy.buffer);
      const name = new TextEncoder().encode('xl/worksheets/sheet1.xml');
      for (let i = 0; i + 4 <= copy.length; i++)
        if (view.getUint32(i, true) === 0x02014b50 && name.every((c, k) => copy[i + 46 + k] === c))
          view.setUint32(i + 24, total - others, true);
      return copy;
    };
    const at = await readSheetFile(file([declare(XLSX_MAX_INFLATED)], 'a.xlsx'));
    expect(at.ok && at.sheet.rows.map((x) => x.cells)).toEqual([['SHOP000001']]);
    expect(await readSheetFile(file([declare(XLSX_MAX_INFLATED + 1)], 'a.xlsx'))).toEqual({
      ok: false,
      problem: { kind: 'bomb', bytes: XLSX_MAX_INFLATED + 1, limit: XLSX_MAX_INFLATED },
    });
  });

  it('reads numbers, dates and text as a person sees them, with flags', async () => {
    const blob = await writeXlsxFile([
      [null],
      ['订单号', '手机号', '数量', '省份', '城市', '备注', '商品ID', '街道'],
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
    expect(r.sheet.header).toEqual(['订单号', '手机号', '数量', '省份', '城市', '备注', '商品ID', '街道']);
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

describe('readSheetFile: a shop export at the page’s limits', () => {
  const skus = [101, 202, 303];
  const sizeOf = (r: Awaited<ReturnType<typeof readSheetFile>>) => (r.ok ? r.sheet.rows.length : r.problem);

  it('reads 5,000 rows of an .xlsx (inline strings or shared, one sheet or several, prefixed or not) and refuses 5,001 with their count', async () => {
    const rows = shopExport(IMPORT_MAX_ROWS, skus);
    for (const opts of [
      { strings: 'inline' as const },
      { strings: 'shared' as const, extraSheets: 2 },
      { strings: 'inline' as const, prefix: 'x', extraSheets: 1 },
    ]) {
      const r = await readSheetFile(file([handXlsx(rows, opts)], 'export.xlsx'));
      expect(sizeOf(r)).toBe(IMPORT_MAX_ROWS);
      if (!r.ok) continue;
      // The columns the page knows, then the others (named, not read: no cell of theirs is kept).
      // The export's 实付金额 is a known column (what the buyer paid, issue 53): kept with the template's.
      expect(r.sheet.header).toEqual([...SHOP_HEADER, '实付金额', '下单时间', '买家昵称']);
      expect(r.sheet.rows[0]).toEqual({
        row: 2,
        cells: [...rows[1]!.slice(0, 12), rows[1]![14]].map((v) => v ?? ''),
        flags: Array(13).fill(undefined),
      });
      expect(r.sheet.rows.at(-1)!.row).toBe(IMPORT_MAX_ROWS + 1);
      expect(r.sheet.rows.every((x) => x.cells.length === SHOP_HEADER.length + 1)).toBe(true);
    }
    const over = await readSheetFile(file([handXlsx(shopExport(IMPORT_MAX_ROWS + 1, skus), { strings: 'shared' })], 'export.xlsx'));
    expect(over).toEqual({ ok: false, problem: { kind: 'too_many_rows', rows: IMPORT_MAX_ROWS + 1, limit: IMPORT_MAX_ROWS } });
  });

  it('reads an .xlsx of exactly the byte limit, with 5,000 rows; one byte more is refused before reading', async () => {
    // Stored (not deflated), so that the file's size is the text's, to the byte.
    const base = shopExport(IMPORT_MAX_ROWS, skus, { pad: 1 });
    const grow = Math.floor((IMPORT_MAX_BYTES - handXlsx(base, { level: 0 }).length) / IMPORT_MAX_ROWS);
    const rows = shopExport(IMPORT_MAX_ROWS, skus, { pad: 1 + grow });
    const rest = IMPORT_MAX_BYTES - handXlsx(rows, { level: 0 }).length;
    rows[1]![15] = 'x'.repeat(1 + grow + rest);
    const bytes = handXlsx(rows, { level: 0 });
    expect(bytes.length).toBe(IMPORT_MAX_BYTES);
    const r = await readSheetFile(file([bytes], 'big.xlsx'));
    expect(sizeOf(r)).toBe(IMPORT_MAX_ROWS);
    expect(r.ok && r.sheet.header.at(-1)).toBe('商品标题');
    expect(await readSheetFile(file([bytes, 'x'], 'big.xlsx'))).toEqual({
      ok: false,
      problem: { kind: 'too_large', limit: IMPORT_MAX_BYTES },
    });
  });

  it('reads 5,000 rows of CSV in UTF-8 and in GBK', async () => {
    const text = csvText(shopExport(IMPORT_MAX_ROWS, skus));
    const utf8 = await readSheetFile(file(['\uFEFF' + text], 'export.csv'));
    expect(sizeOf(utf8)).toBe(IMPORT_MAX_ROWS);
    const gbk = await readSheetFile(file([toGbk(text)], 'export.csv'));
    expect(gbk.ok && gbk.sheet.encoding).toBe('gb18030');
    expect(gbk.ok && gbk.sheet.rows).toEqual(utf8.ok && utf8.sheet.rows);
    expect(sizeOf(await readSheetFile(file([toGbk(csvText(shopExport(IMPORT_MAX_ROWS + 1, skus)))], 'export.csv')))).toEqual({
      kind: 'too_many_rows',
      rows: IMPORT_MAX_ROWS + 1,
      limit: IMPORT_MAX_ROWS,
    });
  });

  it('refuses at once a tiny .xlsx with a cell at XFD1048576, whether it declares its range or not', async () => {
    const far = [[...Array<null>(16383).fill(null), '订单号']];
    for (const dimension of [undefined, false, 'A1'] as const) {
      const bytes = handXlsx(far, { rowNumbers: [1_048_576], dimension });
      expect(bytes.length).toBeLessThan(2000);
      const started = performance.now();
      const r = await readSheetFile(file([bytes], 'tiny.xlsx'));
      expect(performance.now() - started).toBeLessThan(500);
      expect(r).toEqual({ ok: false, problem: { kind: 'too_far', row: 1_048_576, cell: 'XFD1048576', limit: XLSX_MAX_ROW } });
    }
  });

  it('keeps only the cells under headers it knows, however far right: a note at column XFD is read, 16,000 unknown columns are not kept', async () => {
    const far = Array<string | null>(16384).fill(null);
    const header = ['订单号', ...far.slice(1)];
    header[16383] = '备注';
    for (let i = 1; i < 16000; i += 1000) header[i] = `其他${i}`;
    const row = (n: number) => {
      const r: (string | null)[] = [`SHOP${String(n).padStart(6, '0')}`, ...far.slice(1)];
      for (let i = 1; i < 16000; i += 1000) r[i] = 'x';
      r[16383] = `备注${n}`;
      return r;
    };
    const rows = [header, ...Array.from({ length: 300 }, (_, i) => row(i + 1))];
    const started = performance.now();
    const r = await readSheetFile(file([handXlsx(rows)], 'wide.xlsx'));
    expect(performance.now() - started).toBeLessThan(2000);
    if (!r.ok) throw new Error(JSON.stringify(r.problem));
    expect(r.sheet.header.slice(0, 2)).toEqual(['订单号', '备注']);
    expect(r.sheet.header).toHaveLength(2 + 16);
    expect(r.sheet.rows.at(-1)).toEqual({ row: 301, cells: ['SHOP000300', '备注300'], flags: [undefined, undefined] });
  });

  it('gives a zip that understates its sizes no more than it declared (the inflate has a fixed buffer)', async () => {
    const rows = shopExport(2000, skus);
    const lying = handXlsx(rows);
    const view = new DataView(lying.buffer, lying.byteOffset, lying.byteLength);
    const name = new TextEncoder().encode('xl/worksheets/sheet1.xml');
    for (let i = 0; i + 4 <= lying.length; i++)
      if (view.getUint32(i, true) === 0x02014b50 && name.every((c, k) => lying[i + 46 + k] === c)) view.setUint32(i + 24, 4096, true);
    const r = await readSheetFile(file([lying], 'lying.xlsx'));
    // The first 4 kB of the sheet at most: a few rows, or nothing readable.
    expect(r.ok ? r.sheet.rows.length : 0).toBeLessThan(20);
  });

  it('reads rows down to row 10,000 and refuses a sheet that reaches row 10,001 (declared or filled)', async () => {
    const rows = [
      ['订单号', '数量'],
      ['SHOP000001', '1'],
      ['SHOP000002', '2'],
    ];
    const at = await readSheetFile(file([handXlsx(rows, { rowNumbers: [1, 2, XLSX_MAX_ROW] })], 'a.xlsx'));
    expect(at.ok && at.sheet.rows.map((x) => x.row)).toEqual([2, XLSX_MAX_ROW]);
    const past = await readSheetFile(file([handXlsx(rows, { rowNumbers: [1, 2, XLSX_MAX_ROW + 1], dimension: 'A1:B2' })], 'a.xlsx'));
    expect(past).toEqual({
      ok: false,
      problem: { kind: 'too_far', row: XLSX_MAX_ROW + 1, cell: `A${XLSX_MAX_ROW + 1}`, limit: XLSX_MAX_ROW },
    });
    const declared = await readSheetFile(file([handXlsx(rows, { dimension: `A1:L${XLSX_MAX_ROW + 1}` })], 'a.xlsx'));
    expect(declared).toEqual({
      ok: false,
      problem: { kind: 'too_far', row: XLSX_MAX_ROW + 1, cell: `L${XLSX_MAX_ROW + 1}`, limit: XLSX_MAX_ROW },
    });
    expect(sizeOf(await readSheetFile(file([handXlsx(rows, { dimension: `A1:XFD${XLSX_MAX_ROW}` })], 'a.xlsx')))).toBe(2);
  });

  it('reads what other writers write: rich text, phonetic runs, escapes, rows and cells without numbers, the 1904 calendar, booleans and errors', async () => {
    const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>
      <row><c t="inlineStr"><is><t>订单号</t></is></c><c t="s"><v>0</v></c><c t="inlineStr"><is><t>数量</t></is></c><c t="inlineStr"><is><t>省份</t></is></c><c t="inlineStr"><is><t>城市</t></is></c></row>
      <row r="3"><c r="A3" t="str"><f>"SHOP"&amp;"000001"</f><v>SHOP000001</v></c><c r="B3" t="s"><v>1</v></c><c r="C3" s="1"><v>1</v></c><c r="D3" t="b"><v>1</v></c><c r="E3" t="e"><v>#N/A</v></c></row>
      <row><c r="A4" t="inlineStr"><is><t>A_x005F_x0041_&lt;&amp;&#x4E2D;</t></is></c><c r="C4"><v>3</v></c></row>
    </sheetData></worksheet>`;
    const strings = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>备注</t></si><si><r><t>张</t></r><r><rPr><b/></rPr><t xml:space="preserve">三 </t></r><rPh sb="0" eb="1"><t>ZHANG</t></rPh></si></sst>`;
    const styles = `<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="[$-804]yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot;"/></numFmts><cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164" applyNumberFormat="1"/></cellXfs></styleSheet>`;
    const u = (t: string) => new TextEncoder().encode(t);
    const bytes = zipSync({
      'xl/workbook.xml': u(
        `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><workbookPr date1904="1"/><sheets><sheet name="S" sheetId="1" r:id="rId7"/></sheets></workbook>`,
      ),
      'xl/_rels/workbook.xml.rels': u(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/data.xml"/><Relationship Id="rId8" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="strings.xml"/><Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
      ),
      'xl/worksheets/data.xml': u(sheet),
      'xl/strings.xml': u(strings),
      'xl/styles.xml': u(styles),
    });
    const r = await readSheetFile(file([bytes], 'other.xlsx'));
    if (!r.ok) throw new Error(JSON.stringify(r.problem));
    expect(r.sheet.header).toEqual(['订单号', '备注', '数量', '省份', '城市']);
    expect(r.sheet.rows).toEqual([
      // Day 1 of the 1904 calendar is 2 January 1904.
      { row: 3, cells: ['SHOP000001', '张三', '1904-01-02', 'TRUE', ''], flags: [undefined, undefined, 'date', undefined, undefined] },
      { row: 4, cells: ['A_x0041_<&中', '', '3', '', ''], flags: Array(5).fill(undefined) },
    ]);
  });

  it('says a zip without a workbook, or whose workbook names no sheet, is unreadable', async () => {
    const u = (t: string) => new TextEncoder().encode(t);
    expect(await readSheetFile(file([zipSync({ 'a.txt': u('x') })], 'a.xlsx'))).toEqual({ ok: false, problem: { kind: 'unreadable' } });
    const noSheet = zipSync({ 'xl/workbook.xml': u('<workbook><sheets/></workbook>') });
    expect(await readSheetFile(file([noSheet], 'a.xlsx'))).toEqual({ ok: false, problem: { kind: 'unreadable' } });
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
