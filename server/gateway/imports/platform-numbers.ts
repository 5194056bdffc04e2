import type { Order } from '../../../contract';
import type { GatewayDb } from '../db';

/** Outcomes whose order the supplier holds: each should carry the supplier's number and what it cost. */
const HELD = ['placed', 'already', 'short'] as const;
/** Orders looked up in one go. */
const BATCH = 100;

/** Whether an order the supplier holds still lacks its platform number (its look-up failed). */
export async function hasMissingPlatformNumbers(db: GatewayDb): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('import_orders')
    .select('id')
    .where('state', 'in', HELD)
    .where('platform_sn', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Orders settled as placed (or already there, or kept unpaid) whose look-up by merchant number failed,
 * typically as the gateway stopped (issue 49): read again by that number, and given the supplier's
 * number and amount when it lists them. Under the sender's lock (runner.ts), once per process start
 * and whenever it sends; resolves how many were completed.
 */
export async function fillPlatformNumbers(db: GatewayDb, lookup: (orderSn: string) => Promise<Order | null>): Promise<number> {
  const missing = await db.kysely
    .selectFrom('import_orders')
    .select(['id', 'order_sn'])
    .where('state', 'in', HELD)
    .where('platform_sn', 'is', null)
    .orderBy('id')
    .limit(BATCH)
    .execute();
  let filled = 0;
  for (const o of missing) {
    const order = await lookup(o.order_sn);
    if (!order) continue;
    const done = await db.kysely
      .updateTable('import_orders')
      .set({ platform_sn: order.sn, amount: order.goodsFee + order.logisticFee })
      .where('id', '=', o.id)
      .where('platform_sn', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) > 0) filled++;
  }
  return filled;
}
