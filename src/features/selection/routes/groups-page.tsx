import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../../components/page-header';
import { MAX_PAGE } from '../../../../contract/constants';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { GoodsTable } from '../../../components/goods-table';
import { RangeField } from '../../../components/range-field';
import { SearchField, ShippingSelect, SourceSelect } from '../../../components/list-filters';
import { useSettledState } from '../../../lib/use-settled-state';
import { rangeValid } from '../../../lib/url-view';
import { groupGoodsQuery, groupsQuery } from '../api/queries';
import { GROUP_RANGES, GROUP_SORTS, groupsViewToFilters, useGroupsView } from '../groups-url';

/** Selection groups (ApiLists) and their goods (ApiGoodsList) with every filter the operation has. */
export function GroupsPage() {
  const { t } = useTranslation('selection');
  const [view, update] = useGroupsView();
  const groups = useQuery(groupsQuery());
  const list = groups.data?.list ?? [];
  const current = list.find((g) => g.id === view.group) ?? list[0];
  const [typed, setTyped] = useSettledState({ q: view.q, ranges: view.ranges }, update, (v) => Object.values(v.ranges).every(rangeValid));

  const goods = useQuery({ ...groupGoodsQuery(groupsViewToFilters({ ...view, group: current?.id ?? 0 })), enabled: !!current });
  const count = goods.data?.count ?? 0;

  return (
    <Stack spacing={2}>
      <PageHeader title={t('groups.title')} subtitle={t('groups.subtitle')} />
      {groups.isError ? (
        <ErrorState error={groups.error} onRetry={() => void groups.refetch()} />
      ) : groups.data && list.length === 0 ? (
        <EmptyState title={t('groups.noGroups')} />
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 3 }}>
            <Paper variant="outlined">
              <List dense aria-label={t('groups.list')}>
                {groups.isPending
                  ? Array.from({ length: 6 }, (_, i) => <Skeleton key={i} sx={{ mx: 2, my: 1 }} />)
                  : list.map((g) => (
                      <ListItemButton key={g.id} selected={g.id === current?.id} onClick={() => update({ group: g.id })}>
                        <ListItemText primary={g.name} />
                      </ListItemButton>
                    ))}
              </List>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 9 }}>
            <Stack spacing={2}>
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Stack spacing={2}>
                  <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                    <SearchField label={t('search')} value={typed.q} onChange={(q) => setTyped({ ...typed, q })} />
                    <SourceSelect value={view.source} onChange={(source) => update({ source })} />
                    <ShippingSelect value={view.free} onChange={(free) => update({ free })} />
                    <TextField
                      select
                      size="small"
                      label={t('groups.sort')}
                      value={view.sort}
                      onChange={(e) => update({ sort: e.target.value })}
                      sx={{ minWidth: 200 }}
                    >
                      <MenuItem value="">{t('groups.sortDefault')}</MenuItem>
                      {GROUP_SORTS.map((s) => {
                        const [key, dir] = s.split(':') as [string, 'asc' | 'desc'];
                        return (
                          <MenuItem key={s} value={s}>
                            {t(`catalogue:sortKeys.${key}`)} · {t(`catalogue:${dir}`)}
                          </MenuItem>
                        );
                      })}
                    </TextField>
                  </Stack>
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
                </Stack>
              </Paper>
              {goods.isError && !goods.data ? (
                <ErrorState error={goods.error} onRetry={() => void goods.refetch()} />
              ) : goods.data && count === 0 ? (
                <EmptyState title={t('groups.empty')} />
              ) : (
                <>
                  {goods.data && current && (
                    <Typography variant="body2" color="text.secondary" aria-live="polite">
                      {t('groups.results', { count, name: current.name })}
                    </Typography>
                  )}
                  <GoodsTable
                    label={current?.name ?? t('groups.title')}
                    rows={goods.data?.list}
                    rowCount={Math.min(count, MAX_PAGE * view.size)}
                    loading={goods.isFetching}
                    page={view.page}
                    size={view.size}
                    onPage={(page, size) => update(size !== view.size ? { size } : { page })}
                  />
                </>
              )}
            </Stack>
          </Grid>
        </Grid>
      )}
    </Stack>
  );
}
