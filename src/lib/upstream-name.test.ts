import { describe, expect, it } from 'vitest';
import { afterSalePickType, afterSaleReason, afterSaleServiceType } from '../../contract/enums';
import { upstreamName } from './upstream-name';

describe('names the upstream gives in Chinese, in the page language (issue 49)', () => {
  it('in English: a known code or a known Chinese name in English; an unknown name as answered', () => {
    expect(upstreamName(afterSaleServiceType, '10', '退货', 'en')).toBe('Return');
    expect(upstreamName(afterSaleReason, '10001', '质量问题', 'en')).toBe('Quality problem');
    // The overview's reasons come with the name the upstream gave, under a code we may not know.
    expect(upstreamName(afterSaleReason, '777', '质量问题', 'en')).toBe('Quality problem');
    expect(upstreamName(afterSaleReason, '778', '快递员态度差', 'en')).toBe('快递员态度差');
    expect(upstreamName(afterSalePickType, '4', undefined, 'en')).toBe('Door pick-up');
    expect(upstreamName(afterSalePickType, '99', undefined, 'en')).toBe('unknown (99)');
  });

  it('in Chinese: the name as answered, else the known name', () => {
    expect(upstreamName(afterSaleReason, '10004', '七天无理由退货', 'zh-CN')).toBe('七天无理由退货');
    expect(upstreamName(afterSaleServiceType, '20', undefined, 'zh-CN')).toBe('换货');
    expect(upstreamName(afterSaleServiceType, '', undefined, 'zh-CN')).toBe('—');
  });
});
