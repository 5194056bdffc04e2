import { useDeferredValue, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import RefreshIcon from '@mui/icons-material/Refresh';
import type { AfterSaleRecord, DeliveredOpen, WorkQueue } from '../../../../contract';
import { afterSaleReason, afterSaleStatus, orderStatus } from '../../../../contract/enums';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { formatMillis } from '../../../lib/time';
import { useLang } from '../../../lib/use-lang';
import { queueDeliveredQuery, queueListQuery, workQueueQuery } from '../api/queries';
import { AfterSaleDrawer, useOpenAfterSale } from '../components/after-sale-drawer';
import { AfterSaleResults, AfterSaleTable, ListWait, PastEnd } from '../components/after-sale-table';
import {
  isFiltered,
  PAGE_SIZES,
  parseQueueView,
  queueViewToDeliveredQuery,
  queueViewToParams,
  queueViewToQuery,
  type QueueView,
} from '../url-state';
import { unreadQuery } from '../../messages';
import { ExceptionsQueue, exceptionsListQuery, exceptionsViewToQuery, parseExceptionsView } from '../../exceptions';
import { OrderDrawer, useOrderDrawer } from '../../orders';

/**
 * Support's work queue (and managers' and admins'), from the gateway's order mirror: first the orders
 * going wrong (support's exceptions, ?kind=&state= in the address; each opens the order drawer over the
 * queue, ?order=), then after-sales
 * waiting for the supplier's decision, agreed ones waiting for the customer's parcel, delivered orders
 * with a request open, and the unread messages of the person's kinds. Each row opens its record (the
 * after-sale drawer over the queue, or the order). With `?status=`, `?reason=` or days in the address
 * (what the overview's bars open) it is one filtered list instead; with `?delivered=1` (the delivered
 * section's "all"), every delivered order with a request open, a page at a time.
 */
export function QueuePage() {
  const { t } = useTranslation('afterSale');
  const [params, setParams] = useSearchParams();
  const view = parseQueueView(params);
  const [openId, setOpen] = useOpenAfterSale();
  const filtered = isFiltered(view);
  // One of the whole lists instead of the sections: the sections' call is not made.
  const listed = filtered || view.delivered;
  const queue = useQuery({ ...workQueueQuery, enabled: !listed });
  // The exceptions' first page is asked for beside the sections (the same query as their list's): both
  // are drawn together, so neither pushes the other down when it comes (layout shift on the landing).
  const exceptions = useQuery({ ...exceptionsListQuery(exceptionsViewToQuery(parseExceptionsView(params))), enabled: !listed });
  const [orderSn, openOrder] = useOrderDrawer();
  // The sections are drawn from a deferred copy: React draws them in slices that leave a phone's main
  // thread free, not in the one long task an answer's update would be (issue 39: total blocking time).
  const shown = useDeferredValue(queue.data);
  const lang = useLang();

  return (
    <Stack spacing={2}>
      <PageHeader
        title={t('queue.title')}
        subtitle={t('queue.subtitle')}
        actions={
          !listed && (
            <>
              {/* Its room is kept before the answer (a time of the same shape, unseen): the button beside it stays put. */}
              <Typography
                variant="caption"
                color="textSecondary"
                aria-hidden={!queue.data}
                sx={{ visibility: queue.data ? 'visible' : 'hidden' }}
              >
                {t('queue.asOf', { time: formatMillis(queue.data?.asOf ?? Date.now(), lang) })}
              </Typography>
              <Button startIcon={<RefreshIcon />} onClick={() => void queue.refetch()} disabled={queue.isFetching}>
                {t('queue.refresh')}
              </Button>
            </>
          )
        }
      />
      {view.delivered ? (
        <DeliveredList view={view} onView={(v) => setParams(queueViewToParams(v, params))} onOpen={setOpen} />
      ) : filtered ? (
        <FilteredList view={view} onView={(v) => setParams(queueViewToParams(v, params))} onOpen={setOpen} />
      ) : queue.isError && !queue.data ? (
        <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />
      ) : shown && (exceptions.data || exceptions.isError) ? (
        <Stack spacing={2}>
          <ExceptionsQueue onOpenOrder={openOrder} />
          <Sections queue={shown} onOpen={setOpen} />
        </Stack>
      ) : (
        <Skeleton variant="rectangular" height={240} />
      )}
      <AfterSaleDrawer id={openId} onClose={() => setOpen(null)} />
      <OrderDrawer sn={orderSn} onClose={() => openOrder(null)} />
    </Stack>
  );
}

function Section({
  id,
  title,
  hint,
  count,
  all,
  children,
}: {
  id: string;
  title: string;
  hint?: string;
  count: number;
  all?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('afterSale');
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`queue-${id}`} data-testid={`queue-${id}`}>
      <Stack direction="row" spacing={1} sx={{ px: 2, pt: 1.5, pb: 1, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography id={`queue-${id}`} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Chip size="small" label={count} data-testid={`queue-${id}-count`} />
        <Box sx={{ flex: 1 }} />
        {all && count > 0 && (
          <Link component={RouterLink} to={all}>
            {t('queue.all', { count })}
          </Link>
        )}
      </Stack>
      {hint && (
        <Typography variant="body2" color="textSecondary" sx={{ px: 2, pb: 1 }}>
          {hint}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

function Records({ rows, label, onOpen }: { rows: AfterSaleRecord[]; label: string; onOpen: (id: number) => void }) {
  const { t } = useTranslation('afterSale');
  return rows.length ? (
    <AfterSaleTable rows={rows} label={label} onOpen={onOpen} />
  ) : (
    <Typography color="textSecondary" sx={{ px: 2, pb: 2 }}>
      {t('queue.nothing')}
    </Typography>
  );
}

/** Delivered orders with a request open: the order (its link), consignee and province (not on phones), its status in words, the open requests (each opens its record). */
function DeliveredTable({ rows, onOpen }: { rows: DeliveredOpen[]; onOpen: (id: number) => void }) {
  const { t } = useTranslation('afterSale');
  const lang = useLang();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('queue.delivered')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('queue.order')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('queue.consignee')}</TableCell>
            <TableCell>{t('queue.orderStatus')}</TableCell>
            <TableCell>{t('queue.openRequests')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ order, afterSaleIds }) => (
            <TableRow key={order.sn} hover data-testid="queue-delivered-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Link component={RouterLink} to={`/orders/${order.sn}`} aria-label={t('queue.openOrder', { sn: order.thirdSn })}>
                  {order.thirdSn}
                </Link>
                <Typography variant="caption" color="textSecondary" component="div">
                  {order.sn}
                </Typography>
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {order.address.consignee} · {order.address.province}
              </TableCell>
              <TableCell>{orderStatus.label(order.status, lang)}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {afterSaleIds.map((id) => (
                    <Link key={id} component="button" type="button" onClick={() => onOpen(id)} aria-label={t('openDetail', { id })}>
                      #{id}
                    </Link>
                  ))}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Sections({ queue, onOpen }: { queue: WorkQueue; onOpen: (id: number) => void }) {
  const { t } = useTranslation('afterSale');
  const unread = useQuery(unreadQuery).data?.count;
  return (
    <Stack spacing={2}>
      {queue.backfill && !queue.backfill.done && <Alert severity="info">{t('queue.backfilling')}</Alert>}
      <Section id="decision" title={t('queue.decision')} hint={t('queue.decisionHint')} count={queue.decision.total} all="/queue?status=1">
        <Records rows={queue.decision.list} label={t('queue.decision')} onOpen={onOpen} />
      </Section>
      <Section id="mail" title={t('queue.mail')} hint={t('queue.mailHint')} count={queue.mail.total} all="/queue?status=2">
        <Records rows={queue.mail.list} label={t('queue.mail')} onOpen={onOpen} />
      </Section>
      <Section
        id="delivered"
        title={t('queue.delivered')}
        hint={t('queue.deliveredHint')}
        count={queue.delivered.total}
        all="/queue?delivered=1"
      >
        {queue.delivered.list.length ? (
          <DeliveredTable rows={queue.delivered.list} onOpen={onOpen} />
        ) : (
          <Typography color="textSecondary" sx={{ px: 2, pb: 2 }}>
            {t('queue.nothing')}
          </Typography>
        )}
      </Section>
      <Section id="unread" title={t('queue.unread')} count={unread ?? 0}>
        <Stack direction="row" spacing={2} sx={{ px: 2, pb: 2, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Typography>{unread ? t('queue.unreadCount', { count: unread }) : t('queue.unreadNone')}</Typography>
          {unread ? (
            <Button component={RouterLink} to="/messages?tab=unread" variant="outlined" size="small">
              {t('queue.openInbox')}
            </Button>
          ) : null}
        </Stack>
      </Section>
    </Stack>
  );
}

function FilteredList({ view, onView, onOpen }: { view: QueueView; onView: (v: QueueView) => void; onOpen: (id: number) => void }) {
  const { t } = useTranslation('afterSale');
  const lang = useLang();
  const list = useQuery(queueListQuery(queueViewToQuery(view)));
  const said = [
    ...(view.status.length ? [t('queue.filterStatus', { value: view.status.map((s) => afterSaleStatus.label(s, lang)).join(', ') })] : []),
    ...(view.reason ? [t('queue.filterReason', { value: afterSaleReason.label(view.reason, lang) })] : []),
    ...(view.from && view.to
      ? [t('queue.filterDays', { from: view.from, to: view.to })]
      : view.from
        ? [t('queue.filterFrom', { from: view.from })]
        : view.to
          ? [t('queue.filterTo', { to: view.to })]
          : []),
  ];
  return (
    <Paper variant="outlined" data-testid="queue-filtered">
      <Stack direction="row" spacing={1} sx={{ p: 2, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('queue.filtered')}
        </Typography>
        {said.map((s) => (
          <Chip key={s} size="small" variant="outlined" label={s} />
        ))}
        <Box sx={{ flex: 1 }} />
        <Link component={RouterLink} to="/queue">
          {t('queue.whole')}
        </Link>
      </Stack>
      <AfterSaleResults
        list={list}
        rows={list.data?.list ?? []}
        total={list.data?.total ?? 0}
        empty={t('queue.emptyFiltered')}
        label={t('queue.filtered')}
        onOpen={onOpen}
        page={view.page}
        size={view.size}
        onPage={(page, size) => onView({ ...view, page, size })}
      />
    </Paper>
  );
}

/** Every delivered order with a request open (the delivered section's "all"), a page at a time. */
function DeliveredList({ view, onView, onOpen }: { view: QueueView; onView: (v: QueueView) => void; onOpen: (id: number) => void }) {
  const { t } = useTranslation('afterSale');
  const list = useQuery(queueDeliveredQuery(queueViewToDeliveredQuery(view)));
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="queue-delivered-all" data-testid="queue-delivered-all">
      <Stack direction="row" spacing={1} sx={{ p: 2, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography id="queue-delivered-all" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('queue.delivered')}
        </Typography>
        {list.data && <Chip size="small" label={total} data-testid="queue-delivered-all-count" />}
        <Box sx={{ flex: 1 }} />
        <Link component={RouterLink} to="/queue">
          {t('queue.whole')}
        </Link>
      </Stack>
      <ListWait list={list}>
        {total === 0 ? (
          <EmptyState title={t('queue.emptyDelivered')} />
        ) : rows.length === 0 ? (
          <PastEnd onFirst={() => onView({ ...view, page: 1 })} />
        ) : (
          <>
            <DeliveredTable rows={rows} onOpen={onOpen} />
            <Pager
              page={view.page}
              size={view.size}
              count={total}
              sizes={PAGE_SIZES}
              onChange={(page, size) => onView({ ...view, page, size })}
            />
          </>
        )}
      </ListWait>
    </Paper>
  );
}
