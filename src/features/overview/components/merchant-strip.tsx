import { Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import type { MerchantStrip as Strip } from '../../../../contract';
import { formatCount } from '../../../lib/money';
import { useCan } from '../../account';
import { useLang } from '../../../lib/use-lang';
import { stripQuery } from '../api/queries';
import { KpiCard } from './kpi-card';

/**
 * The merchant's figures on top of the catalogue, where they land: today's orders, failed orders to
 * handle, library goods off sale; each opens its list. Nothing for the other roles. Its room is kept
 * from the moment this small chunk is there, before its texts and figures come, so the list below
 * does not move when they do; it stays empty when they cannot be had (the catalogue is what matters).
 */
export function MerchantStrip() {
  const can = useCan();
  if (!can.feature('strip.read')) return null;
  return (
    <Box sx={{ minHeight: { xs: 200, sm: 92 } }} data-testid="merchant-strip-room">
      <Suspense fallback={null}>
        <Figures />
      </Suspense>
    </Box>
  );
}

function Figures() {
  const { t } = useTranslation('overview');
  const lang = useLang();
  const strip = useQuery(stripQuery);
  if (!strip.data) return null;
  const s: Strip = strip.data;
  const figures = [
    { id: 'ordersToday', value: s.ordersToday, to: `/orders?${new URLSearchParams({ from: s.today, to: s.today })}` },
    { id: 'failedOrders', value: s.failedOrders, to: '/orders/failed' },
    { id: 'libraryOffSale', value: s.libraryOffSale, to: '/library' },
  ].filter((f): f is { id: string; value: number; to: string } => f.value !== null);
  return (
    <Box
      component="section"
      aria-label={t('strip.label')}
      data-testid="merchant-strip"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' } }}
    >
      {figures.map((f) => (
        <KpiCard key={f.id} testId={`strip-${f.id}`} label={t(`strip.${f.id}`)} value={formatCount(f.value, lang)} to={f.to} />
      ))}
    </Box>
  );
}
