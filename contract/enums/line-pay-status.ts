import { defineEnum } from './define-enum';

/** Goods line `payStatus` (sample: 0 before shipping, 1 after). */
export const linePayStatus = defineEnum('line-pay-status', {
  0: { 'zh-CN': '未结算', en: 'Not settled' },
  1: { 'zh-CN': '已结算', en: 'Settled' },
});
