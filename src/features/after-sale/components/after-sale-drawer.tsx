import { Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { lazyNamed, useLatch } from '../../../lib/lazy';

// The detail (gallery, mailing form) loads when a record is first opened, not with the list.
const AfterSaleDrawerPanel = lazyNamed(() => import('./after-sale-drawer-panel'), 'AfterSaleDrawerPanel');

/** An after-sale's detail over the list, so the list keeps its place; the address carries `afterSale=<id>`. */
export function AfterSaleDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const loaded = useLatch(id !== null);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <AfterSaleDrawerPanel id={id} onClose={onClose} />
    </Suspense>
  );
}

/** The record open over a list, kept in the address (`afterSale=<id>`), and a way to open or close it. */
export function useOpenAfterSale(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const setOpen = (id: number | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id) next.set('afterSale', String(id));
      else next.delete('afterSale');
      return next;
    });
  return [Number(params.get('afterSale')) || null, setOpen];
}
