import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { formatRate } from '../../../lib/money';
import { useLang } from '../../../lib/use-lang';

/** The change from `previous` to `current` in words ("up 12.5% on the previous period"), and its tone. */
export function useChange() {
  const { t } = useTranslation('overview');
  const lang = useLang();
  return (current: number, previous: number) => {
    if (previous === 0) return { text: current === 0 ? t('change.same') : t('change.new'), tone: 'text.secondary' };
    const pct = ((current - previous) / previous) * 100;
    if (Math.abs(pct) < 0.05) return { text: t('change.same'), tone: 'text.secondary' };
    const text = t(pct > 0 ? 'change.up' : 'change.down', { pct: formatRate(Math.abs(pct), lang) });
    return { text, tone: pct > 0 ? 'success.main' : 'error.main', pct };
  };
}

/**
 * One figure of the period: its value, the previous period's beside it and the change in words;
 * the whole card opens the list it sums. A figure of now (balance, failed orders) has no change.
 */
export function KpiCard({
  label,
  value,
  to,
  change,
  previous,
  testId,
  note,
}: {
  label: string;
  value: string;
  to: string;
  change?: { text: string; tone: string };
  previous?: string;
  testId: string;
  /** When what it counts was last read, for a figure that waits for the mirror's next read. */
  note?: string;
}) {
  const { t } = useTranslation('overview');
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={testId}>
      <CardActionArea
        component={RouterLink}
        to={to}
        sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'flex-start', justifyContent: 'flex-start' }}
      >
        <Typography variant="body2" color="text.secondary" component="span">
          {label}
        </Typography>
        <Typography
          variant="h5"
          component="span"
          sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', my: 0.5 }}
          data-testid={`${testId}-value`}
        >
          {value}
        </Typography>
        {change ? (
          <>
            <Typography variant="caption" component="span" sx={{ color: change.tone, fontWeight: 500 }}>
              {change.text}
            </Typography>
            {previous !== undefined && (
              <Typography variant="caption" component="span" color="text.secondary">
                {t('change.previous', { value: previous })}
              </Typography>
            )}
          </>
        ) : (
          <Typography variant="caption" component="span" color="text.secondary">
            {t('kpi.now')}
          </Typography>
        )}
        {note && (
          <Typography variant="caption" component="span" color="text.secondary" data-testid={`${testId}-read`}>
            {note}
          </Typography>
        )}
      </CardActionArea>
    </Card>
  );
}
