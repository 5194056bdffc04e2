// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { dismissToast, toast, ToastHost } from './toast';

afterEach(cleanup);

describe('toasts', () => {
  it('a dismissal before any toast does nothing (notistack is not even loaded), then a shown toast is closed by its key', async () => {
    const failures: unknown[] = [];
    const onRejection = (e: unknown) => failures.push(e);
    process.on('unhandledRejection', onRejection);
    try {
      render(<ToastHost />);
      // As the live-event stream does when it starts: nothing shown yet.
      dismissToast('live-stopped');
      await new Promise((r) => setTimeout(r, 50));
      expect(failures).toEqual([]);

      // Not awaited inside act: the toast waits for the host, which React draws once act lets it.
      const shown = toast('已保存。', { key: 'saved', autoHideDuration: null });
      expect(await screen.findByText('已保存。', undefined, { timeout: 5000 })).toBeTruthy();
      expect(await shown).toBe('saved');
      act(() => dismissToast('saved'));
      await waitFor(() => expect(screen.queryByText('已保存。')).toBeNull(), { timeout: 3000 });
      expect(failures).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });
});
