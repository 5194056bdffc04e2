import type { DB } from '../lib/db';

/**
 * An order's status from its children's (cancelled children do not count; all cancelled: closed).
 * An unpaid (0) or closed (5) order keeps its status.
 */
export function refreshOrderStatus(db: DB, orderId: number): void {
  const rows = db.prepare('SELECT goods_status FROM order_children WHERE order_id = ?').all(orderId) as { goods_status: number }[];
  const live = rows.filter((r) => r.goods_status !== 1);
  let status = 1;
  if (live.length === 0) status = 5;
  else if (live.every((r) => r.goods_status === 5)) status = 4;
  else if (live.every((r) => r.goods_status >= 3)) status = 3;
  else if (live.some((r) => r.goods_status >= 3)) status = 2;
  db.prepare('UPDATE orders SET status = ? WHERE id = ? AND status NOT IN (0, 5)').run(status, orderId);
}

/** The merchant order number of an order. */
export const merchantSn = (db: DB, orderId: number): string =>
  (db.prepare('SELECT third_sn FROM orders WHERE id = ?').get(orderId) as { third_sn: string }).third_sn;
