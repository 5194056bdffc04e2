import { z } from 'zod';

/**
 * Shipments (`/bff/shipments`, issue 51): every package the supplier shipped (a channel child and a
 * tracking number), read from the order mirror, with when it was handed to the shop — what a shop's
 * batch-shipping sheet is made of (订单号 + 物流公司 + 运单号).
 */

export const SHIPMENT_STATES = ['new', 'exported', 'all'] as const;
export type ShipmentState = (typeof SHIPMENT_STATES)[number];
/** Packages per page at most: the whole of a large download (bench/shipments.ts reads it in ≤ 2 s). */
export const SHIPMENTS_MAX_PAGE = 10_000;
/** Packages one mark may name at most. */
export const SHIPMENTS_MAX_MARK = 10_000;

export const shipmentLine = z.object({ name: z.string(), spec: z.string(), quantity: z.number().int() });
export type ShipmentLine = z.infer<typeof shipmentLine>;

export const shipment = z.object({
  id: z.number().int(),
  /** The merchant's order number: the shop's order number. */
  shopOrderSn: z.string(),
  /** The platform's order number and the channel child's. */
  orderSn: z.string(),
  childSn: z.string(),
  /** The child's source id (`order.sourceList`). */
  channel: z.number().int(),
  /** The supplier's courier code (`logistic.firms`' `sn`, '' until the gateway has read that list) and name. */
  courierCode: z.string(),
  courierName: z.string(),
  trackingNo: z.string(),
  /** Unix seconds. */
  shippedAt: z.number().int(),
  lines: z.array(shipmentLine),
  /** When it was marked handed to the shop (ms), null until then. */
  exportedAt: z.number().int().nullable(),
});
export type Shipment = z.infer<typeof shipment>;

export const shipmentsAnswer = z.object({ list: z.array(shipment), count: z.number().int() });
export type ShipmentsAnswer = z.infer<typeof shipmentsAnswer>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const realDay = (v: string) => {
  if (!DAY.test(v)) return false;
  const t = Date.parse(`${v}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === v;
};
const day = z.string().refine(realDay, { message: 'must be a day written YYYY-MM-DD', params: { rule: 'format' } });
const id = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be 1 or more')
  .max(2 ** 31 - 1, 'is too large');

/** `GET /bff/shipments`: which packages (days by when they shipped, in the reseller's time zone), a page. */
export const shipmentsQuery = z
  .object({
    state: z.enum(SHIPMENT_STATES, { error: `state must be one of ${SHIPMENT_STATES.join(', ')}` }).default('new'),
    from: day.optional(),
    to: day.optional(),
    channel: z.coerce.number({ error: 'channel must be a source id' }).int('channel must be a source id').min(0).max(1_000_000).optional(),
    job: id.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    size: z.coerce.number().int().min(1).max(SHIPMENTS_MAX_PAGE).default(50),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
    params: { rule: 'range_order' },
  });
export type ShipmentsQuery = z.infer<typeof shipmentsQuery>;

/** `POST /bff/shipments/mark`: these packages handed to the shop (`exported: true`), or that undone. */
export const shipmentsMarkInput = z
  .object({
    ids: z
      .array(id)
      .min(1, 'at least one package')
      .max(SHIPMENTS_MAX_MARK, `at most ${SHIPMENTS_MAX_MARK} packages at once`)
      .refine((ids) => new Set(ids).size === ids.length, 'each package at most once'),
    exported: z.boolean({ error: 'exported must be true or false' }),
  })
  .strict();
export type ShipmentsMarkInput = z.infer<typeof shipmentsMarkInput>;
export const shipmentsMarkAnswer = z.object({ changed: z.number().int() });
export type ShipmentsMarkAnswer = z.infer<typeof shipmentsMarkAnswer>;
