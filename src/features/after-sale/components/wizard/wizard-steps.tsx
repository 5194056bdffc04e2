import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AfterSaleOptions } from '../../../../../contract';
import { formatFen, yuanToFen } from '../../../../lib/money';
import { useLang } from '../../../../lib/use-lang';
import { AddressFields } from '../../../cart';
import type { AddressValues } from '../../../../lib/address-form';
import { VoucherUploader } from '../voucher-uploader';
import {
  CONTACT_FIELDS,
  isDoorPickup,
  reasonOf,
  SERVICE_DEPENDENT,
  serviceDependentDefaults,
  yuanText,
  type LineInfo,
  type StepKey,
  type WizardValues,
} from './schema';

interface StepProps {
  form: UseFormReturn<WizardValues>;
  options: AfterSaleOptions;
  line: LineInfo;
}

/** The body of one wizard step. */
export function WizardStep({
  step,
  onUploading,
  contactForm,
  ...props
}: StepProps & { step: StepKey; onUploading: (busy: boolean) => void; contactForm: UseFormReturn<AddressValues> }) {
  switch (step) {
    case 'what':
      return <WhatStep {...props} />;
    case 'why':
      return <WhyStep {...props} />;
    case 'how':
      return <HowStep {...props} />;
    case 'amount':
      return <AmountStep {...props} />;
    case 'vouchers':
      return <VouchersStep {...props} onUploading={onUploading} />;
    case 'contact':
      return <AddressFields form={contactForm} />;
    case 'review':
      return <ReviewStep {...props} />;
  }
}

function WhatStep({ form, options }: StepProps) {
  const { t } = useTranslation('afterSale');
  const error = form.formState.errors.serviceTypeCode?.message;
  return (
    <Controller
      control={form.control}
      name="serviceTypeCode"
      render={({ field }) => (
        <FormControl error={!!error}>
          <FormLabel id="as-service">{t('wizard.what')}</FormLabel>
          <RadioGroup
            aria-labelledby="as-service"
            value={field.value}
            onChange={(e) => {
              // Only what depends on the service type is cleared; reason, amounts, pictures and contact stay.
              if (e.target.value !== field.value) {
                const reset = serviceDependentDefaults(options);
                for (const f of SERVICE_DEPENDENT) form.setValue(f, reset[f]);
              }
              field.onChange(e.target.value);
            }}
          >
            {options.serviceType.map((s) => (
              <FormControlLabel key={s.code} value={s.code} control={<Radio />} label={s.name} />
            ))}
          </RadioGroup>
          <FormHelperText>{error ?? ' '}</FormHelperText>
        </FormControl>
      )}
    />
  );
}

function WhyStep({ form, options }: StepProps) {
  const { t } = useTranslation('afterSale');
  const errors = form.formState.errors;
  return (
    <Stack spacing={2}>
      <Controller
        control={form.control}
        name="reasonsTypeCode"
        render={({ field }) => (
          <FormControl error={!!errors.reasonsTypeCode}>
            <FormLabel id="as-reason">{t('wizard.why')}</FormLabel>
            <RadioGroup aria-labelledby="as-reason" value={field.value} onChange={(e) => field.onChange(e.target.value)}>
              {options.reasonsType.map((r) => (
                <FormControlLabel
                  key={r.code}
                  value={r.code}
                  control={<Radio />}
                  sx={{ alignItems: 'flex-start', my: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
                  label={
                    <Box>
                      <Typography component="span">{r.name}</Typography>
                      {r.needVoucher && <Chip size="small" label={t('wizard.needsVoucher')} sx={{ ml: 1 }} />}
                      {r.refundCarriage && <Chip size="small" variant="outlined" label={t('wizard.refundsCarriage')} sx={{ ml: 1 }} />}
                      {r.tip && (
                        <Typography variant="body2" color="textSecondary">
                          {r.tip}
                        </Typography>
                      )}
                    </Box>
                  }
                />
              ))}
            </RadioGroup>
            <FormHelperText>{errors.reasonsTypeCode?.message ?? ' '}</FormHelperText>
          </FormControl>
        )}
      />
      <Controller
        control={form.control}
        name="reasonsDescription"
        render={({ field }) => (
          <TextField
            {...field}
            label={t('wizard.description')}
            multiline
            minRows={3}
            required
            error={!!errors.reasonsDescription}
            helperText={errors.reasonsDescription?.message ?? t('wizard.descriptionHint')}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        )}
      />
    </Stack>
  );
}

function HowStep({ form, options }: StepProps) {
  const { t } = useTranslation('afterSale');
  const errors = form.formState.errors;
  const pick = useWatch({ control: form.control, name: 'pickTypeCode' });
  const selects = [
    { name: 'pickTypeCode', list: options.pickType, label: t('wizard.pick') },
    { name: 'packageTypeCode', list: options.packageType, label: t('wizard.package') },
    { name: 'returnTypeCode', list: options.returnType, label: t('wizard.return') },
  ] as const;
  return (
    <Stack spacing={2}>
      {selects
        .filter((s) => s.list.length > 0)
        .map((s) => (
          <Controller
            key={s.name}
            control={form.control}
            name={s.name}
            render={({ field }) => (
              <TextField {...field} select required label={s.label} error={!!errors[s.name]} helperText={errors[s.name]?.message ?? ' '}>
                {s.list.map((x) => (
                  <MenuItem key={x.code} value={x.code}>
                    {x.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        ))}
      {isDoorPickup(options, pick) && (
        <Controller
          control={form.control}
          name="serviceTime"
          render={({ field }) => (
            <TextField
              {...field}
              type="datetime-local"
              required
              label={t('wizard.serviceTime')}
              error={!!errors.serviceTime}
              helperText={errors.serviceTime?.message ?? t('wizard.serviceTimeHint')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          )}
        />
      )}
    </Stack>
  );
}

function AmountStep({ form, options, line }: StepProps) {
  const { t } = useTranslation('afterSale');
  const lang = useLang();
  const errors = form.formState.errors;
  const [num, reasonCode] = useWatch({ control: form.control, name: ['num', 'reasonsTypeCode'] });
  const reason = reasonOf(options, reasonCode);
  const units = Number(num);
  const maxGoods = Number.isInteger(units) && units > 0 ? line.price * Math.min(units, options.num) : null;
  return (
    <Stack spacing={2}>
      <Controller
        control={form.control}
        name="num"
        render={({ field }) => (
          <TextField
            {...field}
            label={t('wizard.num')}
            type="number"
            required
            onChange={(e) => {
              field.onChange(e.target.value);
              const n = Number(e.target.value);
              // The goods fee follows the quantity: price × quantity, editable down afterwards.
              if (Number.isInteger(n) && n >= 1 && n <= options.num) form.setValue('goodsFee', yuanText(line.price * n));
            }}
            error={!!errors.num}
            helperText={errors.num?.message ?? t('wizard.numHint', { max: options.num })}
            slotProps={{ htmlInput: { min: 1, max: options.num, step: 1, inputMode: 'numeric' } }}
          />
        )}
      />
      <Controller
        control={form.control}
        name="goodsFee"
        render={({ field }) => (
          <TextField
            {...field}
            label={t('wizard.goodsFee')}
            required
            error={!!errors.goodsFee}
            helperText={
              errors.goodsFee?.message ??
              (maxGoods !== null ? t('wizard.goodsFeeHint', { price: formatFen(line.price, lang), max: formatFen(maxGoods, lang) }) : ' ')
            }
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: { startAdornment: <InputAdornment position="start">¥</InputAdornment> },
            }}
          />
        )}
      />
      {reason?.refundCarriage ? (
        <Controller
          control={form.control}
          name="logisticFee"
          render={({ field }) => (
            <TextField
              {...field}
              label={t('wizard.logisticFee')}
              required
              data-testid="freight-field"
              error={!!errors.logisticFee}
              helperText={errors.logisticFee?.message ?? t('wizard.logisticFeeHint', { max: formatFen(line.freight, lang) })}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { startAdornment: <InputAdornment position="start">¥</InputAdornment> },
              }}
            />
          )}
        />
      ) : (
        <Typography color="textSecondary">{t('wizard.noCarriage')}</Typography>
      )}
    </Stack>
  );
}

function VouchersStep({ form, options, line, onUploading }: StepProps & { onUploading: (busy: boolean) => void }) {
  const { t } = useTranslation('afterSale');
  const reasonCode = useWatch({ control: form.control, name: 'reasonsTypeCode' });
  const needed = !!reasonOf(options, reasonCode)?.needVoucher;
  return (
    <Controller
      control={form.control}
      name="vouchers"
      render={({ field }) => (
        <VoucherUploader
          orderSn={line.orderSn}
          sku={line.sku}
          value={field.value}
          onChange={(urls) => field.onChange(urls)}
          onBusy={onUploading}
          label={needed ? t('wizard.vouchersRequired') : t('wizard.vouchersOptional')}
          error={form.formState.errors.vouchers?.message}
        />
      )}
    />
  );
}

function ReviewStep({ form, options, line }: StepProps) {
  const { t } = useTranslation('afterSale');
  const lang = useLang();
  const v = form.getValues();
  const reason = reasonOf(options, v.reasonsTypeCode);
  const nameOf = (list: { code: string; name: string }[], code: string) => list.find((x) => x.code === code)?.name ?? '—';
  const fee = (yuan: string) => {
    try {
      return formatFen(yuanToFen(yuan), lang);
    } catch {
      return '—';
    }
  };
  const freight = reason?.refundCarriage ? fee(v.logisticFee) : formatFen(0, lang);
  const rows: [string, string][] = [
    [t('fields.goods'), `${line.name}${line.skuName ? ` · ${line.skuName}` : ''}`],
    [t('fields.service'), nameOf(options.serviceType, v.serviceTypeCode)],
    [t('fields.reason'), reason?.name ?? '—'],
    [t('fields.description'), v.reasonsDescription],
    ...(options.pickType.length ? ([[t('fields.pick'), nameOf(options.pickType, v.pickTypeCode)]] as [string, string][]) : []),
    ...(isDoorPickup(options, v.pickTypeCode) ? ([[t('fields.serviceTime'), v.serviceTime.replace('T', ' ')]] as [string, string][]) : []),
    ...(options.packageType.length ? ([[t('fields.package'), nameOf(options.packageType, v.packageTypeCode)]] as [string, string][]) : []),
    ...(options.returnType.length ? ([[t('fields.return'), nameOf(options.returnType, v.returnTypeCode)]] as [string, string][]) : []),
    [t('fields.num'), v.num],
    [t('fields.goodsFee'), fee(v.goodsFee)],
    [t('fields.logisticFee'), freight],
    [t('fields.vouchers'), t('wizard.pictures', { count: v.vouchers.length })],
    [
      t('fields.contact'),
      CONTACT_FIELDS.map((f) => v.contact[f])
        .filter(Boolean)
        .join(' '),
    ],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, columnGap: 2, rowGap: 1, m: 0 }}
      data-testid="wizard-review"
    >
      {rows.map(([k, val]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" color="textSecondary">
            {k}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
            {val}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
