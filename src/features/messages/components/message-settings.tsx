import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { ErrorState } from '../../../components/error-state';
import { copyToClipboard } from '../../../lib/copy';
import type { WatchRules } from '../../../../contract';
import { formatRate } from '../../../lib/money';
import { useLang } from '../../../lib/use-lang';
import { settingsQuery } from '../api/queries';
import { useMessagesTranslation } from '../texts';

/** Admins: the callback URL to paste into the open platform (it holds the secret token), and the retention. */
export function CallbackSettings() {
  const { t } = useMessagesTranslation();
  const settings = useQuery(settingsQuery);
  const [shown, setShown] = useState(false);
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  const s = settings.data;
  const masked = s ? s.callbackUrl.replace(/[^/]+$/, (token) => '•'.repeat(Math.min(12, token.length))) : '';
  const copy = async () => {
    if (s) await copyToClipboard(s.callbackUrl, t('settings.copied'), t('settings.copyFailed'));
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="callback-title" sx={{ p: 2 }}>
      <Stack spacing={1}>
        <Typography id="callback-title" variant="h6" component="h2">
          {t('settings.title')}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {t('settings.hint')}
        </Typography>
        {s && (
          <>
            <Typography
              component="code"
              data-testid="callback-url"
              sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', bgcolor: 'action.hover', p: 1, borderRadius: 1 }}
            >
              {shown ? s.callbackUrl : masked}
            </Typography>
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button variant="outlined" size="small" onClick={() => setShown((v) => !v)} aria-pressed={shown}>
                {shown ? t('settings.hide') : t('settings.show')}
              </Button>
              <Button variant="outlined" size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
                {t('settings.copy')}
              </Button>
            </Stack>
            <Typography variant="body2" color="textSecondary">
              {s.tokenSource === 'setting' ? t('settings.fromSetting') : t('settings.fromFile')}{' '}
              {t('settings.retention', { days: s.retentionDays })}
            </Typography>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Where the low-profit flag comes from: the goods watch's minimum profit rate (the library's, and
 * the goods with their own), with a link to the At risk page that sets it. The inbox keeps no
 * threshold of its own.
 */
export function LowProfitSource({ rules }: { rules: WatchRules }) {
  const { t } = useMessagesTranslation();
  const lang = useLang();
  const library = rules.library?.minRate ?? null;
  // Chinese sentences follow one another without a space.
  const space = lang === 'en' ? ' ' : '';
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="low-profit-source">
      <Typography variant="body2" color="textSecondary">
        {library === null ? t('flag.none') : t('flag.follows', { rate: formatRate(library, lang) })}
        {rules.goods.length > 0 && `${space}${t('flag.own', { count: rules.goods.length })}`}
        {space}
        <Link component={RouterLink} to="/at-risk">
          {t('flag.where')}
        </Link>
      </Typography>
    </Paper>
  );
}
