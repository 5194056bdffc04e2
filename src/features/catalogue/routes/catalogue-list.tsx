import { Suspense, memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { SelectionBar } from '../../../components/selection-bar';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import TuneIcon from '@mui/icons-material/Tune';
import { BOOT_GOODS_ID, MAX_PAGE, SEARCH_WORDS_MAX } from '../../../../contract/constants';
import { EmptyState } from '../../../components/empty-state';
import { removeBootPaint } from '../../../lib/boot-paint';
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
import { ChecklistButton, type ChecklistItem } from '../../../components/checklist-button';
import { ColumnsMenu, useRememberedColumns } from '../../../components/columns-menu';
import { ViewToggle } from '../../../components/view-toggle';
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
// The cards are what a phone shows (the catalogue's `auto` view), other screens when asked for.
import { GoodsCards } from '../../../components/goods-cards-chunk';
import { RANGES, SORT_OPTIONS, parseView, useCatalogueView, viewToFilters, type CatalogueView, type RangeKey } from '../url-state';

const EMPTY = parseView(new URLSearchParams());

// Made once, so the memoised controls they are handed see the same props between renders.
const MemoButton = memo(Button);
const TUNE_ICON = <TuneIcon />;
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const SORT_SX = { minWidth: 230 } as const;
const SHOP_SX = { minWidth: 180 } as const;
const RANGE_ROW = { flexWrap: 'wrap', gap: 2 } as const;
/** Brands in Chinese order, sorted when the brand menu opens. */
const byBrandName = (a: ChecklistItem, b: ChecklistItem) => brandCollator().compare(a.label, b.label);

/** One of the catalogue's price or rate ranges (under "more filters"). */
const CatalogueRange = memo(function CatalogueRange({
  rangeKey,
  unit,
  value,
  onChange,
}: {
  rangeKey: RangeKey;
  unit: 'yuan' | 'percent';
  value: Range;
  onChange: (key: RangeKey, next: Range) => void;
}) {
  const { t } = useTranslation('catalogue');
  return (
    <RangeField
      label={t(`ranges.${rangeKey}`)}
      unit={unit}
      value={value}
      onChange={(next: Range) => onChange(rangeKey, next)}
      fromLabel={t('from')}
      toLabel={t('to')}
      error={rangeValid(value) ? undefined : t('rangeError')}
    />
  );
});

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
    (patch: Partial<CatalogueView> | ((current: CatalogueView) => Partial<CatalogueView>)) =>
      void queryClient.prefetchQuery(onlineListQuery(viewToFilters(setView(patch)))),
    [queryClient, setView],
  );
  const [openId, setOpen] = useOpenGoods();

  // Text and range inputs settle before they move the URL.
  const [typed, setTyped] = useSettledState({ q: view.q, shop: view.shop, ranges: view.ranges }, update, (v) =>
    Object.values(v.ranges).every(rangeValid),
  );
  const rangesOk = Object.values(typed.ranges).every(rangeValid);
  const [showRanges, setShowRanges] = useState(RANGES.some((r) => view.ranges[r.key].from || view.ranges[r.key].to));

  // Handlers that never change (update and setTyped do not), so each control of the filter bar is drawn
  // again only when what it shows changes: a CPU profile of a filter change showed the whole bar redrawn
  // (every field a dozen MUI parts) both when the change was made and when its rows came in.
  const onSearch = useCallback((q: string) => setTyped((v) => ({ ...v, q })), [setTyped]);
  const onShop = useCallback((shop: string) => setTyped((v) => ({ ...v, shop })), [setTyped]);
  const onRange = useCallback(
    (key: RangeKey, next: Range) => setTyped((v) => ({ ...v, ranges: { ...v.ranges, [key]: next } })),
    [setTyped],
  );
  const onSource = useCallback((source: number) => update({ source, cats: [] }), [update]);
  const onSort = useCallback((sort: string) => update({ sort: sort as CatalogueView['sort'] }), [update]);
  const onCats = useCallback((cats: number[]) => update({ cats }), [update]);
  const onFree = useCallback((free: CatalogueView['free']) => update({ free }), [update]);
  const onBrand = useCallback(
    (value: string) => {
      const id = Number(value);
      update((v) => ({ brands: v.brands.includes(id) ? v.brands.filter((b) => b !== id) : [...v.brands, id] }));
    },
    [update],
  );
  const onView = useCallback((v: 'table' | 'cards') => update({ view: v }), [update]);
  const onPage = useCallback((page: number, size: number) => update((v) => (size !== v.size ? { size } : { page })), [update]);
  const toggleRanges = useCallback(() => setShowRanges((s) => !s), []);
  const reset = useCallback(() => {
    setTyped({ q: '', shop: '', ranges: EMPTY.ranges });
    update((v) => ({ ...EMPTY, view: v.view, size: v.size }));
  }, [setTyped, update]);
  const sortChoices = useMemo(
    () => [
      { value: '', label: t('sortDefault') },
      ...SORT_OPTIONS.map((o) => {
        const [key, dir] = o.split(':') as [string, 'asc' | 'desc'];
        return { value: o, label: `${t(`sortKeys.${key}`)} · ${t(dir)}` };
      }),
    ],
    [t],
  );

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
  // Looked up once here, not in each row's cell.
  const inLibraryText = t('inLibrary');
  const addText = t('add');
  // Stable between renders, so the table's rows are drawn again only when they change.
  const libraryCell = useCallback(
    (row: { id: number; is_selected?: number }) =>
      row.is_selected === 1 ? (
        <Chip size="small" color="success" variant="outlined" label={inLibraryText} data-testid="in-library" />
      ) : canAdd ? (
        <Button size="small" onClick={() => addIds([row.id])} disabled={adding}>
          {addText}
        </Button>
      ) : null,
    [inLibraryText, addText, canAdd, adding, addIds],
  );

  // The brand menu's items and the button's words, the same objects while the brands and the picks are.
  const brandItems = useMemo(
    () => [...brandNames].map(([id, name]) => ({ value: String(id), label: name, checked: view.brands.includes(id) })),
    [brandNames, view.brands],
  );
  const brandLabel = view.brands.length ? `${t('brand')}: ${view.brands.map((id) => brandNames.get(id) ?? id).join('、')}` : t('brand');

  // The filters as one element kept while nothing they show changes: a list answer (or a row ticked)
  // re-renders this page, and React then skips the whole filter bar instead of drawing it again.
  const filters = useMemo(
    () => (
      <FilterPanel
        active={activeFilters}
        search={<SearchField label={t('search')} value={typed.q} onChange={onSearch} />}
        tools={
          <>
            <ViewToggle shown={shown} onPick={onView} />
            <SavedViews storageKey="catalogue" />
            {shown === 'table' && <ColumnsMenu columns={columns} onChange={setColumns} />}
          </>
        }
        below={
          showRanges && (
            <Stack direction="row" sx={RANGE_ROW}>
              {RANGES.map((r) => (
                <CatalogueRange key={r.key} rangeKey={r.key} unit={r.unit} value={typed.ranges[r.key]} onChange={onRange} />
              ))}
            </Stack>
          )
        }
      >
        <SourceSelect value={view.source} onChange={onSource} />
        <SelectField label={t('sort')} value={view.sort} onChange={onSort} choices={sortChoices} sx={SORT_SX} />
        <CategoryPicker source={view.source} path={view.cats} onChange={onCats} />
        <ChecklistButton
          variant="outlined"
          header={t('brandHint')}
          empty={t('brandNone')}
          items={brandItems}
          order={byBrandName}
          onToggle={onBrand}
        >
          {brandLabel}
        </ChecklistButton>
        <TextInput label={t('shop')} value={typed.shop} onChange={onShop} maxLength={SEARCH_WORDS_MAX} sx={SHOP_SX} />
        <ShippingSelect value={view.free} onChange={onFree} />
        <MemoButton startIcon={TUNE_ICON} onClick={toggleRanges} aria-expanded={showRanges} sx={NOWRAP}>
          {t('moreFilters')}
        </MemoButton>
        <MemoButton sx={NOWRAP} onClick={reset}>
          {t('resetFilters')}
        </MemoButton>
      </FilterPanel>
    ),
    [
      activeFilters,
      t,
      typed,
      onSearch,
      shown,
      onView,
      columns,
      setColumns,
      showRanges,
      onRange,
      view.source,
      onSource,
      view.sort,
      onSort,
      sortChoices,
      view.cats,
      onCats,
      brandItems,
      onBrand,
      brandLabel,
      onShop,
      view.free,
      onFree,
      toggleRanges,
      reset,
    ],
  );
  const rows = list.data?.list;
  // The goods the HTML painted on a phone stay until the cards are drawn (goods-cards.tsx), unless
  // the page shows something else where they are.
  const noCards = shown !== 'cards' || (list.data && count === 0) || (list.isError && !list.data);
  useLayoutEffect(() => {
    if (noCards) removeBootPaint(BOOT_GOODS_ID);
  }, [noCards]);

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
                  onChange={onPage}
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
              onPage={onPage}
            />
          )}
        </>
      )}
      <GoodsDrawer id={openId} onClose={() => setOpen(null)} />
    </>
  );
}
