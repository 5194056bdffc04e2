import type { Context } from 'hono';
import { createGunzip } from 'node:zlib';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { firstListFor, firstListTail, streamedPage } from './first-list';

const contextWith = (acceptEncoding?: string) =>
  ({ req: { header: (name: string) => (name.toLowerCase() === 'accept-encoding' ? acceptEncoding : undefined) } }) as unknown as Context;

/** Reads the answer's body as text chunk by chunk (gunzipped when it is gzip), telling when each arrived. */
async function readChunks(res: Response, onText: (text: string) => void) {
  const body = Readable.fromWeb(res.body as import('node:stream/web').ReadableStream);
  const text = res.headers.get('content-encoding') === 'gzip' ? body.pipe(createGunzip()) : body;
  for await (const chunk of text) onText(String(chunk));
}

describe('the landing page in two parts (issue 39)', () => {
  const html = '<!doctype html><html><head><script type="module" src="/a.js"></script></head><body><div id="root">x</div></body></html>';

  for (const encoding of ['gzip, deflate, br', undefined]) {
    it(`sends the page up to </body> before the list is in (${encoding ?? 'no compression'})`, async () => {
      let release!: (s: string) => void;
      const tail = new Promise<string>((resolve) => (release = resolve));
      const res = streamedPage(contextWith(encoding), html, tail);
      expect(res.headers.get('content-encoding')).toBe(encoding ? 'gzip' : null);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-accel-buffering')).toBe('no');
      const seen: string[] = [];
      const done = readChunks(res, (t) => seen.push(t));
      // The first part arrives while the list is still out.
      await expect.poll(() => seen.join(''), { timeout: 2_000 }).toBe(html.slice(0, html.lastIndexOf('</body>')));
      release('<script type="application/json" id="first-list">{}</script>');
      await done;
      expect(seen.join('')).toBe(html.replace('</body>', '<script type="application/json" id="first-list">{}</script></body>'));
    });
  }

  it('takes gzip only when the browser does (q=0 says it does not)', () => {
    expect(streamedPage(contextWith('gzip;q=0, deflate'), html, Promise.resolve('')).headers.get('content-encoding')).toBeNull();
    expect(streamedPage(contextWith('GZIP;q=0.5'), html, Promise.resolve('')).headers.get('content-encoding')).toBe('gzip');
  });
});

describe('the first list the gateway asks for', () => {
  const answering = (answer: () => Promise<Response>) => ({ request: answer }) as never;
  const ok = (data: unknown) => () => Promise.resolve(new Response(JSON.stringify({ code: 1, data })));

  it('only on the bare catalogue path, for a person who may read it', async () => {
    const first = firstListFor(answering(ok({ list: [] })));
    expect(first('/catalogue', '?source=2', 'c', { ops: ['selection.online'], features: [] })).toBeNull();
    expect(first('/library', '', 'c', { ops: ['selection.online', 'selection.list'], features: [] })).toBeNull();
    expect(first('/catalogue', '', 'c', { ops: ['selection.list'], features: [] })).toBeNull();
    expect(await first('/catalogue', '', 'c', { ops: ['selection.online'], features: [] })).toEqual({
      op: 'selection.online',
      input: { page: 1, limit: 20 },
      data: { list: [] },
    });
  });

  it('asks for the overview’s default period on the bare overview path, for who may read it, and hands over its answer', async () => {
    const asked: { url: string; method?: string; cookie?: string }[] = [];
    const first = firstListFor({
      request: (url: string, init?: RequestInit) => {
        asked.push({ url, method: init?.method, cookie: new Headers(init?.headers).get('cookie') ?? undefined });
        return Promise.resolve(new Response(JSON.stringify({ period: '7d', today: '2026-11-27' })));
      },
    } as never);
    expect(first('/overview', '?period=30d', 'c', { ops: [], features: ['overview.read'] })).toBeNull();
    expect(first('/overview', '', 'c', { ops: ['selection.online'], features: ['strip.read'] })).toBeNull();
    expect(asked).toEqual([]);
    expect(await first('/overview', '', 'sid=1', { ops: [], features: ['overview.read'] })).toEqual({
      route: '/overview',
      input: { period: '7d' },
      data: { period: '7d', today: '2026-11-27' },
    });
    expect(asked).toEqual([{ url: '/overview?period=7d', method: undefined, cookie: 'sid=1' }]);
    // A refusal (a 4xx/5xx answer) is the page's to show when it asks itself.
    const refused = firstListFor(answering(() => Promise.resolve(new Response('{"msg":"no"}', { status: 403 }))));
    expect(await refused('/overview', '', 'c', { ops: [], features: ['overview.read'] })).toBeNull();
  });

  it('leaves the list out when the upstream refuses, fails or is slower than the wait', async () => {
    const refused = firstListFor(answering(() => Promise.resolve(new Response(JSON.stringify({ code: 0, msg: 'no' })))));
    expect(await refused('/catalogue', '', 'c', { ops: ['selection.online'], features: [] })).toBeNull();
    const failed = firstListFor(answering(() => Promise.reject(new Error('down'))));
    expect(await failed('/catalogue', '', 'c', { ops: ['selection.online'], features: [] })).toBeNull();
    const slow = firstListFor(
      answering(() => new Promise(() => {})),
      50,
    );
    const t0 = Date.now();
    expect(await slow('/catalogue', '', 'c', { ops: ['selection.online'], features: [] })).toBeNull();
    expect(Date.now() - t0).toBeLessThan(1_000);
  });

  it('paints the first goods as a phone shows them, in the person’s language, with nothing able to close its element', () => {
    const look = { lang: 'en' as const, texts: { title: 'Catalogue', subtitle: 'All <goods>', guidePrice: 'Guide price' }, strip: true };
    const goods = (over: object) => ({
      title: 'Tea',
      cover: '/upstream/images/goods/1.svg',
      agreement_price: 123450,
      guide_price: 200000,
      ...over,
    });
    const tail = firstListTail(
      {
        op: 'selection.online',
        input: { page: 1, limit: 20 },
        data: {
          list: [goods({ title: '</script><b>', cover: 'https://img.example/a.jpg?x=1&y="2"' }), goods({}), goods({ title: 'Third' })],
        },
      },
      '/catalogue',
      look,
    );
    const painted = tail.slice(0, tail.indexOf('<script'));
    // The first row only, the first picture asked for first; a wider screen takes a blank instead.
    expect(painted.match(/class="bg-card"/g)).toHaveLength(2);
    expect(painted).not.toContain('Third');
    expect(painted).toContain('<img class="bg-img" src="https://img.example/a.jpg?x=1&amp;y=&quot;2&quot;" alt="" fetchpriority="high">');
    expect(painted).toContain('<source media="(min-width: 600px)" srcset="data:image/gif;base64,');
    expect(painted).toContain('<span class="bg-price">¥1,234.50</span><span class="bg-caption">Guide price ¥2,000.00</span>');
    expect(painted).toContain('<p>All &lt;goods&gt;</p>');
    // Under the strip's room for a merchant; without it for the others.
    expect(painted).toContain('<div class="bg-grid">');
    expect(
      firstListTail({ op: 'selection.online', input: {}, data: { list: [goods({})] } }, '/catalogue', { ...look, strip: false }),
    ).toContain('<div class="bg-grid bg-bare">');
    expect(painted).not.toContain('</script><b>');
    expect(painted).toContain('&lt;/script&gt;&lt;b&gt;');
    const json = /<script type="application\/json" id="first-list">(.*)<\/script>$/s.exec(tail)?.[1];
    expect((JSON.parse(json!) as { data: { list: { title: string }[] } }).data.list[0]!.title).toBe('</script><b>');
    // In Chinese; a cover that is not a web address is not painted (nor asked for); no list, nothing.
    expect(
      firstListTail({ op: 'selection.online', input: {}, data: { list: [goods({})] } }, '/catalogue', { ...look, lang: 'zh-CN' }),
    ).toContain('¥1,234.50');
    const odd = firstListTail(
      { op: 'selection.online', input: {}, data: { list: [goods({ cover: 'javascript:alert(1)' })] } },
      '/catalogue',
      look,
    );
    expect(odd.slice(0, odd.indexOf('<script'))).toBe('');
    expect(firstListTail(null, '/catalogue', look)).toBe('');
  });

  it('paints the overview’s line of days as React writes it, in the person’s language, escaped; nothing without its words or figures', () => {
    const overview = (over: object = {}) => ({
      period: '7d',
      timeZone: 'Asia/Shanghai',
      comparison: 'daysBefore',
      current: { from: '2026-11-21', to: '2026-11-27' },
      previous: { from: '2026-11-14', to: '2026-11-20' },
      ...over,
    });
    // The words as the build writes them from the overview's texts (src/app/shell-texts.ts).
    const words = (lang: 'en' | 'zh-CN') =>
      lang === 'en'
        ? {
            title: 'Overview',
            subtitle: '',
            showing: '{{from}} – {{to}} ({{zone}}), {{comparison}}',
            comparison: { daysBefore: 'against the same number of days just before: {{prevFrom}} – {{prevTo}}' },
          }
        : {
            title: '概览',
            subtitle: '',
            showing: '{{from}} 至 {{to}}（{{zone}}），{{comparison}}',
            comparison: { monthBefore: '对比再上一个月：{{prevFrom}} 至 {{prevTo}}' },
          };
    const tail = (data: object, lang: 'en' | 'zh-CN' = 'en', texts: object | undefined = words(lang)) =>
      firstListTail({ route: '/overview', input: { period: '7d' }, data }, '/overview', { lang, texts: texts as never, strip: false });
    const painted = (t: string) => t.slice(0, t.indexOf('<script'));
    expect(painted(tail(overview()))).toBe(
      '<p class="boot-period" id="boot-period" aria-hidden="true">2026-11-21 – 2026-11-27 (China Standard Time), against the same number of days just before: 2026-11-14 – 2026-11-20</p>',
    );
    expect(painted(tail(overview({ comparison: 'monthBefore', timeZone: 'Europe/Berlin' }), 'zh-CN'))).toBe(
      '<p class="boot-period" id="boot-period" aria-hidden="true">2026-11-21 至 2026-11-27（中欧标准时间），对比再上一个月：2026-11-14 至 2026-11-20</p>',
    );
    // What the answer carries is written as text, never as markup.
    expect(painted(tail(overview({ current: { from: '<b>', to: '"x"' } })))).toContain('&lt;b&gt; – &quot;x&quot; (');
    // An answer without its days or zone, a comparison the words lack, or no words at all: not painted.
    for (const odd of [overview({ current: undefined }), overview({ timeZone: 1 }), overview({ comparison: 'yearBefore' })])
      expect(painted(tail(odd))).toBe('');
    expect(painted(tail(overview(), 'en', { title: 'Overview', subtitle: '' }))).toBe('');
  });
});
