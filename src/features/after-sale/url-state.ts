import { read } from '../../lib/url-view';
import type { AfterSaleListFilters } from './api/queries';

export const PAGE_SIZES = [20, 50, 100] as const;

/** The after-sale list as URL state: `order` and `sku` filter (both or neither), `page`, `size`. */
export interface AfterSaleView {
  page: number;
  size: number;
  order: string;
  sku: string;
}

export function parseAfterSaleView(p: URLSearchParams): AfterSaleView {
  const order = (p.get('order') ?? '').trim().slice(0, 64);
  const sku = /^\d{1,12}$/.test(p.get('sku') ?? '') ? p.get('sku')! : '';
  return {
    page: read.int(p, 'page', 1),
    size: read.oneOf(p, 'size', PAGE_SIZES, 20),
    // The operation wants both or neither: half a filter from a hand-edited address is dropped.
    order: order && sku ? order : '',
    sku: order && sku ? sku : '',
  };
}

export function afterSaleViewToParams(v: AfterSaleView, keep?: URLSearchParams): URLSearchParams {
  const p = new URLSearchParams();
  if (v.order && v.sku) {
    p.set('order', v.order);
    p.set('sku', v.sku);
  }
  if (v.size !== 20) p.set('size', String(v.size));
  if (v.page !== 1) p.set('page', String(v.page));
  const open = keep?.get('afterSale');
  if (open) p.set('afterSale', open);
  return p;
}

export const afterSaleViewToFilters = (v: AfterSaleView): AfterSaleListFilters => ({
  page: v.page,
  limit: v.size,
  ...(v.order && v.sku ? { orderSn: v.order, sku: Number(v.sku) } : {}),
});

/**
 * The work queue's filtered list as URL state (`/queue?status=1,2&reason=20006&from=…&to=…&page=&size=`):
 * what the overview's after-sale bars open; or, with `delivered=1`, every delivered order with a request
 * open (`/queue?delivered=1&page=&size=`: what the delivered section's "all" opens; the filters of
 * after-sale records do not apply to it and are dropped). Nonsense from a hand-edited address is dropped.
 */
export interface QueueView {
  delivered: boolean;
  status: number[];
  reason: string;
  from: string;
  to: string;
  page: number;
  size: number;
}
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function parseQueueView(p: URLSearchParams): QueueView {
  const paging = { page: read.int(p, 'page', 1), size: read.oneOf(p, 'size', PAGE_SIZES, 20) };
  if (p.get('delivered') === '1') return { delivered: true, status: [], reason: '', from: '', to: '', ...paging };
  const status = (p.get('status') ?? '')
    .split(',')
    .filter((v) => /^\d{1,3}$/.test(v))
    .map(Number)
    .slice(0, 10);
  const day = (key: string) => (DAY.test(p.get(key) ?? '') ? p.get(key)! : '');
  const reason = (p.get('reason') ?? '').trim().slice(0, 64);
  return { delivered: false, status, reason, from: day('from'), to: day('to'), ...paging };
}

/** Whether the address asks for a filtered list of after-sale records rather than the queue's sections. */
export const isFiltered = (v: QueueView) => !v.delivered && (v.status.length > 0 || v.reason !== '' || v.from !== '' || v.to !== '');

export function queueViewToParams(v: QueueView, keep?: URLSearchParams): URLSearchParams {
  const p = new URLSearchParams();
  if (v.delivered) p.set('delivered', '1');
  else {
    if (v.status.length) p.set('status', v.status.join(','));
    if (v.reason) p.set('reason', v.reason);
    if (v.from) p.set('from', v.from);
    if (v.to) p.set('to', v.to);
  }
  if (v.size !== 20) p.set('size', String(v.size));
  if (v.page !== 1) p.set('page', String(v.page));
  const open = keep?.get('afterSale');
  if (open) p.set('afterSale', open);
  return p;
}

/** The gateway's query for a filtered list (`/bff/queue/after-sales`). */
export function queueViewToQuery(v: QueueView): string {
  // The address leaves out the defaults; the gateway is told both.
  const p = queueViewToParams(v);
  p.set('page', String(v.page));
  p.set('size', String(v.size));
  return p.toString();
}

/** The gateway's query for the delivered orders with a request open (`/bff/queue/delivered`): the page and its size. */
export const queueViewToDeliveredQuery = (v: QueueView): string =>
  new URLSearchParams({ page: String(v.page), size: String(v.size) }).toString();
