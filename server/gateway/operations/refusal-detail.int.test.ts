import { afterAll, describe, expect, it } from 'vitest';
import { bffAs } from '../../../test/bff-client';

/**
 * Issue 14.4: a refused input is answered with machine-readable detail (field, rule, limit) so the SPA
 * can say it in the person's language; the English `msg` stays for API clients. Nothing here reaches
 * the upstream (its address is a closed port).
 */
describe('gateway refusals carry field, rule and limit', async () => {
  const gw = await bffAs({ upstream: { baseUrl: 'http://127.0.0.1:1', appKey: 'k', appSecret: 's', timeoutMs: 500 }, mode: 'upstream' });
  afterAll(() => gw.db.close());
  const op = async (id: string, body: unknown) => {
    const res = await gw.request(`/op/${id}`, { method: 'POST', body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as { msg: string; gateway: Record<string, unknown> } };
  };

  it.each([
    [
      'too long',
      'selection.online',
      { page: 1, limit: 20, search_words: 'x'.repeat(101) },
      { field: 'search_words', rule: 'too_long', limit: 100 },
    ],
    ['not a number', 'selection.online', { page: 'abc', limit: 20 }, { field: 'page', rule: 'not_a_number' }],
    ['not whole', 'selection.online', { page: 1.5, limit: 20 }, { field: 'page', rule: 'not_whole' }],
    ['missing', 'selection.online', { limit: 20 }, { field: 'page', rule: 'required' }],
    ['too small', 'selection.online', { page: 0, limit: 20 }, { field: 'page', rule: 'too_small', limit: 1 }],
    ['unknown key', 'selection.online', { page: 1, limit: 20, nope: 1 }, { field: 'nope', rule: 'unknown_field' }],
    [
      'range order',
      'selection.list',
      { page: 1, limit: 20, source: 1, range_type: 'guide_price', range_from: 9, range_to: 1 },
      { field: 'range_from', rule: 'range_order' },
    ],
  ])('%s', async (_what, id, body, detail) => {
    const r = await op(id, body);
    expect(r.status).toBe(400);
    expect(r.body.gateway).toEqual({ reason: 'invalid_input', ...detail });
    // The English sentence is still there for API clients.
    expect(r.body.msg).toMatch(/^Invalid input: /);
  });

  it('an enum outside its values is invalid_choice; a body that is not JSON is bad_json', async () => {
    const list = await op('selection.list', { page: 1, limit: 20, source: 1, range_type: 99 });
    expect(list.body.gateway).toMatchObject({ field: 'range_type', rule: 'invalid_choice' });
    const res = await gw.request('/op/selection.online', { method: 'POST', body: '{nope' });
    expect(((await res.json()) as { gateway: unknown }).gateway).toEqual({ reason: 'invalid_input', field: 'body', rule: 'bad_json' });
  });

  it('users: a taken username and the last admin are refused with a rule, not only an English sentence', async () => {
    const create = (username: string) =>
      gw.request('/users', {
        method: 'POST',
        body: JSON.stringify({ username, displayName: 'X', role: 'merchant', password: 'long-enough-pw-1' }),
      });
    expect((await create('someone')).status).toBe(200);
    const taken = await create('someone');
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { gateway: unknown }).gateway).toEqual({ reason: 'invalid_input', field: 'username', rule: 'taken' });
    const short = await create('ab');
    expect(((await short.json()) as { gateway: unknown }).gateway).toMatchObject({ field: 'username', rule: 'bad_format' });
    const me = (await gw.bff.users.list()).find((u) => u.role === 'admin')!;
    const self = await gw.request(`/users/${me.id}`, { method: 'PATCH', body: JSON.stringify({ disabled: true }) });
    expect(((await self.json()) as { gateway: unknown }).gateway).toEqual({ reason: 'invalid_input', rule: 'self_change' });
  });
});

describe('audit query: exact actions and the date order', async () => {
  const gw = await bffAs({ upstream: { baseUrl: 'http://127.0.0.1:1', appKey: 'k', appSecret: 's', timeoutMs: 500 }, mode: 'upstream' });
  afterAll(() => gw.db.close());
  it('filters by a list of action ids, and refuses a start after the end with a rule', async () => {
    // Signing in wrote auth.login; a refused write writes selection.add.
    await gw.request('/op/selection.add', { method: 'POST', body: JSON.stringify({ goods_ids: 'x' }) });
    const get = async (qs: string) =>
      (await gw.request(`/audit?${qs}`)).json() as Promise<{ list: { action: string }[]; gateway?: unknown }>;
    const both = await get('actions=auth.login,selection.add');
    expect(new Set(both.list.map((e) => e.action))).toEqual(new Set(['auth.login', 'selection.add']));
    const one = await get('actions=selection.add');
    expect(one.list.map((e) => e.action)).toEqual(['selection.add']);
    expect((await get('actions=-')).list).toEqual([]);
    const bad = await gw.request('/audit?from=2000&to=1000');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { gateway: unknown }).gateway).toEqual({ reason: 'invalid_input', field: 'from', rule: 'range_order' });
  });
});
