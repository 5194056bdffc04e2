import { defineEnum } from './define-enum';

/** ChildOrder `goodsStatus` (sample: 0 before shipping, 3 after). */
export const childGoodsStatus = defineEnum('child-goods-status', {
  0: { 'zh-CN': '待发货', en: 'Awaiting shipment' },
  1: { 'zh-CN': '已取消', en: 'Cancelled' },
  2: { 'zh-CN': '部分发货', en: 'Partly shipped' },
  3: { 'zh-CN': '已发货', en: 'Shipped' },
  4: { 'zh-CN': '已收货', en: 'Received' },
  5: { 'zh-CN': '已完成', en: 'Completed' },
});
