import { z } from 'zod';

/**
 * Orders found by the last four digits of the consignee's phone (`GET /bff/orders/by-phone-tail`,
 * issue 52): support's most common question, "my order, phone ending 1234". The order mirror keeps
 * only those four digits of the phone as a searchable column (docs/design.md).
 */

/** Orders per page at most. */
export const PHONE_TAIL_MAX_PAGE = 50;

const whole = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be 1 or more`);

export const phoneTailQuery = z
  .object({
    tail: z
      .string({ error: 'tail is required: the last 4 digits of the consignee’s phone' })
      .regex(/^\d{4}$/, 'tail must be exactly 4 digits: the last 4 of the consignee’s phone'),
    page: whole('page').max(10_000, 'page must be at most 10000').default(1),
    size: whole('size').max(PHONE_TAIL_MAX_PAGE, `size must be at most ${PHONE_TAIL_MAX_PAGE}`).default(10),
  })
  .strict();
export type PhoneTailQuery = z.infer<typeof phoneTailQuery>;

/** One order found: what tells it apart on the phone with the customer, no more. */
export interface PhoneTailOrder {
  /** The platform's order number, and the merchant's (the shop's). */
  sn: string;
  thirdSn: string;
  /** The consignee's name with all but its first character hidden ("张**"). */
  consignee: string;
  /** When it was placed (Unix seconds). */
  createdTime: number;
  /** The order's status (contract/enums orderStatus). */
  status: number;
  /** Goods and freight, fen. */
  total: number;
}

/** `GET /bff/orders/by-phone-tail`: newest first, a page; `count` of all; when the mirror last read orders (ms, shown clock). */
export interface PhoneTailAnswer {
  tail: string;
  list: PhoneTailOrder[];
  count: number;
  page: number;
  size: number;
  readAt: number | null;
}
