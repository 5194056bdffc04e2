import { useTranslation } from 'react-i18next';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { CLOCK_STEPS as STEPS, useMoveClock } from '../api/clock';

export function SandboxClockMenu({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const move = useMoveClock();
  return (
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
    </Menu>
  );
}
