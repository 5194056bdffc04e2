import { z } from 'zod';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { PHONE_PATTERN } from '../../../../contract/constants';
import { RegionPicker } from './region-picker';

/** The order address as a form. Messages are keys of `cart:form`, said in the person's language. */
export const addressFormSchema = z.object({
  consignee: z.string().trim().min(1, 'required').max(50, 'tooLong50'),
  phone: z.string().trim().min(1, 'required').regex(PHONE_PATTERN, 'phone'),
  province: z.string().min(1, 'pickProvince'),
  city: z.string().min(1, 'pickCity'),
  area: z.string().min(1, 'pickArea'),
  street: z.string().trim().min(1, 'required').max(100, 'tooLong100'),
  description: z.string().trim().min(1, 'required').max(200, 'tooLong200'),
});
export type AddressValues = z.infer<typeof addressFormSchema>;
export const EMPTY_ADDRESS: AddressValues = { consignee: '', phone: '', province: '', city: '', area: '', street: '', description: '' };

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
