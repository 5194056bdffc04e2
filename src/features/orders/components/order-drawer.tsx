import { Suspense, useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { lazyNamed, useLatch } from '../../../lib/lazy';

// The drawer and the detail in it load when an order is first opened, not with the list.
const OrderDrawerPanel = lazyNamed(() => import('./order-drawer-panel'), 'OrderDrawerPanel');

/** Platform order numbers are digits; a child or line number (with `_`) names the same order. */
const SN = /^\d{6,32}(_\d+){0,3}$/;

/** The order open over the current list (`?order=<sn>`), and a way to open or close it. */
export function useOrderDrawer() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('order') ?? '';
  const sn = SN.test(raw) ? raw.split('_')[0]! : null;
  const open = useCallback(
    (next: string | null) =>
      setParams((p) => {
        const out = new URLSearchParams(p);
        if (next) out.set('order', next);
        else out.delete('order');
        return out;
      }),
    [setParams],
  );
  return [sn, open] as const;
}

/** The order detail over any list, so the list keeps its place. */
export function OrderDrawer({ sn, onClose }: { sn: string | null; onClose: () => void }) {
  const loaded = useLatch(sn !== null);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <OrderDrawerPanel sn={sn} onClose={onClose} />
    </Suspense>
  );
}
