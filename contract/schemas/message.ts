import { z } from 'zod';
import { unixMillis, unixSeconds } from '../units';

/** The 13 kinds of the interface document plus `goods.storage.delete` (upstream-api.md §8.3). */
export const MESSAGE_TYPES = [
  'order.cancel',
  'goods.undercarriage',
  'order.success',
  'afterSale.agree',
  'goods.on.sale',
  'order.delivered',
  'afterSale.refuse',
  'goods.alter',
  'order.delivery',
  'afterSale.success',
  'goods.price.alter',
  'goods.storage.add',
  'goods.storage.remove',
  'goods.storage.delete',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const goodsMessageData = z.looseObject({ goodsIds: z.array(z.number().int()) });
export const orderMessageData = z.looseObject({ orderSn: z.string(), sku: z.union([z.string(), z.number()]) });
export const afterSaleMessageData = z.looseObject({
  afterSaleId: z.number().int(),
  orderSn: z.string(),
  sku: z.union([z.string(), z.number()]),
});

/** Envelope of a pushed message; `push_time` (D) and `pushTime` (J) are both accepted. */
export const pushedMessage = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  type: z.string().trim(),
  data: z.looseObject({}),
  push_time: unixMillis.optional(),
  pushTime: unixMillis.optional(),
  appID: z.number().int().optional(),
  times: z.number().int().optional(),
  createTime: unixSeconds.optional(),
  url: z.string().optional(),
});
export type PushedMessage = z.infer<typeof pushedMessage>;

/** What a receiver answers to acknowledge a message. */
export const MESSAGE_ACK = { code: 1 } as const;
