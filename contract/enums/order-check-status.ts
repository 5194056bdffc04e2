import { defineEnum } from './define-enum';

/** Order `checkStatus`. */
export const orderCheckStatus = defineEnum('order-check-status', {
  0: { 'zh-CN': '待审核', en: 'Pending review' },
  1: { 'zh-CN': '已通过', en: 'Approved' },
  2: { 'zh-CN': '未通过', en: 'Rejected' },
});
