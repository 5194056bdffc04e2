import { z } from 'zod';
import { fen, unixSeconds } from '../units';

export const codeName = z.looseObject({ code: z.string(), name: z.string() });
export type CodeName = z.infer<typeof codeName>;

export const reasonOption = codeName.extend({
  needVoucher: z.boolean(),
  refundCarriage: z.boolean(),
  tip: z.string().optional(),
});
export type ReasonOption = z.infer<typeof reasonOption>;

/** What after-sale the line allows: returned by beforeCheck for one order line. */
export const afterSaleOptions = z.looseObject({
  num: z.number().int(),
  serviceType: z.array(codeName),
  pickType: z.array(codeName),
  packageType: z.array(codeName),
  returnType: z.array(codeName),
  reasonsType: z.array(reasonOption),
});
export type AfterSaleOptions = z.infer<typeof afterSaleOptions>;

export const afterSaleRecord = z.looseObject({
  id: z.number().int(),
  source: z.number().int(),
  orderSn3: z.string(),
  orderSn: z.string(),
  sku: z.number().int(),
  num: z.number().int(),
  goodsFee: fen,
  logisticFee: fen,
  serviceTypeCode: z.string(),
  pickTypeCode: z.string().optional(),
  packageTypeCode: z.string().optional(),
  returnTypeCode: z.string().optional(),
  reasonsTypeCode: z.string(),
  reasonsDescription: z.string(),
  vouchers: z.array(z.string()).optional(),
  /** The pickup address; the sandbox answers the six keys of the Java samples, empty when none was given. */
  userInfo: z
    .looseObject({
      consignee: z.string().optional(),
      phone: z.string().optional(),
      province: z.string().optional(),
      city: z.string().optional(),
      area: z.string().optional(),
      street: z.string().optional(),
    })
    .optional(),
  sellerInfo: z.looseObject({ address: z.string(), phone: z.string(), realName: z.string() }).optional(),
  sendData: z
    .looseObject({
      company: z.string(),
      sn: z.string().optional(),
      description: z.string(),
      vouchers: z.array(z.string()).optional(),
    })
    .optional(),
  status: z.number().int(),
  approvedResult: z.number().int().optional(),
  refundFee: fen.optional(),
  createdTime: unixSeconds,
});
export type AfterSaleRecord = z.infer<typeof afterSaleRecord>;

export const afterSalePage = z.looseObject({
  list: z.array(afterSaleRecord),
  total: z.number().int().optional(),
  count: z.number().int().optional(),
});

/**
 * The option names answered for a request when it was made (the pre-check's words for its codes), kept
 * by the gateway so every colleague reads the record in words later (`/bff/after-sale-names/<id>`).
 */
export const afterSaleNames = z
  .object({
    service: z.string().max(100).optional(),
    reason: z.string().max(100).optional(),
    pick: z.string().max(100).optional(),
    package: z.string().max(100).optional(),
    return: z.string().max(100).optional(),
    /** The goods line, as the order showed it. */
    goods: z.string().max(300).optional(),
    skuName: z.string().max(200).optional(),
  })
  .strict();
export type AfterSaleNames = z.infer<typeof afterSaleNames>;
