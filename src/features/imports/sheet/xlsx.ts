import { unzipSync } from 'fflate';

/**
 * The first worksheet of an .xlsx file, read row by row with bounded memory. An .xlsx is a zip of XML
 * parts; this reads only the parts a sheet needs (the workbook, its relations, the shared strings, the
 * styles and the first sheet), with fflate's synchronous inflate: its asynchronous one starts a Worker
 * of its own from a `blob:` URL for parts over 512 kB, which the page's Content-Security-Policy refuses
 * without a word. A general reader (read-excel-file) builds the whole sheet as a grid from its cells'
 * addresses, so one cell at XFD1048576 asks for a billion cells; here only non-empty rows are handed
 * on, as (column, value) pairs, and the caller keeps what it reads.
 */

/** A cell's value as the sheet holds it: text, a number, a boolean, or a date (its wall time as UTC). */
export type XlsxValue = string | number | boolean | Date;

/** Why a workbook was not read. */
export type XlsxProblem =
  /** Not a zip, or a zip without a workbook and its first sheet. */
  | { kind: 'unreadable' }
  /** The parts that would be read inflate (by the zip's own declared sizes) past `limit`. */
  | { kind: 'bomb'; bytes: number; limit: number }
  /** The sheet declares, or has a non-empty cell, past row `limit`: `cell` is where (A1 style). */
  | { kind: 'too_far'; row: number; cell: string; limit: number };

export class XlsxError extends Error {
  constructor(readonly problem: XlsxProblem) {
    super(problem.kind);
  }
}

const unreadable = () => new XlsxError({ kind: 'unreadable' });

/** Any element, with or without a namespace prefix (`<c>`, `<x:c>`, `</row>`, `<v/>`): closing slash, local name, attributes. */
const TAG = /<(\/?)(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTR = /(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function attrs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(ATTR)) out[m[1]!] = unescapeXml(m[2] ?? m[3] ?? '');
  return out;
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML's character references, then Excel's own `_xHHHH_` escapes (`_x000D_` a carriage return, `_x005F_` an underscore). */
export function unescapeXml(s: string): string {
  if (s.includes('&'))
    s = s.replace(/&(?:#(\d+)|#x([0-9a-fA-F]+)|(lt|gt|amp|quot|apos));/g, (m, dec?: string, hex?: string, name?: string) => {
      if (name) return NAMED[name]!;
      const code = dec ? Number(dec) : parseInt(hex!, 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : m;
    });
  if (s.includes('_x')) s = s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return s;
}

/** Text inside a `<t>` that came as CDATA is taken as it stands. */
function textOf(raw: string): string {
  return raw.startsWith('<![CDATA[') ? raw.slice(9, raw.endsWith(']]>') ? -3 : undefined) : unescapeXml(raw);
}

/** "B12" as [row 12, column 2] (1-based); a reference that is not one gives null. */
export function cellRef(ref: string): [number, number] | null {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(ref);
  if (!m) return null;
  let col = 0;
  for (const ch of m[1]!.toUpperCase()) col = col * 26 + ch.charCodeAt(0) - 64;
  return [Number(m[2]), col];
}

/** Column 2 as "B", 16384 as "XFD". */
export function columnLetters(col: number): string {
  let s = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

function decode(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

/** A path inside the zip from a relation's target, relative to the part that names it. */
function resolve(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const p of target.split('/')) {
    if (p === '..') parts.pop();
    else if (p !== '.' && p !== '') parts.push(p);
  }
  return parts.join('/');
}

const relsOf = (part: string) => {
  const i = part.lastIndexOf('/');
  return `${part.slice(0, i + 1)}_rels/${part.slice(i + 1)}.rels`;
};

function relations(xml: string | undefined, base: string): { id: string; type: string; path: string }[] {
  if (!xml) return [];
  const out: { id: string; type: string; path: string }[] = [];
  for (const m of xml.matchAll(TAG)) {
    if (m[1] || m[2] !== 'Relationship') continue;
    const a = attrs(m[3]!);
    if (a.Id && a.Target && a.TargetMode !== 'External') out.push({ id: a.Id, type: a.Type ?? '', path: resolve(base, a.Target) });
  }
  return out;
}

/** Number formats that Excel builds in and that show a date or a time (27–36 and 50–58 are the Chinese, Japanese and Korean ones). */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58,
]);

/** Whether a number format's code shows a date or a time: y, m, d, h or s outside quotes, escapes, brackets and fill marks. */
export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/[_*]./g, '')
    .replace(/\[[^\]]*\]/g, '');
  return /[ymdhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** Which cell styles (by index) show numbers as dates. */
function dateStyles(xml: string | undefined): boolean[] {
  if (!xml) return [];
  const custom = new Map<number, string>();
  const out: boolean[] = [];
  let inXfs = false;
  for (const m of xml.matchAll(TAG)) {
    const [, closing, name, rest] = m;
    if (name === 'numFmt' && !closing) {
      const a = attrs(rest!);
      custom.set(Number(a.numFmtId), a.formatCode ?? '');
    } else if (name === 'cellXfs') inXfs = !closing && !rest!.trimEnd().endsWith('/');
    else if (name === 'xf' && inXfs && !closing) {
      const id = Number(attrs(rest!).numFmtId ?? 0);
      const code = custom.get(id);
      out.push(code !== undefined ? isDateFormat(code) : DATE_FORMAT_IDS.has(id));
    }
  }
  return out;
}

/** The shared strings table: each `<si>`'s text runs (phonetic runs left out). */
function sharedStrings(xml: string | undefined): string[] {
  if (!xml) return [];
  const out: string[] = [];
  let cur: string | null = null;
  let textFrom = -1;
  let phonetic = false;
  for (const m of xml.matchAll(TAG)) {
    const [whole, closing, name, rest] = m;
    const selfClosing = rest!.trimEnd().endsWith('/');
    if (name === 'si') {
      if (closing) {
        out.push(cur ?? '');
        cur = null;
      } else if (selfClosing) out.push('');
      else cur = '';
    } else if (name === 'rPh') phonetic = !closing && !selfClosing;
    else if (name === 't' && cur !== null && !phonetic) {
      if (!closing && !selfClosing) textFrom = m.index + whole.length;
      else if (closing && textFrom >= 0) {
        cur += textOf(xml.slice(textFrom, m.index));
        textFrom = -1;
      }
    }
  }
  return out;
}

/** Serial day number (Excel's way of keeping dates) as a Date of the same wall time in UTC. */
function serialDate(serial: number, epoch1904: boolean): Date {
  // The 1900 system counts a 29 February 1900 that never was: days before it are one off.
  const days = epoch1904 ? serial + 1462 : serial < 60 ? serial + 1 : serial;
  return new Date(Math.round((days - 25569) * 86_400_000));
}

export interface XlsxLimits {
  /** Most bytes the parts read may inflate to, together (by the zip's declared sizes). */
  maxInflated: number;
  /** No row past this one is read: a sheet that declares one, or has a non-empty cell in one, is refused. */
  maxRow: number;
}

/**
 * Reads the first worksheet of an .xlsx file: `onRow(row, cells)` is called for every row that has a
 * non-empty cell, in sheet order, with the row's number and its non-empty cells as [column, value]
 * (1-based column, left to right). Throws `XlsxError`.
 */
export function readFirstSheet(bytes: Uint8Array, limits: XlsxLimits, onRow: (row: number, cells: [number, XlsxValue][]) => void): void {
  // The zip's directory, without inflating anything: every entry's name and declared size.
  const sizes = new Map<string, number>();
  const byLowerName = new Map<string, string>();
  try {
    unzipSync(bytes, {
      filter: (f) => {
        sizes.set(f.name, f.originalSize);
        byLowerName.set(f.name.toLowerCase(), f.name);
        return false;
      },
    });
  } catch {
    throw unreadable();
  }
  const entry = (path: string) => (sizes.has(path) ? path : byLowerName.get(path.toLowerCase()));
  let declared = 0;
  /** Inflates these parts (those that exist), after adding their declared sizes to what is read. */
  const inflate = (paths: (string | undefined)[]): Record<string, string> => {
    const names = new Set(paths.map((p) => p && entry(p)).filter((p): p is string => !!p));
    for (const n of names) declared += sizes.get(n)!;
    if (declared > limits.maxInflated) throw new XlsxError({ kind: 'bomb', bytes: declared, limit: limits.maxInflated });
    let files: Record<string, Uint8Array>;
    try {
      files = unzipSync(bytes, { filter: (f) => names.has(f.name) });
    } catch {
      throw unreadable();
    }
    const out: Record<string, string> = {};
    for (const p of paths) {
      const n = p && entry(p);
      if (p && n && files[n]) out[p] = decode(files[n]);
    }
    return out;
  };

  // The workbook (where the package's relations say, or where Excel puts it), and its relations.
  const root = inflate(['_rels/.rels'])['_rels/.rels'];
  const workbookPath = relations(root, '').find((r) => r.type.endsWith('/officeDocument'))?.path ?? 'xl/workbook.xml';
  const book = inflate([workbookPath, relsOf(workbookPath)]);
  const workbook = book[workbookPath];
  if (!workbook) throw unreadable();
  const rels = relations(book[relsOf(workbookPath)], workbookPath);
  let epoch1904 = false;
  let firstSheetId: string | undefined;
  for (const m of workbook.matchAll(TAG)) {
    if (m[1]) continue;
    if (m[2] === 'workbookPr') epoch1904 = /^(1|true)$/.test(attrs(m[3]!).date1904 ?? '');
    if (m[2] === 'sheet') {
      firstSheetId = attrs(m[3]!).id;
      break;
    }
  }
  const sheetPath = rels.find((r) => r.id === firstSheetId)?.path;
  if (!sheetPath) throw unreadable();
  const stringsPath = rels.find((r) => r.type.endsWith('/sharedStrings'))?.path ?? resolve(workbookPath, 'sharedStrings.xml');
  const stylesPath = rels.find((r) => r.type.endsWith('/styles'))?.path ?? resolve(workbookPath, 'styles.xml');
  const parts = inflate([sheetPath, stringsPath, stylesPath]);
  const sheet = parts[sheetPath];
  if (sheet === undefined) throw unreadable();

  // Before any row: a sheet whose declared range reaches past the rows read is refused at once.
  const dim = /<(?:[A-Za-z_][\w.-]*:)?dimension\b[^>]*?\bref\s*=\s*["']([^"']*)["']/.exec(
    sheet.slice(0, sheet.search(/<(?:[A-Za-z_][\w.-]*:)?sheetData\b/) >>> 0),
  );
  const end = dim?.[1]?.split(':').at(-1);
  const far = end ? cellRef(end) : null;
  if (far && far[0] > limits.maxRow)
    throw new XlsxError({ kind: 'too_far', row: far[0], cell: end!.replace(/\$/g, '').toUpperCase(), limit: limits.maxRow });

  const strings = sharedStrings(parts[stringsPath]);
  const dates = dateStyles(parts[stylesPath]);

  let inData = false;
  let rowNumber = 0;
  /** Whether the row being read said its number (else its first cell's reference does, or it follows the one before). */
  let numbered = false;
  let cells: [number, XlsxValue][] | null = null;
  let lastCol = 0;
  // The cell being read.
  let c: { col: number; t: string; s: number; v?: string; is?: string } | null = null;
  let textFrom = -1;
  let inIs = false;
  let phonetic = false;

  const endRow = () => {
    if (cells && cells.length) {
      if (rowNumber > limits.maxRow) {
        const [col] = cells[0]!;
        throw new XlsxError({ kind: 'too_far', row: rowNumber, cell: `${columnLetters(col)}${rowNumber}`, limit: limits.maxRow });
      }
      onRow(rowNumber, cells);
    }
    cells = null;
  };
  const endCell = () => {
    if (!c) return;
    const value = cellValue(c);
    if (cells && value !== null && !(typeof value === 'string' && value.trim() === '')) cells.push([c.col, value]);
    c = null;
  };
  const cellValue = ({ t, s, v, is }: NonNullable<typeof c>): XlsxValue | null => {
    switch (t) {
      case 's': {
        const i = Number(v);
        return Number.isInteger(i) ? (strings[i] ?? null) : null;
      }
      case 'inlineStr':
        return is ?? (v !== undefined ? unescapeXml(v) : null);
      case 'str':
        return v !== undefined ? unescapeXml(v) : null;
      case 'b':
        return v === undefined || v === '' ? null : v.trim() === '1' || v.trim().toLowerCase() === 'true';
      case 'e':
        return null;
      case 'd': {
        if (!v) return null;
        const d = new Date(/(?:Z|[+-]\d\d:?\d\d)$/i.test(v) ? v : `${v}Z`);
        return Number.isNaN(d.getTime()) ? unescapeXml(v) : d;
      }
      default: {
        if (v === undefined || v.trim() === '') return null;
        const n = Number(v);
        if (!Number.isFinite(n)) return unescapeXml(v);
        return dates[s] ? serialDate(n, epoch1904) : n;
      }
    }
  };

  for (const m of sheet.matchAll(TAG)) {
    const [whole, closing, name, rest] = m;
    if (name === 'sheetData') {
      inData = !closing && !rest!.trimEnd().endsWith('/');
      continue;
    }
    if (!inData) continue;
    const selfClosing = !closing && rest!.trimEnd().endsWith('/');
    switch (name) {
      case 'row':
        if (closing) endRow();
        else {
          endRow();
          const r = Number(attrs(rest!).r);
          numbered = Number.isInteger(r) && r > 0;
          rowNumber = numbered ? r : rowNumber + 1;
          lastCol = 0;
          cells = [];
          if (selfClosing) endRow();
        }
        break;
      case 'c':
        if (closing) endCell();
        else {
          endCell();
          const a = attrs(rest!);
          const ref = a.r ? cellRef(a.r) : null;
          // A cell names its row too; one that does not is in the row around it, next to the cell before.
          if (!cells) break;
          if (ref && !numbered && lastCol === 0) rowNumber = ref[0];
          const col = ref ? ref[1] : lastCol + 1;
          lastCol = col;
          c = { col, t: a.t ?? 'n', s: Number(a.s ?? 0) };
          if (selfClosing) endCell();
        }
        break;
      case 'v':
        if (!c) break;
        if (selfClosing) c.v = '';
        else if (!closing) textFrom = m.index + whole.length;
        else if (textFrom >= 0) {
          c.v = sheet.slice(textFrom, m.index);
          textFrom = -1;
        }
        break;
      case 'is':
        if (!c) break;
        inIs = !closing && !selfClosing;
        if (!closing) c.is = '';
        break;
      case 'rPh':
        phonetic = !closing && !selfClosing;
        break;
      case 't':
        if (!c || !inIs || phonetic) break;
        if (!closing && !selfClosing) textFrom = m.index + whole.length;
        else if (closing && textFrom >= 0) {
          c.is = (c.is ?? '') + textOf(sheet.slice(textFrom, m.index));
          textFrom = -1;
        }
        break;
    }
  }
  endCell();
  endRow();
}
