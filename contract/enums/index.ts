export { source } from './source';
export { orderStatus } from './order-status';
export { orderPayStatus } from './order-pay-status';
export { orderCheckStatus } from './order-check-status';
export { childGoodsStatus } from './child-goods-status';
export { childOrderStatus } from './child-order-status';
export { linePayStatus } from './line-pay-status';
export { lineAfterSaleStatus } from './line-after-sale-status';
export { afterSaleStatus } from './after-sale-status';
export { afterSaleApprovedResult } from './after-sale-approved-result';
export {
  afterSaleServiceType,
  afterSaleReason,
  afterSalePickType,
  afterSalePackageType,
  afterSaleReturnType,
  DOOR_PICKUP_CODES,
} from './after-sale-codes';
export { goodsStatus } from './goods-status';
export { categoryState } from './category-state';
export { freeShipping } from './free-shipping';
export { cashDirection } from './cash-direction';
export { cashType } from './cash-type';
export { defineEnum, type EnumModule, type EnumLabel, type Lang } from './define-enum';
