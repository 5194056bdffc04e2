import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { SxProps, Theme } from '@mui/material/styles';
import { formatRate } from '../../../lib/money';
import { useLang } from '../../../lib/use-lang';

/** How a change reads: up (green), down (red), or no change to speak of. */
export type Tone = 'up' | 'down' | 'same';

/** The change from `previous` to `current` in words ("up 12.5% on the previous period"), and its tone. */
export function useChange() {
  const { t } = useTranslation('overview');
  const lang = useLang();
  return (current: number, previous: number): { text: string; tone: Tone } => {
    if (previous === 0) return { text: current === 0 ? t('change.same') : t('change.new'), tone: 'same' };
    const pct = ((current - previous) / previous) * 100;
    if (Math.abs(pct) < 0.05) return { text: t('change.same'), tone: 'same' };
    const text = t(pct > 0 ? 'change.up' : 'change.down', { pct: formatRate(Math.abs(pct), lang) });
    return { text, tone: pct > 0 ? 'up' : 'down' };
  };
}

/**
 * The figures' grid, with the look of its cards (an outlined card, the whole card a link): the cards
 * themselves are plain elements with these classes, not MUI components. Fifteen cards of a Card, an
 * action area and five Typography each were ~150 styled components to render and commit in one step
 * on a phone while the page settles (issue 39: total blocking time); one set of rules here serves them all.
 */
export const KPI_GRID: SxProps<Theme> = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' },
  '& .kpi': {
    display: 'flex',
    minWidth: 0,
    border: 1,
    borderColor: 'divider',
    borderRadius: 1,
    bgcolor: 'background.paper',
    overflow: 'hidden',
  },
  '& .kpi > a': {
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    p: 2,
    color: 'inherit',
    textDecoration: 'none',
    WebkitTapHighlightColor: 'transparent',
    outline: 0,
    transition: (theme) => theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
    '&:hover': { bgcolor: 'action.hover' },
    '&:focus-visible': { bgcolor: 'action.focus', boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` },
  },
  '& .kpi-label': { typography: 'body2', color: 'text.secondary' },
  '& .kpi-value': { typography: 'h5', fontWeight: 700, fontVariantNumeric: 'tabular-nums', my: 0.5 },
  '& .kpi-caption': { typography: 'caption', color: 'text.secondary' },
  '& .kpi-up': { color: 'success.main', fontWeight: 500 },
  '& .kpi-down': { color: 'error.main', fontWeight: 500 },
  '& .kpi-same': { fontWeight: 500 },
};

/**
 * One figure of the period: its value, the previous period's beside it and the change in words;
 * the whole card opens the list it sums. A figure of now (balance, failed orders) has no change.
 * Drawn in a grid styled by KPI_GRID; its words come translated (no hooks: a card is cheap to draw).
 */
export function KpiCard({
  label,
  value,
  to,
  change,
  caption,
  testId,
  note,
}: {
  label: string;
  value: string;
  to: string;
  change?: { text: string; tone: Tone };
  /** The line under the change: the previous period's value ("Previous: 12"), or that a figure is of now. */
  caption: string;
  testId: string;
  /** When what it counts was last read, for a figure that waits for the mirror's next read. */
  note?: string;
}) {
  return (
    <div className="kpi" data-testid={testId}>
      <RouterLink to={to}>
        <span className="kpi-label">{label}</span>
        <span className="kpi-value" data-testid={`${testId}-value`}>
          {value}
        </span>
        {change && <span className={`kpi-caption kpi-${change.tone}`}>{change.text}</span>}
        <span className="kpi-caption">{caption}</span>
        {note && (
          <span className="kpi-caption" data-testid={`${testId}-read`}>
            {note}
          </span>
        )}
      </RouterLink>
    </div>
  );
}
