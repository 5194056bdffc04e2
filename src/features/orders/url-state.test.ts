import { describe, expect, it } from 'vitest';
import { daysValid, ordersViewToParams, ordersViewToSearch, ordersViewToSourceFilters, parseOrdersView } from './url-state';

const parse = (qs: string) => parseOrdersView(new URLSearchParams(qs));

describe('orders view in the URL', () => {
  it('round-trips every search field, the tab and the page', () => {
    const qs =
      'tab=2&from=2026-11-01&to=2026-11-22&consignee=%E5%BC%A0&phone=138&third=T1&sn=2026&goods_name=%E5%9D%9A%E6%9E%9C&size=50&page=3';
    const v = parse(qs);
    expect(v).toMatchObject({
      tab: 2,
      from: '2026-11-01',
      to: '2026-11-22',
      consignee: '张',
      phone: '138',
      thirdSn: 'T1',
      sn: '2026',
      goods: '坚果',
      size: 50,
      page: 3,
    });
    expect(ordersViewToParams(v).toString()).toBe(new URLSearchParams(qs).toString());
  });

  it('nonsense falls back to the defaults', () => {
    expect(parse('tab=-1&from=yesterday&to=2026-02-31&size=7&page=x')).toMatchObject({ tab: 0, from: '', to: '', size: 20, page: 1 });
    expect(parse('page=99').page).toBe(50);
  });

  it('days become the first and last second of the day in Beijing, sent as Unix seconds', () => {
    const s = ordersViewToSearch(parse('from=2026-11-01&to=2026-11-02&consignee=%20%E5%BC%A0%20'));
    expect(s.createdTime).toEqual({ from: Date.UTC(2026, 9, 31, 16) / 1000, to: Date.UTC(2026, 10, 2, 15, 59, 59) / 1000 });
    expect(s.consignee).toBe('张');
    expect(s).not.toHaveProperty('phone');
    expect(ordersViewToSearch(parse('to=2026-11-02')).createdTime).toEqual({ to: Date.UTC(2026, 10, 2, 15, 59, 59) / 1000 });
    expect(ordersViewToSearch(parse(''))).toEqual({ page: 1, limit: 20 });
  });

  it('a channel tab pages that channel; a reversed range is not valid', () => {
    expect(ordersViewToSourceFilters(parse('tab=7&page=2&size=100'))).toEqual({ source: 7, page: 2, limit: 100 });
    expect(daysValid({ from: '2026-11-05', to: '2026-11-01' })).toBe(false);
    expect(daysValid({ from: '2026-11-01', to: '' })).toBe(true);
  });
});
