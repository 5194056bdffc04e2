import { cashDirection } from '../../../contract/enums/cash-direction';
import { cashType } from '../../../contract/enums/cash-type';
import { MAX_PAGE } from '../../../contract/constants';
import { daySeconds } from '../../lib/time';
import { read, useUrlView } from '../../lib/url-view';
import type { CashFlowFilters } from './api/money';

export const CASH_PAGE_SIZES = [20, 50, 100] as const;

export interface CashFlowView {
  page: number;
  size: number;
  /** A cash-flow type (contract/enums/cash-type) as text, or '' for every type. */
  type: string;
  direction: string;
  from: string;
  to: string;
}

const day = (v: string | null) => (v !== null && daySeconds(v) !== undefined ? v : '');

export function parseCashFlowView(p: URLSearchParams): CashFlowView {
  return {
    page: Math.min(read.int(p, 'page', 1), MAX_PAGE),
    size: read.oneOf(p, 'size', CASH_PAGE_SIZES, 20),
    type: read.oneOf(p, 'type', ['', ...cashType.values.map(String)], ''),
    direction: read.oneOf(p, 'direction', ['', ...cashDirection.values.map(String)], ''),
    from: day(p.get('from')),
    to: day(p.get('to')),
  };
}

export function cashFlowViewToParams(v: CashFlowView): URLSearchParams {
  const p = new URLSearchParams();
  if (v.type) p.set('type', v.type);
  if (v.direction) p.set('direction', v.direction);
  if (v.from) p.set('from', v.from);
  if (v.to) p.set('to', v.to);
  if (v.size !== 20) p.set('size', String(v.size));
  if (v.page !== 1) p.set('page', String(v.page));
  return p;
}

/** Days become the first and last second of the day in the person's zone. */
export function cashFlowViewToFilters(v: CashFlowView): CashFlowFilters {
  const startTime = daySeconds(v.from);
  const endTime = daySeconds(v.to, true);
  return {
    page: v.page,
    limit: v.size,
    ...(v.type ? { type: Number(v.type) } : {}),
    ...(v.direction ? { direction: Number(v.direction) } : {}),
    ...(startTime !== undefined ? { startTime } : {}),
    ...(endTime !== undefined ? { endTime } : {}),
  };
}

export const useCashFlowView = () => useUrlView(parseCashFlowView, cashFlowViewToParams);
