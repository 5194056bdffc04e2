import { defineEnum } from './define-enum';

/** Cash flow `direction` (sample: 1 with the balance going down). */
export const cashDirection = defineEnum('cash-direction', {
  1: { 'zh-CN': '支出', en: 'Outflow' },
  2: { 'zh-CN': '收入', en: 'Inflow' },
});
