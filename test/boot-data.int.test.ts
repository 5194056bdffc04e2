import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserStore } from '../server/gateway/auth/users';
import { startApp, type RunningApp } from './app-server';

/** The shell the gateway serves, with the person's start-up data in it (issue 15: no boot waterfall). */
const SHELL = '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>';
const bootOf = (html: string) => {
  const m = /<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(html);
  return m
    ? (JSON.parse(m[1]!) as {
        session: { user: { username: string; displayName: string }; permissions: { ops: string[] } };
        meta: { mode: string };
        sources?: { id: number }[];
      })
    : null;
};

let app: RunningApp;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'supply-desk-boot-'));
  mkdirSync(join(dir, 'no-dist'));
  writeFileSync(join(dir, 'no-dist', 'index.html'), SHELL);
  // The page's words as the build writes them (tools/build/shell-texts.ts): the header and the first goods are painted with them.
  mkdirSync(join(dir, 'no-dist', '.vite'));
  const catalogue = (title: string) => ({ title, subtitle: 'Every product', guidePrice: 'Guide price' });
  writeFileSync(
    join(dir, 'no-dist', '.vite', 'shell.json'),
    JSON.stringify({ '/catalogue': { en: catalogue('Catalogue'), 'zh-CN': catalogue('选品') } }),
  );
  app = await startApp({}, dir);
}, 60_000);
afterAll(() => app?.close());

describe('the served shell carries the session, meta and channels', () => {
  it('signed in: at / and at a client route, not cached, with the same answers the /bff routes give', async () => {
    const cookie = await app.signIn('merchant', 'merchant-demo');
    for (const path of ['/', '/catalogue?source=2', '/library']) {
      const res = await app.call('GET', path, { headers: { cookie } });
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-store');
      // A data block, not a script: the CSP (script-src 'self', no inline) stays as it is.
      expect(String(res.headers['content-security-policy'])).not.toMatch(/script-src[^;]*unsafe-inline/);
      const boot = bootOf(res.text);
      expect(boot, path).not.toBeNull();
      const me = JSON.parse((await app.call('GET', '/bff/auth/me', { headers: { cookie } })).text) as unknown;
      expect(boot!.session).toEqual(me);
      expect(boot!.session.permissions.ops).toContain('selection.online');
      // With the clock people are shown (business time in sandbox mode: server/gateway/clock.ts).
      expect(boot!.meta).toEqual({
        mode: 'sandbox',
        upstream: 'sandbox',
        clock: { kind: 'business', nowMs: expect.any(Number), speed: expect.any(Number) },
        // The gateway's hours after which an unshipped child is late (EXCEPTION_LATE_HOURS): the pages' one truth.
        exceptions: { lateHours: 48 },
      });
      expect(boot!.sources?.map((s) => s.id).sort((a, b) => a - b)).toEqual([1, 2, 6, 7]);
    }
  });

  it('carries the first page’s styles for emotion in the person’s mode, and goes compressed to browsers that take it', async () => {
    const cookie = await app.signIn('merchant', 'merchant-demo');
    const namesOf = (html: string) => /<style id="first-styles" data-names="([a-z0-9 -]+)">/.exec(html)?.[1]?.split(' ');
    const light = namesOf((await app.call('GET', '/catalogue', { headers: { cookie } })).text);
    const dark = namesOf((await app.call('GET', '/catalogue', { headers: { cookie: `${cookie}; sd_mode=dark` } })).text);
    expect(light?.length).toBeGreaterThan(50);
    expect(dark?.length).toBeGreaterThan(50);
    // The modes' colours differ, so do most of their classes.
    expect(dark!.filter((n) => !light!.includes(n)).length).toBeGreaterThan(20);
    // Not a first page, or signed out (the app goes to the sign-in page): none.
    expect(namesOf((await app.call('GET', '/account', { headers: { cookie } })).text)).toBeUndefined();
    expect(namesOf((await app.call('GET', '/catalogue')).text)).toBeUndefined();

    const packed = await fetch(`${app.url}/catalogue`, { headers: { cookie, 'accept-encoding': 'gzip' } });
    expect(packed.headers.get('content-encoding')).toBe('gzip');
    expect(namesOf(await packed.text())).toEqual(light);
  });

  it('the catalogue’s first list comes in the page, the same list the route gives, its first goods painted for phones', async () => {
    const cookie = await app.signIn('merchant', 'merchant-demo');
    const blockOf = (html: string) => {
      const m = /<script type="application\/json" id="first-list">(.*?)<\/script>/s.exec(html);
      return m ? (JSON.parse(m[1]!) as { op: string; input: unknown; data: { list: { id: number; cover: string }[] } }) : null;
    };
    const page = await app.call('GET', '/catalogue', { headers: { cookie } });
    expect(page.headers['cache-control']).toBe('no-store');
    const block = blockOf(page.text);
    expect(block).toMatchObject({ op: 'selection.online', input: { page: 1, limit: 20 } });
    const direct = JSON.parse(
      (
        await app.call('POST', '/bff/op/selection.online', {
          headers: { cookie, 'content-type': 'application/json' },
          body: '{"page":1,"limit":20}',
        })
      ).text,
    ) as { data: { list: { id: number }[] } };
    expect(block!.data.list.length).toBeGreaterThan(0);
    expect(block!.data.list.map((g) => g.id)).toEqual(direct.data.list.map((g) => g.id));
    // Painted for a phone: its first row of goods, the first picture asked for by the HTML.
    const painted =
      /<div class="boot-goods" id="boot-goods" aria-hidden="true">.*?<img class="bg-img" src="([^"]+)" alt="" fetchpriority="high">/.exec(
        page.text,
      );
    expect(painted?.[1]).toBe(block!.data.list[0]!.cover);
    // The page's header and shell come before it, the page still ends as a page.
    expect(page.text.indexOf('id="boot-data"')).toBeLessThan(page.text.indexOf('id="first-list"'));
    expect(page.text.trimEnd()).toMatch(/<\/body><\/html>$/);

    // Compressed the same.
    const packed = await fetch(`${app.url}/catalogue`, { headers: { cookie, 'accept-encoding': 'gzip' } });
    expect(packed.headers.get('content-encoding')).toBe('gzip');
    expect(blockOf(await packed.text())?.data.list.map((g) => g.id)).toEqual(direct.data.list.map((g) => g.id));

    // A filtered view, another page, signed out: the SPA asks itself.
    expect(blockOf((await app.call('GET', '/catalogue?source=2', { headers: { cookie } })).text)).toBeNull();
    expect(blockOf((await app.call('GET', '/library', { headers: { cookie } })).text)).toBeNull();
    expect(blockOf((await app.call('GET', '/catalogue')).text)).toBeNull();
  });

  it('the overview’s figures come in the manager’s page, the answer the route gives for its default period', async () => {
    const blockOf = (html: string) => {
      const m = /<script type="application\/json" id="first-list">(.*?)<\/script>/s.exec(html);
      return m ? (JSON.parse(m[1]!) as { route?: string; op?: string; input: unknown; data: Record<string, unknown> }) : null;
    };
    const manager = await app.signIn('manager', 'manager-demo');
    const block = blockOf((await app.call('GET', '/overview', { headers: { cookie: manager } })).text);
    expect(block).toMatchObject({ route: '/overview', input: { period: '7d' } });
    const direct = JSON.parse((await app.call('GET', '/bff/overview?period=7d', { headers: { cookie: manager } })).text) as Record<
      string,
      unknown
    >;
    // The same answer but for the moment it was made at.
    const { asOf: _a, ...given } = block!.data;
    const { asOf: _b, ...asked } = direct;
    expect(given).toEqual(asked);
    expect(given).toMatchObject({ period: '7d', current: expect.objectContaining({ totals: expect.any(Object) }) });
    // Another period, a role without the overview (the merchant), signed out: none.
    expect(blockOf((await app.call('GET', '/overview?period=30d', { headers: { cookie: manager } })).text)).toBeNull();
    const merchant = await app.signIn('merchant', 'merchant-demo');
    expect(blockOf((await app.call('GET', '/overview', { headers: { cookie: merchant } })).text)).toBeNull();
    expect(blockOf((await app.call('GET', '/overview')).text)).toBeNull();
  });

  it('signed out, or with a session that is not one: the plain shell', async () => {
    const cases: Record<string, string>[] = [{}, { cookie: 'sd_session=not-a-session' }];
    for (const headers of cases) {
      const res = await app.call('GET', '/catalogue', { headers });
      expect(res.status).toBe(200);
      expect(res.text).not.toContain('boot-data');
      expect(res.text).toContain('<div id="root"></div>');
    }
  });

  it('text from people cannot close the data block', async () => {
    const users = new UserStore(app.server.db);
    await users.create({
      username: 'sneaky',
      displayName: '</script><script>alert(1)</script>',
      role: 'merchant',
      password: 'sneaky-password-1',
    });
    const cookie = await app.signIn('sneaky', 'sneaky-password-1');
    const res = await app.call('GET', '/catalogue', { headers: { cookie } });
    expect(res.text).not.toContain('<script>alert(1)');
    expect(bootOf(res.text)?.session.user.displayName).toBe('</script><script>alert(1)</script>');
  });
});
