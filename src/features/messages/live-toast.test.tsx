// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { InboxMessage } from '../../../contract/message-kinds';
import { MAX_TOASTS, ToastHost } from '../../lib/toast';
import { testI18n } from '../../test/render';
import { showMessageToast } from './live-toast';

afterEach(cleanup);

let seq = 100;
const goods = (id: number): InboxMessage => ({
  seq: ++seq,
  id: `2026112300000000${seq}`,
  type: 'goods.price.alter',
  group: 'goods',
  data: { goodsIds: [id] },
  pushedAt: 1_790_000_000_000,
  receivedAt: 1_790_000_000_000,
  read: false,
  refs: { goods: [{ id, title: `商品${id}`, agreementPrice: 1000, profitRate: 20 }] },
});
const shipped = (n: number): InboxMessage => ({
  seq: ++seq,
  id: `2026112300000001${seq}`,
  type: 'order.delivery',
  group: 'orders',
  data: { orderSn: `SD${n}`, sku: '12' },
  pushedAt: 1_790_000_000_000,
  receivedAt: 1_790_000_000_000,
  read: false,
  refs: {},
});

describe('live message toasts', () => {
  it('goods messages that come together are one toast; at most three show; none over an open dialog', async () => {
    const i18n = testI18n('en');
    render(<ToastHost />);
    const go = () => {};
    // A burst of five repricings: one toast saying so, with its way to the messages.
    act(() => {
      for (let i = 1; i <= 5; i++) showMessageToast(goods(i), i18n, go);
    });
    expect(await screen.findByText('5 goods changed: see messages', undefined, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByText(/商品1/)).toBeNull();
    // Six orders shipped: three toasts on screen at most (the rest wait their turn).
    act(() => {
      for (let i = 1; i <= 6; i++) showMessageToast(shipped(i), i18n, go);
    });
    await waitFor(() => expect(document.querySelectorAll('.notistack-Snackbar').length).toBe(MAX_TOASTS), { timeout: 4000 });
    // A dialog opens: the live toasts showing close, and a new one waits until it is closed.
    const dialog = document.createElement('div');
    dialog.className = 'MuiModal-root';
    act(() => void document.body.appendChild(dialog));
    await waitFor(() => expect(document.querySelectorAll('.notistack-Snackbar').length).toBe(0), { timeout: 4000 });
    act(() => showMessageToast(goods(9), i18n, go));
    await new Promise((r) => setTimeout(r, 1200));
    expect(screen.queryByText(/商品9/)).toBeNull();
    act(() => dialog.remove());
    expect(await screen.findByText(/商品9/, undefined, { timeout: 4000 })).toBeTruthy();
  }, 20_000);
});
