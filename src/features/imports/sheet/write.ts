import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../../../contract/constants';
import { neutraliseText, toCsv as csvText } from '../../../lib/csv';
import { COLUMNS, HEADERS, REQUIRED_COLUMNS, type Column } from './columns';

/**
 * Files the import page hands out: the template, and the rows it could not place (to fix and send
 * again). Every cell is text: sheet cells come from customers and shops, and none may become a live
 * formula in the spreadsheet of whoever opens the file.
 */

/**
 * A cell's text made safe to open in a spreadsheet: text that begins with `=`, `+`, `-`, `@`, a tab or
 * a carriage return gets a leading `'`, as OWASP advises against CSV injection. Numbers like `-5`
 * are prefixed too: a plain rule that cannot be talked round is worth more than a bare minus sign.
 */
export function safeCell(v: string): string {
  return neutraliseText(v);
}

/**
 * A CSV file as text: RFC 4180 quoting, CRLF line ends, every cell through `safeCell`, and a UTF-8
 * byte-order mark so that Excel reads the Chinese right.
 */
export function toCsv(header: string[], rows: string[][]): string {
  return csvText(header, rows);
}

/** A sheet name Excel takes: at most 31 characters, none of \ / ? * [ ] :, unique in the file. */
function sheetName(name: string, i: number, taken: Set<string>): string {
  let s =
    name
      .replace(/[\\/?*[\]:]/g, ' ')
      .trim()
      .slice(0, 31) || `Sheet${i + 1}`;
  if (taken.has(s)) s = `${s.slice(0, 27)} (${i + 1})`;
  taken.add(s);
  return s;
}

/** An .xlsx file of text cells (never a formula), each through `safeCell`, with a bold, frozen header row. */
export async function toXlsx(sheets: { name: string; header: string[]; rows: string[][]; widths?: number[] }[]): Promise<Blob> {
  const writeXlsxFile = (await import('write-excel-file/universal')).default;
  const taken = new Set<string>();
  const cell = (v: string, bold = false) =>
    v ? { value: safeCell(v), type: String, ...(bold ? { fontWeight: 'bold' as const } : {}) } : null;
  return writeXlsxFile(
    sheets.map((s, i) => ({
      sheet: sheetName(s.name, i, taken),
      data: [s.header.map((h) => cell(h, true)), ...s.rows.map((r) => r.map((v) => cell(v)))],
      ...(s.widths ? { columns: s.widths.map((width) => ({ width })) } : {}),
      stickyRowsCount: 1,
    })),
  ).toBlob();
}

type Lang = 'zh-CN' | 'en';

const ROWS = IMPORT_MAX_ROWS.toLocaleString('en-US');
const MB = IMPORT_MAX_BYTES / 1024 / 1024;

/** The template's words in each language: data for the file, not texts of the page. */
const TEMPLATE: Record<
  Lang,
  {
    orders: string;
    notes: string;
    notesHeader: [string, string, string];
    required: string;
    optional: string;
    alsoRead: (names: string[]) => string;
    columns: Record<Column, string>;
    general: string[];
    example: { consignee: string; note: string };
  }
> = {
  'zh-CN': {
    orders: '订单',
    notes: '说明',
    notesHeader: ['列', '是否必填', '填写说明'],
    required: '必填',
    optional: '选填',
    alsoRead: (names) => `表头也可以写作：${names.join('、')}。`,
    columns: {
      orderSn: '你店铺里的订单号：6–64 位字母、数字、_ 或 -。订单号相同的几行是同一个订单里的几件商品；同一个订单号不会重复下单。',
      consignee: '收货人姓名，最多 50 个字。',
      phone: '大陆手机号（11 位），或带区号的固定电话（如 010-12345678）。请把这一列设成“文本”格式，以免 Excel 把长数字显示成 1.38E+10。',
      province: '省份，可以写简称：北京、广东、内蒙古 都可以。',
      city: '城市，可以写简称，如 深圳。直辖市写 北京、北京市 或 市辖区 都可以。',
      area: '区县，可以写简称，如 朝阳、南山；同一城市里简称不唯一时请写全称。',
      street: '街道或乡镇，可以不填。',
      description: '详细地址：路名、门牌号、楼栋和房号，最多 200 个字。',
      product: '商品 ID 或 SKU ID（数字）。有多个规格的商品请填 SKU ID，或者在“规格”列写明规格。',
      spec: '规格名称，如“红色 XL”。商品有多个规格而只填了商品 ID 时必须填写；填了 SKU ID 时可以不填。',
      quantity: '件数：1 到 9999 的整数。',
      sale: '买家为这个订单实际支付的金额（元），如 199.00 或 ¥1,280.50，可以不填。一个订单只填一次：填在它的任意一行，或各行填相同金额；各行金额不一致时，这个订单需要修改后才能下单。只用于总览里的销售额、利润和利润率，不会发给供应商。',
      note: '给供应商的备注，可以不填。',
    },
    general: [
      `每个文件最多读取 ${ROWS} 行、${MB} MB。`,
      '可以上传 .xlsx 文件（读取第一个工作表）或 .csv 文件；Excel 存成的 GBK 编码 CSV 也能读取。',
      '第一行是表头，各列的顺序可以随意调整。',
      '请不要使用公式：以 =、+、-、@ 开头的内容会被当作公式，需要改正后才能下单。',
    ],
    example: { consignee: '张三', note: '工作日送货' },
  },
  en: {
    orders: 'Orders',
    notes: 'Notes',
    notesHeader: ['Column', 'Required', 'What it takes'],
    required: 'Required',
    optional: 'Optional',
    alsoRead: (names) => `The header may also read: ${names.join(', ')}.`,
    columns: {
      orderSn:
        'Your shop’s order number: 6–64 letters, digits, _ or -. Rows with the same order number are the lines of one order; an order number is never placed twice.',
      consignee: 'Who receives the parcel, at most 50 characters.',
      phone:
        'A mainland mobile (11 digits) or a landline with its area code (e.g. 010-12345678). Format this column as Text so that Excel does not show long numbers as 1.38E+10.',
      province: 'Province, in Chinese; the short name will do: 北京, 广东, 内蒙古.',
      city: 'City, in Chinese; the short name will do, e.g. 深圳. For a municipality, 北京, 北京市 or 市辖区 will all do.',
      area: 'District or county, in Chinese; the short name will do (朝阳, 南山) unless two in the city share it.',
      street: 'Street or town, in Chinese. May be left empty.',
      description: 'The rest of the address: road, number, building and room, at most 200 characters.',
      product: 'The product id or SKU id (digits). For a product with several SKUs, give the SKU id, or name the spec in the Spec column.',
      spec: 'The spec’s name, e.g. 红色 XL. Needed when a product has several SKUs and only its product id is given; not needed with a SKU id.',
      quantity: 'How many: a whole number from 1 to 9999.',
      sale: 'What the buyer paid your shop for the order, in yuan (e.g. 199.00 or ¥1,280.50). May be left empty. Give it once per order: on any one of its rows, or the same on each; rows that disagree make the order need a fix before it is placed. Used for the overview’s sales, profit and margin; never sent to the supplier.',
      note: 'A note for the supplier. May be left empty.',
    },
    general: [
      `At most ${ROWS} rows and ${MB} MB are read from a file.`,
      'Upload an .xlsx file (its first sheet is read) or a .csv file; CSV files that Excel saves in GBK are read too.',
      'The first row is the header; the columns may come in any order.',
      'Please use no formulas: a cell that begins with =, +, - or @ is taken for one and must be fixed before the order is placed.',
    ],
    example: { consignee: 'Zhang San', note: 'Please deliver on a weekday' },
  },
};

/**
 * The example order's goods: the demo supplier's own (the sandbox as it starts, seed 20260101, with
 * 1,500 goods as in the e2e run or 5,000 by default: in the selection library it starts with either
 * way, on sale, sold in Beijing), so that the template read as it comes is an order the sandbox
 * takes. A SKU id alone (SKU 200697 of goods 10162, 白色 标准版) and a product id with its spec's
 * name (goods 10427, 浅蓝 小号): the two ways the notes give. test/imports-template.int.test.ts
 * checks them against sandboxes seeded so.
 */
export const TEMPLATE_GOODS = [
  { product: '200697', spec: '', quantity: '1' },
  { product: '10427', spec: '浅蓝 小号', quantity: '2' },
] as const;

/** What the example order's buyer paid (yuan): more than its goods and freight cost at the demo supplier. */
export const TEMPLATE_SALE = '199.00';

/**
 * The template to fill in: sheet 1 the header in the person's language and an example order of two
 * rows (one order number, two products), sheet 2 what each column takes.
 */
export async function templateFile(lang: Lang): Promise<Blob> {
  const t = TEMPLATE[lang];
  const address = ['13800138000', '北京市', '北京市', '朝阳区', '建外街道', '建国门外大街1号国贸大厦A座1001室'];
  const [one, two] = TEMPLATE_GOODS;
  const example = [
    // What the buyer paid is the order's: on its first row only (the second takes it).
    ['SHOP20261126001', t.example.consignee, ...address, one.product, one.spec, one.quantity, TEMPLATE_SALE, t.example.note],
    ['SHOP20261126001', t.example.consignee, ...address, two.product, two.spec, two.quantity, '', ''],
  ];
  const notes = COLUMNS.map((c) => [
    HEADERS[c][lang],
    REQUIRED_COLUMNS.includes(c) ? t.required : t.optional,
    `${t.columns[c]} ${t.alsoRead(HEADERS[c].synonyms)}`,
  ]);
  return toXlsx([
    {
      name: t.orders,
      header: COLUMNS.map((c) => HEADERS[c][lang]),
      rows: example,
      widths: [18, 12, 14, 10, 10, 10, 12, 36, 16, 12, 8, 12, 24],
    },
    { name: t.notes, header: t.notesHeader, rows: [...notes, [], ...t.general.map((g) => [g])], widths: [18, 10, 100] },
  ]);
}
