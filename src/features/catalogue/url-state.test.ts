import { describe, expect, it } from 'vitest';
import { CATALOGUE_FIRST_LIST } from '../../../contract/constants';
import { parseView, viewToFilters, viewToParams } from './url-state';

describe('catalogue URL state', () => {
  it('round-trips text with +, &, spaces and Chinese, ranges, categories and sort', () => {
    const url =
      '/catalogue?q=%E5%9D%9A%E6%9E%9C+A%26B+%2B+%E7%A4%BC%E7%9B%92&source=2&cat=1079,1080&shop=%E6%97%97%E8%88%B0&free=1&pr=30-60&ap=-99.5&sort=promotion_rate:desc&view=cards&size=50&page=3';
    const view = parseView(new URL(url, 'http://x').searchParams);
    expect(view).toMatchObject({
      q: '坚果 A&B + 礼盒',
      source: 2,
      cats: [1079, 1080],
      shop: '旗舰',
      free: '1',
      sort: 'promotion_rate:desc',
      view: 'cards',
      size: 50,
      page: 3,
    });
    expect(view.ranges.promotion_rate).toEqual({ from: '30', to: '60' });
    expect(view.ranges.agreement_price).toEqual({ from: '', to: '99.5' });
    const back = parseView(new URL(`/catalogue?${viewToParams(view).toString()}`, 'http://x').searchParams);
    expect(back).toEqual(view);
  });

  it('falls back to defaults for nonsense and caps the page at 50', () => {
    const v = parseView(new URLSearchParams('page=-4&size=33&source=x&sort=drop&pr=abc-x3&view=grid&cat=a,b'));
    expect(v).toMatchObject({ page: 1, size: 20, source: 0, q: '', sort: '', view: 'auto', cats: [] });
    expect(v.ranges.promotion_rate).toEqual({ from: '', to: '' });
    expect(parseView(new URLSearchParams('page=80')).page).toBe(50);
  });

  it('becomes NewList input: the deepest category, sections in yuan and percent', () => {
    const v = parseView(new URLSearchParams('source=2&cat=1,2,3&q= tea &pr=30-&ap=10-20&sort=agreement_price:asc&page=2'));
    expect(viewToFilters(v)).toEqual({
      page: 2,
      limit: 20,
      source: 2,
      category_id: 3,
      search_words: 'tea',
      type: 'agreement_price',
      sort: 'asc',
      promotion_rate: { from: 30 },
      agreement_price: { from: 10, to: 20 },
    });
  });

  it('asks at the bare path for the list the gateway hands over in the page (CATALOGUE_FIRST_LIST)', () => {
    expect(viewToFilters(parseView(new URLSearchParams('')))).toEqual(CATALOGUE_FIRST_LIST);
  });
});
