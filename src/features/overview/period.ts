import type { OverviewPeriod } from '../../../contract';
import { OVERVIEW_FIRST_ASK } from '../../../contract/constants';

export const PERIODS: OverviewPeriod[] = ['today', '7d', '30d', 'month', 'lastMonth', 'custom'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The period an overview address names (`?period=30d`, `?period=custom&from=…&to=…`), so a view can
 * be reloaded and shared; with none (or one it does not know), the default period the gateway hands
 * over with a manager's landing (OVERVIEW_FIRST_ASK). Days that are not days are left empty.
 */
export function periodOf(params: URLSearchParams): { period: OverviewPeriod; from: string; to: string } {
  const raw = params.get('period') as OverviewPeriod | null;
  return {
    period: raw && PERIODS.includes(raw) ? raw : OVERVIEW_FIRST_ASK.period,
    from: DAY.test(params.get('from') ?? '') ? params.get('from')! : '',
    to: DAY.test(params.get('to') ?? '') ? params.get('to')! : '',
  };
}
