import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportJobState } from '../../../../contract';
import { ErrorState } from '../../../components/error-state';
import { formatFen } from '../../../lib/money';
import { formatMillis } from '../../../lib/time';
import { useLang } from '../../../lib/use-lang';
import { useCan } from '../../account';
import { importListQuery } from '../api';

export const JOB_COLOR: Record<ImportJobState, 'default' | 'primary' | 'success' | 'warning' | 'error'> = {
  running: 'primary',
  paused: 'default',
  stopped: 'warning',
  cancelled: 'default',
  done: 'success',
};

/** The person's past imports (everyone's for admins), newest first, each with where it stands. */
export function PastImports() {
  const { t } = useTranslation('imports');
  const lang = useLang();
  const can = useCan();
  const list = useQuery(importListQuery());
  const everyone = can.feature('imports.all');
  return (
    <section aria-labelledby="past-imports">
      <Typography id="past-imports" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('past.title')}
      </Typography>
      {list.isPending ? (
        <Skeleton variant="rounded" height={96} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <Typography color="textSecondary" data-testid="empty-state">
          {t('past.empty')}
        </Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-labelledby="past-imports">
            <TableHead>
              <TableRow>
                <TableCell>{t('past.file')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('past.when')}</TableCell>
                {everyone && <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('past.who')}</TableCell>}
                <TableCell>{t('past.state')}</TableCell>
                <TableCell align="right">{t('past.result')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.list.map((j) => (
                <TableRow key={j.id} data-testid="past-import">
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    <Link component={RouterLink} to={`/orders/import/${j.id}`} aria-label={t('past.open', { id: j.id })}>
                      {j.fileName}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>
                    {formatMillis(j.createdAt, lang)}
                  </TableCell>
                  {everyone && <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{j.username}</TableCell>}
                  <TableCell>
                    <Chip size="small" variant="outlined" color={JOB_COLOR[j.state]} label={t(`job.state.${j.state}`)} />
                  </TableCell>
                  <TableCell align="right">
                    <Typography variant="body2">{t('past.summary', { placed: j.counts.placed, orders: j.counts.orders })}</Typography>
                    <Typography variant="caption" color="textSecondary">
                      {formatFen(j.placedAmount, lang)}
                    </Typography>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </section>
  );
}
