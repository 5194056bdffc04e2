import { defineEnum } from './define-enum';

/** Cash flow `type` (sample: 5 for an order payment). */
export const cashType = defineEnum('cash-type', {
  1: { 'zh-CN': '充值', en: 'Top-up' },
  2: { 'zh-CN': '提现', en: 'Withdrawal' },
  5: { 'zh-CN': '订单支付', en: 'Order payment' },
  6: { 'zh-CN': '订单退款', en: 'Order refund' },
  7: { 'zh-CN': '售后退款', en: 'After-sale refund' },
});
