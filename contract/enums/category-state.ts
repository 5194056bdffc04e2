import { defineEnum } from './define-enum';

/** Category `state` / `status`. */
export const categoryState = defineEnum('category-state', {
  0: { 'zh-CN': '停用', en: 'Disabled' },
  1: { 'zh-CN': '启用', en: 'Enabled' },
});
