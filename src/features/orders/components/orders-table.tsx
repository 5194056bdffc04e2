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
import type { Order } from '../../../../contract';
import { childGoodsStatus } from '../../../../contract/enums/child-goods-status';
import { orderPayStatus } from '../../../../contract/enums/order-pay-status';
import { orderStatus } from '../../../../contract/enums/order-status';
import { source as sourceEnum } from '../../../../contract/enums/source';
import { Pager } from '../../../components/pager';
import { formatFen } from '../../../lib/money';
import { DEFAULT_TIME_ZONE, formatSeconds } from '../../../lib/time';
import { useLang } from '../../../lib/use-lang';
import { ORDER_PAGE_SIZES } from '../url-state';
import { StatusChip } from './status-chip';

/** Columns a person may hide; the platform order number always shows (it opens the order). */
export const ORDER_COLUMNS = [
  'thirdSn',
  'created',
  'consignee',
  'region',
  'goodsFee',
  'freight',
  'total',
  'status',
  'payStatus',
  'children',
] as const;
export type OrderColumn = (typeof ORDER_COLUMNS)[number];

const num = { align: 'right' as const, sx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } };
const code = { fontFamily: 'monospace', fontSize: 13, whiteSpace: 'nowrap' as const };

export const regionOf = (a: { province: string; city: string; area: string }) => [a.province, a.city, a.area].filter(Boolean).join(' ');

/** The all-platform order list: one row per order, one chip per channel child with its goods status. */
export function OrdersTable({
  rows,
  rowCount,
  loading,
  page,
  size,
  onPage,
  columns,
  onOpen,
}: {
  rows: Order[] | undefined;
  rowCount: number;
  loading: boolean;
  page: number;
  size: number;
  onPage: (page: number, size: number) => void;
  columns: ReadonlySet<OrderColumn>;
  onOpen: (sn: string) => void;
}) {
  const { t } = useTranslation('orders');
  const lang = useLang();
  const show = (c: OrderColumn) => columns.has(c);
  const width = 1 + ORDER_COLUMNS.filter(show).length;
  return (
    <Paper variant="outlined">
      <Box sx={{ height: 4 }}>{loading && rows && <LinearProgress aria-label={t('list.title')} />}</Box>
      <TableContainer>
        <Table size="small" aria-label={t('list.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('columns.sn')}</TableCell>
              {show('thirdSn') && <TableCell>{t('columns.thirdSn')}</TableCell>}
              {show('created') && <TableCell title={DEFAULT_TIME_ZONE}>{t('columns.created')}</TableCell>}
              {show('consignee') && <TableCell>{t('columns.consignee')}</TableCell>}
              {show('region') && <TableCell>{t('columns.region')}</TableCell>}
              {show('goodsFee') && <TableCell {...num}>{t('columns.goodsFee')}</TableCell>}
              {show('freight') && <TableCell {...num}>{t('columns.freight')}</TableCell>}
              {show('total') && <TableCell {...num}>{t('columns.total')}</TableCell>}
              {show('status') && <TableCell>{t('columns.status')}</TableCell>}
              {show('payStatus') && <TableCell>{t('columns.payStatus')}</TableCell>}
              {show('children') && <TableCell>{t('columns.children')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows
              ? rows.map((o) => (
                  <TableRow key={o.sn} hover data-testid="order-row" data-sn={o.sn} data-third-sn={o.thirdSn}>
                    <TableCell>
                      <Link
                        component="button"
                        type="button"
                        underline="hover"
                        onClick={() => onOpen(o.sn)}
                        sx={{ ...code, textAlign: 'left' }}
                      >
                        {o.sn}
                      </Link>
                    </TableCell>
                    {show('thirdSn') && <TableCell sx={code}>{o.thirdSn}</TableCell>}
                    {show('created') && <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatSeconds(o.createdTime, lang)}</TableCell>}
                    {show('consignee') && (
                      <TableCell>
                        <Stack>
                          <span>{o.address.consignee}</span>
                          <Typography variant="caption" color="text.secondary">
                            {o.address.phone}
                          </Typography>
                        </Stack>
                      </TableCell>
                    )}
                    {show('region') && <TableCell sx={{ minWidth: 120 }}>{regionOf(o.address)}</TableCell>}
                    {show('goodsFee') && <TableCell {...num}>{formatFen(o.goodsFee, lang)}</TableCell>}
                    {show('freight') && <TableCell {...num}>{formatFen(o.logisticFee, lang)}</TableCell>}
                    {show('total') && (
                      <TableCell {...num} data-testid="order-total">
                        {formatFen(o.goodsFee + o.logisticFee, lang)}
                      </TableCell>
                    )}
                    {show('status') && (
                      <TableCell>
                        <StatusChip of={orderStatus} value={o.status} testId="order-status" />
                      </TableCell>
                    )}
                    {show('payStatus') && (
                      <TableCell>
                        <StatusChip of={orderPayStatus} value={o.payStatus} />
                      </TableCell>
                    )}
                    {show('children') && (
                      <TableCell>
                        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                          {o.children.map((c) => (
                            <StatusChip
                              key={c.sn}
                              of={childGoodsStatus}
                              value={c.goodsStatus}
                              prefix={sourceEnum.label(c.source, lang)}
                              testId="child-chip"
                            />
                          ))}
                        </Stack>
                      </TableCell>
                    )}
                  </TableRow>
                ))
              : Array.from({ length: 6 }, (_, i) => (
                  <TableRow key={i} aria-hidden>
                    <TableCell colSpan={width}>
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
