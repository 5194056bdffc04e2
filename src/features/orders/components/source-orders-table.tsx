import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
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
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ChildOrder, Address, OrderRefund } from '../../../../contract';
import { pageRefundsQuery } from '../api/queries';
import { childGoodsStatus } from '../../../../contract/enums/child-goods-status';
import { childOrderStatus } from '../../../../contract/enums/child-order-status';
import { Pager } from '../../../components/pager';
import { formatFen } from '../../../lib/money';
import { DEFAULT_TIME_ZONE, formatSeconds, zoneName } from '../../../lib/time';
import { useLang } from '../../../lib/use-lang';
import { ORDER_PAGE_SIZES } from '../url-state';
import { regionOf } from './orders-table';
import { StatusChip } from './status-chip';

export const SOURCE_COLUMNS = ['thirdSn', 'created', 'address', 'goodsStatus', 'orderStatus', 'refunded', 'money'] as const;
export type SourceColumn = (typeof SOURCE_COLUMNS)[number];

type SourceRow = ChildOrder & { thirdSn: string; address: Omit<Address, 'description'> & { description?: string } };

const code = { fontFamily: 'monospace', fontSize: 13, whiteSpace: 'nowrap' as const };

/**
 * What of a child was refunded: nothing, part, or all of it. A line is refunded whole when the order
 * mirror's refunds (`refunds`) hold all its pieces, or money with no pieces said (a refund of the
 * supplier's own); fewer pieces are part of it (issue 48: one of two pieces is not "yes"). A refund
 * time the refunds do not (yet) explain says a refund was seen, not how much: part.
 */
export function refundState(c: Pick<ChildOrder, 'goods'>, refunds?: readonly OrderRefund[] | null): 'none' | 'some' | 'all' {
  const lines = c.goods.map((g) => {
    const mine = (refunds ?? []).filter((r) => r.lineSn === g.sn && r.money > 0);
    if (mine.length) {
      const pieces = mine.reduce((s, r) => s + r.pieces, 0);
      return pieces === 0 || pieces >= g.number ? 'all' : 'some';
    }
    return g.refundTime > 0 || g.isRefund === true ? 'some' : 'none';
  });
  return lines.every((l) => l === 'none') ? 'none' : lines.every((l) => l === 'all') ? 'all' : 'some';
}

/** One channel's child orders (order.sourceList): each row opens its whole order. */
export function SourceOrdersTable({
  rows,
  rowCount,
  loading,
  page,
  size,
  onPage,
  columns,
  onOpen,
}: {
  rows: SourceRow[] | undefined;
  rowCount: number;
  loading: boolean;
  page: number;
  size: number;
  onPage: (page: number, size: number) => void;
  columns: ReadonlySet<SourceColumn>;
  onOpen: (sn: string) => void;
}) {
  const { t } = useTranslation('orders');
  const lang = useLang();
  // What was refunded of the page's orders, each refund once (the gateway's order mirror), only when the column shows.
  const sns = [...new Set((rows ?? []).map((c) => c.sn.split('_')[0]!))];
  const refunds = useQuery({ ...pageRefundsQuery(sns), enabled: sns.length > 0 && columns.has('refunded') }).data?.refunds;
  const show = (c: SourceColumn) => columns.has(c);
  return (
    <Paper variant="outlined">
      <Box sx={{ height: 4 }}>{loading && rows && <LinearProgress aria-label={t('list.title')} />}</Box>
      <TableContainer>
        <Table size="small" aria-label={t('list.sourceTable')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('columns.childSn')}</TableCell>
              {show('thirdSn') && <TableCell>{t('columns.thirdSn')}</TableCell>}
              {show('created') && <TableCell title={zoneName(DEFAULT_TIME_ZONE, lang)}>{t('columns.created')}</TableCell>}
              {show('address') && <TableCell>{t('columns.address')}</TableCell>}
              {show('goodsStatus') && <TableCell>{t('columns.goodsStatus')}</TableCell>}
              {show('orderStatus') && <TableCell>{t('columns.orderStatus')}</TableCell>}
              {show('refunded') && <TableCell>{t('columns.refunded')}</TableCell>}
              {show('money') && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {t('columns.total')}
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows
              ? rows.map((c) => (
                  <TableRow key={c.sn} hover data-testid="source-order-row" data-sn={c.sn}>
                    <TableCell>
                      <Link
                        component="button"
                        type="button"
                        underline="hover"
                        onClick={() => onOpen(c.sn.split('_')[0]!)}
                        sx={{ ...code, textAlign: 'left' }}
                      >
                        {c.sn}
                      </Link>
                    </TableCell>
                    {show('thirdSn') && <TableCell sx={code}>{c.thirdSn}</TableCell>}
                    {show('created') && <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatSeconds(c.createdTime, lang)}</TableCell>}
                    {show('address') && (
                      <TableCell sx={{ minWidth: 180 }}>
                        <Stack>
                          <span>
                            {c.address.consignee} · {c.address.phone}
                          </span>
                          <Typography variant="caption" color="textSecondary">
                            {[regionOf(c.address), c.address.street, c.address.description].filter(Boolean).join(' ')}
                          </Typography>
                        </Stack>
                      </TableCell>
                    )}
                    {show('goodsStatus') && (
                      <TableCell>
                        <StatusChip of={childGoodsStatus} value={c.goodsStatus} />
                      </TableCell>
                    )}
                    {show('orderStatus') && (
                      <TableCell>
                        <StatusChip of={childOrderStatus} value={c.orderStatus} />
                      </TableCell>
                    )}
                    {show('refunded') && <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`refund.${refundState(c, refunds)}`)}</TableCell>}
                    {show('money') && (
                      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                        {formatFen(c.goodsFee + c.logisticFee, lang)}
                      </TableCell>
                    )}
                  </TableRow>
                ))
              : Array.from({ length: 6 }, (_, i) => (
                  <TableRow key={i} aria-hidden>
                    <TableCell colSpan={8}>
                      <Skeleton width="70%" />
                    </TableCell>
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Pager page={page} size={size} count={rowCount} sizes={ORDER_PAGE_SIZES} onChange={onPage} />
    </Paper>
  );
}
