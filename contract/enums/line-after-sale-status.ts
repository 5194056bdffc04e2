import { defineEnum } from './define-enum';

/** Goods line `isApply` / `afterSaleStatus`. */
export const lineAfterSaleStatus = defineEnum('line-after-sale-status', {
  0: { 'zh-CN': '无售后', en: 'No after-sale' },
  1: { 'zh-CN': '售后中', en: 'After-sale in progress' },
  2: { 'zh-CN': '售后完成', en: 'After-sale completed' },
  3: { 'zh-CN': '售后被拒', en: 'After-sale refused' },
});
