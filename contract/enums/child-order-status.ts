import { defineEnum } from './define-enum';

/** ChildOrder `orderStatus` (sample: 2 before shipping, 1 after). */
export const childOrderStatus = defineEnum('child-order-status', {
  1: { 'zh-CN': '已下单', en: 'Placed with supplier' },
  2: { 'zh-CN': '处理中', en: 'Processing' },
  3: { 'zh-CN': '下单失败', en: 'Failed' },
  4: { 'zh-CN': '已取消', en: 'Cancelled' },
});
