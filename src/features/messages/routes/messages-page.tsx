import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import type { MessageGroupOrUnknown } from '../../../../contract/message-kinds';
import { messageGroupsOf } from '../../../../contract/permissions';
import { DateRangeField, type DayRange } from '../../../components/date-range-field';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { SelectField } from '../../../components/fields';
import { PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { daySeconds, DEFAULT_TIME_ZONE, zoneName } from '../../../lib/time';
import { toast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { useLang } from '../../../lib/use-lang';
import { useSettledState } from '../../../lib/use-settled-state';
import { useUrlView } from '../../../lib/url-view';
import { useSession } from '../../account';
import { rulesQuery } from '../../watch';
import { inboxQuery, unreadQuery, useMarkRead } from '../api/queries';
import { CallbackSettings, LowProfitSource } from '../components/message-settings';
import { MessageEntry } from '../components/message-entry';
import { typeLabel } from '../sentence';
import { useMessagesTranslation } from '../texts';
import { daysInOrder, inboxKinds, inboxViewToParams, INBOX_SIZES, parseInboxView } from '../url-state';
import { inboxDays, type InboxDay } from '../inbox-days';

export function MessagesPage() {
  const { t } = useMessagesTranslation();
  const lang = useLang();
  const errorText = useErrorText();
  const { user, permissions } = useSession();
  const groups = messageGroupsOf(user.role);
  const [view, update] = useUrlView(parseInboxView, inboxViewToParams);
  const [days, setDays] = useSettledState<DayRange>({ from: view.from, to: view.to }, (v) => update(v), daysInOrder, 0);
  const datesOk = daysInOrder(view);
  const kinds = useMemo(() => inboxKinds(groups, view.group), [groups, view.group]);
  // A kind this person is not offered (a link from another role's inbox) filters nothing.
  const type = kinds.includes(view.type) ? view.type : '';
  const filters = {
    unread: view.tab === 'unread' || undefined,
    group: view.group || undefined,
    type: type || undefined,
    from: datesOk && view.from ? daySeconds(view.from)! * 1000 : undefined,
    to: datesOk && view.to ? daySeconds(view.to, true)! * 1000 + 999 : undefined,
    page: view.page,
    limit: view.size,
  };
  const inbox = useQuery(inboxQuery(filters));
  const unread = useQuery(unreadQuery);
  const seesGoods = groups.includes('goods');
  // The low-profit flag follows the goods watch's minimum profit rate; people who may not read the
  // watch (support: no goods messages either) get neither the flag nor the line saying where it is set.
  const followsWatch = seesGoods && permissions.features.includes('watch.use');
  const rules = useQuery({ ...rulesQuery(), enabled: followsWatch });
  const minRateOf = useMemo(() => {
    if (!rules.data) return undefined;
    const own = new Map(rules.data.goods.map((g) => [g.goodsId, g.minRate]));
    const library = rules.data.library?.minRate ?? null;
    return (goodsId: number) => own.get(goodsId) ?? library;
  }, [rules.data]);
  const mark = useMarkRead();
  const unreadCount = unread.data?.count ?? inbox.data?.unread ?? 0;

  const typeChoices = useMemo(
    () => [{ value: '', label: t('filter.anyType') }, ...kinds.map((k) => ({ value: k, label: typeLabel(k, t) }))],
    [kinds, t],
  );

  const dayTitle = ({ day, when }: InboxDay) =>
    when === 'today'
      ? t('today')
      : when === 'yesterday'
        ? t('yesterday')
        : new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  const markFailed = (e: unknown) => void toast(errorText(e), { variant: 'error' });
  const filtered = !!(view.group || type || view.from || view.to);
  const list = inbox.data?.list ?? [];

  return (
    <Stack spacing={2}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Button
            variant="outlined"
            startIcon={<DoneAllIcon />}
            disabled={unreadCount === 0 || mark.isPending}
            onClick={() =>
              mark.mutate(
                { all: true, read: true },
                {
                  onSuccess: (r) => void toast(t('actions.allReadDone', { count: r.changed }), { variant: 'success' }),
                  onError: markFailed,
                },
              )
            }
          >
            {t('actions.markAllRead')}
          </Button>
        }
      />
      <Paper variant="outlined">
        <Tabs value={view.tab} onChange={(_e, tab: 'all' | 'unread') => update({ tab })} aria-label={t('tabs.label')} sx={{ px: 1 }}>
          <Tab value="all" label={t('tabs.all')} />
          <Tab
            value="unread"
            label={
              <Badge color="error" variant="dot" invisible={unreadCount === 0} sx={{ pr: 1 }}>
                {t('tabs.unread', { count: unreadCount })}
              </Badge>
            }
          />
        </Tabs>
        <Stack
          direction="row"
          useFlexGap
          sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', p: 2, borderTop: 1, borderColor: 'divider' }}
        >
          <SelectField
            label={t('filter.group')}
            value={view.group}
            onChange={(group) => update({ group: group as MessageGroupOrUnknown, type: '' })}
            choices={[{ value: '', label: t('filter.anyGroup') }, ...groups.map((g) => ({ value: g, label: t(`groups.${g}`) }))]}
            sx={{ minWidth: 140 }}
          />
          <SelectField
            label={t('filter.type')}
            value={type}
            onChange={(type) => update({ type })}
            choices={typeChoices}
            sx={{ minWidth: 160 }}
          />
          <DateRangeField
            fromLabel={t('filter.from')}
            toLabel={t('filter.to')}
            value={days}
            onChange={setDays}
            error={daysInOrder(days) ? undefined : t('filter.daysError')}
            hint={t('filter.zoneHint', { zone: zoneName(DEFAULT_TIME_ZONE, lang) })}
          />
          <Button disabled={!filtered} onClick={() => (setDays({ from: '', to: '' }), update({ group: '', type: '', from: '', to: '' }))}>
            {t('filter.reset')}
          </Button>
        </Stack>
      </Paper>
      {inbox.isError && !inbox.data ? (
        <ErrorState error={inbox.error} onRetry={() => void inbox.refetch()} />
      ) : (
        <Paper variant="outlined" aria-busy={inbox.isFetching}>
          {inbox.isFetching && <LinearProgress aria-label={t('title')} />}
          {inbox.data && list.length === 0 ? (
            <EmptyState title={filtered ? t('emptyFiltered') : view.tab === 'unread' ? t('emptyUnread') : t('empty')} />
          ) : (
            inboxDays(list).map((d) => (
              // A day: its heading, then its messages (the heading stays outside the list's items).
              <Box component="section" key={d.day} aria-labelledby={`day-${d.day}`}>
                <Typography
                  id={`day-${d.day}`}
                  variant="subtitle2"
                  component="h2"
                  sx={{ px: 2, py: 1, bgcolor: 'action.hover', borderBottom: 1, borderColor: 'divider' }}
                >
                  {dayTitle(d)}
                </Typography>
                <List disablePadding>
                  {d.messages.map((m) => (
                    <MessageEntry
                      key={m.id}
                      message={m}
                      minRateOf={minRateOf}
                      shipments={permissions.features.includes('shipments.use')}
                      busy={mark.isPending}
                      onMark={(read) => mark.mutate({ ids: [m.id], read }, { onError: markFailed })}
                    />
                  ))}
                </List>
              </Box>
            ))
          )}
          {inbox.data && inbox.data.total > 0 && (
            <Pager
              page={view.page}
              size={view.size}
              count={inbox.data.total}
              sizes={INBOX_SIZES}
              onChange={(page, size) => update(size !== view.size ? { size } : { page })}
            />
          )}
        </Paper>
      )}
      {followsWatch && rules.data && <LowProfitSource rules={rules.data} />}
      {permissions.features.includes('messages.settings') && <CallbackSettings />}
    </Stack>
  );
}
