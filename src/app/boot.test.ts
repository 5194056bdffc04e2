// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seedBootData } from './boot';
import { unreadQuery } from '../features/messages/api/queries';
import { cartQuery } from '../features/cart/api/cart';
import { stripQuery } from '../features/overview/api/queries';
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
