import Papa from 'papaparse';
import writeXlsxFile from 'write-excel-file/node';
import type { Shipment, SheetField, SheetType } from '../../../contract';
import { neutraliseText } from '../../../contract/formula';
import type { SheetFormat } from './formats';

/**
 * The shop's batch-shipping sheet, written by the gateway: a header row (the format's headers) and a
 * row per package, or per shop order with `perOrder` (its packages' values joined in one cell). Every
 * cell is text: order and tracking numbers are long digits a spreadsheet would round as numbers, and
 * each cell goes through the contract's formula guard (neutraliseText: a leading `'` before = + - @
 * tab CR), as the page's CSV and xlsx exports do.
 */

/** `YYYY-MM-DD HH:mm:ss` in a time zone (sv-SE writes it so). One formatter per zone. */
const stamps = new Map<string, Intl.DateTimeFormat>();
function stamp(seconds: number, timeZone: string): string {
  let f = stamps.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    stamps.set(timeZone, f);
  }
  return f.format(new Date(seconds * 1000));
}

const linesText = (s: Shipment) => s.lines.map((l) => [l.name, l.spec, `×${l.quantity}`].filter(Boolean).join(' ')).join('; ');

/** One package's value of a field (before joining and guarding). */
function value(field: SheetField, s: Shipment, format: SheetFormat, timeZone: string): string {
  switch (field) {
    case 'shopOrderSn':
      return s.shopOrderSn;
    case 'orderSn':
      return s.orderSn;
    case 'childSn':
      return s.childSn;
    case 'channel':
      return String(s.channel);
    case 'courierName':
      return (s.courierCode && format.carrierMap[s.courierCode]) || s.courierName;
    case 'supplierCourierName':
      return s.courierName;
    case 'courierCode':
      return s.courierCode;
    case 'trackingNo':
      return s.trackingNo;
    case 'shippedAt':
      return stamp(s.shippedAt, timeZone);
    case 'lines':
      return linesText(s);
    case 'quantity':
      return String(s.lines.reduce((n, l) => n + l.quantity, 0));
    case 'blank':
      return '';
  }
}

/**
 * The sheet's rows (without the header), every cell guarded. Per package in the order given; with
 * `perOrder`, one row per shop order where it first appears: tracking numbers joined by the
 * format's joiner, every other field one value where its packages agree and else theirs joined in the
 * same order, quantities added up, the latest ship time.
 */
export function sheetRows(format: SheetFormat, packages: readonly Shipment[], timeZone: string): string[][] {
  const fields = format.columns.map((c) => c.field);
  if (!format.perOrder) return packages.map((s) => fields.map((f) => neutraliseText(value(f, s, format, timeZone))));
  const groups = new Map<string, Shipment[]>();
  for (const s of packages) {
    const g = groups.get(s.shopOrderSn);
    if (g) g.push(s);
    else groups.set(s.shopOrderSn, [s]);
  }
  return [...groups.values()].map((g) =>
    fields.map((f) => {
      if (f === 'quantity') return String(g.reduce((n, s) => n + s.lines.reduce((m, l) => m + l.quantity, 0), 0));
      if (f === 'shippedAt') return stamp(Math.max(...g.map((s) => s.shippedAt)), timeZone);
      // One value when the packages agree (the order number, one courier); else each package's, in the
      // tracking numbers' order, so the n-th courier is the n-th number's.
      const values = g.map((s) => value(f, s, format, timeZone));
      return neutraliseText(values.every((v) => v === values[0]) ? values[0]! : values.join(f === 'lines' ? '; ' : format.joiner));
    }),
  );
}

export const SHEET_CONTENT_TYPES: Record<SheetType, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** Column widths in characters, from the header and the first rows (Excel's own guess is one width for all). */
function widths(header: string[], rows: string[][]): number[] {
  const wide = (s: string) => [...s].reduce((n, ch) => n + (ch.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);
  return header.map((h, i) => Math.min(60, Math.max(8, wide(h), ...rows.slice(0, 200).map((r) => wide(r[i] ?? ''))) + 2));
}

/** The file: .xlsx (text cells with the text number format `@`, bold frozen header) or .csv (UTF-8 with a byte-order mark, CRLF). */
export async function writeSheet(format: SheetFormat, rows: string[][], type: SheetType): Promise<Buffer> {
  const header = format.columns.map((c) => neutraliseText(c.header));
  if (type === 'csv') {
    return Buffer.from('\uFEFF' + Papa.unparse({ fields: header, data: rows }, { newline: '\r\n', quotes: false }) + '\r\n', 'utf8');
  }
  const cell = (v: string) => (v === '' ? null : { value: v, type: String, format: '@' });
  return writeXlsxFile(
    [
      {
        sheet: 'Sheet1',
        data: [header.map((h) => ({ value: h, type: String, fontWeight: 'bold' as const })), ...rows.map((r) => r.map(cell))],
        columns: widths(header, rows).map((width) => ({ width })),
        stickyRowsCount: 1,
      },
    ],
    {},
  ).toBuffer();
}

/**
 * `Content-Disposition` of a download: an ASCII name for old clients and the real one in RFC 5987's
 * `filename*` (UTF-8, percent-encoded), e.g. 发货回传-2026-11-29.xlsx.
 */
export function contentDisposition(name: string, ascii: string): string {
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encoded}`;
}
