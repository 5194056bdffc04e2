import { defineEnum } from './define-enum';

/*
 * After-sale option codes. The upstream answers them per line with their names (afterSale.beforeCheck),
 * and the SPA shows those names; these labels are only for records made elsewhere, whose names were
 * never answered to us: the codes the interface document and the sandbox use. Anything else is
 * shown as "unknown (code)".
 */

/** `serviceTypeCode` (40 refund as in the Java SDK samples; 10 return and 20 exchange as the sandbox answers). */
export const afterSaleServiceType = defineEnum('after-sale.serviceTypeCode', {
  '10': { 'zh-CN': '退货', en: 'Return' },
  '20': { 'zh-CN': '换货', en: 'Exchange' },
  '40': { 'zh-CN': '退款', en: 'Refund' },
});

/** `reasonsTypeCode` (20002–20006 from the Java SDK samples, 10001–10004 as the sandbox answers). */
export const afterSaleReason = defineEnum('after-sale.reasonsTypeCode', {
  '20002': { 'zh-CN': '卖家缺货', en: 'Seller out of stock' },
  '20003': { 'zh-CN': '卖家不支持在线交易', en: 'Seller does not trade online' },
  '20004': { 'zh-CN': '未按约定时间发货', en: 'Not shipped on time' },
  '20005': { 'zh-CN': '卖家调价', en: 'Seller changed the price' },
  '20006': { 'zh-CN': '不想买了/等不及/拍错', en: 'No longer wanted / too slow / ordered by mistake' },
  '10001': { 'zh-CN': '质量问题', en: 'Quality problem' },
  '10002': { 'zh-CN': '商品与描述不符', en: 'Not as described' },
  '10003': { 'zh-CN': '发错货/漏发', en: 'Wrong or missing goods' },
  '10004': { 'zh-CN': '七天无理由退换', en: 'Seven-day no-reason return' },
});

/** `pickTypeCode` (JD-style: 4 door pick-up, 40 the customer sends). */
export const afterSalePickType = defineEnum('after-sale.pickTypeCode', {
  '4': { 'zh-CN': '上门取件', en: 'Door pick-up' },
  '40': { 'zh-CN': '客户发货', en: 'Customer ships it' },
});

/** Pick-up codes that mean a courier comes to the door (the wizard then asks for a time). */
export const DOOR_PICKUP_CODES: readonly string[] = ['4'];

/** `packageTypeCode`. */
export const afterSalePackageType = defineEnum('after-sale.packageTypeCode', {
  '0': { 'zh-CN': '无包装', en: 'No package' },
  '10': { 'zh-CN': '包装完整', en: 'Package intact' },
  '20': { 'zh-CN': '包装破损', en: 'Package damaged' },
});

/** `returnTypeCode`. */
export const afterSaleReturnType = defineEnum('after-sale.returnTypeCode', {
  '10': { 'zh-CN': '原地址返回', en: 'Back to the original address' },
});
