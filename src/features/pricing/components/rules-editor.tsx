import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { PRICING_RULES_MAX, type PricingRulesAnswer, type PricingSettings } from '../../../../contract';
import { OpError } from '../../../lib/bff';
import { formatMillis } from '../../../lib/time';
import { toast } from '../../../lib/toast';
import { useDebounced } from '../../../lib/use-debounced';
import { useErrorText } from '../../../lib/use-error-text';
import { useLang } from '../../../lib/use-lang';
import { useSaveRules } from '../api';
import { emptyRule, rulesSchema, toFormValues, toRulesInput, type RulesFormValues } from '../rules-form';
import { RulesPreview } from './rules-preview';

const FIELD = /^rules\.\d+\.(upTo|multiply|add)$|^(cents|compareAt)$/;

/**
 * The pricing rules' form: cost ranges (yuan) each with a multiplier and/or an amount added, the
 * assigned cents and the compare-at multiple. What is typed is previewed (debounced) before it is
 * saved; a refusal keeps what was typed and says why, beside the field at fault when it names one.
 */
export function RulesEditor({ saved }: { saved: PricingRulesAnswer }) {
  const { t } = useTranslation('pricing');
  const lang = useLang();
  const schema = useMemo(() => rulesSchema(t), [t]);
  const labels = useMemo(
    () => ({
      upTo: t('rules.upTo'),
      multiply: t('rules.multiply'),
      add: t('rules.add'),
      cents: t('rules.cents'),
      compareAt: t('rules.compareAt'),
    }),
    [t],
  );
  const errorText = useErrorText(labels);
  const form = useForm<RulesFormValues>({ resolver: zodResolver(schema), defaultValues: toFormValues(saved), mode: 'onTouched' });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'rules' });
  const { errors, isDirty } = form.formState;
  const save = useSaveRules();
  const [refusal, setRefusal] = useState<string | null>(null);

  // Sentences already shown are said again in the language switched to.
  useEffect(() => {
    if (Object.keys(form.formState.errors).length) void form.trigger();
  }, [schema, form]);

  // The preview follows what is typed, once it has stopped changing for a moment, and only when it passes.
  const values = useWatch({ control: form.control });
  const typed = useDebounced(JSON.stringify(values), 400);
  const settings = useMemo<PricingSettings | null>(() => {
    const parsed = schema.safeParse(JSON.parse(typed));
    return parsed.success ? toRulesInput(parsed.data) : null;
  }, [typed, schema]);

  const submit = form.handleSubmit((v) => {
    setRefusal(null);
    save.mutateAsync(toRulesInput(v)).then(
      (answer) => {
        form.reset(toFormValues(answer));
        void toast(t('rules.saved'), { variant: 'success' });
      },
      (err: unknown) => {
        // What was typed stays; the sentence goes beside the field the gateway named, and on top.
        const field = err instanceof OpError ? err.field : undefined;
        const sentence = errorText(err);
        if (field && FIELD.test(field)) form.setError(field as FieldPath<RulesFormValues>, { message: sentence }, { shouldFocus: true });
        setRefusal(sentence);
      },
    );
  });

  const last = fields.length - 1;
  return (
    <Stack component="form" noValidate onSubmit={(e) => void submit(e)} spacing={2} aria-label={t('rules.title')}>
      <Typography variant="body2" color="textSecondary">
        {t('rules.help')}
      </Typography>
      {refusal && (
        <Alert severity="error" data-testid="pricing-refusal">
          {refusal}
        </Alert>
      )}
      {fields.length === 0 && <Typography variant="body2">{t('rules.none')}</Typography>}
      {fields.map((field, i) => {
        const e = errors.rules?.[i];
        return (
          <Box
            key={field.id}
            role="group"
            aria-label={t('rules.range', { n: i + 1 })}
            data-testid="pricing-rule"
            sx={{
              display: 'grid',
              columnGap: 1.5,
              rowGap: { xs: 0.5, md: 1.5 },
              alignItems: 'start',
              gridTemplateColumns: { xs: 'minmax(0, 1fr) minmax(0, 1fr)', md: '88px minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1fr) 40px' },
              gridTemplateAreas: { xs: '"label del" "upTo upTo" "mul add"', md: '"label upTo mul add del"' },
            }}
          >
            <Typography variant="subtitle2" sx={{ gridArea: 'label', alignSelf: { xs: 'center', md: 'start' }, pt: { md: 1 } }}>
              {t('rules.range', { n: i + 1 })}
            </Typography>
            <TextField
              size="small"
              label={t('rules.upTo')}
              placeholder={i === last ? t('rules.above') : undefined}
              {...form.register(`rules.${i}.upTo`)}
              error={!!e?.upTo}
              helperText={e?.upTo?.message ?? (i === last ? t(i === 0 ? 'rules.aboveAll' : 'rules.aboveHelp') : ' ')}
              slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' }, inputLabel: { shrink: true } }}
              sx={{ gridArea: 'upTo' }}
            />
            <TextField
              size="small"
              label={t('rules.multiply')}
              placeholder="1.5"
              {...form.register(`rules.${i}.multiply`)}
              error={!!e?.multiply}
              helperText={e?.multiply?.message ?? ' '}
              slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' }, inputLabel: { shrink: true } }}
              sx={{ gridArea: 'mul' }}
            />
            <TextField
              size="small"
              label={t('rules.add')}
              placeholder="0.00"
              {...form.register(`rules.${i}.add`)}
              error={!!e?.add}
              helperText={e?.add?.message ?? ' '}
              slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' }, inputLabel: { shrink: true } }}
              sx={{ gridArea: 'add' }}
            />
            <IconButton
              aria-label={t('rules.remove', { n: i + 1 })}
              onClick={() => remove(i)}
              sx={{ gridArea: 'del', justifySelf: { xs: 'end', md: 'center' } }}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        );
      })}
      {errors.rules?.root?.message && <Alert severity="error">{errors.rules.root.message}</Alert>}
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => append(emptyRule())} disabled={fields.length >= PRICING_RULES_MAX}>
          {t('rules.addRange')}
        </Button>
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, maxWidth: 720 }}>
        <TextField
          size="small"
          label={t('rules.cents')}
          placeholder="90"
          {...form.register('cents')}
          error={!!errors.cents}
          helperText={errors.cents?.message ?? t('rules.centsHelp')}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' }, inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          label={t('rules.compareAt')}
          placeholder="1.3"
          {...form.register('compareAt')}
          error={!!errors.compareAt}
          helperText={errors.compareAt?.message ?? t('rules.compareAtHelp')}
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' }, inputLabel: { shrink: true } }}
        />
      </Box>
      <RulesPreview settings={settings} unsaved={isDirty} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {t('rules.save')}
        </Button>
        <Button
          disabled={!isDirty}
          onClick={() => {
            setRefusal(null);
            form.reset(toFormValues(saved));
          }}
        >
          {t('rules.reset')}
        </Button>
        <Typography variant="body2" color="textSecondary" data-testid="pricing-saved-by">
          {isDirty
            ? t('rules.unsaved')
            : saved.updatedAt !== null
              ? t('rules.by', { who: saved.updatedBy ?? '—', when: formatMillis(saved.updatedAt, lang) })
              : ''}
        </Typography>
      </Stack>
    </Stack>
  );
}
