/**
 * Plain values of the contract with no schema library behind them, so the browser can import them
 * without pulling zod into the first page.
 */

/** `code` of a successful upstream answer. */
export const SUCCESS_CODE = 1;
/** `code` this project uses (and the sandbox sends) for business and signature failures (upstream-api.md §12). */
export const FAILURE_CODE = 0;

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
