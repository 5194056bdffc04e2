import { describe, expect, it } from 'vitest';
import { timeline } from './timeline';
import { codeName } from './names';

const states = (r: Parameters<typeof timeline>[0]) => timeline(r).map((s) => `${s.key}:${s.state}`);

describe('after-sale timeline', () => {
  it('a return walks applied → reviewed → agreed → waiting for mailing → mailed → received → refunded → closed', () => {
    const base = { serviceTypeCode: '10', approvedResult: 0, refundFee: 0, sendData: undefined };
    expect(states({ ...base, status: 1 })).toEqual([
      'applied:done',
      'reviewed:current',
      'agreed:todo',
      'awaitingMail:todo',
      'mailed:todo',
      'received:todo',
      'refunded:todo',
      'closed:todo',
    ]);
    expect(states({ ...base, status: 2, approvedResult: 1 }).slice(2, 5)).toEqual(['agreed:done', 'awaitingMail:current', 'mailed:todo']);
    expect(states({ ...base, status: 5, approvedResult: 1, sendData: { company: 'SF', description: '' } }).slice(4, 6)).toEqual([
      'mailed:done',
      'received:current',
    ]);
    expect(states({ ...base, status: 3, approvedResult: 1, refundFee: 100 }).every((s) => s.endsWith(':done'))).toBe(true);
  });

  it('a refund has no mailing; a refusal ends at refused; an exchange ends exchanged', () => {
    expect(timeline({ serviceTypeCode: '40', status: 3, approvedResult: 1, refundFee: 500 }).map((s) => s.key)).toEqual([
      'applied',
      'reviewed',
      'agreed',
      'refunded',
      'closed',
    ]);
    expect(states({ serviceTypeCode: '10', status: 4, approvedResult: 2 })).toEqual([
      'applied:done',
      'reviewed:done',
      'refused:done',
      'closed:done',
    ]);
    expect(timeline({ serviceTypeCode: '20', status: 3, approvedResult: 1 }).map((s) => s.key)).toContain('exchanged');
  });

  it('names codes as answered in Chinese, by the contract in English (issue 49), an unknown one as answered, else "unknown (code)"', () => {
    expect(codeName('service', '10', { service: '退货（答复）' }, 'zh-CN')).toBe('退货（答复）');
    expect(codeName('service', '10', { service: '退货（答复）' }, 'en')).toBe('Return');
    expect(codeName('reason', '88888', { reason: '快递员态度差' }, 'en')).toBe('快递员态度差');
    expect(codeName('reason', '88888', { reason: '质量问题' }, 'en')).toBe('Quality problem');
    expect(codeName('service', '10', {}, 'en')).toBe('Return');
    expect(codeName('reason', '99999', {}, 'zh-CN')).toBe('未知 (99999)');
    expect(codeName('pick', '', {}, 'en')).toBe('—');
  });
});
