import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { MAX_PAGE } from '../../../../contract/constants';
import { source as sourceEnum } from '../../../../contract/enums/source';
import { ColumnsChooser, useRememberedColumnSet } from '../../../components/columns-menu';
import { DateRangeField } from '../../../components/date-range-field';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { TextInput } from '../../../components/fields';
import { sourcesQuery } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { AfterFirstPaint } from '../../../components/after-first-paint';
import { NextCommit } from '../../../components/next-commit';
import { SavedViews } from '../../../components/saved-views';
import { DEFAULT_TIME_ZONE, zoneName } from '../../../lib/time';
import { toast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { useLang } from '../../../lib/use-lang';
import { useSettledState } from '../../../lib/use-settled-state';
import { useCan } from '../../account';
import { orderListQuery, sourceOrdersQuery } from '../api/queries';
import { exportOrders, exportSourceOrders } from '../export';
import { OrderDrawer, useOrderDrawer } from '../components/order-drawer';
import { ORDER_COLUMNS, OrdersTable } from '../components/orders-table';
import { SOURCE_COLUMNS, SourceOrdersTable } from '../components/source-orders-table';
import {
  TEXT_FIELDS,
  daysValid,
  ordersViewToSearch,
  ordersViewToSourceFilters,
  parseOrdersView,
  useOrdersView,
  type TextField,
} from '../url-state';

const EMPTY = parseOrdersView(new URLSearchParams());

export function OrdersPage() {
  const { t } = useTranslation('orders');
  const lang = useLang();
  const text = useErrorText();
  const can = useCan();
  const [view, update] = useOrdersView();
  const [openSn, openOrder] = useOrderDrawer();
  const onChannel = view.tab !== 0;

  const typedFromUrl = {
    from: view.from,
    to: view.to,
    consignee: view.consignee,
    phone: view.phone,
    thirdSn: view.thirdSn,
    sn: view.sn,
    goods: view.goods,
  };
  const [typed, setTyped] = useSettledState(typedFromUrl, update, daysValid);
  const daysOk = daysValid(typed);

  const sources = useQuery(sourcesQuery());
  const list = useQuery({ ...orderListQuery(ordersViewToSearch(view)), enabled: !onChannel });
  const channel = useQuery({ ...sourceOrdersQuery(ordersViewToSourceFilters(view)), enabled: onChannel });
  const current = onChannel ? channel : list;
  const total = current.data?.total ?? 0;
  const capRows = MAX_PAGE * view.size;

  const [columns, setColumns] = useRememberedColumnSet('orders', ORDER_COLUMNS);
  const [sourceColumns, setSourceColumns] = useRememberedColumnSet('orders-source', SOURCE_COLUMNS);
  const [exporting, setExporting] = useState<{ done: number; total: number } | null>(null);
  const exportCsv = async () => {
    setExporting({ done: 0, total: 1 });
    try {
      const progress = (done: number, of: number) => setExporting({ done, total: of });
      const count = onChannel
        ? await exportSourceOrders(ordersViewToSourceFilters(view), t, lang, progress)
        : await exportOrders(ordersViewToSearch(view), t, lang, progress);
      void toast(t('list.exported', { count }), { variant: 'success' });
    } catch (e) {
      void toast(text(e), { variant: 'error' });
    } finally {
      setExporting(null);
    }
  };

  const fieldLabel: Record<TextField, string> = {
    consignee: t('search.consignee'),
    phone: t('search.phone'),
    thirdSn: t('search.thirdSn'),
    sn: t('search.sn'),
    goods: t('search.goods'),
  };
  const channelName = (id: number, name?: string) => (sourceEnum.has(id) ? sourceEnum.label(id, lang) : (name ?? String(id)));
  const channels = sources.data ?? [];
  const tabs = [{ id: 0, label: t('list.allTab') }, ...channels.map((s) => ({ id: s.id, label: channelName(s.id, s.name) }))];
  if (onChannel && !tabs.some((x) => x.id === view.tab)) tabs.push({ id: view.tab, label: channelName(view.tab) });

  return (
    <Stack spacing={2}>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        actions={
          <AfterFirstPaint>
            {can.op('order.errors') && (
              <Button component={RouterLink} to="/orders/failed">
                {t('list.failedLink')}
              </Button>
            )}
            <SavedViews storageKey="orders" />
            {onChannel ? (
              <ColumnsChooser all={SOURCE_COLUMNS} columns={sourceColumns} label={(c) => t(`columns.${c}`)} onChange={setSourceColumns} />
            ) : (
              <ColumnsChooser all={ORDER_COLUMNS} columns={columns} label={(c) => t(`columns.${c}`)} onChange={setColumns} />
            )}
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={() => void exportCsv()}
              loading={exporting !== null}
              disabled={total === 0}
            >
              {t('list.export')}
            </Button>
          </AfterFirstPaint>
        }
      />
      {/* The title paints first (the gateway paints it in the HTML too); the rest follows in the background. */}
      <AfterFirstPaint>
        {/* The header's tools first; the tabs (which measure themselves on mount), the search form and the list
            each follow in a commit of their own, top to bottom, so nothing on screen moves. */}
        <NextCommit>
          <Tabs
            value={tabs.some((x) => x.id === view.tab) ? view.tab : 0}
            onChange={(_, tab: number) => update({ tab })}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label={t('list.tabs')}
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            {tabs.map((x) => (
              <Tab key={x.id} value={x.id} label={x.label} />
            ))}
          </Tabs>
          <NextCommit>
            {onChannel ? (
              <Typography variant="body2" color="textSecondary">
                {t('list.channelHint', { channel: channelName(view.tab) })}
              </Typography>
            ) : (
              <Paper variant="outlined" sx={{ p: 2 }} role="search" aria-label={t('search.label')}>
                <Stack spacing={2}>
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
                    {TEXT_FIELDS.map((k) => (
                      <TextInput
                        key={k}
                        label={fieldLabel[k]}
                        value={typed[k]}
                        inputMode={k === 'phone' ? 'numeric' : 'text'}
                        onChange={(v) => setTyped({ ...typed, [k]: v })}
                        sx={{ flex: '1 1 180px', minWidth: 0 }}
                      />
                    ))}
                  </Stack>
                  <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'flex-start' } }}>
                    <DateRangeField
                      fromLabel={t('search.createdFrom')}
                      toLabel={t('search.createdTo')}
                      value={{ from: typed.from, to: typed.to }}
                      onChange={(r) => setTyped({ ...typed, ...r })}
                      error={daysOk ? undefined : t('search.daysError')}
                      hint={t('search.zoneHint', { zone: zoneName(DEFAULT_TIME_ZONE, lang) })}
                    />
                    <Button
                      onClick={() => {
                        setTyped({ from: '', to: '', consignee: '', phone: '', thirdSn: '', sn: '', goods: '' });
                        update({ ...EMPTY, size: view.size });
                      }}
                    >
                      {t('search.reset')}
                    </Button>
                  </Stack>
                </Stack>
              </Paper>
            )}
            <NextCommit>
              {current.isError && !current.data ? (
                <ErrorState error={current.error} onRetry={() => void current.refetch()} />
              ) : (
                <>
                  {current.data && (
                    <Typography variant="body2" color="textSecondary" aria-live="polite" data-testid="order-count">
                      {onChannel ? t('list.childResults', { count: total }) : t('list.results', { count: total })}
                    </Typography>
                  )}
                  {exporting && (
                    <Stack>
                      <Typography variant="caption">{t('list.exporting', exporting)}</Typography>
                      <LinearProgress
                        variant="determinate"
                        value={(exporting.done / exporting.total) * 100}
                        aria-label={t('list.export')}
                      />
                    </Stack>
                  )}
                  {total > capRows && view.page >= MAX_PAGE && (
                    <Alert severity="info">{t('list.pageCap', { max: MAX_PAGE, rows: capRows })}</Alert>
                  )}
                  {current.data && total === 0 ? (
                    <Paper variant="outlined">
                      <EmptyState title={onChannel ? t('list.emptyChannel') : t('list.empty')} />
                    </Paper>
                  ) : onChannel ? (
                    <SourceOrdersTable
                      rows={channel.data?.list}
                      rowCount={Math.min(total, capRows)}
                      loading={channel.isFetching}
                      page={view.page}
                      size={view.size}
                      onPage={(page, size) => update(size !== view.size ? { size } : { page })}
                      columns={sourceColumns}
                      onOpen={openOrder}
                    />
                  ) : (
                    <OrdersTable
                      rows={list.data?.list}
                      rowCount={Math.min(total, capRows)}
                      loading={list.isFetching}
                      page={view.page}
                      size={view.size}
                      onPage={(page, size) => update(size !== view.size ? { size } : { page })}
                      columns={columns}
                      onOpen={openOrder}
                    />
                  )}
                </>
              )}
            </NextCommit>
          </NextCommit>
        </NextCommit>
      </AfterFirstPaint>
      <OrderDrawer sn={openSn} onClose={() => openOrder(null)} />
    </Stack>
  );
}
