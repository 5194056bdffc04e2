import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import { PageHeader } from '../../../components/page-header';
import { SelectionBar } from '../../../components/selection-bar';
import { MAX_PAGE } from '../../../../contract/constants';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { FilterPanel } from '../../../components/filter-panel';
import { SelectField } from '../../../components/fields';
import { GoodsTable } from '../../../components/goods-table';
import { RangeField } from '../../../components/range-field';
import { SearchField, ShippingSelect, SourceSelect } from '../../../components/list-filters';
import { useLang } from '../../../lib/use-lang';
import { useSettledState } from '../../../lib/use-settled-state';
import { useStable } from '../../../lib/use-stable';
import { rangeValid } from '../../../lib/url-view';
import { toast } from '../../../lib/toast';
import { useCan } from '../../account';
import { ListGoodsDrawer, useOpenGoods } from '../../catalogue';
import { groupGoodsQuery, groupsQuery, useAddToLibrary } from '../api/queries';
import { GROUP_RANGES, GROUP_SORTS, groupsViewToFilters, useGroupsView } from '../groups-url';
import { formatCount } from '../../../lib/money';

/** Selection groups (ApiLists) and their goods (ApiGoodsList) with every filter the operation has. */
export function GroupsPage() {
  const lang = useLang();
  const { t } = useTranslation('selection');
  const [view, update] = useGroupsView();
  const [, openGoods] = useOpenGoods();
  const can = useCan();
  const canAdd = can.op('selection.add');
  const add = useAddToLibrary();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const addIds = (ids: number[]) =>
    add.mutate(ids, {
      onSuccess: () => {
        void toast(t('catalogue:added', { count: ids.length }), { variant: 'success' });
        setSelected(new Set());
      },
    });
  const groups = useQuery(groupsQuery());
  const list = groups.data?.list ?? [];
  // No group in the address: the first one. A group the supplier does not have: said so, nothing listed.
  const current = view.group ? list.find((g) => g.id === view.group) : list[0];
  const missing = !!groups.data && !!view.group && !current;
  const [typed, setTyped] = useSettledState({ q: view.q, ranges: view.ranges }, update, (v) => Object.values(v.ranges).every(rangeValid));

  const goods = useQuery({ ...groupGoodsQuery(groupsViewToFilters({ ...view, group: current?.id ?? 0 })), enabled: !!current });
  const count = goods.data?.count ?? 0;
  const activeFilters =
    (view.source ? 1 : 0) +
    (view.free ? 1 : 0) +
    (view.sort ? 1 : 0) +
    GROUP_RANGES.filter((r) => view.ranges[r.key].from || view.ranges[r.key].to).length;

  // Callbacks and the last cell that keep their identity, so the table's memoised rows are not all
  // drawn again on every render of the page (typing in a filter, a row ticked).
  const onPage = useStable((page: number, size: number) => update(size !== view.size ? { size } : { page }));
  const onOpen = useStable((row: { id: number }) => openGoods(row.id));
  const addOne = useStable((id: number) => addIds([id]));
  const selection = useMemo(() => (canAdd ? { selected, onChange: setSelected } : undefined), [canAdd, selected]);
  const adding = add.isPending;
  const trailing = useMemo(
    () => ({
      header: t('catalogue:library'),
      cell: (row: { id: number; is_selected?: number | null }) =>
        row.is_selected === 1 ? (
          <Chip size="small" color="success" variant="outlined" label={t('catalogue:inLibrary')} />
        ) : canAdd ? (
          <Button size="small" onClick={() => addOne(row.id)} disabled={adding}>
            {t('catalogue:add')}
          </Button>
        ) : (
          '—'
        ),
    }),
    [t, canAdd, adding, addOne],
  );

  return (
    <Stack spacing={2}>
      <PageHeader title={t('groups.title')} subtitle={t('groups.subtitle')} />
      {groups.isError ? (
        <ErrorState error={groups.error} onRetry={() => void groups.refetch()} />
      ) : groups.data && list.length === 0 ? (
        <EmptyState title={t('groups.noGroups')} />
      ) : (
        <>
          <FilterPanel
            active={activeFilters}
            search={
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flex: 1, minWidth: 0 }}>
                <SelectField
                  label={t('groups.list')}
                  value={String(current?.id ?? view.group)}
                  onChange={(g) => update({ group: Number(g) })}
                  choices={[
                    ...list.map((g) => ({ value: String(g.id), label: g.name })),
                    ...(missing ? [{ value: String(view.group), label: t('groups.missingChoice', { id: view.group }) }] : []),
                  ]}
                  disabled={!groups.data}
                  sx={{ minWidth: 200 }}
                />
                <SearchField label={t('groups.search')} value={typed.q} onChange={(q) => setTyped({ ...typed, q })} />
              </Stack>
            }
            below={
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
                {GROUP_RANGES.map((r) => (
                  <RangeField
                    key={r.key}
                    label={t(`groups.ranges.${r.key}`)}
                    unit={r.unit}
                    value={typed.ranges[r.key]}
                    onChange={(next) => setTyped({ ...typed, ranges: { ...typed.ranges, [r.key]: next } })}
                    fromLabel={t('from')}
                    toLabel={t('to')}
                    error={rangeValid(typed.ranges[r.key]) ? undefined : t('rangeError')}
                  />
                ))}
              </Stack>
            }
          >
            <SourceSelect value={view.source} onChange={(source) => update({ source })} />
            <ShippingSelect value={view.free} onChange={(free) => update({ free })} />
            <SelectField
              label={t('groups.sort')}
              value={view.sort}
              onChange={(sort) => update({ sort })}
              choices={[
                { value: '', label: t('groups.sortDefault') },
                ...GROUP_SORTS.map((o) => {
                  const [key, dir] = o.split(':') as [string, 'asc' | 'desc'];
                  return { value: o, label: `${t(`catalogue:sortKeys.${key}`)} · ${t(`catalogue:${dir}`)}` };
                }),
              ]}
              sx={{ minWidth: 200 }}
            />
            <Button
              sx={{ whiteSpace: 'nowrap' }}
              onClick={() => {
                const empty = Object.fromEntries(GROUP_RANGES.map((r) => [r.key, { from: '', to: '' }])) as typeof view.ranges;
                setTyped({ q: '', ranges: empty });
                update({ q: '', source: 0, free: '', sort: '', ranges: empty });
              }}
            >
              {t('resetFilters')}
            </Button>
          </FilterPanel>
          {missing ? (
            <EmptyState title={t('groups.missing', { id: view.group })} />
          ) : goods.isError && !goods.data ? (
            <ErrorState error={goods.error} onRetry={() => void goods.refetch()} />
          ) : goods.data && count === 0 ? (
            <EmptyState title={t('groups.empty')} />
          ) : (
            <>
              {goods.data && !goods.isPlaceholderData && current && (
                <Typography variant="body2" color="textSecondary" aria-live="polite">
                  {t('groups.results', { count, n: formatCount(count, lang), name: current.name })}
                </Typography>
              )}
              {canAdd && (
                <SelectionBar count={selected.size} onClear={() => setSelected(new Set())}>
                  <Button variant="contained" startIcon={<LibraryAddIcon />} loading={add.isPending} onClick={() => addIds([...selected])}>
                    {t('catalogue:addSelected', { count: selected.size })}
                  </Button>
                </SelectionBar>
              )}
              <GoodsTable
                label={current?.name ?? t('groups.title')}
                rows={goods.data?.list}
                rowCount={Math.min(count, MAX_PAGE * view.size)}
                total={count}
                loading={goods.isFetching}
                page={view.page}
                size={view.size}
                onPage={onPage}
                onOpen={onOpen}
                selection={selection}
                trailing={trailing}
              />
            </>
          )}
        </>
      )}
      <ListGoodsDrawer />
    </Stack>
  );
}
