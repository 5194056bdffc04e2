import type { AfterSaleRecord, InboxMessage, Order, SearchGoods } from '../../../contract';

export const GROUPS = ['recent', 'searches', 'pages', 'actions', 'orders', 'afterSales', 'goods', 'messages'] as const;
export type PaletteGroup = (typeof GROUPS)[number];

/** Where a record opens over a list: the address parameter, the pages that draw it, else this list. */
export interface DrawerTarget {
  param: string;
  value: string;
  hosts: string[];
  fallback: string;
}

/** One line of the palette. */
export interface PaletteItem {
  key: string;
  group: PaletteGroup;
  label: string;
  detail?: string;
  /** Enter goes here. */
  to?: string;
  /** Ctrl+Enter opens it here instead: over the current list when that list draws it. */
  drawer?: DrawerTarget;
  /** A command. */
  run?: () => void;
  /** A recent search: it is typed again. */
  query?: string;
}

/** A record kept among the recently opened (what is needed to show and open it again). */
export type RecentItem = Pick<PaletteItem, 'key' | 'label' | 'detail' | 'to' | 'drawer'>;

export const ORDER_DRAWER = { param: 'order', hosts: ['/orders', '/orders/failed'], fallback: '/orders' };
export const AFTER_SALE_DRAWER = { param: 'afterSale', hosts: ['/after-sale', '/queue'], fallback: '/after-sale' };
export const GOODS_DRAWER = { param: 'goods', hosts: ['/catalogue', '/library', '/groups'], fallback: '/catalogue' };

/**
 * The address that opens `item` in its drawer from `location`: the current list with the record's
 * parameter when this list draws that drawer, else the list that does.
 */
export function drawerAddress(d: DrawerTarget, location: { pathname: string; search: string }): string {
  const here = d.hosts.includes(location.pathname);
  const params = new URLSearchParams(here ? location.search : '');
  params.set(d.param, d.value);
  return `${here ? location.pathname : d.fallback}?${params.toString()}`;
}

export const orderTargets = (o: Order) => ({
  to: `/orders/${encodeURIComponent(o.sn)}`,
  drawer: { ...ORDER_DRAWER, value: o.sn },
});
export const afterSaleTargets = (r: AfterSaleRecord) => ({
  to: `/after-sale/${r.id}`,
  drawer: { ...AFTER_SALE_DRAWER, value: String(r.id) },
});
export const goodsTargets = (g: SearchGoods) => ({
  to: `/catalogue/goods/${g.id}`,
  drawer: { ...GOODS_DRAWER, value: String(g.id) },
});
/** A message opens what it is about: its order, its after-sale record, else the inbox of its group. */
export function messageTargets(m: InboxMessage) {
  const sn = m.refs?.order?.sn;
  if (m.refs?.afterSale) return afterSaleTargets({ id: m.refs.afterSale.id } as AfterSaleRecord);
  if (sn) return orderTargets({ sn } as Order);
  return { to: `/messages?group=${m.group === 'unknown' ? '' : m.group}` };
}
