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
