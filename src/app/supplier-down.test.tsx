// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderIn } from '../test/render';
import { ErrorState } from '../components/error-state';
import { onlineListQuery } from '../features/catalogue/api/queries';
import { createQueryClient } from './query-client';
import { setShownClock } from '../lib/clock';

/**
 * Issue 50.3: while the supplier cannot be reached the gateway answers at once (503, `supplier_down`,
 * since when and when it asks again). The catalogue's list (its own query, through the real bff
 * client and the app's query client) says so in words with the reference, and reads again by itself
 * when the gateway asks the supplier again: no click, no reload.
 */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setShownClock(undefined);
});

const ID = 'a3c1f0de-55b2-4e0f-9d1e-7b2c4a6e8f10';
// 2026-11-28 14:05 in Shanghai; the shown clock stands on that day.
const SINCE = Date.UTC(2026, 10, 28, 6, 5);

function Catalogue() {
  const list = useQuery(onlineListQuery({ page: 1, limit: 20 }));
  if (list.isError && !list.data) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  return <p data-testid="count">{list.data ? `${list.data.count} goods` : 'loading'}</p>;
}

/** The gateway: `down` answers while the breaker is open, then the list. */
function gateway(down: number) {
  let calls = 0;
  const fetch = vi.fn(async (url: string) => {
    expect(url).toBe('/bff/op/selection.online');
    calls += 1;
    if (calls <= down)
      return new Response(
        JSON.stringify({
          code: 0,
          msg: 'The supplier cannot be reached since 14:05; retrying.',
          data: null,
          gateway: { reason: 'supplier_down', since: SINCE, retryAfter: 1 },
        }),
        { status: 503, headers: { 'content-type': 'application/json', 'x-request-id': ID } },
      );
    return new Response(JSON.stringify({ code: 1, msg: 'ok', data: { list: [], count: 37 } }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the supplier cannot be reached', () => {
  it('the catalogue says so at once with the time and the reference (en), and comes back by itself', async () => {
    setShownClock({ kind: 'business', nowMs: SINCE + 10 * 60_000, speed: 1 });
    const fetch = gateway(1);
    renderIn(
      'en',
      <QueryClientProvider client={createQueryClient()}>
        <Catalogue />
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The supplier cannot be reached since 14:05; retrying.');
    expect(screen.getByTestId('request-reference').textContent).toBe(`Reference for support: ${ID}`);
    // Said at once: one call, not the retries other failures get.
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    // retryAfter 1 s: read again without anyone asking, and the list is there.
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('37 goods'), { timeout: 3000 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('in Chinese, and with the date when it began on another day; still down at the next try: said again, read again later', async () => {
    setShownClock({ kind: 'business', nowMs: SINCE + 86_400_000, speed: 1 });
    const fetch = gateway(2);
    renderIn(
      'zh-CN',
      <QueryClientProvider client={createQueryClient()}>
        <Catalogue />
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('自 2026/11/28 14:05 起无法连接供应商，正在重试。');
    expect(screen.getByTestId('request-reference').textContent).toBe(`供客服查询的编号： ${ID}`);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2), { timeout: 3000 });
    expect(screen.getByRole('alert').textContent).toContain('无法连接供应商');
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('37 goods'), { timeout: 3000 });
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
