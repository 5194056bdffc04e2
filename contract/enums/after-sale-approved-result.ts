import { defineEnum } from './define-enum';

/** AfterSaleRecord `approvedResult`. */
export const afterSaleApprovedResult = defineEnum('after-sale-approved-result', {
  0: { 'zh-CN': '未审核', en: 'Not reviewed' },
  1: { 'zh-CN': '同意', en: 'Agreed' },
  2: { 'zh-CN': '拒绝', en: 'Refused' },
});
