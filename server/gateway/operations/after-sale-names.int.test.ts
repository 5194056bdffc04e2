import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bffAs, signIn } from '../../../test/bff-client';

const deps = { upstream: { baseUrl: 'http://127.0.0.1:9', appKey: 'k', appSecret: 's', timeoutMs: 1000 }, mode: 'sandbox' as const };
const NAMES = { service: '退货', reason: '质量问题', pick: '上门取件', goods: '青云 加厚羽绒被', skuName: '浅蓝 小号' };

let g: Awaited<ReturnType<typeof bffAs>>;
beforeEach(async () => {
  g = await bffAs(deps, 'support');
});
afterEach(() => g.close());

const put = (path: string, body: unknown, cookie = g.cookie) =>
  g.bff.app.request(path, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const get = async (path: string, cookie = g.cookie) => {
  const res = await g.bff.app.request(path, { headers: { cookie } });
  return { status: res.status, body: (await res.json()) as any };
};

describe('/bff/after-sale-names', () => {
  it('keeps the names answered at apply time for every colleague, once: a second write changes nothing', async () => {
    expect(await get('/after-sale-names/41')).toEqual({ status: 200, body: { names: {} } });
    const first = await put('/after-sale-names/41', NAMES);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ kept: true, names: NAMES });
    const again = await put('/after-sale-names/41', { service: '换货' });
    expect(await again.json()).toEqual({ kept: false, names: NAMES });
    // A manager on another device reads them; other ids have none.
    const manager = await signIn(g.bff, 'manager');
    expect(await get('/after-sale-names/41', manager)).toEqual({ status: 200, body: { names: NAMES } });
    expect((await get('/after-sale-names/42', manager)).body).toEqual({ names: {} });
    // A list page asks for its ids at once.
    await put('/after-sale-names/43', { service: '换货' });
    expect(await get('/after-sale-names?ids=41,42,43', manager)).toEqual({
      status: 200,
      body: { names: { 41: NAMES, 43: { service: '换货' } } },
    });
  });

  it('refuses roles that may not, bad ids and bad bodies, and stores nothing', async () => {
    const merchant = await signIn(g.bff, 'merchant');
    const manager = await signIn(g.bff, 'manager');
    expect((await get('/after-sale-names/41', merchant)).status).toBe(403);
    expect((await put('/after-sale-names/41', NAMES, manager)).status).toBe(403);
    expect((await put('/after-sale-names/41', NAMES, merchant)).status).toBe(403);
    for (const bad of ['0', '-1', 'abc', '1e3', '12345678901234567']) {
      const res = await put(`/after-sale-names/${bad}`, NAMES);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as any).gateway).toMatchObject({ reason: 'invalid_input', field: 'id' });
    }
    for (const body of ['not json', '[]', JSON.stringify({ service: 'x'.repeat(101) }), JSON.stringify({ extra: 1 })]) {
      const res = await put('/after-sale-names/41', body);
      expect(res.status, body.slice(0, 20)).toBe(400);
    }
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    for (const q of ['ids=1,x', 'ids=0', `ids=${many}`]) expect((await get(`/after-sale-names?${q}`)).status, q).toBe(400);
    expect((await get('/after-sale-names?ids=41', merchant)).status).toBe(403);
    const anon = await g.bff.app.request('/after-sale-names/41');
    expect(anon.status).toBe(401);
    expect((await get('/after-sale-names/41')).body).toEqual({ names: {} });
  });
});
