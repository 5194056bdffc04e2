import { defineEnum } from './define-enum';

/** Goods / selection product `status` (list items 1, detail sample 0). */
export const goodsStatus = defineEnum('goods-status', {
  0: { 'zh-CN': '已下架', en: 'Off sale' },
  1: { 'zh-CN': '在售', en: 'On sale' },
});
