import { Suspense } from 'react';
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
