import { defineEnum } from './define-enum';

/** Order `status` (all-platform list). Values used by the sandbox; the real service's meanings are not documented (§11.2). */
export const orderStatus = defineEnum('order-status', {
  0: { 'zh-CN': '待支付', en: 'Awaiting payment' },
  1: { 'zh-CN': '已支付', en: 'Paid' },
  2: { 'zh-CN': '部分发货', en: 'Partly shipped' },
  3: { 'zh-CN': '已发货', en: 'Shipped' },
  4: { 'zh-CN': '已完成', en: 'Completed' },
  5: { 'zh-CN': '已关闭', en: 'Closed' },
});
