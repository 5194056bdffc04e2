import { MAX_PAGE } from '../../../contract/constants';
import { read, useUrlView } from '../../lib/url-view';
import { daySeconds } from '../../lib/time';
import type { OrderSearch, SourceOrderFilters } from './api/queries';

/** order.list and order.sourceList take at most 100 rows a page. */
export const ORDER_PAGE_SIZES = [20, 50, 100] as const;

/** The order list's search, tab and page, kept in the URL so a search can be reloaded, shared and saved. */
export interface OrdersView {
  page: number;
  size: number;
  /** 0: every order (order.list); a channel id: that channel's child orders (order.sourceList). */
  tab: number;
  /** Created-time range as days in the person's zone ("2026-11-22"), inclusive. */
  from: string;
  to: string;
  consignee: string;
  phone: string;
  thirdSn: string;
  sn: string;
  goods: string;
}

/** The typed search fields, which settle before they move the URL. */
export const TEXT_FIELDS = ['consignee', 'phone', 'thirdSn', 'sn', 'goods'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

const day = (v: string | null) => (v !== null && daySeconds(v) !== undefined ? v : '');

export function parseOrdersView(p: URLSearchParams): OrdersView {
  return {
    page: Math.min(read.int(p, 'page', 1), MAX_PAGE),
    size: read.oneOf(p, 'size', ORDER_PAGE_SIZES, 20),
    tab: read.int(p, 'tab', 0),
    from: day(p.get('from')),
    to: day(p.get('to')),
    consignee: (p.get('consignee') ?? '').slice(0, 50),
    phone: (p.get('phone') ?? '').slice(0, 20),
    thirdSn: (p.get('third') ?? '').slice(0, 64),
    sn: (p.get('sn') ?? '').slice(0, 64),
    goods: (p.get('goods_name') ?? '').slice(0, 100),
  };
}

export function ordersViewToParams(v: OrdersView): URLSearchParams {
  const p = new URLSearchParams();
  if (v.tab) p.set('tab', String(v.tab));
  if (v.from) p.set('from', v.from);
  if (v.to) p.set('to', v.to);
  if (v.consignee) p.set('consignee', v.consignee);
  if (v.phone) p.set('phone', v.phone);
  if (v.thirdSn) p.set('third', v.thirdSn);
  if (v.sn) p.set('sn', v.sn);
  if (v.goods) p.set('goods_name', v.goods);
  if (v.size !== 20) p.set('size', String(v.size));
  if (v.page !== 1) p.set('page', String(v.page));
  return p;
}

/** A from-day after the to-day is refused before it reaches the URL. */
export const daysValid = (v: { from: string; to: string }) => !v.from || !v.to || v.from <= v.to;

/** The all-platform search: days become Unix seconds of the first and last second in the person's zone. */
export function ordersViewToSearch(v: OrdersView): OrderSearch {
  const from = daySeconds(v.from);
  const to = daySeconds(v.to, true);
  const text = (s: string) => s.trim() || undefined;
  const fields = {
    consignee: text(v.consignee),
    phone: text(v.phone),
    thirdSn: text(v.thirdSn),
    sn: text(v.sn),
    goodsName: text(v.goods),
  };
  return {
    page: v.page,
    limit: v.size,
    ...(from !== undefined || to !== undefined
      ? { createdTime: { ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) } }
      : {}),
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
  };
}

export function ordersViewToSourceFilters(v: OrdersView): SourceOrderFilters {
  return { source: v.tab, page: v.page, limit: v.size };
}

export const useOrdersView = () => useUrlView(parseOrdersView, ordersViewToParams);
