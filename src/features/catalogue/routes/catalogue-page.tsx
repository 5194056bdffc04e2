import { lazy, Suspense, useEffect, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { SelectionBar } from '../../../components/selection-bar';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import TableRowsIcon from '@mui/icons-material/TableRows';
import GridViewIcon from '@mui/icons-material/GridView';
import TuneIcon from '@mui/icons-material/Tune';
import { MAX_PAGE } from '../../../../contract/constants';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';

import { GoodsTable, PAGE_SIZES } from '../../../components/goods-table';
import { Pager } from '../../../components/pager';
import { RangeField } from '../../../components/range-field';
import { SearchField, ShippingSelect, SourceSelect } from '../../../components/list-filters';
import { SavedViews } from '../../../components/saved-views';
import { ColumnsMenu, useRememberedColumns } from '../../../components/columns-menu';
import { useSettledState } from '../../../lib/use-settled-state';
import { rangeValid, type Range } from '../../../lib/url-view';
import { useCan } from '../../account';
import { useAddToLibrary } from '../../selection';
import { onlineListQuery } from '../api/queries';
import { CategoryPicker } from '../../../components/category-picker';
import { GoodsDrawer } from '../components/goods-drawer';
import { RANGES, SORT_OPTIONS, parseView, useCatalogueView, viewToFilters, type RangeKey } from '../url-state';

const EMPTY = parseView(new URLSearchParams());
// Most people stay in the table: the card grid loads when asked for.
const GoodsCards = lazy(async () => ({ default: (await import('../../../components/goods-cards')).GoodsCards }));

export function CataloguePage() {
  const { t } = useTranslation('catalogue');
  const [view, update] = useCatalogueView();
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('goods')) || null;
  const setOpen = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('goods', String(id));
    else next.delete('goods');
    setParams(next);
  };

  // Text and range inputs settle before they move the URL.
  const [typed, setTyped] = useSettledState({ q: view.q, shop: view.shop, ranges: view.ranges }, update, (v) =>
    Object.values(v.ranges).every(rangeValid),
  );
  const rangesOk = Object.values(typed.ranges).every(rangeValid);
  const [showRanges, setShowRanges] = useState(RANGES.some((r) => view.ranges[r.key].from || view.ranges[r.key].to));

  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [columns, setColumns] = useRememberedColumns('catalogue');
  const canAdd = useCan().op('selection.add');
  const add = useAddToLibrary();
  const addIds = (ids: number[]) =>
    add.mutate(ids, {
      onSuccess: () => {
        void toast(t('added', { count: ids.length }), { variant: 'success' });
        setSelected(new Set());
      },
    });
  const list = useQuery(onlineListQuery(viewToFilters(view)));
  const count = list.data?.count ?? 0;
  // There is no brand list operation: the brands of the goods on screen (and those picked) are offered.
  const [brandNames, setBrandNames] = useState<Map<number, string>>(new Map());
  useEffect(() => {
    const rows = list.data?.list ?? [];
    if (rows.some((r) => r.brand_id && !brandNames.has(r.brand_id)))
      setBrandNames(
        (m) =>
          new Map([...m, ...rows.filter((r) => r.brand_id).map((r) => [r.brand_id!, r.third_brand_name ?? String(r.brand_id)] as const)]),
      );
  }, [list.data, brandNames]);
  const capRows = MAX_PAGE * view.size;
  const libraryCell = (row: { id: number; is_selected?: number }) =>
    row.is_selected === 1 ? (
      <Chip size="small" color="success" variant="outlined" label={t('inLibrary')} data-testid="in-library" />
    ) : canAdd ? (
      <Button size="small" onClick={() => addIds([row.id])} disabled={add.isPending}>
        {t('add')}
      </Button>
    ) : null;

  return (
    <Stack spacing={2}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <SearchField label={t('search')} value={typed.q} onChange={(q) => setTyped({ ...typed, q })} />
            <SourceSelect value={view.source} onChange={(source) => update({ source, cats: [] })} />
            <TextField
              select
              size="small"
              label={t('sort')}
              value={view.sort}
              onChange={(e) => update({ sort: e.target.value })}
              sx={{ minWidth: 230 }}
            >
              <MenuItem value="">{t('sortDefault')}</MenuItem>
              {SORT_OPTIONS.map((s) => {
                const [key, dir] = s.split(':') as [string, 'asc' | 'desc'];
                return (
                  <MenuItem key={s} value={s}>
                    {t(`sortKeys.${key}`)} · {t(dir)}
                  </MenuItem>
                );
              })}
            </TextField>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={view.view}
              onChange={(_e, v: 'table' | 'cards' | null) => v && update({ view: v })}
            >
              <ToggleButton value="table" aria-label={t('tableView')}>
                <TableRowsIcon fontSize="small" />
              </ToggleButton>
              <ToggleButton value="cards" aria-label={t('cardView')}>
                <GridViewIcon fontSize="small" />
              </ToggleButton>
            </ToggleButtonGroup>
          </Stack>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
            <CategoryPicker source={view.source} path={view.cats} onChange={(cats) => update({ cats })} />
            <TextField
              select
              size="small"
              label={t('brand')}
              value={view.brands}
              onChange={(e) => {
                const v = e.target.value as unknown as number[] | string;
                update({ brands: (typeof v === 'string' ? v.split(',') : v).map(Number).filter(Boolean) });
              }}
              slotProps={{
                select: { multiple: true, renderValue: (ids) => (ids as number[]).map((id) => brandNames.get(id) ?? id).join('、') },
              }}
              helperText={t('brandHint')}
              sx={{ minWidth: 160, maxWidth: 260 }}
            >
              {[...brandNames]
                .sort((a, b) => a[1].localeCompare(b[1], 'zh-CN'))
                .map(([id, name]) => (
                  <MenuItem key={id} value={id}>
                    {name}
                  </MenuItem>
                ))}
            </TextField>
            <TextField
              size="small"
              label={t('shop')}
              value={typed.shop}
              onChange={(e) => setTyped({ ...typed, shop: e.target.value })}
              sx={{ minWidth: 180 }}
            />
            <ShippingSelect value={view.free} onChange={(free) => update({ free })} />
            <Button startIcon={<TuneIcon />} onClick={() => setShowRanges((s) => !s)} aria-expanded={showRanges}>
              {t('moreFilters')}
            </Button>
            <Button
              onClick={() => {
                setTyped({ q: '', shop: '', ranges: EMPTY.ranges });
                update({ ...EMPTY, view: view.view, size: view.size });
              }}
            >
              {t('resetFilters')}
            </Button>
            <SavedViews storageKey="catalogue" />
            <ColumnsMenu columns={columns} onChange={setColumns} />
          </Stack>
          <Collapse in={showRanges}>
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
          </Collapse>
        </Stack>
      </Paper>
      {list.isError && !list.data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          {list.data && (
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {t('results', { count })}
              {!rangesOk && ` · ${t('rangeError')}`}
            </Typography>
          )}
          {canAdd && (
            <SelectionBar count={selected.size} onClear={() => setSelected(new Set())}>
              <Button variant="contained" startIcon={<LibraryAddIcon />} loading={add.isPending} onClick={() => addIds([...selected])}>
                {t('addSelected', { count: selected.size })}
              </Button>
            </SelectionBar>
          )}
          {count > capRows && view.page >= MAX_PAGE && (
            <Alert severity="info">{t('pageCap', { max: MAX_PAGE, rows: capRows, count })}</Alert>
          )}
          {list.data && count === 0 ? (
            <EmptyState title={t('empty')} />
          ) : view.view === 'cards' ? (
            <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
              <GoodsCards
                rows={list.data?.list}
                onOpen={(row) => setOpen(row.id)}
                selection={canAdd ? { selected, onChange: setSelected } : undefined}
                footer={libraryCell}
              />
            </Suspense>
          ) : (
            <GoodsTable
              label={t('title')}
              selection={canAdd ? { selected, onChange: setSelected } : undefined}
              onOpen={(row) => setOpen(row.id)}
              columns={columns}
              trailing={{ header: t('library'), cell: libraryCell }}
              rows={list.data?.list}
              rowCount={Math.min(count, capRows)}
              loading={list.isFetching}
              page={view.page}
              size={view.size}
              onPage={(page, size) => update(size !== view.size ? { size } : { page })}
            />
          )}
          {view.view === 'cards' && list.data && count > 0 && (
            <Pager
              page={view.page}
              size={view.size}
              count={Math.min(count, capRows)}
              sizes={PAGE_SIZES}
              onChange={(page, size) => update(size !== view.size ? { size } : { page })}
            />
          )}
        </>
      )}
      <GoodsDrawer id={openId} onClose={() => setOpen(null)} />
    </Stack>
  );
}
