import { Suspense, useMemo, type ReactNode } from 'react';
import Skeleton from '@mui/material/Skeleton';
import type { OpData } from '../../../../contract';
import { MAX_PAGE } from '../../../../contract/constants';
import { PAGE_SIZES } from '../../../components/goods-page-sizes';
import { Pager } from '../../../components/pager';
// The cards load as a chunk of their own: a wide screen shows the table and never asks for them.
import { GoodsCards } from '../../../components/goods-cards-chunk';

type LibraryRow = OpData<'selection.list'>['list'][number];

// A phone shows the cards (below MUI's `sm`, usePhone in filter-panel.tsx): their chunk is asked for
// with the page's, not after the page has drawn.
if (typeof window !== 'undefined' && window.matchMedia?.('(max-width: 599.98px)').matches) GoodsCards.preload();

/**
 * The library as the catalogue's cards (what a phone shows): each card carries what its table row
 * carries (the tick for the selection bar, the product opened from it, the row's last cell), so the
 * two views offer the same actions. The pager comes with the cards, not before them: it would be
 * pushed down when they arrive.
 */
export function LibraryCards({
  rows,
  count,
  page,
  size,
  onPage,
  selected,
  onSelect,
  onOpen,
  footer,
}: {
  rows: LibraryRow[] | undefined;
  count: number;
  page: number;
  size: number;
  onPage: (page: number, size: number) => void;
  selected: ReadonlySet<number>;
  onSelect: (next: Set<number>) => void;
  onOpen: (row: LibraryRow) => void;
  /** The table row's last cell (kept stable by the caller, so cards skip renders). */
  footer: (row: LibraryRow) => ReactNode;
}) {
  const selection = useMemo(() => ({ selected, onChange: onSelect }), [selected, onSelect]);
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
      <GoodsCards rows={rows} onOpen={onOpen} selection={selection} footer={footer} />
      {rows && count > 0 && (
        <Pager page={page} size={size} count={Math.min(count, MAX_PAGE * size)} total={count} sizes={PAGE_SIZES} onChange={onPage} />
      )}
    </Suspense>
  );
}
