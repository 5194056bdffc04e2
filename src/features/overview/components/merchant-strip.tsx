import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import type { MerchantStrip as Strip } from '../../../../contract';
import { formatCount } from '../../../lib/money';
import { useLang } from '../../../lib/use-lang';
import { stripQuery } from '../api/queries';
import { bffFetch } from '../../../lib/bff';
import { useCan } from '../../account';
import { toShopCountQuery } from '../../shipments';

/**
 * Below `lg`, one compact line of links ("今日订单 3"), scrolling sideways when they do not all fit
 * (a phone's first screen is for goods); from `lg`, a row of cards with the figure large. Always
 * within the room merchant-strip-room.tsx keeps (its height), whatever the words and the count of figures.
 */
const STRIP = (theme: Theme) => {
  const { palette, typography, shape } = theme;
  return {
    height: '100%',
    '& ul': {
      listStyle: 'none',
      m: 0,
      p: 0,
      height: '100%',
      boxSizing: 'border-box',
      display: { xs: 'flex', lg: 'grid' },
      gap: { xs: 1, lg: 2 },
      alignItems: { xs: 'center', lg: 'stretch' },
      gridAutoFlow: 'column',
      gridAutoColumns: 'minmax(0, 1fr)',
      overflowX: { xs: 'auto', lg: 'visible' },
      overflowY: 'hidden',
      // The line scrolls by touch or by the keyboard (its links take the focus); no bar under it.
      scrollbarWidth: 'none',
      '&::-webkit-scrollbar': { display: 'none' },
    },
    '& li': { flexShrink: 0, minWidth: 0, height: { lg: '100%' } },
    '& a': {
      boxSizing: 'border-box',
      display: 'flex',
      flexDirection: { xs: 'row', lg: 'column' },
      alignItems: { xs: 'center', lg: 'flex-start' },
      columnGap: 0.75,
      height: { xs: 32, lg: '100%' },
      px: { xs: 1.5, lg: 2 },
      py: { lg: 1.75 },
      whiteSpace: 'nowrap',
      color: palette.text.primary,
      textDecoration: 'none',
      backgroundColor: palette.background.paper,
      border: `1px solid ${palette.divider}`,
      borderRadius: { xs: '16px', lg: `${shape.borderRadius}px` },
      '&:hover': { backgroundColor: palette.action.hover },
      '&:focus-visible': { outline: `2px solid ${palette.primary.main}`, outlineOffset: -2 },
    },
    '& .strip-label': {
      ...typography.body2,
      color: palette.text.secondary,
      maxWidth: '100%',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
    },
    '& .strip-value': {
      ...typography.body2,
      fontWeight: 700,
      fontVariantNumeric: 'tabular-nums',
      [theme.breakpoints.up('lg')]: { ...typography.h5, fontWeight: 700, margin: theme.spacing(0.5, 0) },
    },
    '& .strip-now': { ...typography.caption, color: palette.text.secondary, display: { xs: 'none', lg: 'block' } },
  };
};

/**
 * The merchant's figures on top of the catalogue, where they land: today's orders, failed orders to
 * handle, library goods off sale; each opens its list. Nothing while they cannot be had (the
 * catalogue is what matters); the room stays as it was.
 */
export function StripFigures() {
  const { t } = useTranslation('overview');
  const lang = useLang();
  const strip = useQuery(stripQuery);
  // The goods watch's figure: library goods below their minimum profit rate, off sale or out of stock.
  const watched = useCan().feature('watch.use');
  // (The watch feature's key ['watch', 'summary'], written here so its page code stays out of the first download; a live `watch` event invalidates it.)
  const atRisk = useQuery({
    queryKey: ['watch', 'summary'],
    queryFn: ({ signal }) => bffFetch<{ atRisk: number }>('/watch/summary', { signal }),
    staleTime: 30_000,
    enabled: watched,
  });
  // Packages shipped and not handed to the shop yet (the shipments page's new ones).
  const shipping = useCan().feature('shipments.use');
  const toShop = useQuery({ ...toShopCountQuery(), enabled: shipping });
  if (!strip.data) return null;
  const s: Strip = strip.data;
  const figures = [
    // The orders the figure counts, from the mirror (the orders page's today also lists unpaid and closed ones).
    { id: 'ordersToday', value: s.ordersToday, to: `/overview/orders?${new URLSearchParams({ of: 'all', from: s.today, to: s.today })}` },
    { id: 'failedOrders', value: s.failedOrders, to: '/orders/failed' },
    // The goods mirror's library goods off sale: exactly what the At risk page lists for that reason.
    { id: 'libraryOffSale', value: s.libraryOffSale, to: `/at-risk?${new URLSearchParams({ reason: 'off-sale' })}` },
    { id: 'atRisk', value: watched ? (atRisk.data?.atRisk ?? null) : null, to: '/at-risk' },
    { id: 'toShop', value: shipping ? (toShop.data ?? null) : null, to: '/shipments?state=new' },
  ].filter((f): f is { id: string; value: number; to: string } => f.value !== null);
  return (
    <Box component="section" aria-label={t('strip.label')} data-testid="merchant-strip" sx={STRIP}>
      <ul>
        {figures.map((f) => (
          <li key={f.id} data-testid={`strip-${f.id}`}>
            <RouterLink to={f.to}>
              <span className="strip-label">{t(`strip.${f.id}`)}</span>
              <span className="strip-value" data-testid={`strip-${f.id}-value`}>
                {formatCount(f.value, lang)}
              </span>
              <span className="strip-now">{t('kpi.now')}</span>
            </RouterLink>
          </li>
        ))}
      </ul>
    </Box>
  );
}
