import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Order } from '../../../../contract';
import type { Lang } from '../../../../contract/enums';
import { childGoodsStatus } from '../../../../contract/enums/child-goods-status';
import { orderPayStatus } from '../../../../contract/enums/order-pay-status';
import { orderStatus } from '../../../../contract/enums/order-status';
import { source as sourceEnum } from '../../../../contract/enums/source';
import { Pager } from '../../../components/pager';
import { PLAIN_ROWS } from '../../../components/plain-rows';
import { formatFen } from '../../../lib/money';
import { DEFAULT_TIME_ZONE, formatSeconds, zoneName } from '../../../lib/time';
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
const PROGRESS_SLOT = { height: 4 } as const;

/**
 * What the order list's rows add to the plain rows' classes (src/components/plain-rows.ts). The table
 * fits a laptop's window (1440 px) in both languages once orders exist: the merchant's order number
 * sits under the platform's in one cell, the time may break between day and hour, and a channel's
 * chip ("Cloud warehouse · Awaiting shipment") after its dot; large sums (¥78,716.80) stay whole.
 */
const ORDER_ROWS = {
  '& .ot-code': { fontFamily: 'monospace', fontSize: 13, whiteSpace: 'nowrap' },
  '& .gt-link.ot-code': { fontWeight: 400 },
  '& .gt-caption.ot-code': { fontSize: 12 },
  // Ten columns: a little less room between them than other tables, the first still 16 px in.
  '& .gt-cell, & .MuiTableCell-root': { paddingLeft: '10px', paddingRight: '10px' },
  '& .gt-cell:first-of-type, & .MuiTableCell-root:first-of-type': { paddingLeft: '16px' },
  '& .gt-cell:last-of-type, & .MuiTableCell-root:last-of-type': { paddingRight: '16px' },
  '& .ot-region': { minWidth: 100 },
  '& .ot-time': { minWidth: 84 },
  '& .ot-children': { minWidth: 130 },
  '& .ot-chips': { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 },
  '& .ot-chips .MuiChip-root': { height: 'auto', minHeight: 24 },
  '& .ot-chips .MuiChip-label': { whiteSpace: 'normal', paddingTop: '2px', paddingBottom: '2px' },
} as const;
const ROW_STYLES = [PLAIN_ROWS, ORDER_ROWS];

export const regionOf = (a: { province: string; city: string; area: string }) => [a.province, a.city, a.area].filter(Boolean).join(' ');

/**
 * One order, as plain `tr`/`td` elements (a row of MUI cells, texts and a link was ~40 components,
 * each serialising its styles on every render), drawn again only when its own props change.
 */
const OrderRow = memo(function OrderRow({
  o,
  columns,
  lang,
  onOpen,
}: {
  o: Order;
  columns: ReadonlySet<OrderColumn>;
  lang: Lang;
  onOpen: (sn: string) => void;
}) {
  const show = (c: OrderColumn) => columns.has(c);
  return (
    <tr className="gt-row" data-testid="order-row" data-sn={o.sn} data-third-sn={o.thirdSn}>
      <td className="gt-cell">
        <div className="gt-stack">
          <button type="button" className="gt-link ot-code" onClick={() => onOpen(o.sn)}>
            {o.sn}
          </button>
          {show('thirdSn') && <span className="gt-caption ot-code">{o.thirdSn}</span>}
        </div>
      </td>
      {show('created') && <td className="gt-cell ot-time">{formatSeconds(o.createdTime, lang)}</td>}
      {show('consignee') && (
        <td className="gt-cell">
          <div className="gt-stack">
            <span>{o.address.consignee}</span>
            <span className="gt-caption">{o.address.phone}</span>
          </div>
        </td>
      )}
      {show('region') && <td className="gt-cell ot-region">{regionOf(o.address)}</td>}
      {show('goodsFee') && <td className="gt-cell gt-num">{formatFen(o.goodsFee, lang)}</td>}
      {show('freight') && <td className="gt-cell gt-num">{formatFen(o.logisticFee, lang)}</td>}
      {show('total') && (
        <td className="gt-cell gt-num" data-testid="order-total">
          {formatFen(o.goodsFee + o.logisticFee, lang)}
        </td>
      )}
      {show('status') && (
        <td className="gt-cell">
          <StatusChip of={orderStatus} value={o.status} testId="order-status" />
        </td>
      )}
      {show('payStatus') && (
        <td className="gt-cell">
          <StatusChip of={orderPayStatus} value={o.payStatus} />
        </td>
      )}
      {show('children') && (
        <td className="gt-cell ot-children">
          <div className="ot-chips">
            {o.children.map((c) => (
              <StatusChip
                key={c.sn}
                of={childGoodsStatus}
                value={c.goodsStatus}
                prefix={sourceEnum.label(c.source, lang)}
                testId="child-chip"
              />
            ))}
          </div>
        </td>
      )}
    </tr>
  );
});

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
  const width = 1 + ORDER_COLUMNS.filter((c) => c !== 'thirdSn' && show(c)).length;
  return (
    <Paper variant="outlined">
      <Box sx={PROGRESS_SLOT}>{loading && rows && <LinearProgress aria-label={t('list.title')} />}</Box>
      <TableContainer>
        <Table size="small" aria-label={t('list.title')} sx={ROW_STYLES}>
          <TableHead>
            <TableRow>
              <TableCell>
                <div className="gt-stack">
                  <span>{t('columns.sn')}</span>
                  {show('thirdSn') && <span className="gt-caption">{t('columns.thirdSn')}</span>}
                </div>
              </TableCell>
              {show('created') && <TableCell title={zoneName(DEFAULT_TIME_ZONE, lang)}>{t('columns.created')}</TableCell>}
              {show('consignee') && <TableCell>{t('columns.consignee')}</TableCell>}
              {show('region') && <TableCell>{t('columns.region')}</TableCell>}
              {show('goodsFee') && <TableCell {...num}>{t('columns.goodsFee')}</TableCell>}
              {show('freight') && <TableCell {...num}>{t('columns.freight')}</TableCell>}
              {show('total') && <TableCell {...num}>{t('columns.total')}</TableCell>}
              {show('status') && <TableCell>{t('columns.status')}</TableCell>}
              {show('payStatus') && <TableCell>{t('columns.payStatus')}</TableCell>}
              {show('children') && <TableCell className="ot-children">{t('columns.children')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows
              ? rows.map((o) => <OrderRow key={o.sn} o={o} columns={columns} lang={lang} onOpen={onOpen} />)
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
