import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { ErrorState } from '../../../components/error-state';
import { toast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { prefsQuery, settingsQuery, useSavePrefs } from '../api/queries';
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
    if (!s) return;
    try {
      await navigator.clipboard.writeText(s.callbackUrl);
      void toast(t('settings.copied'), { variant: 'success' });
    } catch {
      void toast(t('settings.copyFailed'), { variant: 'warning' });
    }
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="callback-title" sx={{ p: 2 }}>
      <Stack spacing={1}>
        <Typography id="callback-title" variant="h6" component="h2">
          {t('settings.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
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
            <Typography variant="body2" color="text.secondary">
              {s.tokenSource === 'setting' ? t('settings.fromSetting') : t('settings.fromFile')}{' '}
              {t('settings.retention', { days: s.retentionDays })}
            </Typography>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** A person who sees product messages sets the profit rate below which a repriced product is flagged. */
export function LowProfitPrefs() {
  const { t } = useMessagesTranslation();
  const prefs = useQuery(prefsQuery);
  const save = useSavePrefs();
  const errorText = useErrorText();
  const [typed, setTyped] = useState('');
  const saved = prefs.data?.lowProfitPercent;
  useEffect(() => {
    if (saved !== undefined) setTyped(saved === null ? '' : String(saved));
  }, [saved]);
  const value = typed.trim() === '' ? null : Number(typed);
  const invalid = value !== null && (!/^\d+(\.\d{1,2})?$/.test(typed.trim()) || value > 1000);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="low-profit-title" sx={{ p: 2 }}>
      <Stack
        component="form"
        spacing={1}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (invalid) return;
          save.mutate(
            { lowProfitPercent: value },
            {
              onSuccess: (p) =>
                void toast(p.lowProfitPercent === null ? t('prefs.cleared') : t('prefs.saved', { value: p.lowProfitPercent }), {
                  variant: 'success',
                }),
            },
          );
        }}
      >
        <Typography id="low-profit-title" variant="h6" component="h2">
          {t('prefs.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('prefs.hint')}
        </Typography>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={t('prefs.label')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            error={invalid || save.isError}
            helperText={invalid ? t('prefs.invalid') : save.isError ? errorText(save.error) : undefined}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 7 } }}
            sx={{ width: 200 }}
          />
          <Button type="submit" variant="contained" disabled={save.isPending || prefs.isPending}>
            {t('prefs.save')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
