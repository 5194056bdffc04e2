import type { Fen } from '../../contract';

const formatters = new Map<string, Intl.NumberFormat>();
/** One Intl.NumberFormat per language and kind, built on first use (building one costs more than using it). */
function numberFormat(locale: string, kind: string, options: Intl.NumberFormatOptions) {
  let f = formatters.get(`${locale}|${kind}`);
  if (!f) formatters.set(`${locale}|${kind}`, (f = new Intl.NumberFormat(locale, options)));
  return f;
}

/** The one place fen become yuan for display: 123450 -> "¥1,234.50". */
export function formatFen(fen: Fen | null | undefined, locale = 'zh-CN'): string {
  if (fen === null || fen === undefined || !Number.isFinite(fen)) return '—';
  return numberFormat(locale, 'money', {
    style: 'currency',
    currency: 'CNY',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(fen / 100);
}

/** Form boundary: a yuan amount typed by a person -> integer fen. "12.3" -> 1230. */
export function yuanToFen(yuan: string | number): Fen {
  const n = typeof yuan === 'number' ? yuan : Number(String(yuan).replace(/[,\s¥]/g, ''));
  if (!Number.isFinite(n)) throw new RangeError(`not an amount: ${String(yuan)}`);
  return Math.round(n * 100);
}

/** A percent rate as the upstream sends it (43.3 -> "43.3%"); the sentinel −2147483648 means none. */
export function formatRate(rate: number | null | undefined, locale = 'zh-CN'): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate) || rate <= -2147483648) return '—';
  return `${numberFormat(locale, 'rate', { maximumFractionDigits: 1 }).format(rate)}%`;
}

/** A count as the person's language writes it (12345 -> "12,345"), as `n.toLocaleString(lang)` does, with one formatter per language. */
export function formatCount(n: number, locale = 'zh-CN'): string {
  return numberFormat(locale, 'count', {}).format(n);
}
