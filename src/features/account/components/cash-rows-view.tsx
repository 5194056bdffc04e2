import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { CashFlow } from '../../../../contract';
import { cashDirection } from '../../../../contract/enums/cash-direction';
import { cashType } from '../../../../contract/enums/cash-type';
import { MAX_PAGE } from '../../../../contract/constants';
import { EmptyState } from '../../../components/empty-state';
import { Pager } from '../../../components/pager';
import { formatFen } from '../../../lib/money';
import { DEFAULT_TIME_ZONE, formatSeconds, zoneName } from '../../../lib/time';
import { useLang } from '../../../lib/use-lang';
import { CASH_PAGE_SIZES } from '../cash-flow-url';

const num = { align: 'right' as const, sx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } };

/**
 * Cash-flow lines as the cash-flow page shows them (time, type, direction, amount, balance before
 * and after, order), with its pager: the supplier's list there, the order mirror's on the overview's
 * paid out / paid back list.
 */
export function CashRowsView({
  rows,
  total,
  loading,
  page,
  size,
  onPage,
}: {
  rows: CashFlow[] | undefined;
  total: number;
  loading: boolean;
  page: number;
  size: number;
  onPage: (page: number, size: number) => void;
}) {
  const { t } = useTranslation('money');
  const lang = useLang();
  return (
    <Paper variant="outlined">
      <Box sx={{ height: 4 }}>{loading && rows && <LinearProgress aria-label={t('title')} />}</Box>
      {rows?.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('title')}>
            <TableHead>
              <TableRow>
                <TableCell title={zoneName(DEFAULT_TIME_ZONE, lang)}>{t('time')}</TableCell>
                <TableCell>{t('type')}</TableCell>
                <TableCell>{t('direction')}</TableCell>
                <TableCell {...num}>{t('amount')}</TableCell>
                <TableCell {...num}>{t('before')}</TableCell>
                <TableCell {...num}>{t('after')}</TableCell>
                <TableCell>{t('order')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(rows ?? []).map((r) => {
                const out = String(r.direction) === '1';
                return (
                  <TableRow key={r.id} data-testid="cash-row" data-order-sn={r.order_sn}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatSeconds(r.update_time, lang)}</TableCell>
                    {/* Kept on one line: on a phone the table scrolls sideways rather than stand a word on end. */}
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{cashType.label(r.type, lang)}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={out ? 'warning' : 'success'}
                        label={cashDirection.label(r.direction, lang)}
                      />
                    </TableCell>
                    <TableCell {...num} data-testid="cash-amount">
                      {`${out ? '−' : '+'}${formatFen(r.money, lang)}`}
                    </TableCell>
                    <TableCell {...num}>{formatFen(r.balance_before, lang)}</TableCell>
                    <TableCell {...num} data-testid="cash-after">
                      {formatFen(r.balance_after, lang)}
                    </TableCell>
                    <TableCell>
                      {r.order_sn ? (
                        <Link component={RouterLink} to={`/orders/${r.order_sn}`} sx={{ fontFamily: 'monospace', fontSize: 13 }}>
                          {r.order_sn}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Pager page={page} size={size} count={Math.min(total, MAX_PAGE * size)} sizes={CASH_PAGE_SIZES} onChange={onPage} />
    </Paper>
  );
}
