import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { dismissToast, toast } from '../../../lib/toast';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../../components/page-header';
import { AfterFirstPaint } from '../../../components/after-first-paint';
import { SelectionBar } from '../../../components/selection-bar';
import { MAX_PAGE, rangeUnit, RANGE_TYPES, type RangeType } from '../../../../contract/constants';
import { source as sourceEnum } from '../../../../contract/enums/source';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { GoodsTable } from '../../../components/goods-table';
import { useSettledState } from '../../../lib/use-settled-state';
import { rangeValid } from '../../../lib/url-view';
import { useErrorText } from '../../../lib/use-error-text';
import { useLang } from '../../../lib/use-lang';
import { useCan } from '../../account';
import { ListGoodsDrawer, useOpenGoods } from '../../catalogue';
import { AddToCartDialog } from '../../cart';
import { lazyNamed, useLatch } from '../../../lib/lazy';
import { fetchAllLibrary, libraryQuery, refreshGoods, useAddToLibrary, useClearLibrary, useRemoveFromLibrary } from '../api/queries';
import { ColumnsMenu, useRememberedColumns } from '../../../components/columns-menu';
import { SavedViews } from '../../../components/saved-views';
import { csvFileName, download, toCsv } from '../../../lib/csv';
import { SearchField, ShippingSelect, SourceSelect } from '../../../components/list-filters';
import { CategoryPicker } from '../../../components/category-picker';
import { ResultsLine } from '../../../components/results-line';
import { FilterPanel } from '../../../components/filter-panel';
import { SelectField } from '../../../components/fields';
import { RangeField } from '../../../components/range-field';
import { libraryViewToFilters, useLibraryView } from '../url-state';

// The dialog (and MUI's modal stack with it) loads when the person asks to clear, not with the page.
const ClearDialog = lazyNamed(() => import('../components/clear-dialog'), 'ClearDialog');

export function LibraryPage() {
  const { t } = useTranslation(['selection', 'cart']);
  const lang = useLang();
  const text = useErrorText();
  const can = useCan();
  const [view, update] = useLibraryView();
  const [, openGoods] = useOpenGoods();
  const [typed, setTyped] = useSettledState({ q: view.q, from: view.from, to: view.to }, update, (v) => rangeValid(v));
  const { q, from, to } = typed;
  const rangeInvalid = !rangeValid(typed);

  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [carting, setCarting] = useState(false);
  const cartLoaded = useLatch(carting);
  const [refreshing, setRefreshing] = useState<{ done: number; total: number } | null>(null);
  const [clearing, setClearing] = useState(false);
  const [columns, setColumns] = useRememberedColumns('library');
  const [exporting, setExporting] = useState<{ done: number; total: number } | null>(null);
  const exportCsv = async () => {
    setExporting({ done: 0, total: 1 });
    try {
      const rows = await fetchAllLibrary(libraryViewToFilters(view), (done, total) => setExporting({ done, total }));
      const h = (k: string) => t(`csv.${k}`);
      const yuan = (fen: number) => (fen / 100).toFixed(2);
      const csv = toCsv(
        ['id', 'title', 'source', 'brand', 'category', 'agreement', 'guide', 'activity', 'rate', 'stock', 'monthSale', 'status'].map(h),
        rows.map((r) => [
          r.id,
          r.title,
          sourceEnum.label(r.source, lang),
          r.third_brand_name ?? '',
          (r.third_category_name ?? '').split(',').join(' / '),
          yuan(r.agreement_price),
          yuan(r.guide_price),
          yuan(r.activity_price),
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
  };
  const list = useQuery(libraryQuery(libraryViewToFilters(view)));
  const add = useAddToLibrary();
  const remove = useRemoveFromLibrary();
  const clear = useClearLibrary();
  const count = list.data?.count ?? 0;
  const activeFilters =
    (view.source ? 1 : 0) + (view.cats.length ? 1 : 0) + (view.free ? 1 : 0) + (view.agent ? 1 : 0) + (view.rangeType ? 1 : 0);

  const removeSelected = () => {
    const ids = [...selected];
    remove.mutate(ids, {
      onSuccess: () => {
        setSelected(new Set());
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
            <SavedViews storageKey="library" />
            <ColumnsMenu columns={columns} onChange={setColumns} />
            <Button variant="outlined" onClick={() => void exportCsv()} loading={exporting !== null} disabled={count === 0}>
              {t('export')}
            </Button>
            {can.op('selection.clear') && (
              <Button
                color="error"
                variant="outlined"
                onClick={() => setClearing(true)}
                onPointerEnter={ClearDialog.preload}
                onFocus={ClearDialog.preload}
                disabled={count === 0}
              >
                {t('clear')}
              </Button>
            )}
          </AfterFirstPaint>
        }
      />
      {/* The title paints first; the filters and the list follow in the background (one block, so nothing moves). */}
      <AfterFirstPaint>
        <FilterPanel
          active={activeFilters}
          search={<SearchField label={t('search')} value={q} onChange={(v) => setTyped({ ...typed, q: v })} />}
        >
          <SourceSelect value={view.source} onChange={(source) => update({ source, cats: [] })} />
          <ShippingSelect value={view.free} onChange={(free) => update({ free })} />
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
          <CategoryPicker source={view.source} path={view.cats} onChange={(cats) => update({ cats })} />
          <SelectField
            label={t('rangeType')}
            value={view.rangeType}
            onChange={(rangeType) => update({ rangeType: rangeType as RangeType | '' })}
            choices={[{ value: '', label: t('noRange') }, ...RANGE_TYPES.map((r) => ({ value: r, label: t(`ranges.${r}`) }))]}
            sx={{ minWidth: 200 }}
          />
          {view.rangeType && (
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
              update({ source: 0, cats: [], q: '', free: '', agent: '', rangeType: '', from: '', to: '' });
            }}
          >
            {t('resetFilters')}
          </Button>
        </FilterPanel>
        {list.isError && !list.data ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <>
            <ResultsLine>{list.data && t('results', { count, n: count.toLocaleString(lang) })}</ResultsLine>
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
            {list.data && count === 0 ? (
              <EmptyState title={t('empty')} />
            ) : (
              <GoodsTable
                label={t('title')}
                rows={list.data?.list}
                rowCount={Math.min(count, MAX_PAGE * view.size)}
                total={count}
                loading={list.isFetching}
                page={view.page}
                size={view.size}
                onPage={(page, size) => update(size !== view.size ? { size } : { page })}
                selection={{ selected, onChange: setSelected }}
                onOpen={(row) => openGoods(row.id)}
                columns={columns}
                trailing={{
                  header: t('status'),
                  cell: (row) => (
                    <Chip
                      size="small"
                      color={row.status === 1 ? 'success' : 'default'}
                      label={row.status === 1 ? t('onSale') : t('offSale')}
                    />
                  ),
                }}
              />
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
      </AfterFirstPaint>
      <ListGoodsDrawer />
    </Stack>
  );
}
