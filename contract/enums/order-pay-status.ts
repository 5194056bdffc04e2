import { defineEnum } from './define-enum';

/** Order `payStatus`. */
export const orderPayStatus = defineEnum('order-pay-status', {
  0: { 'zh-CN': '未支付', en: 'Unpaid' },
  1: { 'zh-CN': '已支付', en: 'Paid' },
  2: { 'zh-CN': '已退款', en: 'Refunded' },
});
