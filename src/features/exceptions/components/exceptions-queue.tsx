import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import NativeSelect from '@mui/material/NativeSelect';
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
import { EXCEPTION_KINDS, EXCEPTION_LIST_STATES, type ExceptionCase } from '../../../../contract/schemas/exceptions';
import { ErrorState } from '../../../components/error-state';
import { Pager } from '../../../components/pager';
import { formatMillis } from '../../../lib/time';
import { useLang } from '../../../lib/use-lang';
import { exceptionsListQuery } from '../api/queries';
import {
  EXCEPTION_PAGE_SIZES,
  exceptionsViewToParams,
  exceptionsViewToQuery,
  parseExceptionsView,
  type ExceptionsView,
} from '../url-state';
import { ageWords } from '../words';
import { KindChip, StateChip } from './chips';

/**
 * The work queue's first section: orders going wrong, oldest first, each with its kind and age in
 * words, who has it and its state; kind and state filters and the page in the address
 * (`?kind=&state=&page=&size=`). The order number opens the order drawer over the queue (`onOpenOrder`).
 */
export function ExceptionsQueue({ onOpenOrder }: { onOpenOrder: (orderSn: string) => void }) {
  const { t } = useTranslation('exceptions');
  const [params, setParams] = useSearchParams();
  const view = parseExceptionsView(params);
  const list = useQuery(exceptionsListQuery(exceptionsViewToQuery(view)));
  const onView = (v: ExceptionsView) => setParams(exceptionsViewToParams(v, params), { replace: true });
  const kindId = useId();
  const stateId = useId();
  const rows = list.data?.list ?? [];
  const count = list.data?.count ?? 0;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="queue-exceptions" data-testid="queue-exceptions">
      <Stack direction="row" spacing={1} sx={{ px: 2, pt: 1.5, pb: 1, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography id="queue-exceptions" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('queue.title')}
        </Typography>
        {/* Its room is kept before the answer: the heading does not move when the figure comes. */}
        <Chip size="small" label={list.data ? count : '–'} data-testid="queue-exceptions-count" />
        <Box sx={{ flex: 1 }} />
        <Stack direction="row" spacing={2} role="group" aria-label={t('queue.filters')} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography component="label" htmlFor={kindId} variant="body2" color="textSecondary">
              {t('queue.kind')}
            </Typography>
            <NativeSelect
              id={kindId}
              value={view.kind}
              onChange={(e) => onView({ ...view, kind: e.target.value as ExceptionsView['kind'], page: 1 })}
              sx={{ fontSize: 'body2.fontSize' }}
              data-testid="exceptions-kind"
            >
              <option value="">{t('queue.allKinds')}</option>
              {EXCEPTION_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`kinds.${k}`)}
                </option>
              ))}
            </NativeSelect>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography component="label" htmlFor={stateId} variant="body2" color="textSecondary">
              {t('queue.state')}
            </Typography>
            <NativeSelect
              id={stateId}
              value={view.state}
              onChange={(e) => onView({ ...view, state: e.target.value as ExceptionsView['state'], page: 1 })}
              sx={{ fontSize: 'body2.fontSize' }}
              data-testid="exceptions-state"
            >
              {EXCEPTION_LIST_STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`listStates.${s}`)}
                </option>
              ))}
            </NativeSelect>
          </Stack>
        </Stack>
      </Stack>
      <Typography variant="body2" color="textSecondary" sx={{ px: 2, pb: 1 }}>
        {t('queue.hint')}
      </Typography>
      {/* A new page or filter being read: the rows shown stay, a thin bar says so. */}
      <Box sx={{ height: 4 }}>{list.isFetching && list.data && <LinearProgress aria-hidden />}</Box>
      {list.isError && !list.data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Skeleton variant="rectangular" height={120} sx={{ mx: 2, mb: 2 }} />
      ) : count === 0 ? (
        <Typography color="textSecondary" sx={{ px: 2, pb: 2 }} data-testid="exceptions-empty">
          {t(`queue.empty.${view.state}`)}
        </Typography>
      ) : (
        <>
          <ExceptionsTable rows={rows} onOpenOrder={onOpenOrder} />
          {count > view.size && (
            <Pager
              page={view.page}
              size={view.size}
              count={count}
              sizes={EXCEPTION_PAGE_SIZES}
              onChange={(page, size) => onView({ ...view, page: size === view.size ? page : 1, size })}
            />
          )}
        </>
      )}
    </Paper>
  );
}

function ExceptionsTable({ rows, onOpenOrder }: { rows: ExceptionCase[]; onOpenOrder: (orderSn: string) => void }) {
  const { t } = useTranslation('exceptions');
  const lang = useLang();
  const who = (k: ExceptionCase) =>
    k.takenBy ?? (k.state === 'resolved' && k.resolvedBy === '' ? t('queue.closedBySystem') : t('queue.nobody'));
  return (
    <TableContainer>
      <Table size="small" aria-labelledby="queue-exceptions">
        <TableHead>
          <TableRow>
            <TableCell>{t('queue.order')}</TableCell>
            <TableCell>{t('queue.kindCol')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('queue.age')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('queue.who')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('queue.stateCol')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((k) => (
            <TableRow key={k.id} hover data-testid="exception-row" data-id={k.id} data-kind={k.kind} data-state={k.state}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Link
                  component="button"
                  type="button"
                  onClick={() => onOpenOrder(k.orderSn)}
                  aria-label={t('queue.openOrder', { sn: k.shopOrderSn || k.orderSn })}
                  sx={{ textAlign: 'left' }}
                >
                  {k.shopOrderSn || k.orderSn}
                </Link>
                <Typography variant="caption" color="textSecondary" component="div" sx={{ display: { xs: 'none', md: 'block' } }}>
                  {k.orderSn}
                </Typography>
                {/* On phones its age goes under the order number. */}
                <Typography variant="caption" color="textSecondary" component="div" sx={{ display: { xs: 'block', sm: 'none' } }}>
                  {t('queue.ageShort', { age: ageWords(t, k.ageHours) })}
                </Typography>
              </TableCell>
              <TableCell>
                <KindChip kind={k.kind} />
                {/* On phones who has it and the state go under the kind. */}
                <Typography variant="caption" color="textSecondary" component="div" sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
                  {t(`states.${k.state}`)} · {who(k)}
                </Typography>
              </TableCell>
              <TableCell
                sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}
                title={t('queue.since', { time: formatMillis(k.since, lang) })}
              >
                {ageWords(t, k.ageHours)}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{who(k)}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                <StateChip state={k.state} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
