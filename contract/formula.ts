/**
 * Whether a text would be run as a formula by a spreadsheet: it begins with `=`, `+`, `@` or `-` and
 * something follows that is not a plain number (`-5` and `+86 138 0013 8000` are data; a lone `-` is
 * how people write "none"). Shared by the page (a cell so written is a problem to fix) and the gateway
 * (an order carrying one is refused), so no formula is ever sent. No schema library: the page's sheet
 * chunk imports it.
 */
export function looksLikeFormula(text: string): boolean {
  const t = text.trim();
  if (t.length < 2 || !/^[=+@-]/.test(t)) return false;
  if (t[0] === '=' || t[0] === '@') return true;
  return !NUMBER.test(t) && !INTERNATIONAL_PHONE.test(t);
}

/** A number as written by hand: 12, -5, 2.0, .5, 1e3. */
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;
/** A phone written with its country code: +86 138 0013 8000, +86-138-0013-8000. */
const INTERNATIONAL_PHONE = /^\+\d[\d -]*\d$/;

/** What begins a text that a spreadsheet could run as a formula when it is a cell: `=`, `+`, `-`, `@`, a tab or a carriage return. */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** A control character (a line break, a tab, NUL…): never part of a cell's or a code's text. */
export const CONTROL_CHAR = /\p{Cc}/u;

/**
 * Text that a spreadsheet would run as a formula, made plain text for any file written (CSV, xlsx):
 * a leading `'`, as OWASP advises against CSV injection. Stricter than looksLikeFormula on purpose:
 * `-5` gets it too (a rule that cannot be talked round). The page's exports (src/lib/csv.ts) and the
 * gateway's shipping sheets (server/gateway/shipments/sheet.ts) write through it.
 */
export const neutraliseText = (s: string): string => (FORMULA_START.test(s) ? `'${s}` : s);
