import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { showsBusinessTime, shownNow } from '../lib/clock';
import { formatMillis } from '../lib/time';
import { useLang } from '../lib/use-lang';
import { metaQuery } from './meta';

/** How often the business time shown is drawn again (at 120× it moves a minute every half second: minutes, not a blur). */
const REDRAW_MS = 5_000;
/** Business time within this of the wall clock is not shown (nothing to tell apart). */
const SAME_MS = 60_000;

/**
 * Now on the business clock, in the app bar on wide screens and in the navigation drawer on phones
 * (ShellTools), when it differs from the wall clock (sandbox mode; issue 49): the time every page's
 * times are on.
 */
export function BusinessNow() {
  const { t } = useTranslation('app');
  const lang = useLang();
  // The clock's anchor comes with /bff/meta: drawn again when it is read again (a move).
  const meta = useQuery(metaQuery);
  const [now, setNow] = useState(shownNow);
  useEffect(() => {
    setNow(shownNow());
    const timer = setInterval(() => setNow(shownNow()), REDRAW_MS);
    return () => clearInterval(timer);
  }, [meta.dataUpdatedAt]);
  if (!showsBusinessTime() || Math.abs(now - Date.now()) < SAME_MS) return null;
  return (
    <Typography
      component="span"
      variant="body2"
      title={t('mode.businessNowHint')}
      data-testid="business-now"
      sx={{ whiteSpace: 'nowrap', flexShrink: 0, px: 1, fontVariantNumeric: 'tabular-nums' }}
    >
      {/* In the app bar the mode chip and the clock's button say "business time" already: there the words are for screen readers only. */}
      <Box component="span" sx={(theme) => ({ [theme.breakpoints.up('md')]: visuallyHidden })}>
        {t('mode.businessNow')}{' '}
      </Box>
      {formatMillis(now, lang)}
    </Typography>
  );
}
