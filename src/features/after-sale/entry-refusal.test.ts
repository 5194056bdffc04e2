import { describe, expect, it } from 'vitest';
import { testI18n } from '../../test/render';
import { entryRefusal } from './entry-refusal';

describe("the supplier's refusal of an after-sale, beside the line", () => {
  it('is said in the page’s language, not in the supplier’s Chinese', () => {
    const en = testI18n('en').t;
    expect(entryRefusal(en, '该商品已取消')).toBe('This line was cancelled: there is nothing to ask for.');
    expect(entryRefusal(en, '商品运输中，请签收后再申请退货或换货')).toMatch(/on their way/);
    expect(entryRefusal(en, '已超过售后期（签收后 15 天）')).toMatch(/period is over/);
    expect(entryRefusal(en, '订单未支付，不能申请售后')).toMatch(/not paid/);
    expect(entryRefusal(en, '该商品已无可申请售后的数量')).toBe('Every unit of this line is already in an after-sale.');
    for (const msg of ['该商品已取消', '订单未支付，不能申请售后', '商品运输中，请签收后再申请退货或换货', '已超过售后期（签收后 15 天）'])
      expect(entryRefusal(en, msg)).not.toMatch(/[\u4e00-\u9fff]/);
  });
  it('in Chinese too; an unknown sentence is quoted as the supplier’s', () => {
    const zh = testI18n('zh-CN').t;
    expect(entryRefusal(zh, '该商品已取消')).toBe('该商品已取消，无需申请售后。');
    expect(entryRefusal(zh, '渠道维护中')).toBe('供应商说明：渠道维护中');
    expect(entryRefusal(testI18n('en').t, '渠道维护中')).toBe('The supplier says: 渠道维护中');
  });
});
