import type { Fen } from '../../contract';

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(locale: string) {
  let f = formatters.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'CNY',
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(locale, f);
  }
  return f;
}

/** The one place fen become yuan for display: 123450 -> "¥1,234.50". */
export function formatFen(fen: Fen | null | undefined, locale = 'zh-CN'): string {
  if (fen === null || fen === undefined || !Number.isFinite(fen)) return '—';
  return formatter(locale).format(fen / 100);
}

/** Form boundary: a yuan amount typed by a person -> integer fen. "12.3" -> 1230. */
export function yuanToFen(yuan: string | number): Fen {
  const n = typeof yuan === 'number' ? yuan : Number(String(yuan).replace(/[,\s¥]/g, ''));
  if (!Number.isFinite(n)) throw new RangeError(`not an amount: ${String(yuan)}`);
  return Math.round(n * 100);
}

// One formatter per language: building an Intl.NumberFormat costs more than a whole table cell (CPU profile of a filter change).
const rateFormatters = new Map<string, Intl.NumberFormat>();

/** A percent rate as the upstream sends it (43.3 -> "43.3%"); the sentinel −2147483648 means none. */
export function formatRate(rate: number | null | undefined, locale = 'zh-CN'): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate) || rate <= -2147483648) return '—';
  let f = rateFormatters.get(locale);
  if (!f) rateFormatters.set(locale, (f = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })));
  return `${f.format(rate)}%`;
}

const countFormatters = new Map<string, Intl.NumberFormat>();

/**
 * A count as the person's language writes it (12345 -> "12,345"). `n.toLocaleString(lang)` gives the
 * same, but builds a formatter on every call, and the first one loads the language's number data:
 * 4-5 ms of the catalogue's first render on a phone (CPU profile), and 40 builds per page of rows.
 */
export function formatCount(n: number, locale = 'zh-CN'): string {
  let f = countFormatters.get(locale);
  if (!f) countFormatters.set(locale, (f = new Intl.NumberFormat(locale)));
  return f.format(n);
}

/** An amount in fen as a plain yuan number for files people open in spreadsheets: 123450 -> "1234.50". */
export function fenToPlainYuan(fen: Fen): string {
  return (fen / 100).toFixed(2);
}
