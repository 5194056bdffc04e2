import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Chip, InputAdornment, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import { enqueueSnackbar } from 'notistack';
import SearchIcon from '@mui/icons-material/Search';
import { MAX_PAGE } from '../../../../contract/constants';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { useDebounced } from '../../../lib/use-debounced';
import { useLang } from '../../../lib/use-lang';
import { source as sourceEnum } from '../../../../contract/enums/source';
import { onlineListQuery, sourcesQuery } from '../api/queries';
import { GoodsTable } from '../../../components/goods-table';
import { useAddToLibrary } from '../../selection';
import { useCan } from '../../account';
import { SORT_OPTIONS, useCatalogueView, viewToFilters } from '../url-state';

export function CataloguePage() {
  const { t } = useTranslation('catalogue');
  const lang = useLang();
  const [view, update] = useCatalogueView();
  const [q, setQ] = useState(view.q);
  const debouncedQ = useDebounced(q);
  useEffect(() => {
    if (debouncedQ !== view.q) update({ q: debouncedQ });
    // Only a settled change of the typed text moves the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedQ]);
  useEffect(() => setQ(view.q), [view.q]);

  const [selected, setSelected] = useState<Set<number>>(new Set());
  const canAdd = useCan().op('selection.add');
  const add = useAddToLibrary();
  const addIds = (ids: number[]) =>
    add.mutate(ids, {
      onSuccess: () => {
        enqueueSnackbar(t('added', { count: ids.length }), { variant: 'success' });
        setSelected(new Set());
      },
    });
  const sources = useQuery(sourcesQuery());
  const list = useQuery(onlineListQuery(viewToFilters(view)));
  const count = list.data?.count ?? 0;
  const capRows = MAX_PAGE * view.size;

  return (
    <Stack spacing={2}>
      <div>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('title')}
        </Typography>
        <Typography color="text.secondary">{t('subtitle')}</Typography>
      </div>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('search')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            size="small"
            sx={{ flex: 1 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField
            select
            size="small"
            label={t('source')}
            value={view.source}
            onChange={(e) => update({ source: Number(e.target.value) })}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value={0}>{t('allSources')}</MenuItem>
            {(sources.data ?? []).map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {sourceEnum.has(s.id) ? sourceEnum.label(s.id, lang) : s.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('sort')}
            value={view.sort}
            onChange={(e) => update({ sort: e.target.value })}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">{t('sortDefault')}</MenuItem>
            {SORT_OPTIONS.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`sorts.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Paper>
      {list.isError && !list.data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          {list.data && (
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {t('results', { count })}
            </Typography>
          )}
          {canAdd && selected.size > 0 && (
            <Paper variant="outlined" sx={{ p: 1, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ px: 1 }}>
                {t('app:goods.selected', { count: selected.size })}
              </Typography>
              <Button variant="contained" startIcon={<LibraryAddIcon />} loading={add.isPending} onClick={() => addIds([...selected])}>
                {t('addSelected', { count: selected.size })}
              </Button>
              <Button onClick={() => setSelected(new Set())}>{t('app:goods.clearSelection')}</Button>
            </Paper>
          )}
          {count > capRows && view.page >= MAX_PAGE && (
            <Alert severity="info">{t('pageCap', { max: MAX_PAGE, rows: capRows, count })}</Alert>
          )}
          {list.data && count === 0 ? (
            <EmptyState title={t('empty')} />
          ) : (
            <GoodsTable
              label={t('title')}
              selection={canAdd ? { selected, onChange: setSelected } : undefined}
              trailing={{
                header: t('library'),
                cell: (row) =>
                  row.is_selected === 1 ? (
                    <Chip size="small" color="success" variant="outlined" label={t('inLibrary')} data-testid="in-library" />
                  ) : canAdd ? (
                    <Button size="small" onClick={() => addIds([row.id])} disabled={add.isPending}>
                      {t('add')}
                    </Button>
                  ) : null,
              }}
              rows={list.data?.list}
              rowCount={Math.min(count, capRows)}
              loading={list.isFetching}
              page={view.page}
              size={view.size}
              onPage={(page, size) => update(size !== view.size ? { size } : { page })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
