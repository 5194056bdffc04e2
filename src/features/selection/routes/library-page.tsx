import { memo, Suspense, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { dismissToast, toast } from '../../../lib/toast';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { PageHeader } from '../../../components/page-header';
import { AfterFirstPaint } from '../../../components/after-first-paint';
import { NextCommit } from '../../../components/next-commit';
import { SelectionBar } from '../../../components/selection-bar';
import type { OpData } from '../../../../contract';
import { MAX_PAGE, rangeUnit, RANGE_TYPES, type RangeType } from '../../../../contract/constants';
import { source as sourceEnum } from '../../../../contract/enums/source';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { GoodsTable } from '../../../components/goods-table';
import { useSettledState } from '../../../lib/use-settled-state';
import { useStable } from '../../../lib/use-stable';
import { rangeValid } from '../../../lib/url-view';
import { useErrorText } from '../../../lib/use-error-text';
import { useLang } from '../../../lib/use-lang';
import { useCan } from '../../account';
import { changedLibraryQuery, changedQuery, fetchAllChanged, watchKeys } from '../../watch';
import { formatMillis } from '../../../lib/time';
import { ListGoodsDrawer, useOpenGoods } from '../../catalogue';
import { AddToCartDialog } from '../../cart';
import { lazyNamed, useLatch } from '../../../lib/lazy';
import { fetchAllLibrary, libraryQuery, refreshGoods, useAddToLibrary, useClearLibrary, useRemoveFromLibrary } from '../api/queries';
import { ColumnsMenu, useRememberedColumns } from '../../../components/columns-menu';
import type { GoodsColumn } from '../../../components/goods-table';
import { SavedViews } from '../../../components/saved-views';
import { csvFileName, csvYuan, download, toCsv } from '../../../lib/csv';
import { SearchField, ShippingSelect, SourceSelect } from '../../../components/list-filters';
import { CategoryPicker } from '../../../components/category-picker';
import { ResultsLine } from '../../../components/results-line';
import { FilterPanel, usePhone } from '../../../components/filter-panel';
import { ViewToggle } from '../../../components/view-toggle';
import { SelectField } from '../../../components/fields';
import { RangeField } from '../../../components/range-field';
import { libraryViewToFilters, useLibraryView, type LibraryView } from '../url-state';
import { formatCount } from '../../../lib/money';
import { LibraryCards } from '../components/library-cards';

import { GoodsPricesDialog } from '../../pricing';

// The dialog (and MUI's modal stack with it) loads when the person asks to clear, not with the page.
const ClearDialog = lazyNamed(() => import('../components/clear-dialog'), 'ClearDialog');

type LibraryRow = OpData<'selection.list'>['list'][number];

/**
 * The on-sale / off-sale mark at the end of each row, styled once for the table (the look of MUI's
 * small Chip, filled, success or default): a Chip per row was two styled components whose styles
 * emotion serialised for each of the 20 rows on every render.
 */
const STATUS = (theme: Theme) =>
  ({
    '& .lib-status': {
      display: 'inline-flex',
      alignItems: 'center',
      height: 24,
      padding: '0 8px',
      borderRadius: 16,
      fontFamily: theme.typography.fontFamily,
      fontSize: theme.typography.pxToRem(13),
      lineHeight: 1.5,
      whiteSpace: 'nowrap',
      verticalAlign: 'middle',
      boxSizing: 'border-box',
      color: theme.palette.text.primary,
      backgroundColor: theme.palette.action.selected,
    },
    '& .lib-status.lib-on': { color: theme.palette.success.contrastText, backgroundColor: theme.palette.success.main },
    // A row's prices (pricing's editor): a plain button styled once, like the mark beside it, not a Button per row.
    '& .lib-prices': {
      display: 'flex',
      width: 'fit-content',
      alignItems: 'center',
      height: 24,
      marginTop: '4px',
      padding: '0 8px',
      borderRadius: 16,
      border: `1px solid ${theme.palette.primary.main}`,
      fontFamily: theme.typography.fontFamily,
      fontSize: theme.typography.pxToRem(13),
      lineHeight: 1.5,
      whiteSpace: 'nowrap',
      verticalAlign: 'middle',
      boxSizing: 'border-box',
      color: theme.palette.primary.main,
      backgroundColor: 'transparent',
      cursor: 'pointer',
      '&:hover': { backgroundColor: theme.palette.action.hover },
      '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
    },
  }) as const;

export function LibraryPage() {
  const { t } = useTranslation(['selection', 'cart']);
  const lang = useLang();
  const text = useErrorText();
  const can = useCan();
  const [view, update] = useLibraryView();
  const qc = useQueryClient();
  // "Changed in the last 7 days": the supplier's list cannot filter by it, so the list is read from the gateway's goods mirror.
  const mirror = view.changed !== '' && can.feature('watch.use');
  const [, openGoods] = useOpenGoods();
  const [typed, setTyped] = useSettledState({ q: view.q, from: view.from, to: view.to }, update, (v) => rangeValid(v));

  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [carting, setCarting] = useState(false);
  const cartLoaded = useLatch(carting);
  const [refreshing, setRefreshing] = useState<{ done: number; total: number } | null>(null);
  const [clearing, setClearing] = useState(false);
  const [columns, rememberColumns] = useRememberedColumns('library');
  const setColumns = useStable(rememberColumns);
  const [exporting, setExporting] = useState<{ done: number; total: number } | null>(null);
  const exportCsv = useStable(async () => {
    setExporting({ done: 0, total: 1 });
    try {
      const progress = (done: number, total: number) => setExporting({ done, total });
      const rows: LibraryRow[] = mirror
        ? await fetchAllChanged(Number(view.changed), view.q.trim(), progress)
        : await fetchAllLibrary(libraryViewToFilters(view), progress);
      const h = (k: string) => t(`csv.${k}`);
      const csv = toCsv(
        ['id', 'title', 'source', 'brand', 'category', 'agreement', 'guide', 'activity', 'rate', 'stock', 'monthSale', 'status'].map(h),
        rows.map((r) => [
          r.id,
          r.title,
          sourceEnum.label(r.source, lang),
          r.third_brand_name ?? '',
          (r.third_category_name ?? '').split(',').join(' / '),
          csvYuan(r.agreement_price),
          csvYuan(r.guide_price),
          csvYuan(r.activity_price),
          r.rate ?? r.promotion_rate,
          r.stock,
          r.real_month_sale ?? 0,
          r.status === 1 ? t('onSale') : t('offSale'),
        ]),
      );
      download(csvFileName('selection-library'), csv);
      void toast(t('exported', { count: rows.length }), { variant: 'success' });
    } catch (e) {
      void toast(text(e), { variant: 'error' });
    } finally {
      setExporting(null);
    }
  });
  const upstreamList = useQuery({ ...libraryQuery(libraryViewToFilters(view)), enabled: !mirror });
  const mirrorList = useQuery({ ...changedLibraryQuery(Number(view.changed || 7), view.page, view.size, view.q.trim()), enabled: mirror });
  const list = mirror ? mirrorList : upstreamList;
  // The list's answer is drawn by a deferred render, which React slices into short tasks; with the
  // answer straight from the query, its arrival redrew the whole page with the rows in one blocking task.
  const data = useDeferredValue(list.data);
  const loading = useDeferredValue(list.isFetching);
  const add = useAddToLibrary();
  const remove = useRemoveFromLibrary();
  const clear = useClearLibrary();
  const count = data?.count ?? 0;
  const activeFilters =
    (view.source ? 1 : 0) +
    (view.cats.length ? 1 : 0) +
    (view.free ? 1 : 0) +
    (view.agent ? 1 : 0) +
    (view.rangeType ? 1 : 0) +
    (mirror ? 1 : 0);
  const onOpen = useStable((row: LibraryRow) => openGoods(row.id));
  const onPage = useStable((page: number, size: number) => update(size !== view.size ? { size } : { page }));
  const onView = useStable((v: 'table' | 'cards') => update({ view: v }));
  const phone = usePhone();
  const shown = view.view === 'auto' ? (phone ? 'cards' : 'table') : view.view;
  // The goods watch: which rows' prices or sale state changed in the last 7 days (shown beside their state).
  const watched = can.feature('watch.use');
  const pageIds = useMemo(() => (data?.list ?? []).map((r) => r.id), [data]);
  const changed = useQuery({ ...changedQuery(pageIds), enabled: watched && pageIds.length > 0 });
  const changedAt = changed.data?.changed;
  // Own prices per SKU (pricing): the editor's code and texts load when a row's prices are first opened.
  const priced = can.feature('pricing.use');
  const [pricing, setPricing] = useState<{ id: number; title: string } | null>(null);
  const trailing = useMemo(
    () => ({
      header: t('status'),
      cell: (row: LibraryRow) => {
        const at = changedAt?.[String(row.id)];
        return (
          <>
            <span className={row.status === 1 ? 'lib-status lib-on' : 'lib-status'}>{row.status === 1 ? t('onSale') : t('offSale')}</span>
            {at !== undefined && Date.now() - at < 7 * 86_400_000 && (
              <Chip size="small" variant="outlined" color="warning" label={t('watch:changed7')} sx={{ ml: 0.5 }} />
            )}
            {priced && (
              <button
                type="button"
                className="lib-prices"
                aria-label={t('pricesOf', { title: row.title })}
                data-testid="library-prices"
                onClick={() => setPricing({ id: row.id, title: row.title })}
                onPointerEnter={GoodsPricesDialog.preload}
                onFocus={GoodsPricesDialog.preload}
              >
                {t('prices')}
              </button>
            )}
          </>
        );
      },
    }),
    [t, changedAt, priced],
  );

  const removeSelected = () => {
    const ids = [...selected];
    remove.mutate(ids, {
      onSuccess: () => {
        setSelected(new Set());
        if (mirror) void qc.invalidateQueries({ queryKey: watchKeys.all });
        // Removing is cheap to reverse: offer an undo instead of asking first.
        void toast(t('removed', { count: ids.length }), {
          variant: 'info',
          autoHideDuration: 8000,
          action: (key) => (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                dismissToast(key);
                add.mutate(ids, { onSuccess: () => void toast(t('restored'), { variant: 'success' }) });
              }}
            >
              {t('undo')}
            </Button>
          ),
        });
      },
    });
  };

  const refreshSelected = async () => {
    const ids = [...selected];
    setRefreshing({ done: 0, total: ids.length });
    try {
      await refreshGoods(ids, (done) => setRefreshing({ done, total: ids.length }));
      void toast(t('refreshed', { count: ids.length }), { variant: 'success' });
    } catch (e) {
      void toast(text(e), { variant: 'error' });
    } finally {
      setRefreshing(null);
    }
  };

  return (
    <Stack spacing={2}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <AfterFirstPaint>
            <LibraryActions
              table={shown === 'table'}
              columns={columns}
              onColumns={setColumns}
              count={count}
              exporting={exporting !== null}
              onExport={exportCsv}
              canClear={can.op('selection.clear')}
              onClear={setClearing}
            />
          </AfterFirstPaint>
        }
      />
      {/* The title paints first; the filters and the list follow in the background (one block, so nothing moves). */}
      <AfterFirstPaint>
        {/* The header's tools come first (they may wrap under the title); the filters follow in a commit of their own. */}
        <NextCommit>
          <LibraryFilters
            view={view}
            update={update}
            typed={typed}
            setTyped={setTyped}
            active={activeFilters}
            shown={shown}
            onView={onView}
            watched={watched}
            mirror={mirror}
          />
          {mirror && (
            <Alert severity="info" data-testid="library-mirror">
              {mirrorList.data?.readAt
                ? t('watch:fromMirror', { time: formatMillis(mirrorList.data.readAt, lang) })
                : t('watch:fromMirrorEmpty')}
            </Alert>
          )}
          {list.isError && !list.data ? (
            <ErrorState error={list.error} onRetry={() => void list.refetch()} />
          ) : (
            <>
              <ResultsLine>{data && t('results', { count, n: formatCount(count, lang) })}</ResultsLine>
              {exporting && (
                <Stack>
                  <Typography variant="caption">{t('exporting', exporting)}</Typography>
                  <LinearProgress variant="determinate" value={(exporting.done / exporting.total) * 100} />
                </Stack>
              )}
              {count > MAX_PAGE * view.size && view.page >= MAX_PAGE && <Alert severity="info">{t('pageCap', { max: MAX_PAGE })}</Alert>}
              <SelectionBar count={selected.size} onClear={() => setSelected(new Set())}>
                {can.op('selection.remove') && (
                  <Button color="warning" variant="contained" loading={remove.isPending} onClick={removeSelected}>
                    {t('remove', { count: selected.size })}
                  </Button>
                )}
                {can.op('order.submit') && (
                  <Button
                    variant="outlined"
                    onClick={() => setCarting(true)}
                    onPointerEnter={AddToCartDialog.preload}
                    onFocus={AddToCartDialog.preload}
                  >
                    {t('cart:addSelected', { count: selected.size })}
                  </Button>
                )}
                {can.op('goods.refresh') && (
                  <Button variant="outlined" loading={refreshing !== null} onClick={() => void refreshSelected()}>
                    {t('refresh', { count: selected.size })}
                  </Button>
                )}
                {refreshing && (
                  <Stack sx={{ flex: 1, minWidth: 200 }}>
                    <Typography variant="caption">{t('refreshing', refreshing)}</Typography>
                    <LinearProgress variant="determinate" value={(refreshing.done / refreshing.total) * 100} />
                  </Stack>
                )}
              </SelectionBar>
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
              {data && count === 0 ? (
                <EmptyState title={mirror ? t('watch:changedEmpty') : t('empty')} />
              ) : shown === 'cards' ? (
                <Box sx={STATUS}>
                  <LibraryCards
                    rows={data?.list}
                    count={count}
                    page={view.page}
                    size={view.size}
                    onPage={onPage}
                    selected={selected}
                    onSelect={setSelected}
                    onOpen={onOpen}
                    footer={trailing.cell}
                  />
                </Box>
              ) : (
                // The table (its styles and rows) is committed after the filters, in a task of its own.
                <NextCommit>
                  <LibraryTable
                    label={t('title')}
                    rows={data?.list}
                    count={count}
                    loading={loading}
                    page={view.page}
                    size={view.size}
                    onPage={onPage}
                    selected={selected}
                    onSelect={setSelected}
                    onOpen={onOpen}
                    columns={columns}
                    trailing={trailing}
                  />
                </NextCommit>
              )}
            </>
          )}
          {clearing && (
            <Suspense fallback={null}>
              <ClearDialog
                count={count}
                pending={clear.isPending}
                onClose={() => setClearing(false)}
                onConfirm={() =>
                  clear.mutate(undefined, {
                    onSuccess: () => {
                      setClearing(false);
                      setSelected(new Set());
                      void toast(t('cleared'), { variant: 'success' });
                    },
                  })
                }
              />
            </Suspense>
          )}
        </NextCommit>
      </AfterFirstPaint>
      {pricing && (
        <Suspense fallback={null}>
          <GoodsPricesDialog goodsId={pricing.id} title={pricing.title} onClose={() => setPricing(null)} />
        </Suspense>
      )}
      <ListGoodsDrawer />
    </Stack>
  );
}

/** The header's tools; drawn again only when what they show changes (not on each render of the page). */
const LibraryActions = memo(function LibraryActions({
  table,
  columns,
  onColumns,
  count,
  exporting,
  onExport,
  canClear,
  onClear,
}: {
  /** The table is shown (its columns can be chosen). */
  table: boolean;
  columns: ReadonlySet<GoodsColumn>;
  onColumns: (next: Set<GoodsColumn>) => void;
  count: number;
  exporting: boolean;
  onExport: () => Promise<void>;
  canClear: boolean;
  onClear: (open: boolean) => void;
}) {
  const { t } = useTranslation('selection');
  return (
    <>
      <SavedViews storageKey="library" />
      {table && <ColumnsMenu columns={columns} onChange={onColumns} />}
      <Button variant="outlined" onClick={() => void onExport()} loading={exporting} disabled={count === 0}>
        {t('export')}
      </Button>
      {canClear && (
        <Button
          color="error"
          variant="outlined"
          onClick={() => onClear(true)}
          onPointerEnter={ClearDialog.preload}
          onFocus={ClearDialog.preload}
          disabled={count === 0}
        >
          {t('clear')}
        </Button>
      )}
    </>
  );
});

/** The filters; drawn again only when the view or what is being typed changes. */
const LibraryFilters = memo(function LibraryFilters({
  view,
  update,
  typed,
  setTyped,
  active,
  shown,
  onView,
  watched,
  mirror,
}: {
  view: LibraryView;
  update: (patch: Partial<LibraryView>) => void;
  typed: { q: string; from: string; to: string };
  setTyped: (next: { q: string; from: string; to: string }) => void;
  active: number;
  shown: 'table' | 'cards';
  onView: (v: 'table' | 'cards') => void;
  /** The person may use the goods watch (its "changed in the last 7 days" filter). */
  watched: boolean;
  /** That filter is on: the list comes from the goods mirror, where only the search applies. */
  mirror: boolean;
}) {
  const { t } = useTranslation(['selection', 'watch']);
  const { q, from, to } = typed;
  const rangeInvalid = !rangeValid(typed);
  return (
    <FilterPanel
      active={active}
      search={<SearchField label={t('search')} value={q} onChange={(v) => setTyped({ ...typed, q: v })} />}
      tools={<ViewToggle shown={shown} onPick={onView} />}
    >
      {watched && (
        <SelectField
          label={t('watch:changedFilter')}
          value={view.changed}
          // The mirror's list takes the search only: the other filters are cleared with it.
          onChange={(changed) =>
            update(
              changed
                ? { changed: changed as '7', source: 0, cats: [], free: '', agent: '', rangeType: '', from: '', to: '' }
                : { changed: '' },
            )
          }
          choices={[
            { value: '', label: t('watch:changedAny') },
            { value: '7', label: t('watch:changedOnly') },
          ]}
          sx={{ minWidth: 220 }}
        />
      )}
      {!mirror && <SourceSelect value={view.source} onChange={(source) => update({ source, cats: [] })} />}
      {!mirror && <ShippingSelect value={view.free} onChange={(free) => update({ free })} />}
      {!mirror && (
        <SelectField
          label={t('agent')}
          value={view.agent}
          onChange={(agent) => update({ agent: agent as '' | '0' | '1' })}
          choices={[
            { value: '', label: t('any') },
            { value: '0', label: t('agentNo') },
            { value: '1', label: t('agentYes') },
          ]}
          sx={{ minWidth: 180 }}
        />
      )}
      {!mirror && <CategoryPicker source={view.source} path={view.cats} onChange={(cats) => update({ cats })} />}
      {!mirror && (
        <SelectField
          label={t('rangeType')}
          value={view.rangeType}
          onChange={(rangeType) => update({ rangeType: rangeType as RangeType | '' })}
          choices={[{ value: '', label: t('noRange') }, ...RANGE_TYPES.map((r) => ({ value: r, label: t(`ranges.${r}`) }))]}
          sx={{ minWidth: 200 }}
        />
      )}
      {!mirror && view.rangeType && (
        <RangeField
          label={t(`ranges.${view.rangeType}`)}
          unit={rangeUnit(view.rangeType)}
          value={{ from, to }}
          onChange={(next) => setTyped({ ...typed, ...next })}
          fromLabel={t('from')}
          toLabel={t('to')}
          error={rangeInvalid ? t('rangeError') : undefined}
        />
      )}
      <Button
        sx={{ whiteSpace: 'nowrap' }}
        onClick={() => {
          setTyped({ q: '', from: '', to: '' });
          update({ source: 0, cats: [], q: '', free: '', agent: '', rangeType: '', from: '', to: '', changed: '' });
        }}
      >
        {t('resetFilters')}
      </Button>
    </FilterPanel>
  );
});

/** The table; drawn again only when its rows, paging, selection or columns change. */
const LibraryTable = memo(function LibraryTable({
  label,
  rows,
  count,
  loading,
  page,
  size,
  onPage,
  selected,
  onSelect,
  onOpen,
  columns,
  trailing,
}: {
  label: string;
  rows: LibraryRow[] | undefined;
  count: number;
  loading: boolean;
  page: number;
  size: number;
  onPage: (page: number, size: number) => void;
  selected: ReadonlySet<number>;
  onSelect: (next: Set<number>) => void;
  onOpen: (row: LibraryRow) => void;
  columns: ReadonlySet<GoodsColumn>;
  trailing: { header: string; cell: (row: LibraryRow) => ReactNode };
}) {
  const selection = useMemo(() => ({ selected, onChange: onSelect }), [selected, onSelect]);
  return (
    <Box sx={STATUS}>
      <GoodsTable
        label={label}
        rows={rows}
        rowCount={Math.min(count, MAX_PAGE * size)}
        total={count}
        loading={loading}
        page={page}
        size={size}
        onPage={onPage}
        selection={selection}
        onOpen={onOpen}
        columns={columns}
        trailing={trailing}
      />
    </Box>
  );
});
