import { defineEnum } from './define-enum';

/** `is_free_shipping`; −1 means 'all' in NewList filters. */
export const freeShipping = defineEnum('free-shipping', {
  '-1': { 'zh-CN': '全部', en: 'All' },
  0: { 'zh-CN': '不包邮', en: 'Shipping charged' },
  1: { 'zh-CN': '包邮', en: 'Free shipping' },
});
