import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { SUCCESS_CODE } from '../../../../contract/constants';
import { bffFetch, OpError } from '../../../lib/bff';
import { formatMillis } from '../../../lib/time';
import { toast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { useLang } from '../../../lib/use-lang';
import { invalidateOrderData } from '../api/queries';

const STEPS = [
  { key: 'hour', seconds: 3600 },
  { key: 'day', seconds: 86_400 },
] as const;

/** Moves the sandbox's business clock through the gateway, then reads orders, logistics and money again. */
async function advance(seconds: number) {
  const env = await bffFetch<{ code?: number; msg?: string; data?: { nowMs?: number } }>(
    '/sandbox/clock',
    { body: { advanceSeconds: seconds } },
    'sandbox.clock',
  );
  if (env.code !== SUCCESS_CODE) throw new OpError('upstream', env.msg ?? '', 'sandbox.clock', undefined, env.code);
  return env.data?.nowMs;
}

export function SandboxClockMenu({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const lang = useLang();
  const text = useErrorText();
  const qc = useQueryClient();
  const move = useMutation({
    mutationFn: advance,
    onSuccess: async (nowMs) => {
      await invalidateOrderData(qc);
      await qc.invalidateQueries({ queryKey: ['afterSale'] });
      void toast(nowMs ? t('clock.moved', { time: formatMillis(nowMs, lang) }) : t('clock.movedNoTime'), { variant: 'success' });
    },
    onError: (e) => void toast(text(e), { variant: 'error' }),
  });
  return (
    <Menu anchorEl={anchor} open={!!anchor} onClose={onClose}>
      {/* A caption, outside the menu's roles (a subheader inside a menu is no list item). */}
      <Typography
        component="li"
        role="none"
        variant="caption"
        color="text.secondary"
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
