import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import TuneIcon from '@mui/icons-material/Tune';
import { DateRangeField } from '../../../components/date-range-field';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { SelectField } from '../../../components/fields';
import { FilterPanel, usePhone } from '../../../components/filter-panel';
import { SourceSelect } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { DEFAULT_TIME_ZONE, zoneName } from '../../../lib/time';
import { useLang } from '../../../lib/use-lang';
import { useSettledState } from '../../../lib/use-settled-state';
import { importListQuery } from '../../imports';
import { shipmentsQuery } from '../api';
import { ShipmentCards, ShipmentsTable } from '../components/shipments-list';
import { DownloadDialog } from '../components/download-dialog';
import { FormatsDialog } from '../components/formats-dialog';
import { SHIPMENT_PAGE_SIZES, STATES, daysValid, filterOf, useShipmentsView } from '../url-state';

/**
 * `/shipments`: every package the supplier shipped (a channel child and a tracking number), the new
 * ones first, filtered by shipped days, channel and bulk import; downloaded as the shop's
 * batch-shipping sheet, which marks the new ones handed over (with undo).
 */
export function ShipmentsPage() {
  const { t } = useTranslation('shipments');
  const lang = useLang();
  const phone = usePhone();
  const [view, update] = useShipmentsView();
  const [typed, setTyped] = useSettledState({ from: view.from, to: view.to }, update, daysValid);
  const filter = filterOf(view);
  const list = useQuery(shipmentsQuery(filter, view.page, view.size));
  const jobs = useQuery(importListQuery());
  const [downloading, setDownloading] = useState(false);
  const [formats, setFormats] = useState(false);
  const count = list.data?.count ?? 0;
  const filtered = !!(view.from || view.to || view.channel || view.job);

  const jobChoices = [
    { value: '0', label: t('filters.allJobs') },
    ...(jobs.data?.list ?? []).map((j) => ({ value: String(j.id), label: t('filters.jobChoice', { id: j.id, file: j.fileName }) })),
    ...(view.job && !jobs.data?.list.some((j) => j.id === view.job)
      ? [{ value: String(view.job), label: t('filters.unknownJob', { id: view.job }) }]
      : []),
  ];
  const empty = filtered
    ? t('list.emptyFiltered')
    : t(view.state === 'new' ? 'list.emptyNew' : view.state === 'exported' ? 'list.emptyExported' : 'list.emptyAll');

  return (
    <Stack spacing={2}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          // One block whose buttons wrap with an even gap on a phone.
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" startIcon={<TuneIcon />} onClick={() => setFormats(true)}>
              {t('download.manage')}
            </Button>
            <Button variant="contained" startIcon={<DownloadIcon />} onClick={() => setDownloading(true)} data-testid="shipments-download">
              {t('download.button')}
            </Button>
          </Stack>
        }
      />
      <Tabs
        value={view.state}
        onChange={(_, state: (typeof STATES)[number]) => update({ state })}
        aria-label={t('state.label')}
        variant={phone ? 'fullWidth' : 'standard'}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {STATES.map((s) => (
          <Tab key={s} value={s} label={t(`state.${s}`)} data-testid={`shipments-state-${s}`} />
        ))}
      </Tabs>
      <FilterPanel
        active={[view.from || view.to, view.channel, view.job].filter(Boolean).length}
        tools={
          filtered ? (
            <Button
              onClick={() => {
                setTyped({ from: '', to: '' });
                update({ from: '', to: '', channel: 0, job: 0 });
              }}
            >
              {t('filters.reset')}
            </Button>
          ) : undefined
        }
        below={
          <DateRangeField
            fromLabel={t('filters.from')}
            toLabel={t('filters.to')}
            value={typed}
            onChange={setTyped}
            error={daysValid(typed) ? undefined : t('filters.daysError')}
            hint={t('filters.zoneHint', { zone: zoneName(DEFAULT_TIME_ZONE, lang) })}
          />
        }
      >
        <SourceSelect value={view.channel} onChange={(channel) => update({ channel })} />
        <SelectField
          label={t('filters.job')}
          value={String(view.job)}
          onChange={(v) => update({ job: Number(v) })}
          choices={jobChoices}
          sx={{ minWidth: 180, maxWidth: '100%' }}
        />
      </FilterPanel>
      {list.isError && !list.data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          {list.data && (
            <Typography variant="body2" color="textSecondary" aria-live="polite" data-testid="shipments-count">
              {view.state === 'new' ? t('list.countNew', { count }) : t('list.count', { count })}
            </Typography>
          )}
          {list.data && count === 0 ? (
            <Paper variant="outlined">
              <EmptyState title={empty} />
            </Paper>
          ) : (
            <>
              {phone ? (
                <ShipmentCards rows={list.data?.list} loading={list.isFetching} />
              ) : (
                <ShipmentsTable rows={list.data?.list} loading={list.isFetching} />
              )}
              {list.data && (
                <Paper variant="outlined">
                  <Pager
                    page={view.page}
                    size={view.size}
                    count={count}
                    sizes={SHIPMENT_PAGE_SIZES}
                    onChange={(page, size) => update(size !== view.size ? { size } : { page })}
                  />
                </Paper>
              )}
            </>
          )}
        </>
      )}
      {downloading && <DownloadDialog view={view} onClose={() => setDownloading(false)} onManage={() => setFormats(true)} />}
      {formats && <FormatsDialog onClose={() => setFormats(false)} />}
    </Stack>
  );
}
