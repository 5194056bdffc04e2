import { describe, expect, it } from 'vitest';
import { computeSign, signHeaders, signMatches, signingString } from './signing';

const base = { appKey: 'demoAppKey', appSecret: 'demoSecret123', timestamp: '1700000000000', nonce: 'nonce123' };
const headersPart = 'Api-App-KeydemoAppKeyApi-Noncenonce123Api-Time-Stamp1700000000000';

describe('upstream signature: the worked examples of upstream-api.md §2.5', () => {
  it('GET /v2/Goods/Detail?id=10362', () => {
    const input = { ...base, query: { id: 10362 } };
    expect(signingString(input)).toBe(`${headersPart}id10362demoSecret123`);
    expect(computeSign(input)).toBe('5373996C60DD74D73C62A917695D60BE');
  });

  it('GET /v2/Goods/Lists?page=1&limit=10&source=2 (keys sorted, Api-* first)', () => {
    const input = { ...base, query: { page: 1, limit: 10, source: 2 } };
    expect(signingString(input)).toBe(`${headersPart}limit10page1source2demoSecret123`);
    expect(computeSign(input)).toBe('766EA3A5014075A869ECE9DF91602D5A');
  });

  it('POST /v2/order with spaces inside the body', () => {
    const body =
      '{"orderSn":"SN1234567890","spu":[{"sku":2033490,"number":1}],"address":{"consignee":"Xiao Ming","phone":"13800138000","province":"Beijing","city":"Beijing","area":"Chaoyang","street":"Datun","description":"Room 110"},"strictMode":true}';
    expect(signingString({ ...base, body })).toContain('"consignee":"XiaoMing"');
    expect(computeSign({ ...base, body })).toBe('4F2CC58DD99B813A8DE20EA096E3D77C');
  });

  it('GET+body /v2/order/availableCheck', () => {
    const body =
      '{"spu":[{"sku":2033490,"number":1}],"address":{"consignee":"A","phone":"13800138000","province":"P","city":"C","area":"R","street":"S","description":"D"}}';
    expect(computeSign({ ...base, body })).toBe('AAEBD95593A787419D364701631B7E20');
  });

  it('POST /v2/GetSource with body {}', () => {
    expect(computeSign({ ...base, body: '{}' })).toBe('352F6E0EFC91B368C777C21895C7A213');
  });
});

describe('SDK variants the checker accepts (§2.3)', () => {
  it('ignores Api-* keys that PHP repeats in the query', () => {
    const plain = computeSign({ ...base, query: { id: 10362 } });
    const withDupes = { ...base, query: { id: 10362, 'Api-App-Key': 'demoAppKey', 'Api-Sign': 'X' } };
    expect(signMatches(withDupes, plain)).toBe(true);
  });

  it('treats an empty body and {} as the same (Java sends {}, PHP sends nothing)', () => {
    const javaSign = computeSign({ ...base, body: '{}' });
    expect(signMatches({ ...base, body: '' }, javaSign)).toBe(true);
    expect(signMatches({ ...base, body: '{}' }, computeSign({ ...base, body: '' }))).toBe(true);
  });

  it('accepts whitespace stripped from the whole string (Java) as well as from the body only', () => {
    const input = { ...base, query: { search_words: 'red tea' } };
    const javaSign = computeSign(input, 'all');
    const goSign = computeSign(input, 'body');
    expect(javaSign).not.toBe(goSign);
    expect(signMatches(input, javaSign)).toBe(true);
    expect(signMatches(input, goSign)).toBe(true);
  });

  it('accepts a lowercase sign but refuses a wrong secret, a changed body and a changed query', () => {
    const body = '{"a":1}';
    const sign = computeSign({ ...base, body });
    expect(signMatches({ ...base, body }, sign.toLowerCase())).toBe(true);
    expect(signMatches({ ...base, appSecret: 'other', body }, sign)).toBe(false);
    expect(signMatches({ ...base, body: '{"a":2}' }, sign)).toBe(false);
    expect(signMatches({ ...base, body, query: { x: 1 } }, sign)).toBe(false);
  });

  it('signHeaders produces a fresh nonce each call and a sign that verifies', () => {
    const a = signHeaders({ appKey: 'k', appSecret: 's', body: '{}' });
    const b = signHeaders({ appKey: 'k', appSecret: 's', body: '{}' });
    expect(a['Api-Nonce']).not.toBe(b['Api-Nonce']);
    expect(a['Api-Time-Stamp']).toMatch(/^\d{13}$/);
    const ok = signMatches(
      { appKey: 'k', appSecret: 's', body: '{}', timestamp: a['Api-Time-Stamp']!, nonce: a['Api-Nonce']! },
      a['Api-Sign']!,
    );
    expect(ok).toBe(true);
  });
});
