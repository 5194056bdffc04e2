import { describe, expect, it } from 'vitest';
import { parseView, viewToFilters, viewToParams } from './url-state';

describe('catalogue URL state', () => {
  it('round-trips text with +, &, spaces and Chinese', () => {
    const view = { page: 3, size: 50, source: 2, q: '坚果 A&B + 礼盒', sort: 'promotion_rate:desc' };
    const url = `/catalogue?${viewToParams(view).toString()}`;
    const back = parseView(new URL(url, 'http://x').searchParams);
    expect(back).toEqual(view);
  });

  it('falls back to defaults for nonsense and caps the page at 50', () => {
    const v = parseView(new URLSearchParams('page=-4&size=33&source=x&sort=drop'));
    expect(v).toEqual({ page: 1, size: 20, source: 0, q: '', sort: '' });
    expect(parseView(new URLSearchParams('page=80')).page).toBe(50);
  });

  it('becomes NewList input', () => {
    expect(viewToFilters({ page: 2, size: 20, source: 0, q: ' tea ', sort: 'agreement_price:asc' })).toEqual({
      page: 2,
      limit: 20,
      search_words: 'tea',
      type: 'agreement_price',
      sort: 'asc',
    });
  });
});
