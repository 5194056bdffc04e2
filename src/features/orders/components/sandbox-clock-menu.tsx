import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { CLOCK_STEPS as STEPS, useMoveClock } from '../api/clock';
import { useFaults } from '../api/bad-days';
import { useLang } from '../../../lib/use-lang';
import { faultsWords, SandboxBadDaysDialog } from './sandbox-bad-days';

export function SandboxClockMenu({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const lang = useLang();
  const move = useMoveClock();
  const [badDays, setBadDays] = useState(false);
  // What the supplier's bad days are now, said in the menu while any is in force.
  const faults = useFaults(!!anchor);
  const inForce = faults.data ? faultsWords(faults.data, t, lang) : null;
  return (
    <>
      <Menu anchorEl={anchor} open={!!anchor} onClose={onClose}>
        {/* A caption, outside the menu's roles (a subheader inside a menu is no list item). */}
        <Typography
          component="li"
          role="none"
          variant="caption"
          color="textSecondary"
          sx={{ display: 'block', px: 2, py: 1, maxWidth: 280 }}
        >
          {t('clock.hint')}
        </Typography>
        {STEPS.map((s) => (
          <MenuItem
            key={s.key}
            disabled={move.isPending}
            onClick={() => {
              onClose();
              move.mutate(s.seconds);
            }}
          >
            {t(`clock.${s.key}`)}
          </MenuItem>
        ))}
        <Divider component="li" role="none" />
        <MenuItem
          onClick={() => {
            onClose();
            setBadDays(true);
          }}
          data-testid="bad-days-open"
        >
          {t('clock.badDays')}
        </MenuItem>
        {inForce && (
          <Typography
            component="li"
            role="none"
            variant="caption"
            color="warning"
            data-testid="bad-days-menu-in-force"
            sx={{ display: 'block', px: 2, pb: 1, maxWidth: 280 }}
          >
            {t('badDays.inForce', { list: inForce })}
          </Typography>
        )}
      </Menu>
      <SandboxBadDaysDialog open={badDays} onClose={() => setBadDays(false)} />
    </>
  );
}
