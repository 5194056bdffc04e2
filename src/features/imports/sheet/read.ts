import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../../../contract/constants';
import { looksLikeFormula } from '../../../../contract/formula';
import { columnOf } from './columns';

/**
 * Reading a bulk-order sheet (an .xlsx, a CSV or text pasted from Excel) into plain text cells. Every
 * cell becomes text as a person would read it, with a flag where Excel has likely changed what was
 * typed (a long number shown as 1.38E+10, a number too long to keep, a date) or where the cell is a
 * formula, so that the page can ask for a fix instead of placing an order with a wrong phone number.
 * The parsers are loaded on first use: they are separate chunks. Whatever a file declares, no more is
 * kept than the page reads: 5,000 rows, the columns it knows (see `SheetBuilder`).
 */

/**
 * What a cell's text may not be what was meant: `scientific` (text like 1.38E+10: the digits are
 * lost), `precision` (a number longer than JS keeps: the last digits may be wrong), `date` (Excel
 * turned it into a date), `formula` (text that a spreadsheet would run as a formula).
 */
export type CellFlag = 'scientific' | 'precision' | 'date' | 'formula';

export interface RawSheet {
  /**
   * The first non-empty row's names, as text: first those that name one of our columns (columns.ts),
   * in sheet order, then the others (their cells are not read).
   */
  header: string[];
  /**
   * The non-empty rows after the header: `row` is the row number Excel shows (1-based); `cells` and
   * `flags` hold one entry per header name that names one of our columns (the first names of `header`).
   */
  rows: { row: number; cells: string[]; flags: (CellFlag | undefined)[] }[];
  /** How a CSV file's bytes were read (not set for an .xlsx file or pasted text). */
  encoding?: 'utf-8' | 'gb18030' | 'utf-16le' | 'utf-16be';
}

export type ReadProblem =
  | { kind: 'too_large'; limit: number }
  | { kind: 'too_many_rows'; rows: number; limit: number }
  | { kind: 'empty' }
  | { kind: 'unreadable' }
  | { kind: 'unsupported'; name: string }
  /** An .xlsx whose parts read would inflate past `limit` bytes (its zip's declared sizes, read before inflating): `bytes` declared. */
  | { kind: 'bomb'; bytes: number; limit: number }
  /** An .xlsx sheet that declares, or fills, a row past row `limit` (`cell`, e.g. XFD1048576, is where): refused before reading on. */
  | { kind: 'too_far'; row: number; cell: string; limit: number }
  /** The browser did not start (or lost) the worker that reads files: nothing was read. */
  | { kind: 'worker' }
  /** A file named as text (.csv, .tsv, .txt) whose bytes are not text. */
  | { kind: 'notText'; name: string }
  /** Reading took longer than `seconds` (the page's worker was stopped). */
  | { kind: 'timeout'; seconds: number }
  /** The person stopped the reading. */
  | { kind: 'cancelled' };

export type ReadResult = { ok: true; sheet: RawSheet } | { ok: false; problem: ReadProblem };

type Cell = { text: string; flag?: CellFlag };

const EMPTY: Cell = { text: '' };

/** How Excel shows a long number in a narrow column, and how it saves it to CSV: 1.38E+10, 1.38123E+10. */
const SCIENTIFIC = /^[+-]?\d+(?:\.\d+)?e[+-]?\d+$/i;

export { looksLikeFormula };

/** What a text cell's own words show of Excel's harm: scientific notation, or a formula. */
export function textFlag(text: string): CellFlag | undefined {
  if (SCIENTIFIC.test(text)) return 'scientific';
  if (looksLikeFormula(text)) return 'formula';
  return undefined;
}

/** A text cell: trimmed, and flagged when it is scientific notation or a formula. */
function textCell(raw: string): Cell {
  const text = raw.trim();
  const flag = textFlag(text);
  return flag ? { text, flag } : { text };
}

/** A number without exponent: 13812345678 stays 13812345678, 1e21 becomes 1000000000000000000000, 1e-7 becomes 0.0000001. */
export function plainNumber(n: number): string {
  const s = String(n);
  if (!Number.isFinite(n) || !/e/i.test(s)) return s;
  if (Number.isInteger(n)) return BigInt(n).toString();
  // Only tiny fractions are left: every number from 1e21 up is a whole number.
  const [mantissa = '', exp = '0'] = s.split('e');
  const negative = mantissa.startsWith('-');
  const [whole = '', fraction = ''] = mantissa.replace('-', '').split('.');
  const zeros = -(whole.length + Number(exp));
  return `${negative ? '-' : ''}0.${'0'.repeat(zeros)}${whole}${fraction}`;
}

function numberCell(n: number): Cell {
  const text = plainNumber(n);
  return Number.isInteger(n) && Math.abs(n) > Number.MAX_SAFE_INTEGER ? { text, flag: 'precision' } : { text };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date cell as `YYYY-MM-DD`, with ` HH:mm` when it has a time. The xlsx reader gives the sheet's
 * wall time as UTC; rounding to the minute undoes the float error of Excel's day numbers (10:30 read as 10:29:59.999).
 */
function dateCell(d: Date): Cell {
  const t = d.getTime();
  if (Number.isNaN(t)) return EMPTY;
  const m = new Date(Math.round(t / 60_000) * 60_000);
  const day = `${m.getUTCFullYear()}-${pad(m.getUTCMonth() + 1)}-${pad(m.getUTCDate())}`;
  const time = m.getUTCHours() || m.getUTCMinutes() ? ` ${pad(m.getUTCHours())}:${pad(m.getUTCMinutes())}` : '';
  return { text: day + time, flag: 'date' };
}

/** Any cell value a reader gives, as text. */
function toCell(v: unknown): Cell {
  if (v === null || v === undefined) return EMPTY;
  if (typeof v === 'string') return textCell(v);
  if (typeof v === 'number') return numberCell(v);
  if (typeof v === 'boolean') return { text: v ? 'TRUE' : 'FALSE' };
  if (v instanceof Date) return dateCell(v);
  return textCell(String(v));
}

/**
 * A sheet put together row by row, keeping only what is read. The header is the first non-empty row;
 * of the rows under it, only the cells of columns whose header names one of ours (columns.ts) are
 * kept, and only the first `IMPORT_MAX_ROWS` rows: past them the rows are only counted, so the person
 * is told how many the file has. Memory is bounded by what the page uses, whatever the file declares.
 * Empty rows are left out but keep their numbers.
 */
class SheetBuilder {
  /** The header's names: the columns read first, in sheet order, then the others (named, not read). */
  private header: string[] | undefined;
  /** Where each column read is in the file (0-based), in the order of `header`. */
  private keep = new Map<number, number>();
  private rows: RawSheet['rows'] = [];
  private count = 0;

  /** A row of the file (`row` 1-based) as its non-empty cells: [column index (0-based), value]. */
  add(row: number, values: Iterable<[number, unknown]>) {
    const cells: [number, Cell][] = [];
    for (const [i, v] of values) {
      const cell = toCell(v);
      if (cell.text !== '') cells.push([i, cell]);
    }
    if (cells.length === 0) return;
    if (!this.header) {
      const known: string[] = [];
      const others: string[] = [];
      for (const [i, c] of cells) {
        if (columnOf(c.text)) {
          this.keep.set(i, known.length);
          known.push(c.text);
        } else others.push(c.text);
      }
      this.header = [...known, ...others];
      return;
    }
    this.count++;
    // Past the limit only the count goes on.
    if (this.count > IMPORT_MAX_ROWS) return;
    const texts = new Array<string>(this.keep.size).fill('');
    const flags = new Array<CellFlag | undefined>(this.keep.size).fill(undefined);
    for (const [i, c] of cells) {
      const at = this.keep.get(i);
      if (at === undefined) continue;
      texts[at] = c.text;
      flags[at] = c.flag;
    }
    this.rows.push({ row, cells: texts, flags });
  }

  /** The sheet; a header with no rows under it is `empty`: there is nothing to import. */
  done(encoding?: RawSheet['encoding']): ReadResult {
    if (this.count > IMPORT_MAX_ROWS) return { ok: false, problem: { kind: 'too_many_rows', rows: this.count, limit: IMPORT_MAX_ROWS } };
    if (!this.header || this.count === 0) return { ok: false, problem: { kind: 'empty' } };
    const sheet: RawSheet = { header: this.header, rows: this.rows };
    if (encoding) sheet.encoding = encoding;
    return { ok: true, sheet };
  }
}

/** Rows of cells in sheet order (index 0 is row 1), as a sheet. */
function toSheet(matrix: unknown[][], encoding?: RawSheet['encoding']): ReadResult {
  const b = new SheetBuilder();
  matrix.forEach((r, i) => b.add(i + 1, r.entries()));
  return b.done(encoding);
}

/** CSV or tab-separated text as rows of strings; the delimiter is guessed (comma, tab or semicolon). */
async function parseDelimited(text: string): Promise<string[][]> {
  const Papa = (await import('papaparse')).default;
  // Guessed on the first rows without the empty ones (a trailing blank line would spoil papaparse's
  // guess), then the whole text is read with its empty rows, which keep the row numbers true.
  const { delimiter } = Papa.parse<string[]>(text, { delimitersToGuess: [',', '\t', ';'], skipEmptyLines: 'greedy', preview: 10 }).meta;
  return Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false }).data;
}

/**
 * A CSV file's text. A UTF-8 BOM is dropped; a UTF-16 BOM (Excel's "Unicode text") is honoured;
 * bytes that are not UTF-8 are read as GB18030, a superset of the GBK that Chinese Excel saves CSV in.
 */
function decode(bytes: Uint8Array): { text: string; encoding: NonNullable<RawSheet['encoding']> } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
  else if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  else if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('gb18030').decode(bytes), encoding: 'gb18030' };
  }
}

const KINDS: Record<string, 'xlsx' | 'csv'> = { xlsx: 'xlsx', csv: 'csv', txt: 'csv', tsv: 'csv' };

/**
 * Most bytes the parts of an .xlsx that are read (the workbook, its first sheet, shared strings and
 * styles) may inflate to, together. An .xlsx is a zip: a 400 kB file can inflate to gigabytes. A sheet
 * of 5,000 rows is a few MB; a 10 MB file of sheet text alone inflates to about 20–60 MB.
 */
export const XLSX_MAX_INFLATED = 64 * 1024 * 1024;

/**
 * No row of an .xlsx sheet past this one is read (twice the rows read, for title rows, blank rows and
 * rows only formatted): a sheet that declares a range reaching past it, or has a non-empty cell past
 * it, is refused at once. Nothing between is kept but the non-empty rows (see `SheetBuilder`).
 */
export const XLSX_MAX_ROW = 2 * IMPORT_MAX_ROWS;

/**
 * Whether bytes read as text are text: not a zip (an .xlsx renamed), no NUL byte (UTF-16 comes with
 * its byte-order mark, handled before this), and almost no other control characters. GBK and UTF-8
 * text has none of them; a binary file has them everywhere.
 */
export function looksLikeText(bytes: Uint8Array): boolean {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return false;
  const head = bytes.subarray(0, 65_536);
  let control = 0;
  for (const b of head) {
    if (b === 0) return false;
    // Tab, line feed, form feed, carriage return and Excel's end-of-file mark are text.
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d && b !== 0x1a) control++;
  }
  return control <= head.length / 200;
}

/**
 * A chosen file as a sheet: an .xlsx (its first worksheet, read by xlsx.ts), or a .csv, .txt or .tsv file (comma, tab
 * or semicolon separated, UTF-8 or GBK). The size is checked before anything is read.
 */
export async function readSheetFile(file: Blob & { name: string }): Promise<ReadResult> {
  const ext = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const kind = KINDS[ext];
  if (!kind) return { ok: false, problem: { kind: 'unsupported', name: file.name } };
  if (file.size > IMPORT_MAX_BYTES) return { ok: false, problem: { kind: 'too_large', limit: IMPORT_MAX_BYTES } };
  if (file.size === 0) return { ok: false, problem: { kind: 'empty' } };
  if (kind === 'xlsx') {
    const { readFirstSheet, XlsxError } = await import('./xlsx');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const b = new SheetBuilder();
    try {
      readFirstSheet(bytes, { maxInflated: XLSX_MAX_INFLATED, maxRow: XLSX_MAX_ROW }, (row, cells) =>
        b.add(
          row,
          cells.map(([col, v]): [number, unknown] => [col - 1, v]),
        ),
      );
    } catch (e) {
      return { ok: false, problem: e instanceof XlsxError ? e.problem : { kind: 'unreadable' } };
    }
    return b.done();
  }
  let text: string;
  let encoding: NonNullable<RawSheet['encoding']>;
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
    if (!utf16 && !looksLikeText(bytes)) return { ok: false, problem: { kind: 'notText', name: file.name } };
    ({ text, encoding } = decode(bytes));
  } catch {
    return { ok: false, problem: { kind: 'unreadable' } };
  }
  return toSheet(await parseDelimited(text), encoding);
}

/**
 * Text pasted from Excel (tab-separated) or CSV text, as a sheet:
 * `readPastedText(text): Promise<…>`, async because the CSV parser is loaded on first use.
 */
export async function readPastedText(text: string): Promise<ReadResult> {
  // A UTF-16 unit is 1 to 3 bytes in UTF-8: only text near the limit is measured.
  const big =
    text.length > IMPORT_MAX_BYTES || (text.length * 3 > IMPORT_MAX_BYTES && new TextEncoder().encode(text).length > IMPORT_MAX_BYTES);
  if (big) return { ok: false, problem: { kind: 'too_large', limit: IMPORT_MAX_BYTES } };
  if (!text.trim()) return { ok: false, problem: { kind: 'empty' } };
  return toSheet(await parseDelimited(text.replace(/^\uFEFF/, '')));
}
