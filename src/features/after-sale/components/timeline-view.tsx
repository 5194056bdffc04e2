import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import PendingIcon from '@mui/icons-material/Pending';
import type { Step } from '../timeline';

/** The status timeline: each step done, current or still to come, in words. */
export function TimelineView({ steps, appliedAt }: { steps: Step[]; appliedAt: string }) {
  const { t } = useTranslation('afterSale');
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="after-sale-timeline" aria-label={t('detail.timeline')}>
      {steps.map((s, i) => {
        const refused = s.key === 'refused';
        const Icon =
          s.state === 'done' ? (refused ? CancelIcon : CheckCircleIcon) : s.state === 'current' ? PendingIcon : RadioButtonUncheckedIcon;
        const color =
          s.state === 'done' ? (refused ? 'error.main' : 'success.main') : s.state === 'current' ? 'warning.main' : 'text.disabled';
        return (
          <Box
            component="li"
            key={s.key}
            data-step={s.key}
            data-state={s.state}
            sx={{ display: 'flex', gap: 1.5, position: 'relative', pb: i === steps.length - 1 ? 0 : 2 }}
          >
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
              <Icon sx={{ color }} fontSize="small" aria-hidden />
              {i < steps.length - 1 && (
                <Box sx={{ flex: 1, width: 2, bgcolor: s.state === 'done' ? 'success.main' : 'divider', mt: 0.5 }} />
              )}
            </Box>
            <Box>
              <Typography
                sx={{ fontWeight: s.state === 'current' ? 700 : 400 }}
                color={s.state === 'todo' ? 'textSecondary' : 'textPrimary'}
              >
                {t(`timeline.${s.key}`)}
              </Typography>
              <Typography variant="caption" color="textSecondary">
                {s.key === 'applied' ? appliedAt : t(`stepState.${s.state}`)}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
