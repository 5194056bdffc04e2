import { z } from 'zod';
import { fen, unixSeconds } from '../units';
import { addressOut } from './common';

export const shopInfo = z.looseObject({
  name: z.string(),
  companyName: z.string().optional(),
  contactName: z.string().optional(),
  mobile: z.string().optional(),
  phone: z.string().optional(),
  contactURL: z.string().optional(),
});

/** Third level: one line per spu entry of the submitted order. */
export const goodsLine = z.looseObject({
  sn: z.string(),
  goodsId: z.number().int(),
  sku: z.number().int(),
  skuName: z.string(),
  image: z.string(),
  name: z.string(),
  number: z.number().int(),
  price: fen,
  refundTime: unixSeconds,
  createdTime: unixSeconds,
  payStatus: z.number().int(),
  deliverName: z.string(),
  deliverNo: z.string(),
  /** The interface document calls it `isApply`, the Java SDK `afterSaleStatus`. */
  isApply: z.number().int().optional(),
  afterSaleStatus: z.number().int().optional(),
  isRefund: z.boolean().optional(),
});
export type GoodsLine = z.infer<typeof goodsLine>;

/** Second level: one child per source (and shop). */
export const childOrder = z.looseObject({
  sn: z.string(),
  order_sn: z.string().optional(),
  source: z.number().int(),
  logisticFee: fen,
  goodsFee: fen,
  money: fen.optional(),
  goodsStatus: z.number().int(),
  orderStatus: z.number().int(),
  deliverTime: unixSeconds,
  createdTime: unixSeconds,
  /** Whether a line of the child has been refunded (on the child in the Java samples). */
  isRefund: z.boolean().optional(),
  shopInfo: shopInfo,
  goods: z.array(goodsLine),
});
export type ChildOrder = z.infer<typeof childOrder>;

export const order = z.looseObject({
  id: z.number().int(),
  sn: z.string(),
  thirdSn: z.string(),
  logisticFee: fen,
  goodsFee: fen,
  address: addressOut,
  createdTime: unixSeconds,
  payStatus: z.number().int(),
  checkStatus: z.number().int(),
  status: z.number().int(),
  children: z.array(childOrder),
});
export type Order = z.infer<typeof order>;

export const orderListPage = z.looseObject({
  list: z.array(order),
  hits: z.array(z.string()).optional(),
  total: z.number().int(),
});

export const sourceOrder = childOrder.extend({ thirdSn: z.string(), address: addressOut });
export const sourceOrderPage = z.looseObject({ list: z.array(sourceOrder), total: z.number().int() });

export const orderDetail = z.looseObject({
  orderSn1: z.string(),
  orderSn2: z.string(),
  orderSn3: z.string(),
  source: z.number().int(),
  upstreamOrderSn1: z.string().optional(),
  upstreamOrderSn2: z.string().optional(),
  address: addressOut,
  goods: z.looseObject({
    id: z.number().int(),
    name: z.string(),
    image: z.string(),
    sku: z.number().int(),
    skuName: z.string(),
    Total: z.number().int(),
    price: fen,
  }),
  goodsStatus: z.number().int(),
  deliverTime: unixSeconds,
  deliverName: z.string(),
  deliverNo: z.string(),
  refundTime: unixSeconds,
  afterSaleStatus: z.number().int(),
  shopInfo: shopInfo,
});
export type OrderDetail = z.infer<typeof orderDetail>;

/**
 * availableCheck item. `code` is the source id of the group of lines checked (§12); the interface
 * document spells the key `"code "`, so both are accepted.
 */
export const availabilityItem = z.looseObject({
  code: z.string().optional(),
  'code ': z.string().optional(),
  available: z.array(z.number().int()),
  ban: z.array(z.number().int()),
});
export type AvailabilityItem = z.infer<typeof availabilityItem>;

/** beforeCheck item: freight of a group of skus; unsellable lines carry a reason. */
export const beforeCheckItem = z.looseObject({
  freight: fen,
  skus: z.array(z.number().int()),
  unsellable: z.array(z.looseObject({ sku: z.number().int(), reason: z.string(), price: fen.optional() })).optional(),
});
export type BeforeCheckItem = z.infer<typeof beforeCheckItem>;

export const errorOrder = z.looseObject({
  id: z.number().int(),
  appID: z.number().int().optional(),
  sn: z.string(),
  thirdSn: z.string(),
  params: z.string(),
  createdTime: unixSeconds,
  message: z.string(),
});
export type ErrorOrder = z.infer<typeof errorOrder>;
