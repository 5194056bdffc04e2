import type { AfterSaleRecord, InboxMessage, Order, SearchGoods } from '../../../contract';

export const GROUPS = [
  'recent',
  'searches',
  'pages',
  'actions',
  'phoneOrders',
  'orders',
  'exceptions',
  'afterSales',
  'goods',
  'messages',
] as const;
export type PaletteGroup = (typeof GROUPS)[number];

/** Where a record opens over a list: the address parameter, the pages that draw it, else this list. */
export interface DrawerTarget {
  param: string;
  value: string;
  hosts: string[];
  fallback: string;
}

/**
 * What was typed as the last four digits of a consignee's phone: "1234", or with a word before it
 * ("phone 1234", "tel:1234", "手机 1234", "尾号1234"; full-width digits too). `only`: a word said so,
 * so nothing else is searched.
 */
export function phoneTailOf(typed: string): { tail: string; only: boolean } | undefined {
  const m = /^(?:(phone|tel|mobile|手机尾号|电话尾号|手机号?|电话|尾号)\s*[:：]?\s*)?(\d{4})$/i.exec(typed.normalize('NFKC').trim());
  return m ? { tail: m[2]!, only: m[1] !== undefined } : undefined;
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
