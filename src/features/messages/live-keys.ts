import type { QueryFilters } from '@tanstack/react-query';
import type { InboxMessage } from '../../../contract/message-kinds';

type Filter = Pick<QueryFilters, 'queryKey' | 'predicate'>;

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/**
 * The React Query keys a message touches, and no others (keys of the features' api/ factories:
 * ['orders', …], ['logistic', …], ['afterSale', …], ['catalogue', …], ['selection', …], ['cart', …],
 * ['account', 'balance' | 'cashFlow']). An order message: the order lists, that order, its line, its
 * parcel trace and its after-sale options; an after-sale message: the after-sale lists, that record
 * and its order; a goods message: catalogue, library and group rows and those products.
 */
export function keysTouchedBy(m: Pick<InboxMessage, 'type' | 'group' | 'data' | 'refs'>): Filter[] {
  const out: Filter[] = [];
  if (m.group === 'orders' || m.group === 'afterSale') {
    const thirdSn = str(m.data.orderSn);
    const sku = Number(m.data.sku);
    const order = m.refs?.order;
    out.push(
      { queryKey: ['orders', 'list'] },
      { queryKey: ['orders', 'source'] },
      // Without the platform number every open order detail is read again (the message names only the merchant's).
      { queryKey: order?.sn ? ['orders', 'one', order.sn] : ['orders', 'one'] },
      order?.lineSn
        ? { queryKey: ['orders', 'line', order.lineSn] }
        : order?.sn
          ? { queryKey: ['orders', 'line'], predicate: (q) => str(q.queryKey[2]).startsWith(`${order.sn}_`) }
          : { queryKey: ['orders', 'line'] },
      { queryKey: ['orders', 'find', thirdSn] },
      { queryKey: ['afterSale', 'options', thirdSn, sku] },
    );
    if (m.group === 'orders') out.push({ queryKey: ['logistic', 'trace', thirdSn, sku] });
    // A shipped line is a package to hand to the shop: the shipments lists and the strip's count (not the formats).
    if (m.type === 'order.delivery') out.push({ queryKey: ['shipments', 'list'] }, { queryKey: ['shipments', 'to-shop'] });
    if (m.group === 'afterSale') {
      out.push({ queryKey: ['afterSale', 'list'] }, { queryKey: ['afterSale', 'detail', Number(m.data.afterSaleId)] });
    }
    // Money moves: a cancelled line or a refund paid back.
    if (m.type === 'order.cancel' || m.type === 'afterSale.success') {
      out.push({ queryKey: ['account', 'balance'] }, { queryKey: ['account', 'cashFlow'] });
    }
    return out;
  }
  if (m.group === 'goods') {
    const ids = new Set(Array.isArray(m.data.goodsIds) ? (m.data.goodsIds as unknown[]).map(Number) : []);
    out.push({ queryKey: ['catalogue', 'online'] }, { queryKey: ['selection', 'library'] }, { queryKey: ['selection', 'group-goods'] });
    for (const id of ids) out.push({ queryKey: ['catalogue', 'detail', id] });
    out.push({
      queryKey: ['cart', 'fresh'],
      predicate: (q) => Array.isArray(q.queryKey[2]) && (q.queryKey[2] as unknown[]).some((id) => ids.has(Number(id))),
    });
  }
  return out;
}
