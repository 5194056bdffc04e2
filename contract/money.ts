import type { Fen } from './units';

/**
 * Numbers as the app's two languages write them (the SPA through src/lib/money.ts, and the gateway
 * where it paints a page's first goods, server/first-list.ts: the same characters either way). en and zh-CN both group the digits by three with a
 * comma and write decimals after a point (¥1,234.50, 43.3%, 12,345), so these are written here, not
 * asked of Intl.NumberFormat: the first Intl formatter of a page loads the browser's ICU data, 20-45 ms
 * on one task in Chromium (bench: the catalogue's first load on a phone), for the same characters.
 * Another language goes to Intl. src/lib/money.test.ts checks these against Intl for both languages.
 */
const OWN = new Set(['en', 'zh-CN']);
const intl = new Map<string, Intl.NumberFormat>();
function viaIntl(locale: string, key: string, options: Intl.NumberFormatOptions) {
  let f = intl.get(`${locale}|${key}`);
  if (!f) intl.set(`${locale}|${key}`, (f = new Intl.NumberFormat(locale, options)));
  return f;
}

/** `n` (finite, not huge) with `min` to `max` decimals, digits grouped by three; the sign as Intl gives it ("-0" included). */
function decimal(n: number, min: number, max: number): string {
  // Rounded half away from zero from the shortest decimal that names the number ("9.95", not the
  // 9.9499… a double holds), as ICU rounds: toFixed alone writes 9.95 as "9.9" where Intl writes "10".
  const abs = Math.abs(n);
  const shortest = String(abs);
  let s: string;
  if (shortest.includes('e')) s = abs.toFixed(max);
  else {
    const point = shortest.indexOf('.');
    const whole = point < 0 ? shortest : shortest.slice(0, point);
    const frac = point < 0 ? '' : shortest.slice(point + 1);
    if (frac.length <= max) s = max ? `${whole}.${frac.padEnd(max, '0')}` : whole;
    else {
      let digits = whole + frac.slice(0, max);
      if (frac.charCodeAt(max) >= 53) digits = (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
      s = max ? `${digits.slice(0, digits.length - max) || '0'}.${digits.slice(-max)}` : digits;
    }
  }
  if (max > min) {
    // Optional decimals that are zero go, then a point left alone.
    const keep = s.indexOf('.') + 1 + min;
    let end = s.length;
    while (end > keep && s[end - 1] === '0') end--;
    if (s[end - 1] === '.') end--;
    s = s.slice(0, end);
  }
  const dot = s.indexOf('.');
  const int = dot < 0 ? s : s.slice(0, dot);
  const grouped = int.length > 3 ? int.replace(/\B(?=(\d{3})+$)/g, ',') : int;
  return (n < 0 || Object.is(n, -0) ? '-' : '') + grouped + (dot < 0 ? '' : s.slice(dot));
}
const own = (locale: string, n: number) => OWN.has(locale) && Number.isFinite(n) && Math.abs(n) < 1e15;

/** The one place fen become yuan for display: 123450 -> "¥1,234.50". */
export function formatFen(fen: Fen | null | undefined, locale = 'zh-CN'): string {
  if (fen === null || fen === undefined || !Number.isFinite(fen)) return '—';
  const yuan = fen / 100;
  if (!own(locale, yuan))
    return viaIntl(locale, 'money', {
      style: 'currency',
      currency: 'CNY',
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(yuan);
  const text = decimal(yuan, 2, 2);
  return text.startsWith('-') ? `-¥${text.slice(1)}` : `¥${text}`;
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
  return `${own(locale, rate) ? decimal(rate, 0, 1) : viaIntl(locale, 'rate', { maximumFractionDigits: 1 }).format(rate)}%`;
}

/**
 * A count as the person's language writes it (12345 -> "12,345"), as `n.toLocaleString(lang)` does
 * (up to three decimals), without building a formatter per call (40 per page of rows).
 */
export function formatCount(n: number, locale = 'zh-CN'): string {
  return own(locale, n) ? decimal(n, 0, 3) : viaIntl(locale, 'count', {}).format(n);
}
