import { Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { SelectionBar } from '../../../components/selection-bar';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import TableRowsIcon from '@mui/icons-material/TableRows';
import GridViewIcon from '@mui/icons-material/GridView';
import TuneIcon from '@mui/icons-material/Tune';
import { MAX_PAGE, SEARCH_WORDS_MAX } from '../../../../contract/constants';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';

import { GoodsTable, PAGE_SIZES } from '../../../components/goods-table';
import { formatCount } from '../../../lib/money';
import { brandCollator } from '../../../lib/intl';
import { Pager } from '../../../components/pager';
import { RangeField } from '../../../components/range-field';
import { SearchField, ShippingSelect, SourceSelect } from '../../../components/list-filters';
import { SavedViews } from '../../../components/saved-views';
import { ResultsLine } from '../../../components/results-line';
import { FilterPanel, usePhone } from '../../../components/filter-panel';
import { SelectField, TextInput } from '../../../components/fields';
import { ChecklistButton } from '../../../components/checklist-button';
import { ColumnsMenu, useRememberedColumns } from '../../../components/columns-menu';
import { useLang } from '../../../lib/use-lang';
import { useSettledState } from '../../../lib/use-settled-state';
import { useLatch } from '../../../lib/lazy';
import { rangeValid, type Range } from '../../../lib/url-view';
import { useCan } from '../../account';
import { useAddToLibrary } from '../../selection';
import { AddToCartDialog } from '../../cart';
import { onlineListQuery } from '../api/queries';
import { CategoryPicker } from '../../../components/category-picker';
import { GoodsDrawer, useOpenGoods } from '../components/goods-drawer';
import { GoodsCards } from '../list-chunk';
import { RANGES, SORT_OPTIONS, parseView, useCatalogueView, viewToFilters, type CatalogueView, type RangeKey } from '../url-state';

const EMPTY = parseView(new URLSearchParams());

/**
 * The catalogue page's filters and list: a chunk of its own, asked for at start-up beside the page
 * (src/app/boot.ts) and drawn after the page's title (see catalogue-page.tsx).
 */
export function CatalogueList() {
  const lang = useLang();
  const { t } = useTranslation(['catalogue', 'cart']);
  const [view, setView] = useCatalogueView();
  const queryClient = useQueryClient();
  // A filter change asks for its list at once: the request runs while React draws the change, instead
  // of leaving after that render (useQuery starts it in an effect), which was half the wait for rows.
  const update = useCallback(
    (patch: Partial<CatalogueView>) => void queryClient.prefetchQuery(onlineListQuery(viewToFilters(setView(patch)))),
    [queryClient, setView],
  );
  const [openId, setOpen] = useOpenGoods();

  // Text and range inputs settle before they move the URL.
  const [typed, setTyped] = useSettledState({ q: view.q, shop: view.shop, ranges: view.ranges }, update, (v) =>
    Object.values(v.ranges).every(rangeValid),
  );
  const rangesOk = Object.values(typed.ranges).every(rangeValid);
  const [showRanges, setShowRanges] = useState(RANGES.some((r) => view.ranges[r.key].from || view.ranges[r.key].to));

  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [columns, setColumns] = useRememberedColumns('catalogue');
  const can = useCan();
  const canAdd = can.op('selection.add');
  const canCart = can.op('order.submit');
  const canSelect = canAdd || canCart;
  const [carting, setCarting] = useState(false);
  const cartLoaded = useLatch(carting);
  const add = useAddToLibrary();
  const { mutate: addMutate, isPending: adding } = add;
  const addIds = useCallback(
    (ids: number[]) =>
      addMutate(ids, {
        onSuccess: () => {
          void toast(t('added', { count: ids.length }), { variant: 'success' });
          setSelected(new Set());
        },
      }),
    [addMutate, t],
  );
  const list = useQuery(onlineListQuery(viewToFilters(view)));
  const count = list.data?.count ?? 0;
  // There is no brand list operation: the brands of the goods seen so far (and those picked) are offered.
  // Gathered while rendering the rows that bring them, not in an effect (that drew the whole page again).
  const seenBrands = useRef(new Map<number, string>());
  const brandNames = useMemo(() => {
    const rows = list.data?.list ?? [];
    if (rows.some((r) => r.brand_id && !seenBrands.current.has(r.brand_id)))
      seenBrands.current = new Map([
        ...seenBrands.current,
        ...rows.filter((r) => r.brand_id).map((r) => [r.brand_id!, r.third_brand_name ?? String(r.brand_id)] as const),
      ]);
    return seenBrands.current;
  }, [list.data]);
  const capRows = MAX_PAGE * view.size;
  const phone = usePhone();
  const shown = view.view === 'auto' ? (phone ? 'cards' : 'table') : view.view;
  const activeFilters =
    (view.source ? 1 : 0) +
    (view.sort ? 1 : 0) +
    (view.cats.length ? 1 : 0) +
    (view.brands.length ? 1 : 0) +
    (view.shop ? 1 : 0) +
    (view.free ? 1 : 0) +
    RANGES.filter((r) => view.ranges[r.key].from || view.ranges[r.key].to).length;
  // Stable between renders, so the table's rows are drawn again only when they change.
  const libraryCell = useCallback(
    (row: { id: number; is_selected?: number }) =>
      row.is_selected === 1 ? (
        <Chip size="small" color="success" variant="outlined" label={t('inLibrary')} data-testid="in-library" />
      ) : canAdd ? (
        <Button size="small" onClick={() => addIds([row.id])} disabled={adding}>
          {t('add')}
        </Button>
      ) : null,
    [t, canAdd, adding, addIds],
  );

  // The filters as one element kept while nothing they show changes: a list answer (or a row ticked)
  // re-renders this page, and React then skips the whole filter bar instead of drawing it again.
  const filters = useMemo(
    () => (
      <FilterPanel
        active={activeFilters}
        search={<SearchField label={t('search')} value={typed.q} onChange={(q) => setTyped({ ...typed, q })} />}
        tools={
          <>
            <Stack direction="row" role="group" aria-label={t('viewLabel')}>
              {(
                [
                  ['table', t('tableView'), <TableRowsIcon key="t" fontSize="small" />],
                  ['cards', t('cardView'), <GridViewIcon key="c" fontSize="small" />],
                ] as const
              ).map(([v, label, icon]) => (
                <IconButton
                  key={v}
                  aria-label={label}
                  title={label}
                  aria-pressed={shown === v}
                  color={shown === v ? 'primary' : 'default'}
                  onClick={() => update({ view: v })}
                  sx={shown === v ? { bgcolor: 'action.selected' } : undefined}
                >
                  {icon}
                </IconButton>
              ))}
            </Stack>
            <SavedViews storageKey="catalogue" />
            {shown === 'table' && <ColumnsMenu columns={columns} onChange={setColumns} />}
          </>
        }
        below={
          showRanges && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
              {RANGES.map((r) => (
                <RangeField
                  key={r.key}
                  label={t(`ranges.${r.key}`)}
                  unit={r.unit}
                  value={typed.ranges[r.key]}
                  onChange={(next: Range) => setTyped({ ...typed, ranges: { ...typed.ranges, [r.key as RangeKey]: next } })}
                  fromLabel={t('from')}
                  toLabel={t('to')}
                  error={rangeValid(typed.ranges[r.key]) ? undefined : t('rangeError')}
                />
              ))}
            </Stack>
          )
        }
      >
        <SourceSelect value={view.source} onChange={(source) => update({ source, cats: [] })} />
        <SelectField
          label={t('sort')}
          value={view.sort}
          onChange={(sort) => update({ sort })}
          choices={[
            { value: '', label: t('sortDefault') },
            ...SORT_OPTIONS.map((o) => {
              const [key, dir] = o.split(':') as [string, 'asc' | 'desc'];
              return { value: o, label: `${t(`sortKeys.${key}`)} · ${t(dir)}` };
            }),
          ]}
          sx={{ minWidth: 230 }}
        />
        <CategoryPicker source={view.source} path={view.cats} onChange={(cats) => update({ cats })} />
        <ChecklistButton
          variant="outlined"
          header={t('brandHint')}
          empty={t('brandNone')}
          items={[...brandNames]
            .sort((a, b) => brandCollator().compare(a[1], b[1]))
            .map(([id, name]) => ({ value: String(id), label: name, checked: view.brands.includes(id) }))}
          onToggle={(value) => {
            const id = Number(value);
            update({ brands: view.brands.includes(id) ? view.brands.filter((b) => b !== id) : [...view.brands, id] });
          }}
        >
          {view.brands.length ? `${t('brand')}: ${view.brands.map((id) => brandNames.get(id) ?? id).join('、')}` : t('brand')}
        </ChecklistButton>
        <TextInput
          label={t('shop')}
          value={typed.shop}
          onChange={(shop) => setTyped({ ...typed, shop })}
          maxLength={SEARCH_WORDS_MAX}
          sx={{ minWidth: 180 }}
        />
        <ShippingSelect value={view.free} onChange={(free) => update({ free })} />
        <Button startIcon={<TuneIcon />} onClick={() => setShowRanges((s) => !s)} aria-expanded={showRanges} sx={{ whiteSpace: 'nowrap' }}>
          {t('moreFilters')}
        </Button>
        <Button
          sx={{ whiteSpace: 'nowrap' }}
          onClick={() => {
            setTyped({ q: '', shop: '', ranges: EMPTY.ranges });
            update({ ...EMPTY, view: view.view, size: view.size });
          }}
        >
          {t('resetFilters')}
        </Button>
      </FilterPanel>
    ),
    [activeFilters, t, typed, setTyped, shown, update, columns, setColumns, showRanges, view, brandNames],
  );
  const rows = list.data?.list;

  return (
    <>
      {filters}
      {list.isError && !list.data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <ResultsLine>
            {list.data && t('results', { count, n: formatCount(count, lang) })}
            {list.data && !rangesOk && ` · ${t('rangeError')}`}
          </ResultsLine>
          {canSelect && (
            <SelectionBar count={selected.size} onClear={() => setSelected(new Set())}>
              {canAdd && (
                <Button variant="contained" startIcon={<LibraryAddIcon />} loading={add.isPending} onClick={() => addIds([...selected])}>
                  {t('addSelected', { count: selected.size })}
                </Button>
              )}
              {canCart && (
                <Button
                  variant="outlined"
                  startIcon={<AddShoppingCartIcon />}
                  onClick={() => setCarting(true)}
                  onPointerEnter={AddToCartDialog.preload}
                  onFocus={AddToCartDialog.preload}
                >
                  {t('cart:addSelected', { count: selected.size })}
                </Button>
              )}
            </SelectionBar>
          )}
          {cartLoaded && (
            <Suspense fallback={null}>
              <AddToCartDialog
                ids={[...selected]}
                open={carting}
                onClose={() => setCarting(false)}
                onDone={() => {
                  setCarting(false);
                  setSelected(new Set());
                }}
              />
            </Suspense>
          )}
          {count > capRows && view.page >= MAX_PAGE && (
            <Alert severity="info">{t('pageCap', { max: MAX_PAGE, rows: capRows, count })}</Alert>
          )}
          {list.data && count === 0 ? (
            <EmptyState title={t('empty')} />
          ) : shown === 'cards' ? (
            // The pager comes with the cards, not before them: it would be pushed down when they arrive.
            <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
              <GoodsCards
                rows={rows}
                onOpen={(row) => setOpen(row.id)}
                selection={canSelect ? { selected, onChange: setSelected } : undefined}
                footer={libraryCell}
              />
              {list.data && count > 0 && (
                <Pager
                  page={view.page}
                  size={view.size}
                  count={Math.min(count, capRows)}
                  total={count}
                  sizes={PAGE_SIZES}
                  onChange={(page, size) => update(size !== view.size ? { size } : { page })}
                />
              )}
            </Suspense>
          ) : (
            <GoodsTable
              label={t('title')}
              selection={canSelect ? { selected, onChange: setSelected } : undefined}
              onOpen={(row) => setOpen(row.id)}
              columns={columns}
              trailing={{ header: t('library'), cell: libraryCell }}
              rows={rows}
              rowCount={Math.min(count, capRows)}
              total={count}
              loading={list.isFetching}
              page={view.page}
              size={view.size}
              onPage={(page, size) => update(size !== view.size ? { size } : { page })}
            />
          )}
        </>
      )}
      <GoodsDrawer id={openId} onClose={() => setOpen(null)} />
    </>
  );
}
