import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../app';
import { bffAs, TEST_PASSWORD } from '../../../test/bff-client';

// No upstream call is made on these routes; an address that answers nothing is enough.
const deps = { upstream: { baseUrl: 'http://127.0.0.1:9', appKey: 'k', appSecret: 's', timeoutMs: 500 }, mode: 'upstream' as const };

const login = (bff: Awaited<ReturnType<typeof bffAs>>['bff'], username: string, password: string) =>
  bff.app.request('/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });

describe('a person changes their own password', () => {
  it('needs the current password; then other sessions end, this one goes on, and the new password signs in', async () => {
    const me = await bffAs(deps, 'merchant');
    const username = (await (await me.request('/auth/me')).json()).user.username as string;
    const other = /sd_session=([^;]+)/.exec((await login(me.bff, username, TEST_PASSWORD)).headers.get('set-cookie') ?? '')![1];

    const wrong = await me.request('/auth/password', {
      method: 'POST',
      body: JSON.stringify({ current: 'not-it', password: 'a-new-password-1' }),
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).gateway).toMatchObject({ field: 'current', rule: 'wrong_password' });
    expect((await login(me.bff, username, TEST_PASSWORD)).status).toBe(200); // nothing changed

    const short = await me.request('/auth/password', {
      method: 'POST',
      body: JSON.stringify({ current: TEST_PASSWORD, password: 'short' }),
    });
    expect(short.status).toBe(400);

    const ok = await me.request('/auth/password', {
      method: 'POST',
      body: JSON.stringify({ current: TEST_PASSWORD, password: 'a-new-password-1' }),
    });
    expect(ok.status).toBe(200);
    const renewed = /sd_session=([^;]+)/.exec(ok.headers.get('set-cookie') ?? '')?.[1];
    expect(renewed).toBeTruthy();
    const meAgain = await me.bff.app.request('/auth/me', { headers: { cookie: `${SESSION_COOKIE}=${renewed}` } });
    expect(meAgain.status).toBe(200);
    expect((await me.bff.app.request('/auth/me', { headers: { cookie: `${SESSION_COOKIE}=${other}` } })).status).toBe(401);
    expect((await login(me.bff, username, TEST_PASSWORD)).status).toBe(401);
    expect((await login(me.bff, username, 'a-new-password-1')).status).toBe(200);
  });

  it('counts wrong current passwords like sign-ins, so a stolen session cannot guess it', async () => {
    const me = await bffAs(deps, 'support');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await me.request('/auth/password', {
        method: 'POST',
        body: JSON.stringify({ current: `guess-${i}`, password: 'a-new-password-1' }),
      });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('without a session it is refused', async () => {
    const me = await bffAs(deps, 'merchant');
    const r = await me.bff.app.request('/auth/password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ current: TEST_PASSWORD, password: 'a-new-password-1' }),
    });
    expect(r.status).toBe(401);
  });
});
