import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SelectField } from '../../../components/fields';
import { RequestReference } from '../../../components/error-state';
import { toast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { useLang } from '../../../lib/use-lang';
import {
  IRREGULAR_KINDS,
  useFaults,
  useMakeIrregular,
  useSetFaults,
  type FaultsChange,
  type IrregularKind,
  type SandboxFaults,
} from '../api/bad-days';

/** A share as the form shows it: a percentage without trailing zeros ("12.5"). */
const percent = (share: number) => String(Math.round(share * 1000) / 10);

/** The faults in force in words ("10 % of calls failing, 200 ms latency"); null when the supplier has a good day. */
export function faultsWords(
  f: Pick<SandboxFaults, 'error' | 'lost' | 'latencyMs' | 'outage'>,
  t: TFunction<'orders'>,
  lang: string,
): string | null {
  const parts = [
    ...(f.outage ? [t('badDays.listOutage')] : []),
    ...(f.error > 0 ? [t('badDays.listError', { n: percent(f.error) })] : []),
    ...(f.lost > 0 ? [t('badDays.listLost', { n: percent(f.lost) })] : []),
    ...(f.latencyMs > 0 ? [t('badDays.listLatency', { n: f.latencyMs })] : []),
  ];
  return parts.length ? parts.join(lang === 'en' ? ', ' : '，') : null;
}

export interface BadDaysForm {
  error: string;
  lost: string;
  latency: string;
  outage: boolean;
}
type FormErrors = Partial<Record<'error' | 'lost' | 'latency', string>>;

/**
 * The form as typed into the change the gateway takes (percentages into shares), or the sentence per
 * field that says what is wrong (keys of `badDays`). Empty counts as 0.
 */
export function parseBadDays(form: BadDaysForm): { ok: true; change: Required<FaultsChange> } | { ok: false; errors: FormErrors } {
  const errors: FormErrors = {};
  const share = (text: string, key: 'error' | 'lost') => {
    const s = text
      .trim()
      .replace(/[%％]$/, '')
      .trim();
    if (s === '') return 0;
    const n = /^\d+(\.\d+)?$/.test(s) ? Number(s) : NaN;
    if (!(n >= 0 && n <= 100)) {
      errors[key] = 'errShare';
      return 0;
    }
    return Math.round(n * 10) / 1000;
  };
  const error = share(form.error, 'error');
  const lost = share(form.lost, 'lost');
  const l = form.latency.trim();
  const latencyMs = l === '' ? 0 : /^\d+$/.test(l) ? Number(l) : NaN;
  if (!(latencyMs >= 0 && latencyMs <= 60_000)) errors.latency = 'errLatency';
  if (!errors.error && !errors.lost && error + lost > 1) errors.lost = 'errSum';
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, change: { error, lost, latencyMs, outage: form.outage } };
}

const formOf = (f: SandboxFaults): BadDaysForm => ({
  error: percent(f.error),
  lost: percent(f.lost),
  latency: String(f.latencyMs),
  outage: f.outage,
});

/**
 * The sandbox supplier's bad days (sandbox mode, managers and admins): the faults in force, set here,
 * and one order made late, stalled, cancelled by the supplier or returned by its number.
 */
export function SandboxBadDaysDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const faults = useFaults(open);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="bad-days-title" data-testid="bad-days">
      <DialogTitle id="bad-days-title">{t('badDays.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {t('badDays.intro')}
        </Typography>
        {faults.data ? (
          // Drawn anew with what is in force each time the dialog opens (and after each change).
          <FaultsForm key={JSON.stringify(faults.data)} now={faults.data} />
        ) : faults.isError ? (
          <FailureText error={faults.error} />
        ) : (
          <Typography variant="body2" role="status">
            {t('badDays.loading')}
          </Typography>
        )}
        <Divider sx={{ my: 2 }} />
        <IrregularForm />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('badDays.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function FailureText({ error }: { error: unknown }) {
  const { t } = useTranslation('orders');
  // The gateway's refusal names its field: said with the form's own words for it.
  const text = useErrorText({
    error: t('badDays.errorShare'),
    lost: t('badDays.lostShare'),
    latencyMs: t('badDays.latency'),
    outage: t('badDays.outage'),
    orderSn: t('badDays.orderSn'),
    kind: t('badDays.kind'),
  });
  return (
    <Alert severity="error" sx={{ mt: 1 }}>
      {text(error)}
      <RequestReference error={error} />
    </Alert>
  );
}

function FaultsForm({ now }: { now: SandboxFaults }) {
  const { t } = useTranslation('orders');
  const lang = useLang();
  const set = useSetFaults();
  const [form, setForm] = useState<BadDaysForm>(() => formOf(now));
  const [errors, setErrors] = useState<FormErrors>({});
  const inForce = faultsWords(now, t, lang);
  const apply = (change: Required<FaultsChange>) =>
    set.mutate(change, {
      onSuccess: (after) => {
        const words = faultsWords(after, t, lang);
        void toast(words ? t('badDays.saved', { list: words }) : t('badDays.savedNone'), { variant: 'success' });
      },
    });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = parseBadDays(form);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    apply(parsed.change);
  };
  const field = (key: 'error' | 'lost' | 'latency', label: string, help: string, end: string) => (
    <TextField
      size="small"
      label={label}
      value={form[key]}
      onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
      error={!!errors[key]}
      helperText={errors[key] ? t(`badDays.${errors[key]}`) : help}
      slotProps={{
        htmlInput: { inputMode: key === 'latency' ? 'numeric' : 'decimal', 'data-testid': `bad-days-${key}` },
        input: {
          endAdornment: (
            <Typography variant="body2" color="textSecondary">
              {end}
            </Typography>
          ),
        },
      }}
      sx={{ flex: 1, minWidth: 0 }}
    />
  );
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label={t('badDays.title')}>
      <Alert severity={inForce ? 'warning' : 'success'} role="status" data-testid="bad-days-in-force">
        {inForce ? t('badDays.inForce', { list: inForce }) : t('badDays.none')}
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('error', t('badDays.errorShare'), t('badDays.errorHelp'), '%')}
        {field('lost', t('badDays.lostShare'), t('badDays.lostHelp'), '%')}
        {field('latency', t('badDays.latency'), t('badDays.latencyHelp'), 'ms')}
      </Stack>
      <FormControlLabel
        control={
          <Switch
            checked={form.outage}
            onChange={(e) => setForm((f) => ({ ...f, outage: e.target.checked }))}
            slotProps={{ input: { 'data-testid': 'bad-days-outage' } as React.InputHTMLAttributes<HTMLInputElement> }}
          />
        }
        label={t('badDays.outage')}
      />
      {set.isError && <FailureText error={set.error} />}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          disabled={set.isPending}
          onClick={() => {
            setErrors({});
            setForm({ error: '0', lost: '0', latency: '0', outage: false });
            apply({ error: 0, lost: 0, latencyMs: 0, outage: false });
          }}
        >
          {t('badDays.clear')}
        </Button>
        <Button type="submit" variant="contained" loading={set.isPending}>
          {t('badDays.save')}
        </Button>
      </Stack>
    </Stack>
  );
}

function IrregularForm() {
  const { t } = useTranslation('orders');
  const make = useMakeIrregular();
  const [sn, setSn] = useState('');
  const [kind, setKind] = useState<IrregularKind>('late');
  const [snError, setSnError] = useState(false);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const orderSn = sn.trim();
    if (!orderSn) return setSnError(true);
    setSnError(false);
    make.mutate(
      { orderSn, kind },
      { onSuccess: () => void toast(t('badDays.made', { sn: orderSn, kind: t(`badDays.kinds.${kind}`) }), { variant: 'success' }) },
    );
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-labelledby="bad-days-order">
      <Typography variant="subtitle2" component="h3" id="bad-days-order">
        {t('badDays.orderTitle')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          size="small"
          label={t('badDays.orderSn')}
          value={sn}
          onChange={(e) => setSn(e.target.value)}
          error={snError}
          helperText={snError ? t('badDays.errSn') : undefined}
          slotProps={{ htmlInput: { maxLength: 64, 'data-testid': 'bad-days-sn' } }}
          sx={{ flex: 1, minWidth: 0 }}
        />
        <SelectField
          label={t('badDays.kind')}
          value={kind}
          onChange={(v) => setKind(v as IrregularKind)}
          choices={IRREGULAR_KINDS.map((k) => ({ value: k, label: t(`badDays.kinds.${k}`) }))}
          sx={{ flex: 1, minWidth: 0 }}
        />
      </Stack>
      {make.isError && <FailureText error={make.error} />}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" loading={make.isPending}>
          {t('badDays.make')}
        </Button>
      </Stack>
    </Stack>
  );
}
