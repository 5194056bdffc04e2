import { zipSync, type ZipOptions } from 'fflate';

/**
 * Sheets as shops' systems write them, made here for tests and the bench: .xlsx files written by hand
 * (not by write-excel-file, the page's own writer) with inline or shared strings, one sheet or
 * several, an optional namespace prefix; and CSV in UTF-8 or GBK. Also a shop's export of `n` rows.
 */

export type SheetCell = string | number | null;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Column 1 as "A", 27 as "AA". */
const letters = (col: number) => {
  let s = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
};

export interface HandXlsxOptions {
  /** Text cells inline (`t="inlineStr"`, as many export libraries write) or in the shared strings table (as Excel does). */
  strings?: 'inline' | 'shared';
  /** Sheets after the first (a copy of its rows each), as an export with a summary sheet. */
  extraSheets?: number;
  /** A namespace prefix on the sheet's elements (`x`), as .NET's Open XML SDK writes. */
  prefix?: string;
  /** The `<dimension ref>` to declare: the rows' own range by default; false for none. */
  dimension?: string | false;
  /** Deflate level (1 unless said): 0 stores the parts (the file's size is then the text's, to the byte). */
  level?: ZipOptions['level'];
  /** Rows to write at these numbers instead of one after another (index: row in `rows`). */
  rowNumbers?: number[];
}

/** An .xlsx file of these rows (the first is the header), written by hand. */
export function handXlsx(rows: SheetCell[][], opts: HandXlsxOptions = {}): Uint8Array<ArrayBuffer> {
  const p = opts.prefix ? `${opts.prefix}:` : '';
  const ns = opts.prefix ? `xmlns:${opts.prefix}` : 'xmlns';
  const shared = new Map<string, number>();
  const sharedList: string[] = [];
  const cols = Math.max(1, ...rows.map((r) => r.length));
  const numbers = opts.rowNumbers ?? rows.map((_, i) => i + 1);
  const lastRow = Math.max(1, ...numbers);
  const body: string[] = [];
  rows.forEach((r, i) => {
    const n = numbers[i]!;
    const cells: string[] = [];
    r.forEach((v, j) => {
      if (v === null || v === '') return;
      const ref = `${letters(j + 1)}${n}`;
      if (typeof v === 'number') cells.push(`<${p}c r="${ref}"><${p}v>${v}</${p}v></${p}c>`);
      else if (opts.strings === 'shared') {
        let k = shared.get(v);
        if (k === undefined) {
          k = sharedList.length;
          shared.set(v, k);
          sharedList.push(v);
        }
        cells.push(`<${p}c r="${ref}" t="s"><${p}v>${k}</${p}v></${p}c>`);
      } else cells.push(`<${p}c r="${ref}" t="inlineStr"><${p}is><${p}t xml:space="preserve">${esc(v)}</${p}t></${p}is></${p}c>`);
    });
    body.push(`<${p}row r="${n}">${cells.join('')}</${p}row>`);
  });
  const dim = opts.dimension === false ? '' : `<${p}dimension ref="${opts.dimension ?? `A1:${letters(cols)}${lastRow}`}"/>`;
  const sheet = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<${p}worksheet ${ns}="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${dim}<${p}sheetData>${body.join('')}</${p}sheetData></${p}worksheet>`;
  const extra = opts.extraSheets ?? 0;
  const sheetNames = Array.from({ length: 1 + extra }, (_, i) => (i === 0 ? '订单' : `汇总${i}`));
  const rel = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': enc(
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheetNames.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}${opts.strings === 'shared' ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ''}</Types>`,
    ),
    '_rels/.rels': enc(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel('rId1', 'officeDocument', 'xl/workbook.xml')}</Relationships>`,
    ),
    'xl/workbook.xml': enc(
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheetNames.map((name, i) => `<sheet name="${name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': enc(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheetNames.map((_, i) => rel(`rId${i + 1}`, 'worksheet', `worksheets/sheet${i + 1}.xml`)).join('')}${opts.strings === 'shared' ? rel(`rId${sheetNames.length + 1}`, 'sharedStrings', 'sharedStrings.xml') : ''}</Relationships>`,
    ),
  };
  const sheetBytes = enc(sheet);
  sheetNames.forEach((_, i) => (files[`xl/worksheets/sheet${i + 1}.xml`] = sheetBytes));
  if (opts.strings === 'shared')
    files['xl/sharedStrings.xml'] = enc(
      `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${sharedList.length}" uniqueCount="${sharedList.length}">${sharedList.map((s) => `<si><t xml:space="preserve">${esc(s)}</t></si>`).join('')}</sst>`,
    );
  return zipSync(files, { level: opts.level ?? 1 }) as Uint8Array<ArrayBuffer>;
}

const enc = (s: string) => new TextEncoder().encode(s);

/** A CSV file's text: RFC 4180 quoting, CRLF line ends. */
export function csvText(rows: SheetCell[][]): string {
  const q = (v: SheetCell) => {
    const s = v === null ? '' : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return rows.map((r) => r.map(q).join(',')).join('\r\n') + '\r\n';
}

let gbkTable: Map<string, [number, number]> | undefined;

/** Text as GBK bytes, as Chinese Excel saves CSV (the table is built from the platform's own GBK decoder). */
export function toGbk(text: string): Uint8Array<ArrayBuffer> {
  if (!gbkTable) {
    gbkTable = new Map();
    const d = new TextDecoder('gbk');
    for (let lead = 0x81; lead <= 0xfe; lead++)
      for (let trail = 0x40; trail <= 0xfe; trail++) {
        if (trail === 0x7f) continue;
        const ch = d.decode(new Uint8Array([lead, trail]));
        if (ch.length === 1 && ch !== '\uFFFD' && !gbkTable.has(ch)) gbkTable.set(ch, [lead, trail]);
      }
  }
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (code < 0x80) out.push(code);
    else {
      const b = gbkTable.get(ch);
      if (!b) throw new Error(`${ch} has no GBK code`);
      out.push(b[0], b[1]);
    }
  }
  return new Uint8Array(out);
}

/** The Chinese template's header, as the page writes it (columns.ts), and a shop export's own extra columns. */
export const SHOP_HEADER = [
  '店铺订单号',
  '收货人',
  '手机号',
  '省份',
  '城市',
  '区县',
  '街道',
  '详细地址',
  '商品ID或SKU ID',
  '规格',
  '数量',
  '备注',
];
export const SHOP_EXTRA = ['下单时间', '买家昵称', '实付金额'];

/** Addresses the region list knows (short names as shops write them). */
const PLACES = [
  ['北京', '北京', '朝阳区'],
  ['广东省', '深圳市', '南山区'],
  ['浙江', '杭州', '西湖区'],
  ['上海市', '上海市', '浦东新区'],
  ['四川省', '成都市', '武侯区'],
];

/**
 * A shop's export of `n` rows (after its header), one order a row, the SKUs of `skus` in turn; the
 * rows in `broken` (1-based data rows) each get one mistake a shop makes: a phone Excel turned into
 * 1.38E+10, a district no region has, a quantity of 0, a formula in the note, a missing consignee.
 * `pad` characters of text (an unread column) make each row longer, for files near the byte limit.
 */
export function shopExport(n: number, skus: number[], opts: { stem?: string; broken?: number[]; pad?: number } = {}): SheetCell[][] {
  const stem = opts.stem ?? 'SD1128';
  const broken = new Set(opts.broken ?? []);
  const pad = opts.pad ? 'x'.repeat(opts.pad) : '';
  const rows: SheetCell[][] = [[...SHOP_HEADER, ...SHOP_EXTRA, ...(pad ? ['商品标题'] : [])]];
  let k = 0;
  for (let i = 1; i <= n; i++) {
    const [province, city, area] = PLACES[i % PLACES.length]!;
    const row: SheetCell[] = [
      `${stem}-${String(i).padStart(5, '0')}`,
      `客户${i}`,
      `138${String(10_000_000 + i).slice(-8)}`,
      province!,
      city!,
      area!,
      '',
      `幸福路 ${i} 号 ${(i % 30) + 1} 栋`,
      String(skus[i % skus.length]),
      '',
      '1',
      i % 7 === 0 ? '工作日送货' : '',
      '2026-11-28 10:00',
      `买家${i}`,
      '19.90',
      ...(pad ? [pad] : []),
    ];
    if (broken.has(i)) {
      const mistake = k++ % 5;
      if (mistake === 0) row[2] = '1.38E+10';
      else if (mistake === 1) row[5] = '不存在区';
      else if (mistake === 2) row[10] = '0';
      else if (mistake === 3) row[11] = '=HYPERLINK("http://x","点我")';
      else row[1] = '';
    }
    rows.push(row);
  }
  return rows;
}
