import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { Pager } from '../../../components/pager';
import { useDebounced } from '../../../lib/use-debounced';
import { formatMillis, DEFAULT_TIME_ZONE } from '../../../lib/time';
import { useLang } from '../../../lib/use-lang';
import { auditQuery, type AuditEntry } from '../api/queries';

/** A yyyy-mm-dd typed in the date field, as the start (or end) of that day in Beijing time. */
function dayBoundary(day: string, end: boolean): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  // Asia/Shanghai has no daylight saving: a fixed +08:00 offset is exact.
  const ms = Date.parse(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}+08:00`);
  return Number.isNaN(ms) ? undefined : ms;
}

export function AuditPage() {
  const { t } = useTranslation('account');
  const lang = useLang();
  const [username, setUsername] = useState('');
  const [action, setAction] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [failedOnly, setFailedOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(50);
  const filters = {
    username: useDebounced(username.trim()) || undefined,
    action: useDebounced(action.trim()) || undefined,
    from: dayBoundary(from, false),
    to: dayBoundary(to, true),
    failedOnly: failedOnly || undefined,
    page,
    limit,
  };
  const audit = useQuery(auditQuery(filters));
  const resultChip = (code: number, outcome: AuditEntry['outcome']) =>
    outcome === 'sent' ? (
      <Chip size="small" color="info" label={t('audit.sent')} />
    ) : outcome === 'unknown' ? (
      <Chip size="small" color="warning" variant="outlined" label={t('audit.unknown')} />
    ) : code === 1 ? (
      <Chip size="small" color="success" label={t('audit.ok')} />
    ) : [400, 403, 413, 429].includes(code) ? (
      <Chip size="small" color="warning" label={t('audit.refused')} />
    ) : (
      <Chip size="small" color="error" label={t('audit.failed')} />
    );

  return (
    <Stack spacing={2}>
      <PageHeader title={t('audit.title')} subtitle={t('audit.subtitle')} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <TextField size="small" label={t('audit.user')} value={username} onChange={(e) => (setUsername(e.target.value), setPage(1))} />
          <TextField
            size="small"
            label={t('audit.action')}
            value={action}
            onChange={(e) => (setAction(e.target.value), setPage(1))}
            placeholder="order."
          />
          <TextField
            size="small"
            type="date"
            label={t('audit.from')}
            value={from}
            onChange={(e) => (setFrom(e.target.value), setPage(1))}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label={t('audit.to')}
            value={to}
            onChange={(e) => (setTo(e.target.value), setPage(1))}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <FormControlLabel
            control={<Checkbox checked={failedOnly} onChange={(e) => (setFailedOnly(e.target.checked), setPage(1))} />}
            label={t('audit.failedOnly')}
          />
        </Stack>
      </Paper>
      {audit.isError && !audit.data ? (
        <ErrorState error={audit.error} onRetry={() => void audit.refetch()} />
      ) : (
        <Paper variant="outlined">
          {audit.isFetching && <LinearProgress />}
          {audit.data && audit.data.total === 0 ? (
            <EmptyState title={t('audit.empty')} />
          ) : (
            <TableContainer>
              <Table size="small" aria-label={t('audit.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('audit.time')}</TableCell>
                    <TableCell>{t('audit.user')}</TableCell>
                    <TableCell>{t('audit.action')}</TableCell>
                    <TableCell>{t('audit.input')}</TableCell>
                    <TableCell>{t('audit.result')}</TableCell>
                    <TableCell>{t('audit.ip')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(audit.data?.list ?? []).map((e) => (
                    <TableRow key={e.id} data-testid="audit-row">
                      <TableCell sx={{ whiteSpace: 'nowrap' }} title={DEFAULT_TIME_ZONE}>
                        {formatMillis(e.at, lang)}
                      </TableCell>
                      <TableCell>
                        {e.username}
                        {e.role && (
                          <Typography
                            variant="caption"
                            color="text.secondary"
                          >{` · ${t(`roles.${e.role}`, { defaultValue: e.role })}`}</Typography>
                        )}
                      </TableCell>
                      <TableCell>
                        <code>{e.action}</code>
                      </TableCell>
                      <TableCell sx={{ maxWidth: 360 }}>
                        <Typography
                          variant="caption"
                          component="code"
                          sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                          title={e.summary}
                        >
                          {e.summary}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          {resultChip(e.code, e.outcome)}
                          <Typography variant="caption">{e.msg}</Typography>
                        </Stack>
                      </TableCell>
                      <TableCell>{e.ip}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <Pager
            page={page}
            size={limit}
            count={audit.data?.total ?? 0}
            sizes={[20, 50, 100, 200]}
            onChange={(p, size) => (size !== limit ? (setLimit(size), setPage(1)) : setPage(p))}
          />
        </Paper>
      )}
    </Stack>
  );
}
