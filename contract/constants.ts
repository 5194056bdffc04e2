/**
 * Plain values of the contract with no schema library behind them, so the browser can import them
 * without pulling zod into the first page.
 */

/** `code` of a successful upstream answer. */
export const SUCCESS_CODE = 1;
/** `code` this project uses (and the sandbox sends) for business and signature failures (upstream-api.md §12). */
export const FAILURE_CODE = 0;

/**
 * A mainland phone number for an order address: a mobile (11 digits, 13x–19x) or a landline with
 * its area code (010-12345678, 0571 8888 6666, optionally an extension after "-" or "转").
 */
export const PHONE_PATTERN = /^(?:1[3-9]\d{9}|0\d{2,3}[- ]?\d{7,8}(?:(?:-|转)\d{1,6})?)$/;

/** Upstream list pages beyond this return page 50 again (upstream-api.md §9). */
export const MAX_PAGE = 50;
export const MAX_LIST_LIMIT = 500;

export const RANGE_TYPES = ['agreement_price', 'activity_price', 'guide_price', 'promotion_rate', 'activity_rate'] as const;
export type RangeType = (typeof RANGE_TYPES)[number];
/** Price kinds take yuan, rate kinds take percent (upstream-api.md §12). */
export const rangeUnit = (t: RangeType): 'yuan' | 'percent' => (t.endsWith('_rate') ? 'percent' : 'yuan');

export const SORT_KEYS = [
  'agreement_price',
  'guide_price',
  'activity_price',
  'promotion_rate',
  'activity_rate',
  'created_time',
  'real_month_sale',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** Longest search words (and shop words) the list operations take; forms stop typing there. */
export const SEARCH_WORDS_MAX = 100;

/**
 * The person's language and colour mode, mirrored from the browser's storage into cookies so the
 * gateway can paint the page's header in the HTML it serves, in their language and mode.
 */
export const LANGUAGE_COOKIE = 'sd_lang';
export const THEME_COOKIE = 'sd_mode';
/** The id of the style element the gateway puts a first page's styles in, which the SPA's emotion cache takes in. */
export const FIRST_STYLES_ID = 'first-styles';

/** The screens where the app lays itself out for a phone (below MUI's `sm` breakpoint): the catalogue shows cards there. */
export const PHONE_MEDIA = '(max-width: 599.98px)';
/**
 * The catalogue's list at `/catalogue` with nothing in the address (where a merchant lands): the
 * filters the page sends (src/features/catalogue/url-state.ts, checked by its test). The gateway asks
 * for this list while it sends the page and hands it over in the HTML (server/first-list.ts).
 */
export const CATALOGUE_FIRST_LIST = { page: 1, limit: 20 } as const;
/**
 * The overview at `/overview` with nothing in the address (where a manager lands): its default period,
 * what the page asks for (src/features/overview/period.ts, checked by its test). The gateway asks for
 * it while it sends the page and hands it over in the HTML (server/first-list.ts).
 */
export const OVERVIEW_FIRST_ASK = { period: '7d' } as const;
/** The id of the JSON block the gateway streams a landing's first list (or figures) in, after the page's shell. */
export const FIRST_LIST_ID = 'first-list';
/** The header the gateway names each request by, on every answer (its log line's id; the app shows it under a failure). */
export const REQUEST_ID_HEADER = 'x-request-id';
/** The id of the catalogue's first goods as the HTML paints them on a phone, until React draws its own. */
export const BOOT_GOODS_ID = 'boot-goods';
/** The id of the overview's period line as the HTML paints it on a wide screen, until React draws its own. */
export const BOOT_PERIOD_ID = 'boot-period';

/**
 * The app's language: a saved choice of ours, else the first of the browser's language tags that is
 * ours, else Chinese. The SPA starts in it (src/app/i18n.ts) and the gateway paints a page's header
 * in it (server/shell-page.ts), so both pick the same one.
 */
export function pickLanguage(saved: string | null | undefined, tags: readonly string[]): 'zh-CN' | 'en' {
  if (saved === 'en' || saved === 'zh-CN') return saved;
  for (const tag of tags) {
    const t = tag.toLowerCase();
    if (t.startsWith('zh')) return 'zh-CN';
    if (t.startsWith('en')) return 'en';
  }
  return 'zh-CN';
}

/** A custom overview period spans at most this many days (the gateway refuses more; the page says so first). */
export const OVERVIEW_MAX_DAYS = 366;

/** Bulk orders from a spreadsheet: at most this many data rows in a sheet, and this many bytes in its file. */
export const IMPORT_MAX_ROWS = 5000;
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** The columns a job's row may carry (the sheet's, as the page reads them); nothing else is kept. */
export const IMPORT_COLUMNS = [
  'orderSn',
  'consignee',
  'phone',
  'province',
  'city',
  'area',
  'street',
  'description',
  'product',
  'spec',
  'quantity',
  // What the buyer paid for the order (yuan, optional; issue 53): kept per order as its `sale`.
  'sale',
  'note',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/**
 * Longest text of each column in an order sent (what the supplier takes: the address as in
 * `addressSchema`; order numbers, ids and quantities as their rules allow, with room for spaces).
 */
export const IMPORT_CELL_MAX: Record<ImportColumn, number> = {
  orderSn: 64,
  consignee: 50,
  phone: 30,
  province: 50,
  city: 50,
  area: 50,
  street: 100,
  description: 200,
  product: 20,
  spec: 1000,
  quantity: 40,
  sale: 40,
  note: 1000,
};
/** Longest text of any cell of a row not sent (kept as it was for the results sheet; the page cuts it there). */
export const IMPORT_SKIPPED_CELL_MAX = 1000;
