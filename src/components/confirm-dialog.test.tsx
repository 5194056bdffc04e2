// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderIn } from '../test/render';
import { OpError } from '../lib/bff';
import { ConfirmDialog } from './confirm-dialog';

afterEach(cleanup);

const dialog = (failure: unknown) => (
  <ConfirmDialog
    open
    title="Pay again?"
    body="From the balance."
    confirm="Pay now"
    cancel="Cancel"
    pending={false}
    error="The supplier refused: 余额不足"
    failure={failure}
    onConfirm={() => {}}
    onClose={() => {}}
  />
);

describe('a confirmation whose action failed', () => {
  it('keeps the failure in words with its request named for support', () => {
    renderIn('en', dialog(new OpError('upstream', '余额不足', 'order.pay', undefined, 0, undefined, { requestId: 'req-77aa88bb' })));
    expect(screen.getByRole('alert').textContent).toContain('The supplier refused: 余额不足');
    expect(screen.getByTestId('request-reference').textContent).toBe('Reference for support: req-77aa88bb');
  });

  it('names nothing when the answer had no id', () => {
    renderIn('en', dialog(new Error('network')));
    expect(screen.getByRole('alert').textContent).toBe('The supplier refused: 余额不足');
    expect(screen.queryByTestId('request-reference')).toBeNull();
  });
});
