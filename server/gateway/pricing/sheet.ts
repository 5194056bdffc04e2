import writeXlsxFile from 'write-excel-file/node';
import { neutraliseText } from '../../../contract/formula';
import type { PriceSheetInput } from '../../../contract/schemas/pricing';
import type { SheetRow } from './store';

type Lang = PriceSheetInput['lang'];

/** The sheet's column heads in each language: data for the file the shop takes in. */
const HEAD: Record<Lang, string[]> = {
  'zh-CN': ['商品', '商品ID', 'SKU', '规格', '商家编码', '售价（元）', '划线价（元）'],
  en: ['Goods', 'Goods ID', 'SKU', 'Spec', 'Shop code', 'Retail (yuan)', 'Compare-at (yuan)'],
};
const SHEET_NAME: Record<Lang, string> = { 'zh-CN': '售价', en: 'Retail prices' };

const yuan = (fen: number) => (fen / 100).toFixed(2);

/** A CSV field: text made safe from formulas (contract/formula.ts), quoted when it holds a comma, quote or line break. */
const field = (v: string) => {
  const s = neutraliseText(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The price sheet as CSV (UTF-8 with a byte-order mark, CRLF), prices as yuan with two decimals. */
export function priceSheetCsv(rows: readonly SheetRow[], lang: Lang): string {
  const lines = [HEAD[lang].map(field).join(',')];
  for (const r of rows)
    lines.push(
      [
        field(r.title),
        String(r.goodsId),
        String(r.sku),
        field(r.spec),
        field(r.code ?? ''),
        yuan(r.retail),
        r.compareAt === null ? '' : yuan(r.compareAt),
      ].join(','),
    );
  return '\uFEFF' + lines.join('\r\n') + '\r\n';
}

/** The price sheet as .xlsx: text cells never formulas (neutraliseText), ids and prices as numbers (prices to two decimals), a bold frozen header. */
export async function priceSheetXlsx(rows: readonly SheetRow[], lang: Lang): Promise<Buffer> {
  const text = (v: string | null) => (v ? { value: neutraliseText(v), type: String } : null);
  const num = (v: number) => ({ value: v, type: Number });
  const money = (fen: number | null) => (fen === null ? null : { value: fen / 100, type: Number, format: '0.00' });
  const data = [
    HEAD[lang].map((h) => ({ value: h, type: String, fontWeight: 'bold' as const })),
    ...rows.map((r) => [text(r.title), num(r.goodsId), num(r.sku), text(r.spec), text(r.code), money(r.retail), money(r.compareAt)]),
  ];
  return writeXlsxFile(data, {
    sheet: SHEET_NAME[lang],
    columns: [{ width: 40 }, { width: 12 }, { width: 14 }, { width: 24 }, { width: 18 }, { width: 12 }, { width: 14 }],
    stickyRowsCount: 1,
  }).toBuffer();
}
