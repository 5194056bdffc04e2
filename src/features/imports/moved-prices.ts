import { SKU_LOOKUP_MAX, type SkuLookupAnswer } from '../../../contract';
import type { CheckedOrder } from './check';

/** A ready order whose goods' agreement price moved since the check, with its goods at the new prices (fen). */
export interface MovedOrder {
  key: string;
  orderSn: string;
  lines: { sku: number; was: number; now: number }[];
  goods: number;
  goodsWas: number;
}

/**
 * The ready orders holding a SKU whose agreement price the gateway's goods mirror now knows to be
 * other than the check's. The check's reads went through the gateway, so the mirror had the check's
 * prices then: a difference is a change since (a price message, a read by anyone). A price the
 * pre-check already moved (`was`) and the mirror still holds as before is not a change.
 */
export function movedPrices(orders: readonly CheckedOrder[], known: SkuLookupAnswer['list']): MovedOrder[] {
  const now = new Map(known.map((k) => [k.sku, k.agreementPrice]));
  const out: MovedOrder[] = [];
  for (const o of orders) {
    const lines = o.lines.flatMap((l) => {
      const p = l.sku === undefined ? undefined : now.get(l.sku);
      return p !== undefined && l.price !== undefined && p !== l.price && p !== l.was ? [{ sku: l.sku!, was: l.price, now: p }] : [];
    });
    if (lines.length === 0) continue;
    const price = new Map(lines.map((l) => [l.sku, l.now]));
    const goods = o.lines.reduce((s, l) => s + (price.get(l.sku!) ?? l.price ?? 0) * l.number, 0);
    out.push({ key: o.key, orderSn: o.orderSn, lines, goods, goodsWas: o.goods });
  }
  return out;
}

/** Asks the goods mirror (`/bff/skus`, in turns of SKU_LOOKUP_MAX) for the ready orders' SKUs; a failed look-up finds nothing moved (the supplier still refuses an old price). */
export async function findMoved(
  orders: readonly CheckedOrder[],
  lookup: (ids: number[]) => Promise<SkuLookupAnswer>,
): Promise<MovedOrder[]> {
  const ids = [...new Set(orders.flatMap((o) => o.lines.flatMap((l) => (l.sku === undefined ? [] : [l.sku]))))];
  const known: SkuLookupAnswer['list'] = [];
  try {
    for (let i = 0; i < ids.length; i += SKU_LOOKUP_MAX) known.push(...(await lookup(ids.slice(i, i + SKU_LOOKUP_MAX))).list);
  } catch {
    return [];
  }
  return movedPrices(orders, known);
}

/** An order as it will be sent at the new prices (the lines that moved, its goods total). */
export function atNewPrices(order: CheckedOrder, moved: MovedOrder | undefined): CheckedOrder {
  if (!moved) return order;
  const price = new Map(moved.lines.map((l) => [l.sku, l.now]));
  return {
    ...order,
    lines: order.lines.map((l) => (l.sku !== undefined && price.has(l.sku) ? { ...l, price: price.get(l.sku) } : l)),
    goods: moved.goods,
  };
}
