import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import type { AddressValues } from '../../../lib/address-form';
import { RegionPicker } from './region-picker';

export { addressFormSchema, EMPTY_ADDRESS, type AddressValues } from '../../../lib/address-form';

/** Consignee, phone, province / city / district from the division list, street and detail. */
export function AddressFields({ form }: { form: UseFormReturn<AddressValues> }) {
  const { t } = useTranslation('cart');
  const { errors } = form.formState;
  const msg = (k: keyof AddressValues) => (errors[k]?.message ? t(`form.${errors[k].message}`) : undefined);
  const text = (k: 'consignee' | 'phone' | 'street' | 'description', sm: number, extra: object = {}) => (
    <Grid size={{ xs: 12, sm }}>
      <TextField
        fullWidth
        size="small"
        label={t(`address.${k}`)}
        {...form.register(k)}
        error={!!errors[k]}
        helperText={msg(k) ?? (k === 'phone' ? t('address.phoneHint') : undefined)}
        {...extra}
      />
    </Grid>
  );
  return (
    <Grid container spacing={1.5}>
      {text('consignee', 6, { autoComplete: 'name' })}
      {text('phone', 6, { autoComplete: 'tel', slotProps: { htmlInput: { inputMode: 'tel' } } })}
      <Controller
        control={form.control}
        name="province"
        render={() => (
          <RegionPicker
            value={{ province: form.watch('province'), city: form.watch('city'), area: form.watch('area') }}
            onChange={(r) => {
              const opts = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
              form.setValue('province', r.province, opts);
              form.setValue('city', r.city, opts);
              form.setValue('area', r.area, opts);
            }}
            errors={{ province: msg('province'), city: msg('city'), area: msg('area') }}
          />
        )}
      />
      {text('street', 12, { autoComplete: 'address-line1' })}
      {text('description', 12, { autoComplete: 'address-line2' })}
    </Grid>
  );
}
