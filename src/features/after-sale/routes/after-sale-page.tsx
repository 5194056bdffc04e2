import { Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import { PageHeader } from '../../../components/page-header';
import { lazyNamed, useLatch } from '../../../lib/lazy';
import { useCan } from '../../account';
import { afterSaleListQuery } from '../api/queries';
import { AfterSaleDrawer, useOpenAfterSale } from '../components/after-sale-drawer';
import { AfterSaleResults } from '../components/after-sale-table';
import { afterSaleViewToFilters, afterSaleViewToParams, parseAfterSaleView, type AfterSaleView } from '../url-state';

const NewRequestDialog = lazyNamed(() => import('../components/new-request-dialog'), 'NewRequestDialog');

/** After-sale records: filter by order number and SKU, status and result in words, detail in a drawer. */
export function AfterSalePage() {
  const { t } = useTranslation('afterSale');
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const view = parseAfterSaleView(params);
  const update = (patch: Partial<AfterSaleView>) => {
    const resetPage = Object.keys(patch).some((k) => k !== 'page' && k !== 'size');
    setParams(afterSaleViewToParams({ ...view, ...(resetPage ? { page: 1 } : {}), ...patch }, params));
  };
  const [openId, setOpen] = useOpenAfterSale();

  const [order, setOrder] = useState(view.order);
  const [sku, setSku] = useState(view.sku);
  const half = (order.trim() === '') !== (sku.trim() === '');
  const skuBad = sku.trim() !== '' && !/^\d{1,12}$/.test(sku.trim());
  const [creating, setCreating] = useState(false);
  // `?new=<order number>` (the palette's "new after-sale request for …"): the dialog opens on that order.
  const newFor = can.op('afterSale.apply') ? (params.get('new')?.trim().slice(0, 64) ?? '') || null : null;
  const showCreate = creating || newFor !== null;
  const createLoaded = useLatch(showCreate);
  const closeCreate = (opened?: number) => {
    setCreating(false);
    const next = new URLSearchParams(params);
    next.delete('new');
    if (opened) next.set('afterSale', String(opened));
    if (newFor !== null || opened) setParams(next);
  };

  const list = useQuery(afterSaleListQuery(afterSaleViewToFilters(view)));
  const rows = list.data?.list ?? [];
  const count = list.data?.total ?? list.data?.count ?? rows.length;
  const mayApply = can.op('afterSale.apply');

  return (
    <Stack spacing={2}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          mayApply && (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setCreating(true)}
              onPointerEnter={NewRequestDialog.preload}
              onFocus={NewRequestDialog.preload}
            >
              {t('newRequest.open')}
            </Button>
          )
        }
      />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          component="form"
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ alignItems: { md: 'flex-start' } }}
          aria-label={t('filters.label')}
          onSubmit={(e) => {
            e.preventDefault();
            if (half || skuBad) return;
            update({ order: order.trim(), sku: sku.trim() });
          }}
        >
          <TextField
            size="small"
            label={t('filters.orderSn')}
            value={order}
            onChange={(e) => setOrder(e.target.value)}
            error={half && order.trim() === ''}
            helperText={half && order.trim() === '' ? t('filters.both') : t('filters.orderSnHint')}
            slotProps={{ htmlInput: { maxLength: 64 } }}
            sx={{ minWidth: { md: 280 } }}
          />
          <TextField
            size="small"
            label={t('filters.sku')}
            value={sku}
            onChange={(e) => setSku(e.target.value)}
            error={(half && sku.trim() === '') || skuBad}
            helperText={skuBad ? t('filters.skuNumber') : half && sku.trim() === '' ? t('filters.both') : ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12 } }}
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="outlined" disabled={half || skuBad}>
              {t('filters.apply')}
            </Button>
            <Button
              onClick={() => {
                setOrder('');
                setSku('');
                update({ order: '', sku: '' });
              }}
              disabled={!view.order && !order && !sku}
            >
              {t('filters.clear')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      <Paper variant="outlined">
        <AfterSaleResults
          list={list}
          rows={rows}
          total={count}
          empty={view.order ? t('emptyFiltered') : t('empty')}
          label={t('title')}
          onOpen={setOpen}
          page={view.page}
          size={view.size}
          onPage={(page, size) => update({ page, size })}
        />
      </Paper>
      <AfterSaleDrawer id={openId} onClose={() => setOpen(null)} />
      {createLoaded && (
        <Suspense fallback={null}>
          <NewRequestDialog
            key={newFor ?? ''}
            open={showCreate}
            initialNumber={newFor ?? undefined}
            onClose={() => closeCreate()}
            onDone={(id) => closeCreate(id)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
