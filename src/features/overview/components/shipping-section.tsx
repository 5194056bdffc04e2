import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { OverviewShipping } from '../../../../contract';
import { formatCount, formatRate } from '../../../lib/money';
import { KPI_GRID, KpiCard } from './kpi-card';

/** The exceptions' kinds, in the order support's queue filters them (contract/schemas/exceptions.ts). */
const KINDS = ['late', 'stalled', 'cancelled', 'returned', 'failed'] as const;

/** Support's queue of the open exceptions of a kind (the queue's address: /work/helpers/exceptions-url.md, src/features/exceptions/url-state.ts). */
const queueOf = (kind: string) => `/queue?${new URLSearchParams({ kind, state: 'open' })}`;

/**
 * How shipping went in the period (issue 52.4), for managers: of the channel children paid on its days,
 * the share shipped within the gateway's late hours and the median hours from payment to shipment
 * (each opening the packages shipped on those days), those not shipped past them (opening the late
 * exceptions), and the exceptions open now by kind, each opening support's queue of that kind.
 */
export function ShippingSection({ shipping: s, lang }: { shipping: OverviewShipping; lang: string }) {
  const { t } = useTranslation('overview');
  const count = (n: number) => formatCount(n, lang);
  const shipped = s.shippedWithin + s.shippedLate;
  const decided = shipped + s.waitingLate;
  const packages = `/shipments?${new URLSearchParams({ state: 'all', from: s.from, to: s.to })}`;
  const cards = [
    <KpiCard
      key="within"
      testId="shipping-within"
      label={t('shipping.within', { hours: s.withinHours })}
      value={s.withinShare === null ? '—' : formatRate(s.withinShare * 100, lang)}
      caption={t('shipping.withinOf', { within: count(s.shippedWithin), decided: count(decided) })}
      to={packages}
    />,
    <KpiCard
      key="median"
      testId="shipping-median"
      label={t('shipping.median')}
      value={s.medianHours === null ? '—' : t('shipping.hours', { value: count(Math.round(s.medianHours * 10) / 10) })}
      caption={t('shipping.medianOf', { shipped: count(shipped) })}
      to={packages}
    />,
    <KpiCard
      key="waiting"
      testId="shipping-waiting-late"
      label={t('shipping.waitingLate', { hours: s.withinHours })}
      value={count(s.waitingLate)}
      caption={t('shipping.waitingInTime', { count: s.waitingInTime, n: count(s.waitingInTime) })}
      to={queueOf('late')}
    />,
    ...KINDS.map((kind) => (
      <KpiCard
        key={kind}
        testId={`shipping-open-${kind}`}
        label={t(`shipping.kinds.${kind}`)}
        value={count(s.openByKind[kind])}
        caption={t('shipping.openNow')}
        to={queueOf(kind)}
      />
    )),
  ];
  return (
    <Box component="section" aria-labelledby="overview-shipping" data-testid="overview-shipping">
      <Typography variant="h6" component="h2" id="overview-shipping">
        {t('shipping.title')}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {t('shipping.subtitle', { from: s.from, to: s.to })}
      </Typography>
      <Box sx={KPI_GRID}>{cards}</Box>
    </Box>
  );
}
