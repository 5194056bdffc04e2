import type { DB } from '../lib/db';
import { fail } from './errors';
import { meta, type World } from './world';

/** The reseller's prepaid balance at the supplier, in fen. */
export const INITIAL_BALANCE = 2_000_000; // ¥20,000.00

export const balanceOf = (db: DB): number => Number(meta.get(db, 'balance') ?? INITIAL_BALANCE);

export const CASH_TYPE = { orderPayment: 5, orderRefund: 6, afterSaleRefund: 7 } as const;

/** Moves money and writes the cash-flow line, in the caller's transaction. */
export function moveMoney(world: World, opts: { amount: number; direction: 1 | 2; type: number; orderSn: string }): void {
  const before = balanceOf(world.db);
  const after = opts.direction === 1 ? before - opts.amount : before + opts.amount;
  if (after < 0) fail('余额不足');
  meta.set(world.db, 'balance', String(after));
  const now = world.clock.nowSec();
  world.db
    .prepare(
      'INSERT INTO cash_flow (sn, order_sn, direction, money, type, balance_before, balance_after, update_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    )
    .run(
      `CF${now}${Math.floor(Math.random() * 1e6)
        .toString()
        .padStart(6, '0')}`,
      opts.orderSn,
      opts.direction,
      opts.amount,
      opts.type,
      before,
      after,
      now,
    );
}
