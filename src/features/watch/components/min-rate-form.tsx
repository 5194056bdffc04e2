import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { WATCH_MIN_RATE } from '../../../../contract';
import { toast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { useSetRule } from '../api';

/** The minimum as typed: a number in range with at most one decimal, or empty (none); else the sentence that says why not. */
export function parseMinRate(
  text: string,
): { ok: true; value: number | null } | { ok: false; key: string; params?: Record<string, number> } {
  const s = text
    .trim()
    .replace(/[%％]$/, '')
    .trim();
  if (s === '') return { ok: true, value: null };
  if (!/^-?\d+(\.\d+)?$/.test(s)) return { ok: false, key: 'rules.bad.notNumber' };
  const n = Number(s);
  if (n < WATCH_MIN_RATE.min || n > WATCH_MIN_RATE.max) return { ok: false, key: 'rules.bad.range', params: { ...WATCH_MIN_RATE } };
  if (!/^-?\d+(\.\d)?$/.test(s)) return { ok: false, key: 'rules.bad.decimals' };
  return { ok: true, value: n };
}

/** A minimum profit rate, for the library (no goodsId) or one product; saved on submit, empty removes it. */
export function MinRateForm({ goodsId, current, onSaved }: { goodsId?: number; current: number | null; onSaved?: () => void }) {
  const { t } = useTranslation('watch');
  const errorText = useErrorText();
  const [text, setText] = useState(current === null ? '' : String(current));
  const [error, setError] = useState<string | null>(null);
  const save = useSetRule();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = parseMinRate(text);
    if (!parsed.ok) return setError(t(parsed.key, parsed.params));
    setError(null);
    // Said even when the form is drawn anew meanwhile (the rules read again give it a new key).
    save.mutateAsync({ ...(goodsId ? { goodsId } : {}), minRate: parsed.value }).then(
      () => {
        void toast(t(parsed.value === null ? 'rules.removed' : 'rules.saved'));
        onSaved?.();
      },
      (err: unknown) => setError(errorText(err)),
    );
  };
  const label = t(goodsId ? 'rules.goods' : 'rules.library');
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}
      onSubmit={submit}
      noValidate
    >
      <TextField
        size="small"
        label={label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={!!error}
        helperText={error ?? t(goodsId ? 'rules.goodsHelp' : 'rules.libraryHelp')}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        sx={{ width: { xs: '100%', sm: 320 } }}
      />
      <Button type="submit" variant="contained" disabled={save.isPending} sx={{ mt: 0.25 }}>
        {t('rules.save')}
      </Button>
    </Stack>
  );
}
