import { Suspense } from 'react';
import { lazyNamed, useLatch } from '../../../lib/lazy';

// The drawer and the detail in it load when a product is first opened, not with the list.
const GoodsDrawerPanel = lazyNamed(() => import('./goods-drawer-panel'), 'GoodsDrawerPanel');

/** The product detail over any list, so the list keeps its place; the address carries `goods=<id>`. */
export function GoodsDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const loaded = useLatch(id !== null);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <GoodsDrawerPanel id={id} onClose={onClose} />
    </Suspense>
  );
}
