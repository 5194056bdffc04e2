import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import FastForwardIcon from '@mui/icons-material/FastForward';
import { lazyNamed, useMenuTrigger } from '../../../lib/lazy';
import { useCan } from '../../account';

const SandboxClockMenu = lazyNamed(() => import('./sandbox-clock-menu'), 'SandboxClockMenu');

/**
 * In sandbox mode, managers and admins may move business time on (an hour, a day) to watch orders
 * ship and arrive. The menu loads on first open; nothing of it exists in upstream mode.
 */
export function SandboxClock({ sandbox }: { sandbox: boolean }) {
  const can = useCan();
  if (!sandbox || !can.feature('sandbox.clock')) return null;
  // The orders texts are not in the first download: the button shows once they are in. It is the
  // first of the app bar's right-aligned tools, so nothing else moves when it appears.
  return (
    <Suspense fallback={null}>
      <ClockButton />
    </Suspense>
  );
}

function ClockButton() {
  const { t } = useTranslation('orders');
  const menu = useMenuTrigger(SandboxClockMenu.preload);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<FastForwardIcon />}
        {...menu.trigger}
        sx={{ display: { xs: 'none', md: 'inline-flex' }, whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {t('clock.button')}
      </Button>
      <IconButton
        color="inherit"
        {...menu.trigger}
        aria-label={t('clock.button')}
        title={t('clock.button')}
        sx={{ display: { xs: 'inline-flex', md: 'none' } }}
      >
        <FastForwardIcon />
      </IconButton>
      {menu.loaded && (
        <Suspense fallback={null}>
          <SandboxClockMenu anchor={menu.anchor} onClose={menu.close} />
        </Suspense>
      )}
    </>
  );
}
