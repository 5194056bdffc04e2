import { describe, expect, it } from 'vitest';
import { inboxViewToParams, parseInboxView } from './url-state';

const parse = (qs: string) => parseInboxView(new URLSearchParams(qs));

describe('inbox URL state', () => {
  it('reads what it wrote', () => {
    const v = parse('tab=unread&group=orders&type=order.delivery&from=2026-11-01&to=2026-11-23&page=3&size=20');
    expect(v).toEqual({ tab: 'unread', group: 'orders', type: 'order.delivery', from: '2026-11-01', to: '2026-11-23', page: 3, size: 20 });
    expect(parseInboxView(inboxViewToParams(v))).toEqual(v);
    expect(inboxViewToParams(parse('')).toString()).toBe('');
  });

  it('falls back on nonsense: unknown group or kind, a kind of another group, impossible days', () => {
    expect(parse('group=x&type=y&from=2026-02-30&to=tomorrow&page=-1&size=7&tab=z')).toEqual({
      tab: 'all',
      group: '',
      type: '',
      from: '',
      to: '',
      page: 1,
      size: 50,
    });
    expect(parse('group=goods&type=order.delivery').type).toBe('');
    expect(parse('group=afterSale&type=afterSale.agree').type).toBe('afterSale.agree');
    expect(parse('type=goods.price.alter').type).toBe('goods.price.alter');
  });
});
