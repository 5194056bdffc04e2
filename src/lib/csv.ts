import type { Fen } from '../../contract';
import { neutraliseText } from '../../contract/formula';

/**
 * What a cell of an exported file may hold. Text is always text: one that a spreadsheet would read as
 * a formula (it begins with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`, as
 * OWASP advises against CSV injection; consignee names come from the reseller's customers and titles
 * from the supplier, so `=HYPERLINK(…)` must never become a live formula in a manager's Excel. A
 * number is written as a number: a JS number, or a `CsvNumber` for a fixed number of decimals
 * (`csvYuan`: a refund of -12.50 stays a number in the sheet).
 */
export type CellValue = string | number | CsvNumber | null | undefined;

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A number with its written form fixed (e.g. two decimals for yuan). */
export class CsvNumber {
  constructor(readonly text: string) {
    if (!DECIMAL.test(text)) throw new RangeError(`not a decimal number: ${text}`);
  }
}

/** An amount in fen as yuan with two decimals, as a number a spreadsheet can add up: 123450 -> 1234.50. */
export const csvYuan = (fen: Fen): CsvNumber => new CsvNumber((fen / 100).toFixed(2));

/** Text that a spreadsheet would run as a formula, made plain text (for any file format: CSV, xlsx): the contract's one rule, which the gateway's sheets share. */
export { neutraliseText };

/** A cell's text in the file: numbers as they are, text made safe. */
export function cellText(v: CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof CsvNumber) return v.text;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  return neutraliseText(v);
}

/** One CSV field: quoted when it holds a comma, quote, or line break; quotes doubled (RFC 4180). */
export const csvField = (v: CellValue): string => {
  const s = cellText(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** A CSV file as text, with a byte-order mark so spreadsheet programs read the Chinese right. Every export writes through it. */
export const toCsv = (header: string[], rows: CellValue[][]): string =>
  '\uFEFF' + [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';

/** Saves text (a CSV by default) or a file made in the browser (an .xlsx) as a download. */
export function download(filename: string, content: string | Blob, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(typeof content === 'string' ? new Blob([content], { type }) : content);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `name-YYYY-MM-DD.csv` with today's date where the person is (not UTC's, which is yesterday before 8:00 in China). */
export function csvFileName(name: string, now = new Date(), timeZone?: string): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return `${name}-${day}.csv`;
}
