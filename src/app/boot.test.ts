// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seedBootData } from './boot';
import { unreadQuery } from '../features/messages/api/queries';
import { cartQuery } from '../features/cart/api/cart';
import { overviewQuery, stripQuery } from '../features/overview/api/queries';
import { periodOf } from '../features/overview/period';
import { summaryQuery } from '../features/watch/api';

/** A page as the gateway serves it to a person of these permissions, at `path`. */
function servedPage(path: string, ops: string[], features: string[]) {
  document.body.innerHTML = `<script type="application/json" id="boot-data">${JSON.stringify({
    session: { user: { username: 'x', displayName: 'X' }, role: 'merchant', permissions: { ops, features } },
    meta: { mode: 'sandbox', upstream: 'sandbox', clock: { kind: 'business', nowMs: 0, speed: 1 } },
  })}</script>`;
  window.history.replaceState(null, '', path);
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('start-up reads (issue 39)', () => {
  it('the app bar’s and the strip’s first reads leave before the first render, under the keys their components read', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        asked.push(new URL(url, 'http://x').pathname);
        return Promise.resolve(
          new Response(JSON.stringify({ count: 0, lines: [], atRisk: 0 }), { headers: { 'content-type': 'application/json' } }),
        );
      }),
    );
    servedPage('/catalogue', ['order.submit'], ['messages.read', 'strip.read', 'watch.use']);
    const qc = new QueryClient();
    const [beforeRender] = seedBootData(qc);
    for (const step of beforeRender) step();
    const keys = [unreadQuery.queryKey, cartQuery().queryKey, stripQuery.queryKey, summaryQuery().queryKey];
    // Each read is in flight (or in) under the component's own key: a component drawn now asks nothing more.
    await vi.waitFor(() => expect(keys.map((k) => qc.getQueryState(k)?.fetchStatus !== undefined)).toEqual([true, true, true, true]));
    await vi.waitFor(() =>
      expect(asked).toEqual(expect.arrayContaining(['/bff/messages/unread', '/bff/me/cart', '/bff/strip', '/bff/watch/summary'])),
    );
    expect(asked.filter((a) => a === '/bff/strip')).toHaveLength(1);
  });

  it('only what the person sees: no cart without ordering, no strip away from the catalogue or without it', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        asked.push(new URL(url, 'http://x').pathname);
        return Promise.resolve(new Response(JSON.stringify({ count: 0 }), { headers: { 'content-type': 'application/json' } }));
      }),
    );
    servedPage('/queue', [], ['messages.read', 'queue.read']);
    const qc = new QueryClient();
    const [beforeRender] = seedBootData(qc);
    for (const step of beforeRender) step();
    await vi.waitFor(() => expect(asked).toContain('/bff/messages/unread'));
    await new Promise((r) => setTimeout(r, 50));
    expect(asked.filter((a) => ['/bff/me/cart', '/bff/strip', '/bff/watch/summary'].includes(a))).toEqual([]);
  });
});

describe('the overview’s figures handed over with the page (issue 39)', () => {
  const handOver = (block: object) => {
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = 'first-list';
    el.textContent = JSON.stringify(block);
    document.body.appendChild(el);
  };
  const answer = { period: '7d', today: '2026-11-27', current: { totals: { orders: 3 } } };

  it('at the bare address, the page’s query has them and nothing is asked', async () => {
    const fetch = vi.fn((_url: string) => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetch);
    servedPage('/overview', [], ['overview.read']);
    handOver({ route: '/overview', input: { period: '7d' }, data: answer });
    const qc = new QueryClient();
    seedBootData(qc);
    // The page at the bare address asks for its default period: that query's data is the handed-over answer.
    expect(qc.getQueryData(overviewQuery({ period: periodOf(new URLSearchParams('')).period }).queryKey)).toEqual(answer);
    expect(document.getElementById('first-list')).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/bff/overview'))).toEqual([]);
  });

  it('another period in the address: not taken; the page’s own period is asked for at start-up instead', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        asked.push(String(url));
        return Promise.resolve(new Response(JSON.stringify(answer)));
      }),
    );
    servedPage('/overview?period=30d', [], ['overview.read']);
    handOver({ route: '/overview', input: { period: '7d' }, data: answer });
    const qc = new QueryClient();
    seedBootData(qc);
    expect(qc.getQueryData(overviewQuery({ period: '7d' }).queryKey)).toBeUndefined();
    await vi.waitFor(() => expect(asked).toContain('/bff/overview?period=30d'));
    await vi.waitFor(() => expect(qc.getQueryData(overviewQuery({ period: '30d' }).queryKey)).toEqual(answer));
  });

  it('without the overview’s feature, nothing is taken or asked', async () => {
    const fetch = vi.fn((_url: string) => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetch);
    servedPage('/overview', ['selection.online'], ['strip.read']);
    handOver({ route: '/overview', input: { period: '7d' }, data: answer });
    const qc = new QueryClient();
    seedBootData(qc);
    expect(qc.getQueryData(overviewQuery({ period: '7d' }).queryKey)).toBeUndefined();
    await new Promise((r) => setTimeout(r, 20));
    expect(fetch).not.toHaveBeenCalled();
  });
});
