import type { CheckedOrder } from './check';

/**
 * The orders of a checked sheet, not placed yet, that hold goods the goods watch said became at
 * risk since the check (off sale, out of stock, below its minimum after a price change): their
 * prices or state as checked may no longer hold, so the sheet is marked until it is checked again.
 */
export function ordersHoldingGoods(orders: readonly CheckedOrder[], goodsIds: ReadonlySet<number>): CheckedOrder[] {
  if (goodsIds.size === 0) return [];
  return orders.filter(
    (o) => (o.status === 'ready' || o.status === 'fix') && o.lines.some((l) => l.goodsId !== undefined && goodsIds.has(l.goodsId)),
  );
}
