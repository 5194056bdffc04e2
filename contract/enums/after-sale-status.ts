import { defineEnum } from './define-enum';

/** AfterSaleRecord `status` (samples: 1 and 3). */
export const afterSaleStatus = defineEnum('after-sale-status', {
  1: { 'zh-CN': '待审核', en: 'Awaiting review' },
  2: { 'zh-CN': '待寄回', en: 'Approved, awaiting return' },
  3: { 'zh-CN': '已完成', en: 'Completed' },
  4: { 'zh-CN': '已拒绝', en: 'Refused' },
  5: { 'zh-CN': '寄回中', en: 'Return in transit' },
  6: { 'zh-CN': '已关闭', en: 'Closed' },
});
