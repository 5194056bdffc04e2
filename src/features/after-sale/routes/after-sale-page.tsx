import { Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { afterSaleApprovedResult } from '../../../../contract/enums';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { lazyNamed, useLatch } from '../../../lib/lazy';
import { formatFen } from '../../../lib/money';
import { formatSeconds } from '../../../lib/time';
import { useLang } from '../../../lib/use-lang';
import { useCan } from '../../account';
import { afterSaleListQuery } from '../api/queries';
import { codeName, rememberedNamesOfQuery } from '../names';
import { StatusChip } from '../components/status-chip';
import { AfterSaleDrawer } from '../components/after-sale-drawer';
import { afterSaleViewToFilters, afterSaleViewToParams, PAGE_SIZES, parseAfterSaleView, type AfterSaleView } from '../url-state';

const NewRequestDialog = lazyNamed(() => import('../components/new-request-dialog'), 'NewRequestDialog');

/** The platform's main order number of a goods line number (…_2_1_1): where the order detail lives. */
const mainSn = (lineSn: string) => lineSn.split('_')[0] ?? lineSn;

/** After-sale records: filter by order number and SKU, status and result in words, detail in a drawer. */
export function AfterSalePage() {
  const { t } = useTranslation('afterSale');
  const lang = useLang();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const view = parseAfterSaleView(params);
  const update = (patch: Partial<AfterSaleView>) => {
    const resetPage = Object.keys(patch).some((k) => k !== 'page' && k !== 'size');
    setParams(afterSaleViewToParams({ ...view, ...(resetPage ? { page: 1 } : {}), ...patch }, params));
  };
  const openId = Number(params.get('afterSale')) || null;
  const setOpen = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('afterSale', String(id));
    else next.delete('afterSale');
    setParams(next);
  };

  const [order, setOrder] = useState(view.order);
  const [sku, setSku] = useState(view.sku);
  const half = (order.trim() === '') !== (sku.trim() === '');
  const skuBad = sku.trim() !== '' && !/^\d{1,12}$/.test(sku.trim());
  const [creating, setCreating] = useState(false);
  const createLoaded = useLatch(creating);

  const list = useQuery(afterSaleListQuery(afterSaleViewToFilters(view)));
  const rows = list.data?.list ?? [];
  const keptNames = useQuery(rememberedNamesOfQuery(rows.map((r) => r.id)));
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
        {list.isFetching && !list.isLoading && <LinearProgress aria-label={t('common.loading')} />}
        {list.isLoading ? (
          <Box sx={{ p: 2 }}>
            <Skeleton height={40} />
            <Skeleton height={40} />
            <Skeleton height={40} />
          </Box>
        ) : list.isError ? (
          <Box sx={{ p: 2 }}>
            <ErrorState error={list.error} onRetry={() => void list.refetch()} />
          </Box>
        ) : rows.length === 0 ? (
          <EmptyState title={view.order ? t('emptyFiltered') : t('empty')} />
        ) : (
          <>
            <TableContainer>
              <Table size="small" aria-label={t('title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('fields.id')}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('fields.created')}</TableCell>
                    <TableCell>{t('fields.order')}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('fields.service')}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>{t('fields.reason')}</TableCell>
                    <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {t('fields.num')}
                    </TableCell>
                    <TableCell align="right">{t('fields.amount')}</TableCell>
                    <TableCell>{t('fields.status')}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('fields.result')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((r) => {
                    const names = keptNames.data?.[String(r.id)] ?? {};
                    return (
                      <TableRow key={r.id} hover data-testid="after-sale-row" data-id={r.id} data-status={r.status}>
                        <TableCell>
                          <Link component="button" type="button" onClick={() => setOpen(r.id)} aria-label={t('openDetail', { id: r.id })}>
                            #{r.id}
                          </Link>
                          <Typography
                            variant="caption"
                            color="text.secondary"
                            component="div"
                            sx={{ display: { sm: 'none' }, whiteSpace: 'nowrap' }}
                          >
                            {formatSeconds(r.createdTime, lang)}
                          </Typography>
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}>
                          {formatSeconds(r.createdTime, lang)}
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          <Link component={RouterLink} to={`/orders/${mainSn(r.orderSn3)}`}>
                            {r.orderSn}
                          </Link>
                          <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'normal', maxWidth: 260 }}>
                            {names.goods ? `${names.goods} · ` : ''}SKU {r.sku}
                          </Typography>
                        </TableCell>
                        <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                          {codeName('service', r.serviceTypeCode, names, lang)}
                        </TableCell>
                        <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>
                          {codeName('reason', r.reasonsTypeCode, names, lang)}
                        </TableCell>
                        <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                          {r.num}
                        </TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {formatFen(r.goodsFee + r.logisticFee, lang)}
                          {r.refundFee ? (
                            <Typography variant="caption" color="success.main" component="div">
                              {t('refunded', { amount: formatFen(r.refundFee, lang) })}
                            </Typography>
                          ) : null}
                        </TableCell>
                        <TableCell>
                          <StatusChip status={r.status} />
                        </TableCell>
                        <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                          {afterSaleApprovedResult.label(r.approvedResult ?? 0, lang)}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
            <Pager page={view.page} size={view.size} count={count} sizes={PAGE_SIZES} onChange={(page, size) => update({ page, size })} />
          </>
        )}
      </Paper>
      <AfterSaleDrawer id={openId} onClose={() => setOpen(null)} />
      {createLoaded && (
        <Suspense fallback={null}>
          <NewRequestDialog
            open={creating}
            onClose={() => setCreating(false)}
            onDone={(id) => {
              setCreating(false);
              setOpen(id);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
