// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderIn } from '../test/render';
import { OpError } from '../lib/bff';
import { ErrorState } from './error-state';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '6f1c2a9e-3b7d-4c55-9e0a-2d4b8f1e7a30';
const failed = (kind: ConstructorParameters<typeof OpError>[0], requestId?: string) =>
  new OpError(kind, 'x', 'orders.list', undefined, undefined, undefined, { httpStatus: 500, requestId });

describe('a failed load names its request for support', () => {
  it('shows the gateway’s request id in the person’s language, and copies it', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderIn('en', <ErrorState error={failed('internal', ID)} onRetry={() => {}} />);
    expect(screen.getByTestId('request-reference').textContent).toBe(`Reference for support: ${ID}`);
    fireEvent.click(screen.getByRole('button', { name: 'Copy the reference' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(ID));
    cleanup();
    renderIn('zh-CN', <ErrorState error={failed('upstream', ID)} />);
    expect(screen.getByTestId('request-reference').textContent).toBe(`供客服查询的编号： ${ID}`);
    expect(screen.getByRole('button', { name: '复制编号' })).toBeTruthy();
  });

  it('says nothing of it for a refused input (the person fixes it), an answer without one, or another error', () => {
    renderIn('en', <ErrorState error={failed('invalid_input', ID)} />);
    renderIn('en', <ErrorState error={failed('internal')} />);
    renderIn('en', <ErrorState error={new Error('boom')} />);
    expect(screen.getAllByRole('alert')).toHaveLength(3);
    expect(screen.queryByTestId('request-reference')).toBeNull();
  });
});
