import { z } from 'zod';
import { unixMillis, unixSeconds } from '../units';
import { groupOf, MESSAGE_GROUPS, type MessageGroupOrUnknown } from '../message-kinds';

export * from '../message-kinds';

/** A sku or an order number may come as a string of digits or a number; kept as a string. */
const skuText = z
  .union([z.string().trim().min(1).max(32), z.number().int().nonnegative()])
  .transform(String)
  .pipe(z.string().regex(/^\d+$/, 'must be a numeric sku'));
const orderSnText = z.string().trim().min(1, 'must not be empty').max(64, 'at most 64 characters');
const positiveId = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^\d{1,18}$/)
    .transform(Number),
]);

export const goodsMessageData = z.looseObject({
  goodsIds: z.array(positiveId).max(1000, 'at most 1000 goods ids'),
});
export const orderMessageData = z.looseObject({ orderSn: orderSnText, sku: skuText });
export const afterSaleMessageData = z.looseObject({
  afterSaleId: positiveId,
  orderSn: orderSnText,
  sku: skuText,
});
export type GoodsMessageData = z.infer<typeof goodsMessageData>;
export type OrderMessageData = z.infer<typeof orderMessageData>;
export type AfterSaleMessageData = z.infer<typeof afterSaleMessageData>;

const DATA_BY_GROUP = { orders: orderMessageData, afterSale: afterSaleMessageData, goods: goodsMessageData } as const;

/** Envelope of a pushed message (§8.2); `push_time` (D) and `pushTime` (J) are both accepted. */
export const pushedMessage = z.looseObject({
  id: z
    .union([z.string().trim(), z.number().int().nonnegative()])
    .transform(String)
    .pipe(z.string().regex(/^\d{1,40}$/, 'must be a string of digits (at most 40)')),
  type: z.string().trim().min(1, 'must name the kind of message').max(64, 'at most 64 characters'),
  data: z.looseObject({}),
  push_time: unixMillis.optional(),
  pushTime: unixMillis.optional(),
  appID: z.union([z.number().int(), z.string().max(64)]).optional(),
  times: z.number().int().nonnegative().optional(),
  createTime: unixSeconds.optional(),
  url: z.string().max(2048).optional(),
});
export type PushedMessage = z.infer<typeof pushedMessage>;

/** A pushed message as the receiver keeps it. */
export interface ReceivedMessage {
  id: string;
  /** The wire type; an unknown kind is kept as it came. */
  type: string;
  group: MessageGroupOrUnknown;
  /** The data, normalised for known kinds (ids as numbers, skus as strings), as it came for unknown ones. */
  data: Record<string, unknown>;
  /** When the upstream pushed it (ms): `push_time`, else `pushTime`, else `createTime`, else null. */
  pushedMs: number | null;
}

export type ParsedPush = { ok: true; message: ReceivedMessage } | { ok: false; field: string; error: string };

/**
 * Checks a pushed body: the envelope, and the data of a known kind. An unknown kind passes with
 * its data as it came (stored as such and acknowledged, so the upstream stops retrying).
 */
export function parsePushedMessage(body: unknown): ParsedPush {
  const env = pushedMessage.safeParse(body);
  if (!env.success) {
    const issue = env.error.issues[0]!;
    return { ok: false, field: issue.path.join('.') || 'body', error: issue.message };
  }
  const m = env.data;
  const group = groupOf(m.type);
  let data: Record<string, unknown> = m.data;
  if (group !== 'unknown') {
    const parsed = DATA_BY_GROUP[group].safeParse(m.data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return { ok: false, field: ['data', ...issue.path].join('.'), error: issue.message };
    }
    data = parsed.data;
  }
  const pushedMs = m.push_time ?? m.pushTime ?? (m.createTime !== undefined ? m.createTime * 1000 : null);
  return { ok: true, message: { id: m.id, type: m.type, group, data, pushedMs } };
}

export const inboxQuerySchema = z
  .object({
    unread: z.enum(['1', '0']).optional(),
    group: z.enum([...MESSAGE_GROUPS, 'unknown']).optional(),
    type: z.string().trim().max(64).optional(),
    from: z.coerce.number().int().nonnegative().optional(),
    to: z.coerce.number().int().nonnegative().optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const markReadSchema = z
  .object({
    ids: z
      .array(z.string().regex(/^\d{1,40}$/))
      .min(1)
      .max(200)
      .optional(),
    all: z.literal(true).optional(),
    read: z.boolean(),
  })
  .strict()
  .refine((v) => !!v.ids !== !!v.all, { message: 'send ids or all, not both', path: ['ids'] });
