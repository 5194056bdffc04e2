import { describe, expect, it } from 'vitest';
import { exceptionsViewToParams, exceptionsViewToQuery, parseExceptionsView } from './url-state';
import { ageWords } from './words';
import { exceptionsLocales } from './locales';
import i18next from 'i18next';

describe('the queue’s exceptions in the address', () => {
  it('reads kind, state, page and size; nonsense falls back to all kinds, those not resolved, page 1 of 20', () => {
    expect(parseExceptionsView(new URLSearchParams('kind=late&state=open'))).toEqual({ kind: 'late', state: 'open', page: 1, size: 20 });
    expect(parseExceptionsView(new URLSearchParams('kind=lost&state=closed&page=-2&size=7'))).toEqual({
      kind: '',
      state: 'unresolved',
      page: 1,
      size: 20,
    });
    expect(parseExceptionsView(new URLSearchParams('state=resolved&page=3&size=50'))).toMatchObject({
      state: 'resolved',
      page: 3,
      size: 50,
    });
  });

  it('writes only what differs from the defaults and keeps the open order', () => {
    const keep = new URLSearchParams('order=12345678&kind=failed&page=4');
    expect(exceptionsViewToParams({ kind: 'stalled', state: 'unresolved', page: 1, size: 20 }, keep).toString()).toBe(
      'order=12345678&kind=stalled',
    );
    expect(exceptionsViewToParams({ kind: 'late', state: 'open', page: 1, size: 20 }, keep).toString()).toBe(
      'order=12345678&kind=late&state=open',
    );
    expect(exceptionsViewToParams({ kind: '', state: 'taken', page: 2, size: 100 }, keep).toString()).toBe(
      'order=12345678&state=taken&page=2&size=100',
    );
    expect(exceptionsViewToQuery({ kind: 'returned', state: 'open', page: 2, size: 20 })).toBe('state=open&page=2&size=20&kind=returned');
    expect(exceptionsViewToQuery({ kind: '', state: 'resolved', page: 1, size: 50 })).toBe('state=resolved&page=1&size=50');
  });
});

describe('an exception’s age in words', () => {
  const inst = i18next.createInstance();
  void inst.init({
    lng: 'en',
    resources: { en: { exceptions: exceptionsLocales.en }, 'zh-CN': { exceptions: exceptionsLocales['zh-CN'] } },
  });
  it('hours under a day, days and hours under three days, then days; in both languages', () => {
    const en = inst.getFixedT('en', 'exceptions');
    expect([0, 1, 5, 24, 29, 48, 71, 72, 100].map((h) => ageWords(en, h))).toEqual([
      'under an hour',
      '1 hour',
      '5 hours',
      '1 day',
      '1 day 5 hours',
      '2 days',
      '2 days 23 hours',
      '3 days',
      '4 days',
    ]);
    const zh = inst.getFixedT('zh-CN', 'exceptions');
    expect([0, 5, 29, 100].map((h) => ageWords(zh, h))).toEqual(['不到 1 小时', '5 小时', '1 天 5 小时', '4 天']);
  });
});
