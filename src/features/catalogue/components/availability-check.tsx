import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { SkuOption } from '../../../../contract';
import { callOp } from '../../../lib/bff';
import { useErrorText } from '../../../lib/use-error-text';

const STORAGE_KEY = 'supply-desk.last-address';
const schema = z.object({
  sku: z.number().int().positive(),
  number: z.number({ error: 'required' }).int().min(1).max(9999),
  consignee: z.string().trim().min(1),
  phone: z
    .string()
    .trim()
    .regex(/^1\d{10}$/),
  province: z.string().trim().min(1),
  city: z.string().trim().min(1),
  area: z.string().trim().min(1),
  street: z.string().trim().min(1),
  description: z.string().trim().min(1),
});
type Form = z.infer<typeof schema>;
const ADDRESS_FIELDS = ['consignee', 'phone', 'province', 'city', 'area', 'street', 'description'] as const;

function lastAddress(): Partial<Form> {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<Form>;
  } catch {
    return {};
  }
}

/** "Can I sell this to…": availableCheck for one SKU, a quantity and an address (remembered for next time). */
export function AvailabilityCheck({ options }: { options: SkuOption[] }) {
  const { t } = useTranslation('catalogue');
  const text = useErrorText();
  const form = useForm<Form>({
    resolver: zodResolver(schema),
    defaultValues: {
      sku: options[0]?.id,
      number: 1,
      consignee: '',
      phone: '',
      province: '',
      city: '',
      area: '',
      street: '',
      description: '',
      ...lastAddress(),
    },
  });
  const check = useMutation({
    mutationFn: (v: Form) => {
      const address = Object.fromEntries(ADDRESS_FIELDS.map((k) => [k, v[k]])) as Record<(typeof ADDRESS_FIELDS)[number], string>;
      localStorage.setItem(STORAGE_KEY, JSON.stringify(address));
      return callOp('order.availableCheck', { spu: [{ sku: v.sku, number: v.number }], address });
    },
    onError: () => undefined, // shown below the form, with what was typed kept
  });
  const { errors } = form.formState;
  const sold = check.data?.some((g) => g.available.includes(form.getValues('sku')));
  const label = (k: (typeof ADDRESS_FIELDS)[number]) => t(`detail.${k === 'description' ? 'address' : k}`);
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => check.mutate(v))}>
      <Stack spacing={2}>
        <Grid container spacing={1.5}>
          <Grid size={{ xs: 12, sm: 8 }}>
            <TextField
              select
              fullWidth
              size="small"
              label={t('detail.sku')}
              defaultValue={options[0]?.id}
              {...form.register('sku', { valueAsNumber: true })}
            >
              {options.map((o) => (
                <MenuItem key={o.id} value={o.id}>
                  {o.spec_value_names || o.id}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              fullWidth
              size="small"
              type="number"
              label={t('detail.quantity')}
              {...form.register('number', { valueAsNumber: true })}
              error={!!errors.number}
              slotProps={{ htmlInput: { min: 1, max: 9999 } }}
            />
          </Grid>
          {ADDRESS_FIELDS.map((k) => (
            <Grid key={k} size={{ xs: 12, sm: k === 'description' || k === 'street' ? 12 : 6, md: k === 'description' ? 12 : 4 }}>
              <TextField
                fullWidth
                size="small"
                label={label(k)}
                {...form.register(k)}
                error={!!errors[k]}
                helperText={errors[k] ? (k === 'phone' ? t('detail.phoneRule') : t('detail.required')) : undefined}
              />
            </Grid>
          ))}
        </Grid>
        <Button type="submit" variant="outlined" loading={check.isPending} sx={{ alignSelf: 'flex-start' }}>
          {t('detail.check')}
        </Button>
        {check.isError && <Alert severity="error">{text(check.error)}</Alert>}
        {check.isSuccess && (
          <Alert severity={sold ? 'success' : 'warning'} data-testid="availability-result">
            {sold ? t('detail.available') : t('detail.banned')}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
