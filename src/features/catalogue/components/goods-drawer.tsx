import { Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
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

/**
 * The product open over a list, kept in the address (`goods=<id>`) so it survives a reload and can be
 * shared; `section: 'history'` opens it at its price history (`section=history`).
 */
export function useOpenGoods(): [number | null, (id: number | null, section?: 'history') => void] {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('goods')) || null;
  const setOpen = (next: number | null, section?: 'history') => {
    const p = new URLSearchParams(params);
    if (next) p.set('goods', String(next));
    else p.delete('goods');
    if (next && section) p.set('section', section);
    else p.delete('section');
    setParams(p);
  };
  return [id, setOpen];
}

/** A list's product drawer, opened from the `goods` parameter. */
export function ListGoodsDrawer() {
  const [id, setOpen] = useOpenGoods();
  return <GoodsDrawer id={id} onClose={() => setOpen(null)} />;
}
