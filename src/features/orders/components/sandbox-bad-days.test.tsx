// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderIn, testI18n } from '../../../test/render';
import { faultsWords, parseBadDays, SandboxBadDaysDialog } from './sandbox-bad-days';

/** Issue 50: the sandbox supplier's bad days set from the clock menu's dialog, in both languages. */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const clean = { error: 0, lost: 0, drop: 0, latencyMs: 0, outage: false };
/** The gateway's /bff/sandbox/faults: answers what is in force, takes changes; the bodies it was sent. */
function gateway(start = clean) {
  let now = { ...start };
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      expect(url).toBe('/bff/sandbox/faults');
      if (init.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        now = { ...now, ...(JSON.parse(String(init.body)) as object) };
      }
      return new Response(JSON.stringify({ code: 1, msg: 'ok', data: now }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}
const open = (lang: 'en' | 'zh-CN') =>
  renderIn(
    lang,
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SandboxBadDaysDialog open onClose={() => {}} />
    </QueryClientProvider>,
  );
const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });

describe('the supplier’s bad days', () => {
  it('the form turns percentages into shares and says what is wrong per field', () => {
    expect(parseBadDays({ error: '10', lost: '5%', latency: '200', outage: false })).toEqual({
      ok: true,
      change: { error: 0.1, lost: 0.05, latencyMs: 200, outage: false },
    });
    expect(parseBadDays({ error: '', lost: '', latency: '', outage: true })).toEqual({
      ok: true,
      change: { error: 0, lost: 0, latencyMs: 0, outage: true },
    });
    expect(parseBadDays({ error: '101', lost: 'x', latency: '2.5', outage: false })).toEqual({
      ok: false,
      errors: { error: 'errShare', lost: 'errShare', latency: 'errLatency' },
    });
    expect(parseBadDays({ error: '60', lost: '50', latency: '0', outage: false })).toEqual({ ok: false, errors: { lost: 'errSum' } });
  });

  it('says what is in force in words, in both languages', () => {
    const f = { error: 0.15, lost: 0.05, latencyMs: 200, outage: true };
    expect(faultsWords(f, testI18n('en').getFixedT('en', 'orders'), 'en')).toBe(
      'an outage, 15 % of calls failing, 5 % of answers lost, 200 ms latency',
    );
    expect(faultsWords(f, testI18n('zh-CN').getFixedT('zh-CN', 'orders'), 'zh-CN')).toBe(
      '停止服务，15% 调用失败，5% 应答丢失，延迟 200 毫秒',
    );
    expect(faultsWords({ error: 0, lost: 0, latencyMs: 0, outage: false }, testI18n('en').getFixedT('en', 'orders'), 'en')).toBeNull();
  });

  it('shows what is in force, sends a change once it is valid, and keeps what was typed when it is not (zh-CN)', async () => {
    const sent = gateway({ ...clean, error: 0.1 });
    open('zh-CN');
    expect((await screen.findByTestId('bad-days-in-force')).textContent).toBe('当前生效：10% 调用失败。');
    expect((screen.getByTestId('bad-days-error') as HTMLInputElement).value).toBe('10');
    type('bad-days-lost', '95');
    fireEvent.click(screen.getByRole('button', { name: '应用' }));
    expect((await screen.findByText('失败与丢失之和不能超过 100%。')).textContent).toBe('失败与丢失之和不能超过 100%。');
    expect((screen.getByTestId('bad-days-lost') as HTMLInputElement).value).toBe('95');
    expect(sent).toEqual([]);
    type('bad-days-lost', '5');
    type('bad-days-latency', '200');
    fireEvent.click(screen.getByTestId('bad-days-outage'));
    fireEvent.click(screen.getByRole('button', { name: '应用' }));
    await waitFor(() => expect(sent).toEqual([{ error: 0.1, lost: 0.05, latencyMs: 200, outage: true }]));
    expect((await screen.findByText('当前生效：停止服务，10% 调用失败，5% 应答丢失，延迟 200 毫秒。')).textContent).toBe(
      '当前生效：停止服务，10% 调用失败，5% 应答丢失，延迟 200 毫秒。',
    );
  });

  it('back to a good day clears every fault (en)', async () => {
    const sent = gateway({ ...clean, lost: 0.2, outage: true });
    open('en');
    expect((await screen.findByTestId('bad-days-in-force')).textContent).toBe('In force now: an outage, 20 % of answers lost.');
    fireEvent.click(screen.getByRole('button', { name: 'Back to a good day' }));
    await waitFor(() => expect(sent).toEqual([{ error: 0, lost: 0, latencyMs: 0, outage: false }]));
    expect((await screen.findByText('In force now: nothing, the supplier answers every call.')).textContent).toBe(
      'In force now: nothing, the supplier answers every call.',
    );
  });

  it('an order made irregular needs its number first (en)', async () => {
    gateway();
    open('en');
    await screen.findByTestId('bad-days-in-force');
    fireEvent.click(screen.getByRole('button', { name: 'Make it so' }));
    expect((await screen.findByText('Enter the order number.')).textContent).toBe('Enter the order number.');
    expect((screen.getByRole('combobox', { name: 'What happens to it' }) as HTMLSelectElement).value).toBe('late');
  });
});
