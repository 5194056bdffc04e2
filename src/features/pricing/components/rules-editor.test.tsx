// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderIn } from '../../../test/render';
import { RulesEditor } from './rules-editor';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function mount(put: (body: unknown) => Response) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method: init.method ?? 'GET', url, body });
      if (url === '/bff/pricing/preview') return json(200, { skus: 40, changed: 12, belowMinimum: 0, lowest: [] });
      if (url === '/bff/pricing/rules' && init.method === 'PUT') return put(body);
      return json(404, { msg: 'not here', gateway: { reason: 'not_found' } });
    }),
  );
  renderIn(
    'en',
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RulesEditor saved={{ rules: [], updatedAt: null, updatedBy: null }} />
    </QueryClientProvider>,
  );
  return calls;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the rules editor', () => {
  it('sends fen; on a refusal keeps what was typed and says why, on top and beside the field named', async () => {
    const calls = mount(() =>
      json(400, {
        code: 0,
        msg: 'Invalid input',
        gateway: { reason: 'invalid_input', field: 'rules.0.multiply', rule: 'too_big', limit: 100 },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add a range' }));
    type('Cost up to (¥)', '99.9');
    type('Multiply by', '1.5');
    type('Add (¥)', '2');
    type('Cents', '90');
    // The preview of what is typed, once typing stops.
    await waitFor(() => expect(screen.getByText('12 SKUs of 40 change their retail price.')).toBeTruthy(), { timeout: 3000 });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Save rules' })));
    await waitFor(() => expect(screen.getByTestId('pricing-refusal').textContent).toMatch(/Multiply by.*at most 100/));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ rules: [{ upTo: 9990, multiply: 1.5, add: 200 }], cents: 90, compareAt: null });
    // What was typed stays, and the field the gateway named says it too.
    expect((screen.getByLabelText('Cost up to (¥)') as HTMLInputElement).value).toBe('99.9');
    expect((screen.getByLabelText('Multiply by') as HTMLInputElement).value).toBe('1.5');
    expect((screen.getByLabelText('Cents') as HTMLInputElement).value).toBe('90');
    expect(screen.getByLabelText('Multiply by').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends nothing while a figure is wrong, and says so beside it', async () => {
    const calls = mount(() => json(200, {}));
    fireEvent.click(screen.getByRole('button', { name: 'Add a range' }));
    type('Multiply by', '0.05');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Save rules' })));
    expect(await screen.findByText('Write the multiplier as a number from 0.1 to 100 (at most 4 decimals), e.g. 1.5.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
