import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n';
import { appMoreLocales } from './locales-more';
import { OpError } from '../lib/bff';
import { canRetry, errorText, ruleText } from '../lib/use-error-text';
import { refusedParams, withoutTooLong } from '../lib/url-view';

const refusal = (field: string | undefined, rule: string, limit?: number, httpStatus = 400) =>
  new OpError('invalid_input', 'Invalid input: something in English', 'selection.online', field, 0, undefined, { rule, limit, httpStatus });

/** Latin words other than units and protocol names (kB, HTTP, SKU): English leaking onto a Chinese page. */
const ENGLISH = /(?!kB\b|HTTP\b|SKU\b)\b[A-Za-z]{2,}/;

describe('refusals in the person language (issue 14.4)', () => {
  const zh = createI18n('zh-CN', {}, appMoreLocales).t;
  const en = createI18n('en', {}, appMoreLocales).t;

  it('words a too-long search in both languages, with the field named and quoted, never the gateway English', () => {
    const e = refusal('search_words', 'too_long', 100);
    expect(errorText(zh, e)).toBe('“搜索词”最多 100 个字符。');
    expect(errorText(en, e)).toBe('“Search words” may be at most 100 characters.');
  });

  it('every rule has a Chinese sentence without English, and an English one', () => {
    const rules = [
      'required',
      'too_long',
      'too_short',
      'too_small',
      'too_big',
      'too_many',
      'not_a_number',
      'not_whole',
      'invalid_choice',
      'bad_format',
      'unknown_field',
      'range_order',
      'day_range',
      'bad_json',
      'too_large',
      'taken',
      'self_change',
      'last_admin',
      'not_found',
      'wrong_password',
      'not_in_library',
      'invalid',
    ];
    for (const rule of rules) {
      const z = ruleText(zh, { field: 'page', rule, limit: 4096 })!;
      const e = ruleText(en, { field: 'page', rule, limit: 4096 })!;
      expect(z, rule).not.toMatch(ENGLISH);
      expect(z, rule).not.toContain('"');
      expect(e, rule).toMatch(/^[“A-Z]/);
      expect(e, rule).not.toBe(z);
    }
  });

  it("words the goods watch's bounds of own minimums (issue 49.12)", () => {
    expect(errorText(zh, refusal('goodsId', 'too_many', 2000))).toBe('最多只能为 2000 件商品单独设置最低利润率。请先删除一个再设置新的。');
    expect(errorText(en, refusal('goodsId', 'too_many', 2000))).toBe(
      'At most 2000 products may have a minimum of their own. Remove one before setting another.',
    );
    expect(errorText(zh, refusal('goodsId', 'not_in_library'))).toMatch(/^此商品不在选品库中/);
    expect(errorText(en, refusal('goodsId', 'not_in_library'))).toMatch(/^This product is not in the selection library/);
  });

  it('names nested fields by their last segment, the page own label first, an unknown field generically', () => {
    expect(ruleText(zh, { field: 'address.phone', rule: 'bad_format' })).toBe('电话须为大陆手机号（11 位）或带区号的座机号。');
    expect(ruleText(zh, { field: 'spu.0.number', rule: 'too_big', limit: 9999 })).toBe('“数量”不能大于 9999。');
    expect(ruleText(zh, { field: 'q', rule: 'too_long', limit: 100 }, { q: '关键词' })).toBe('“关键词”最多 100 个字符。');
    expect(ruleText(zh, { field: 'zzz_unknown', rule: 'required' })).toBe('请填写某项输入。');
    expect(ruleText(en, { field: 'username', rule: 'taken' })).toBe('This username is taken; choose another.');
    expect(ruleText(zh, { field: 'username', rule: 'taken' })).toBe('该用户名已被占用，请换一个。');
  });

  it('a refusal without a rule still says nothing in English on a Chinese page', () => {
    expect(errorText(zh, new OpError('invalid_input', 'Invalid input: x', 'op'))).toBe('服务器拒绝了部分输入。');
    expect(
      errorText(zh, new OpError('bad_status', 'The supplier answered with HTTP 503.', 'op', undefined, 0, undefined, { status: 503 })),
    ).toBe('供应商返回错误（HTTP 503）。');
    expect(errorText(zh, new OpError('rate_limited', 'Too many', 'op', undefined, 0, 120))).toBe('登录失败次数过多，请 2 分钟后再试。');
  });

  it('offers retry only where retrying can help', () => {
    expect(canRetry(new OpError('network', '', 'op'))).toBe(true);
    expect(canRetry(new OpError('timeout', '', 'op'))).toBe(true);
    expect(canRetry(new OpError('unreachable', '', 'op'))).toBe(true);
    expect(canRetry(new OpError('internal', '', 'op', undefined, 0, undefined, { httpStatus: 500 }))).toBe(true);
    expect(canRetry(refusal('search_words', 'too_long', 100))).toBe(false);
    expect(canRetry(refusal('username', 'taken', undefined, 409))).toBe(false);
    expect(canRetry(new OpError('forbidden', '', 'op', undefined, 0, undefined, { httpStatus: 403 }))).toBe(false);
    expect(canRetry(new OpError('unknown_operation', '', 'op', undefined, 0, undefined, { httpStatus: 404 }))).toBe(false);
    expect(canRetry(new OpError('upstream', '库存不足', 'op'))).toBe(false);
  });
});

describe('links with filters the contract would refuse', () => {
  const parse = (p: URLSearchParams) => ({ q: p.get('q') ?? '', page: Math.min(Math.max(Number(p.get('page')) || 1, 1), 50) });
  const toParams = (v: { q: string; page: number }) => {
    const p = new URLSearchParams();
    if (v.q) p.set('q', v.q);
    if (v.page !== 1) p.set('page', String(v.page));
    return p;
  };
  it('drops a search longer than the contract takes, and a value the reader replaced; keeps the rest', () => {
    const long = new URLSearchParams({ q: 'x'.repeat(101), page: '2', order: 'SN1' });
    expect(refusedParams(long, parse, toParams)).toEqual(['q']);
    expect(withoutTooLong(long).has('q')).toBe(false);
    expect(refusedParams(new URLSearchParams({ q: 'x'.repeat(100), page: '999' }), parse, toParams)).toEqual(['page']);
    expect(refusedParams(new URLSearchParams({ q: 'ok', page: '1', order: 'SN1' }), parse, toParams)).toEqual([]);
  });
});
