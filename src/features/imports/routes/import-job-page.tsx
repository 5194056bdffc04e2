import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import type { ImportJob } from '../../../../contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState, RequestReference } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { OpError } from '../../../lib/bff';
import { formatFen } from '../../../lib/money';
import { formatMillis } from '../../../lib/time';
import { useErrorText } from '../../../lib/use-error-text';
import { useLang } from '../../../lib/use-lang';
import { importJobQuery, useJobAction } from '../api';
import { useCan } from '../../account';
import { JOB_COLOR } from '../components/past-imports';
import { download } from '../../../lib/csv';
import { resultRows } from '../results';
import { outcomeNote } from '../refusal-words';
import { ResendDialog } from '../components/resend-dialog';

const ORDER_COLOR = {
  queued: 'default',
  sending: 'primary',
  placed: 'success',
  already: 'info',
  refused: 'error',
  short: 'warning',
  unsent: 'default',
} as const;

/**
 * `/orders/import/:id`: a job as the gateway runs it, live (the live events say when it moved on):
 * progress, pause, resume and cancel, each order's outcome with its platform number, and the results
 * sheet. Closing the tab changes nothing: the job goes on on the gateway.
 */
export function ImportJobPage() {
  const { t } = useTranslation(['imports', 'app']);
  const lang = useLang();
  const errorText = useErrorText();
  const id = Number(useParams().id);
  // The packages this import's orders shipped in, to hand to the shop (issue 51).
  const shipments = useCan().feature('shipments.use');
  const job = useQuery({ ...importJobQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const action = useJobAction(id);
  const [cancelling, setCancelling] = useState(false);
  /** The refused orders' check-again dialog; each opening is a new round (a new check). */
  const [resending, setResending] = useState(0);

  if (job.isPending)
    return (
      <Stack spacing={2}>
        <Skeleton variant="text" width="40%" height={40} />
        <Skeleton variant="rounded" height={160} />
      </Stack>
    );
  if (job.isError) {
    const gone = job.error instanceof OpError && job.error.kind === 'not_found';
    return gone ? (
      <Alert severity="info">
        {t('job.notFound')}{' '}
        <Link component={RouterLink} to="/orders/import">
          {t('job.back')}
        </Link>
      </Alert>
    ) : (
      <ErrorState error={job.error} onRetry={() => void job.refetch()} />
    );
  }
  const j: ImportJob = job.data;
  const c = j.counts;
  const sent = c.orders - c.queued;
  // What the buyers paid, where the sheet said it (实付金额): kept for the overview's profit.
  const sold = j.orders.filter((o) => o.sale !== null);
  const saveResults = async (kind: 'xlsx' | 'csv') => {
    const { header, rows } = resultRows(j, t, lang);
    const { toCsv, toXlsx } = await import('../sheet/write');
    const name = t('job.resultsName', { id: j.id });
    if (kind === 'csv') download(`${name}.csv`, toCsv(header, rows));
    else download(`${name}.xlsx`, await toXlsx([{ name: t('result.sheet'), header, rows }]));
  };
  return (
    <Stack spacing={2} data-testid="import-job" data-state={j.state}>
      <PageHeader
        title={t('job.title', { id: j.id, file: j.fileName })}
        subtitle={`${formatMillis(j.createdAt, lang)} · ${t('job.by', { name: j.username })}`}
        actions={
          <Button component={RouterLink} to="/orders/import" variant="text">
            {t('job.back')}
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Chip color={JOB_COLOR[j.state]} label={t(`job.state.${j.state}`)} data-testid="import-job-state" />
            <Typography variant="body2" role="status">
              {t('job.progress', { sent, total: c.orders })}
            </Typography>
          </Stack>
          <LinearProgress
            variant="determinate"
            value={c.orders ? (sent / c.orders) * 100 : 100}
            aria-label={t('job.progress', { sent, total: c.orders })}
          />
          <Typography variant="body2" data-testid="import-job-counts">
            {t('job.counts', { ...c, skipped: c.skippedRows })}
          </Typography>
          <Typography variant="body2">{t('job.amount', { amount: formatFen(j.placedAmount, lang) })}</Typography>
          {sold.length > 0 && (
            <Typography variant="body2" data-testid="import-job-sales">
              {t('job.sales', {
                count: sold.length,
                amount: formatFen(
                  sold.reduce((sum, o) => sum + (o.sale ?? 0), 0),
                  lang,
                ),
              })}
            </Typography>
          )}
          {j.state === 'stopped' && j.stopReason && (
            <Alert severity="warning">
              {t(`job.stopped.${j.stopReason}`)}{' '}
              {j.stopReason === 'balance' && (
                <Link component={RouterLink} to="/orders/failed">
                  {t('job.failedLink')}
                </Link>
              )}
            </Alert>
          )}
          {j.rowsRemovedAt !== null && (
            <Alert severity="info" data-testid="import-job-pruned">
              {t('job.rowsRemoved')}
            </Alert>
          )}
          {action.error && (
            <Alert severity="error">
              {errorText(action.error)}
              <RequestReference error={action.error} />
            </Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {j.state === 'running' && (
              <Button variant="outlined" onClick={() => action.mutate('pause')} disabled={action.isPending}>
                {t('job.pause')}
              </Button>
            )}
            {(j.state === 'paused' || j.state === 'stopped') && (
              <Button variant="contained" onClick={() => action.mutate('resume')} disabled={action.isPending}>
                {t('job.resume')}
              </Button>
            )}
            {(j.state === 'running' || j.state === 'paused' || j.state === 'stopped') && (
              <Button variant="outlined" color="error" onClick={() => setCancelling(true)} disabled={action.isPending}>
                {t('job.cancel')}
              </Button>
            )}
            {c.refused > 0 && j.state !== 'cancelled' && j.rowsRemovedAt === null && (
              <Button variant="contained" onClick={() => setResending((n) => Math.abs(n) + 1)} data-testid="import-resend">
                {t('resend.button')}
              </Button>
            )}
            <Button variant="outlined" onClick={() => void saveResults('xlsx')} data-testid="import-results-xlsx">
              {t('job.results')}
            </Button>
            <Button variant="outlined" onClick={() => void saveResults('csv')} data-testid="import-results-csv">
              {t('job.resultsCsv')}
            </Button>
            {shipments && (
              <Button component={RouterLink} to={`/shipments?job=${j.id}`} data-testid="import-job-shipments">
                {t('job.shipments')}
              </Button>
            )}
          </Stack>
        </Stack>
      </Paper>
      <Typography variant="h6" component="h2">
        {t('job.orders')}
      </Typography>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('job.orders')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('table.order')}</TableCell>
              <TableCell>{t('table.status')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('result.platformSn')}</TableCell>
              <TableCell align="right">{t('table.amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {j.orders.map((o) => (
              <TableRow key={o.orderSn} data-testid="import-job-order" data-state={o.state} data-order={o.orderSn}>
                <TableCell sx={{ wordBreak: 'break-all' }}>
                  <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                    {o.orderSn}
                  </Typography>
                  <Typography variant="caption" color="textSecondary">
                    {t('table.rows', { count: o.rows.length, rows: o.rows.map((r) => r.row).join(lang === 'en' ? ', ' : '、') })}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" color={ORDER_COLOR[o.state]} label={t(`job.order.${o.state}`)} />
                  {o.msg && o.state !== 'placed' && (
                    <Typography variant="caption" sx={{ display: 'block', overflowWrap: 'anywhere' }} data-testid="import-job-reason">
                      {outcomeNote(t, o, lang)}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, wordBreak: 'break-all' }}>
                  {o.platformSn ? (
                    <Link component={RouterLink} to={`/orders/${encodeURIComponent(o.platformSn)}`} sx={{ fontFamily: 'monospace' }}>
                      {o.platformSn}
                    </Link>
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatFen(o.amount ?? o.goods + o.freight, lang)}
                  {o.sale !== null && (
                    <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }} data-testid="import-job-sale">
                      {t('job.sale', { amount: formatFen(o.sale, lang) })}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {j.skipped.length > 0 && (
        <Box>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('job.skipped')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {j.skipped.map((s) => (
              <Typography component="li" variant="body2" key={s.row.row}>
                {t('problem.row', { row: s.row.row, text: s.reason })}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
      <ResendDialog
        key={Math.abs(resending)}
        jobId={j.id}
        round={Math.abs(resending)}
        open={resending > 0}
        onClose={() => setResending((n) => -n)}
      />
      <ConfirmDialog
        open={cancelling}
        title={t('job.cancelTitle')}
        body={t('job.cancelBody', { count: c.queued })}
        confirm={t('job.cancelConfirm')}
        cancel={t('fix.cancel')}
        color="error"
        pending={action.isPending}
        error={action.error ? errorText(action.error) : null}
        failure={action.error}
        onConfirm={() => action.mutate('cancel', { onSuccess: () => setCancelling(false) })}
        onClose={() => setCancelling(false)}
      />
    </Stack>
  );
}
