import { z } from 'zod';
import { fen } from '../units';

/**
 * What the buyer paid the shop for an order (issue 53): the shop's sale amount, in fen. Given by a
 * bulk sheet's 实付金额 column (one per order) or by checkout; never sent to the supplier (its
 * order.submit has no such field). The gateway keeps it by the merchant's order number (the shop's
 * order number), beside the order mirror, for the overview's sales, profit and margin.
 */

/** The largest sale amount an order may have: ¥10,000,000.00. */
export const SALE_MAX_FEN = 1_000_000_000;

export const saleAmount = fen
  .nonnegative('sale (what the buyer paid) must not be negative')
  .max(SALE_MAX_FEN, `sale (what the buyer paid) may be at most ${SALE_MAX_FEN} fen (¥10,000,000.00)`)
  .describe('what the buyer paid for the order, fen');

/**
 * `order.submit` as checkout sends it to the gateway: the supplier's input and, beside it, what the
 * buyer paid. The gateway takes `sale` off before it validates and sends the rest.
 */
export const SUBMIT_SALE_FIELD = 'sale';

/**
 * A sale amount cell as a shop's sheet writes it, in yuan: "128", "128.5", "¥1,280.00", "￥128元",
 * "RMB 128", a number cell's "1280.5". Fen, or null when it is not an amount: negative, more than two
 * decimals, thousands separators out of place, words, or over SALE_MAX_FEN. Empty text is undefined
 * (no amount given).
 */
export function parseSaleCell(text: string): number | null | undefined {
  const s = text
    .normalize('NFKC')
    .trim()
    .replace(/^(?:rmb|cny)\s*/i, '')
    .replace(/^¥\s*/, '')
    .replace(/\s*(?:元|yuan|rmb|cny)$/i, '')
    .trim();
  if (s === '') return text.trim() === '' ? undefined : null;
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const fenValue = Number(m[1]!.replace(/,/g, '')) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(fenValue) && fenValue <= SALE_MAX_FEN ? fenValue : null;
}

export type SaleInput = z.infer<typeof saleAmount>;
