import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { cashDirection } from '../../../../contract/enums/cash-direction';
import { cashType } from '../../../../contract/enums/cash-type';
import { MAX_PAGE } from '../../../../contract/constants';
import { DateRangeField } from '../../../components/date-range-field';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { SelectField } from '../../../components/fields';
import { PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { formatFen } from '../../../lib/money';
import { DEFAULT_TIME_ZONE, formatSeconds, zoneName } from '../../../lib/time';
import { useLang } from '../../../lib/use-lang';
import { useSettledState } from '../../../lib/use-settled-state';
import { balanceQuery, cashFlowQuery } from '../api/money';
import { CASH_PAGE_SIZES, cashFlowViewToFilters, useCashFlowView } from '../cash-flow-url';

const num = { align: 'right' as const, sx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } };

/** Every movement of the balance at the supplier: what it was for, which way, how much, and the balance around it. */
export function CashFlowPage() {
  const { t } = useTranslation('money');
  const lang = useLang();
  const [view, update] = useCashFlowView();
  const daysOk = (v: { from: string; to: string }) => !v.from || !v.to || v.from <= v.to;
  const [days, setDays] = useSettledState({ from: view.from, to: view.to }, update, daysOk, 0);
  const flow = useQuery(cashFlowQuery(cashFlowViewToFilters(view)));
  const balance = useQuery(balanceQuery());
  const rows = flow.data?.list;
  const total = flow.data?.total ?? flow.data?.count ?? rows?.length ?? 0;

  return (
    <Stack spacing={2}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          balance.data !== undefined && (
            <Typography variant="body1" data-testid="cash-balance">
              {t('balanceNow')}
              <strong>{formatFen(balance.data, lang)}</strong>
            </Typography>
          )
        }
      />
      <Paper variant="outlined" sx={{ p: 2 }} role="search" aria-label={t('filters')}>
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: { md: 'flex-start' } }}>
          <SelectField
            label={t('type')}
            value={view.type}
            onChange={(type) => update({ type })}
            choices={[
              { value: '', label: t('any') },
              ...cashType.values.map((v) => ({ value: String(v), label: cashType.label(v, lang) })),
            ]}
            sx={{ minWidth: 160 }}
          />
          <SelectField
            label={t('direction')}
            value={view.direction}
            onChange={(direction) => update({ direction })}
            choices={[
              { value: '', label: t('any') },
              ...cashDirection.values.map((v) => ({ value: String(v), label: cashDirection.label(v, lang) })),
            ]}
            sx={{ minWidth: 140 }}
          />
          <DateRangeField
            fromLabel={t('from')}
            toLabel={t('to')}
            value={days}
            onChange={setDays}
            error={daysOk(days) ? undefined : t('daysError')}
            hint={t('zoneHint', { zone: zoneName(DEFAULT_TIME_ZONE, lang) })}
          />
          <Button onClick={() => (setDays({ from: '', to: '' }), update({ type: '', direction: '', from: '', to: '' }))}>
            {t('reset')}
          </Button>
        </Stack>
      </Paper>
      {flow.isError && !flow.data ? (
        <ErrorState error={flow.error} onRetry={() => void flow.refetch()} />
      ) : (
        <Paper variant="outlined">
          <Box sx={{ height: 4 }}>{flow.isFetching && rows && <LinearProgress aria-label={t('title')} />}</Box>
          {flow.data && rows?.length === 0 ? (
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
          <Pager
            page={view.page}
            size={view.size}
            count={Math.min(total, MAX_PAGE * view.size)}
            sizes={CASH_PAGE_SIZES}
            onChange={(page, size) => update(size !== view.size ? { size } : { page })}
          />
        </Paper>
      )}
    </Stack>
  );
}
