import { Suspense, useMemo, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Skeleton from '@mui/material/Skeleton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { AfterSaleOptions } from '../../../../../contract';
import { useErrorText } from '../../../../lib/use-error-text';
import { addressFormSchema, type AddressValues } from '../../../../lib/address-form';
import { optionsQuery, sameOptions, useApply } from '../../api/queries';
import { rememberNames } from '../../names';
import {
  defaultValues,
  reconcile,
  reasonOf,
  stepSchemas,
  stepsFor,
  toApplyInput,
  type LineInfo,
  type StepKey,
  type WizardValues,
} from './schema';
import { WizardStep } from './wizard-steps';

/**
 * The request wizard for one goods line, built only from the options the upstream answered for it:
 * what, why, how (when offered), how many and how much, vouchers, contact, review. Each step has its
 * own schema; going back keeps everything; the request is sent once.
 */
export function WizardDialog({
  open,
  onClose,
  line,
  options: initial,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  line: LineInfo;
  options: AfterSaleOptions;
  onDone: (id: number) => void;
}) {
  const { t } = useTranslation('afterSale');
  const text = useErrorText();
  const qc = useQueryClient();
  const apply = useApply();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [options, setOptions] = useState(initial);
  const steps = useMemo(() => stepsFor(options), [options]);
  const [index, setIndex] = useState(0);
  const step: StepKey = steps[Math.min(index, steps.length - 1)]!;
  const [banner, setBanner] = useState<{ severity: 'warning' | 'error'; text: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const sending = useRef(false);

  // The resolver checks only the step shown, with the schema derived from the current options.
  const schemas = useMemo(() => stepSchemas(options, line, t), [options, line, t]);
  const current = useRef({ schemas, step });
  current.current = { schemas, step };
  const resolver = useMemo<Resolver<WizardValues>>(
    () => (values, ctx, opts) =>
      // The schema validates a slice of the values; the whole form's values are passed through untouched.
      (zodResolver(current.current.schemas[current.current.step] as never, undefined, { raw: true }) as unknown as Resolver<WizardValues>)(
        values,
        ctx,
        opts,
      ),
    [],
  );
  const form = useForm<WizardValues>({
    defaultValues: defaultValues(initial, line),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  // The contact is checkout's address form (region picker, the same rules and messages), kept in its
  // own form so it can be reused as it is; it is copied into the request once it validates.
  const contactForm = useForm<AddressValues>({
    defaultValues: defaultValues(initial, line).contact,
    resolver: zodResolver(addressFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const next = async () => {
    if (step === 'contact') {
      if (!(await contactForm.trigger())) return;
      form.setValue('contact', addressFormSchema.parse(contactForm.getValues()));
    }
    if (await form.trigger()) {
      setBanner(null);
      setIndex((i) => Math.min(i + 1, steps.length - 1));
    }
  };
  const back = () => setIndex((i) => Math.max(0, i - 1));

  const reload = (fresh: AfterSaleOptions) => {
    setOptions(fresh);
    form.reset(reconcile(form.getValues(), fresh, line), { keepDefaultValues: true });
    setIndex(0);
    setBanner({ severity: 'warning', text: t('wizard.optionsChanged') });
  };

  const submit = async () => {
    // A double click, or a click while the first is on its way, sends nothing more.
    if (sending.current) return;
    sending.current = true;
    setSubmitting(true);
    try {
      let fresh: AfterSaleOptions;
      try {
        fresh = await qc.fetchQuery({ ...optionsQuery(line.orderSn, line.sku), staleTime: 0 });
      } catch (e) {
        setBanner({ severity: 'error', text: t('wizard.optionsGone', { reason: text(e) }) });
        return;
      }
      if (!sameOptions(fresh, options)) {
        reload(fresh);
        return;
      }
      const values = form.getValues();
      const { id } = await apply.mutateAsync(toApplyInput(values, options, line));
      const name = (list: { code: string; name: string }[], code: string) => list.find((x) => x.code === code)?.name;
      rememberNames(qc, id, {
        service: name(options.serviceType, values.serviceTypeCode),
        reason: reasonOf(options, values.reasonsTypeCode)?.name,
        pick: name(options.pickType, values.pickTypeCode),
        package: name(options.packageType, values.packageTypeCode),
        return: name(options.returnType, values.returnTypeCode),
        goods: line.name,
        skuName: line.skuName,
      }).catch(() => undefined); // the record then reads with the contract's known names
      onDone(id);
    } catch (e) {
      // The upstream's sentence, with everything entered kept.
      setBanner({ severity: 'error', text: text(e) });
    } finally {
      sending.current = false;
      setSubmitting(false);
    }
  };

  const last = index === steps.length - 1;
  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onClose}
      fullScreen={phone}
      maxWidth="md"
      fullWidth
      aria-labelledby="after-sale-wizard-title"
    >
      <DialogTitle id="after-sale-wizard-title">
        {t('wizard.title')}
        <Typography variant="body2" color="textSecondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
          {line.name}
          {line.skuName ? ` · ${line.skuName}` : ''} · {t('wizard.orderSn', { sn: line.orderSn })}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {phone ? (
          <Box sx={{ mb: 2 }}>
            <Typography variant="subtitle2">
              {t('wizard.stepOf', { n: index + 1, total: steps.length, name: t(`wizard.steps.${step}`) })}
            </Typography>
            <LinearProgress variant="determinate" value={((index + 1) / steps.length) * 100} aria-label={t('wizard.progress')} />
          </Box>
        ) : (
          <Stepper activeStep={index} sx={{ mb: 3 }} alternativeLabel>
            {steps.map((s) => (
              <Step key={s}>
                <StepLabel>{t(`wizard.steps.${s}`)}</StepLabel>
              </Step>
            ))}
          </Stepper>
        )}
        {banner && (
          <Alert severity={banner.severity} sx={{ mb: 2 }} role="alert" data-testid="wizard-banner">
            {banner.text}
          </Alert>
        )}
        <Suspense fallback={<Skeleton variant="rounded" height={220} />}>
          <WizardStep step={step} form={form} contactForm={contactForm} options={options} line={line} onUploading={setUploading} />
        </Suspense>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={submitting}>
          {t('wizard.cancel')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={back} disabled={index === 0 || submitting}>
          {t('wizard.back')}
        </Button>
        {last ? (
          <Button variant="contained" onClick={() => void submit()} loading={submitting} data-testid="wizard-submit">
            {t('wizard.submit')}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => void next()} disabled={uploading}>
            {uploading ? t('wizard.waitUpload') : t('wizard.next')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
