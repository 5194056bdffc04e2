import { useMemo } from 'react';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
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
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { DateRangeField, type DayRange } from '../../../components/date-range-field';
import { TextInput } from '../../../components/fields';
import { Pager } from '../../../components/pager';
import { read, useUrlView } from '../../../lib/url-view';
import { useSettledState } from '../../../lib/use-settled-state';
import { formatMillis, DEFAULT_TIME_ZONE, zoneName } from '../../../lib/time';
import { useLang } from '../../../lib/use-lang';
import { auditQuery, type AuditEntry } from '../api/queries';
import { actionLabel, actionsMatching, inputSummary, resultText } from '../audit-actions';

/** A yyyy-mm-dd typed in the date field, as the start (or end) of that day in Beijing time. */
function dayBoundary(day: string, end: boolean): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  // Asia/Shanghai has no daylight saving: a fixed +08:00 offset is exact.
  const ms = Date.parse(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}+08:00`);
  return Number.isNaN(ms) ? undefined : ms;
}

const SIZES = [20, 50, 100, 200] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface AuditView {
  user: string;
  action: string;
  from: string;
  to: string;
  failed: boolean;
  page: number;
  size: number;
}

const day = (v: string | null) => (v && DAY.test(v) && dayBoundary(v, false) !== undefined ? v : '');
/** The filters live in the URL (`?user=&action=&from=&to=&failed=1&page=&size=`), so a view can be shared. */
/**
 * The action's words may wrap (an English action such as "Check the supplier before retrying" kept
 * on one line widened the table past its box at 1440 px); the input summary is one line, cut with
 * an ellipsis, its whole text in the title.
 */
const ACTION_CELL = { minWidth: 120, maxWidth: 200 } as const;
const INPUT_CELL = { maxWidth: 320 } as const;

export function parseAuditView(p: URLSearchParams): AuditView {
  return {
    user: (p.get('user') ?? '').slice(0, 64),
    action: (p.get('action') ?? '').slice(0, 64),
    from: day(p.get('from')),
    to: day(p.get('to')),
    failed: p.get('failed') === '1',
    page: read.int(p, 'page', 1),
    size: read.oneOf(p, 'size', SIZES, 50),
  };
}
export function auditViewToParams(v: AuditView): URLSearchParams {
  const p = new URLSearchParams();
  if (v.user) p.set('user', v.user);
  if (v.action) p.set('action', v.action);
  if (v.from) p.set('from', v.from);
  if (v.to) p.set('to', v.to);
  if (v.failed) p.set('failed', '1');
  if (v.size !== 50) p.set('size', String(v.size));
  if (v.page !== 1) p.set('page', String(v.page));
  return p;
}

const daysOk = (d: DayRange) => !d.from || !d.to || d.from <= d.to;

export function AuditPage() {
  const { t } = useTranslation(['account', 'app', 'money']);
  const lang = useLang();
  const [view, update] = useUrlView(parseAuditView, auditViewToParams);
  const [typed, setTyped] = useSettledState({ user: view.user, action: view.action }, (v) => update(v));
  const [days, setDays] = useSettledState<DayRange>({ from: view.from, to: view.to }, (v) => update(v), daysOk, 0);
  // The action filter matches names in both languages (and ids): it is sent as the list of matching ids.
  const actions = useMemo(() => actionsMatching(view.action), [view.action]);
  const datesBad = !daysOk({ from: view.from, to: view.to });
  const filters = {
    username: view.user.trim() || undefined,
    ...(actions ? { actions: actions.length ? actions.join(',') : '-' } : {}),
    from: datesBad ? undefined : dayBoundary(view.from, false),
    to: datesBad ? undefined : dayBoundary(view.to, true),
    failedOnly: view.failed || undefined,
    page: view.page,
    limit: view.size,
  };
  const audit = useQuery(auditQuery(filters));
  const fieldWords = (k: string) => t(`app:fields.${k}`, { defaultValue: '' }) || undefined;
  const resultChip = (code: number, outcome: AuditEntry['outcome']) =>
    outcome === 'sent' ? (
      <Chip size="small" color="info" label={t('audit.sent')} />
    ) : outcome === 'unknown' ? (
      <Chip size="small" color="warning" variant="outlined" label={t('audit.unknown')} />
    ) : code === 1 ? (
      <Chip size="small" color="success" label={t('audit.ok')} />
    ) : code === 409 ? (
      // Someone else got there first (another person has the case): a conflict, not bad input.
      <Chip size="small" color="warning" variant="outlined" label={t('audit.conflict')} />
    ) : [400, 403, 413, 429].includes(code) ? (
      <Chip size="small" color="warning" label={t('audit.refused')} />
    ) : (
      <Chip size="small" color="error" label={t('audit.failed')} />
    );

  return (
    <Stack spacing={2}>
      <PageHeader title={t('audit.title')} subtitle={t('audit.subtitle')} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <TextInput
            label={t('audit.user')}
            value={typed.user}
            onChange={(user) => setTyped({ ...typed, user })}
            maxLength={64}
            sx={{ minWidth: 160 }}
          />
          <TextInput
            label={t('audit.action')}
            value={typed.action}
            onChange={(action) => setTyped({ ...typed, action })}
            maxLength={64}
            sx={{ minWidth: 200 }}
          />
          <DateRangeField
            fromLabel={t('audit.from')}
            toLabel={t('audit.to')}
            value={days}
            onChange={setDays}
            error={daysOk(days) ? undefined : t('money:daysError')}
            hint={t('money:zoneHint', { zone: zoneName(DEFAULT_TIME_ZONE, lang) })}
          />
          <FormControlLabel
            control={<Checkbox checked={view.failed} onChange={(e) => update({ failed: e.target.checked })} />}
            label={t('audit.failedOnly')}
          />
          <Button
            onClick={() => (
              setTyped({ user: '', action: '' }),
              setDays({ from: '', to: '' }),
              update({ user: '', action: '', from: '', to: '', failed: false })
            )}
          >
            {t('money:reset')}
          </Button>
        </Stack>
      </Paper>
      {audit.isError && !audit.data ? (
        <ErrorState error={audit.error} onRetry={() => void audit.refetch()} />
      ) : (
        <Paper variant="outlined">
          {audit.isFetching && <LinearProgress aria-label={t('audit.title')} />}
          {audit.data && audit.data.total === 0 ? (
            <EmptyState title={t('audit.empty')} />
          ) : (
            <TableContainer tabIndex={0} role="region" aria-label={t('audit.title')}>
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
                  {(audit.data?.list ?? []).map((e) => {
                    const summary = inputSummary(e.summary, lang, fieldWords, e.action);
                    const result = resultText(e.msg, lang);
                    return (
                      <TableRow key={e.id} data-testid="audit-row" data-action={e.action}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }} title={zoneName(DEFAULT_TIME_ZONE, lang)}>
                          {formatMillis(e.shownAt, lang)}
                        </TableCell>
                        <TableCell>
                          {e.username}
                          {e.role && (
                            <Typography
                              variant="caption"
                              color="textSecondary"
                            >{` · ${t(`roles.${e.role}`, { defaultValue: e.role })}`}</Typography>
                          )}
                        </TableCell>
                        <TableCell sx={ACTION_CELL} title={e.action}>
                          {actionLabel(e.action, lang)}
                        </TableCell>
                        <TableCell sx={INPUT_CELL}>
                          <Typography
                            variant="caption"
                            sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                            title={summary}
                            data-testid="audit-input"
                          >
                            {summary}
                          </Typography>
                        </TableCell>
                        <TableCell>
                          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                            {resultChip(e.code, e.outcome)}
                            {result && <Typography variant="caption">{result}</Typography>}
                          </Stack>
                        </TableCell>
                        <TableCell>{e.ip}</TableCell>
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
            count={audit.data?.total ?? 0}
            sizes={[...SIZES]}
            onChange={(page, size) => (size !== view.size ? update({ size }) : update({ page }))}
          />
        </Paper>
      )}
    </Stack>
  );
}
