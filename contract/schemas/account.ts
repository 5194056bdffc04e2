import { z } from 'zod';
import { fen, unixSeconds } from '../units';

export const balance = z.looseObject({ balance: fen });

export const cashFlow = z.looseObject({
  id: z.number().int(),
  sn: z.string(),
  order_sn: z.string(),
  direction: z.union([z.string(), z.number()]),
  money: fen,
  type: z.number().int(),
  balance_before: fen,
  balance_after: fen,
  update_time: unixSeconds,
  appid: z.union([z.string(), z.number()]).optional(),
  pay_type: z.number().int().optional(),
});
export type CashFlow = z.infer<typeof cashFlow>;

export const cashFlowPage = z.looseObject({
  list: z.array(cashFlow),
  total: z.number().int().optional(),
  count: z.number().int().optional(),
});
