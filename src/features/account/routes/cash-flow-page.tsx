import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { cashDirection } from '../../../../contract/enums/cash-direction';
import { cashType } from '../../../../contract/enums/cash-type';
import { DateRangeField } from '../../../components/date-range-field';
import { ErrorState } from '../../../components/error-state';
import { SelectField } from '../../../components/fields';
import { PageHeader } from '../../../components/page-header';
import { formatFen } from '../../../lib/money';
import { DEFAULT_TIME_ZONE, zoneName } from '../../../lib/time';
import { useLang } from '../../../lib/use-lang';
import { useSettledState } from '../../../lib/use-settled-state';
import { balanceQuery, cashFlowQuery } from '../api/money';
import { cashFlowViewToFilters, useCashFlowView } from '../cash-flow-url';
import { CashRowsView } from '../components/cash-rows-view';

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
        <CashRowsView
          rows={rows}
          total={total}
          loading={flow.isFetching}
          page={view.page}
          size={view.size}
          onPage={(page, size) => update(size !== view.size ? { size } : { page })}
        />
      )}
    </Stack>
  );
}
