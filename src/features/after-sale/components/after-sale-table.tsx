import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AfterSaleRecord } from '../../../../contract';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { Pager } from '../../../components/pager';
import { PAGE_SIZES } from '../url-state';
import { afterSaleApprovedResult } from '../../../../contract/enums';
import { formatFen } from '../../../lib/money';
import { formatSeconds } from '../../../lib/time';
import { useLang } from '../../../lib/use-lang';
import { codeName, rememberedNamesOfQuery } from '../names';
import { StatusChip } from './status-chip';

/** The platform's main order number of a goods line number (…_2_1_1): where the order detail lives. */
const mainSn = (lineSn: string) => lineSn.split('_')[0] ?? lineSn;

/**
 * After-sale records as a table: id (opens the record), when, the order and goods line, service and
 * reason in words (as answered at apply time, else the known names), quantity, amount and refund in
 * yuan, status and decision in words. Narrow screens keep id, order, amount and status.
 */
export function AfterSaleTable({ rows, label, onOpen }: { rows: AfterSaleRecord[]; label: string; onOpen: (id: number) => void }) {
  const { t } = useTranslation('afterSale');
  const lang = useLang();
  const keptNames = useQuery(rememberedNamesOfQuery(rows.map((r) => r.id)));
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
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
                  <Link component="button" type="button" onClick={() => onOpen(r.id)} aria-label={t('openDetail', { id: r.id })}>
                    #{r.id}
                  </Link>
                  <Typography
                    variant="caption"
                    color="textSecondary"
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
                  <Typography variant="caption" color="textSecondary" component="div" sx={{ whiteSpace: 'normal', maxWidth: 260 }}>
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
                    <Typography variant="caption" color="success" component="div">
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
  );
}

type ListQuery = Pick<UseQueryResult, 'isLoading' | 'isFetching' | 'isError' | 'error' | 'refetch'>;

/**
 * A paged list's states around its rows: a bar while a new page loads, placeholders the first time,
 * the error with a retry; `children` (the rows, or what says there are none) once it has an answer.
 */
export function ListWait({ list, children }: { list: ListQuery; children: ReactNode }) {
  const { t } = useTranslation('afterSale');
  return (
    <>
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
      ) : (
        children
      )}
    </>
  );
}

/** A page past the end of a list (a hand-edited address, or requests closed since): said so, with the way to the first. */
export function PastEnd({ onFirst }: { onFirst: () => void }) {
  const { t } = useTranslation('afterSale');
  return (
    <EmptyState title={t('queue.pastEnd')}>
      <Button sx={{ mt: 1 }} onClick={onFirst}>
        {t('queue.firstPage')}
      </Button>
    </EmptyState>
  );
}

/**
 * A page of after-sale records as both lists show it (the desk's from the upstream, the queue's from
 * the mirror): loading, the failure with a retry, empty in words (or past the end of the list), or the table and its pager.
 */
export function AfterSaleResults({
  list,
  rows,
  total,
  empty,
  label,
  onOpen,
  page,
  size,
  onPage,
}: {
  list: ListQuery;
  rows: AfterSaleRecord[];
  total: number;
  empty: string;
  label: string;
  onOpen: (id: number) => void;
  page: number;
  size: number;
  onPage: (page: number, size: number) => void;
}) {
  return (
    <ListWait list={list}>
      {rows.length === 0 && page > 1 ? (
        <PastEnd onFirst={() => onPage(1, size)} />
      ) : rows.length === 0 ? (
        <EmptyState title={empty} />
      ) : (
        <>
          <AfterSaleTable rows={rows} label={label} onOpen={onOpen} />
          <Pager page={page} size={size} count={total} sizes={PAGE_SIZES} onChange={onPage} />
        </>
      )}
    </ListWait>
  );
}
