import { defineEnum } from './define-enum';

/** goods/order `source`: the supplier channel (upstream-api.md §5). GetSource returns the live list; these are the ones documented. */
export const source = defineEnum('source', {
  0: { 'zh-CN': '全部', en: 'All channels' },
  1: { 'zh-CN': '云仓', en: 'Cloud warehouse' },
  2: { 'zh-CN': '京东', en: 'JD' },
  6: { 'zh-CN': '阿里巴巴', en: 'Alibaba 1688' },
  7: { 'zh-CN': '天猫', en: 'Tmall' },
  14: { 'zh-CN': '华东一仓', en: 'East China warehouse 1' },
  15: { 'zh-CN': '淘宝', en: 'Taobao' },
});
