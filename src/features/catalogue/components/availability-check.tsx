import { Suspense, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { SkuOption } from '../../../../contract';
import { callOp } from '../../../lib/bff';
import { useErrorText } from '../../../lib/use-error-text';
import { AddressFields, whyNotSold } from '../../cart';
import { addressFormSchema, EMPTY_ADDRESS, type AddressValues } from '../../../lib/address-form';

const STORAGE_KEY = 'supply-desk.last-address';
const MAX_QUANTITY = 9999;

/** The address last checked on this device, if it still reads as one. */
function lastAddress(): AddressValues {
  try {
    const saved = addressFormSchema.partial().safeParse(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}'));
    return { ...EMPTY_ADDRESS, ...(saved.success ? saved.data : {}) };
  } catch {
    return EMPTY_ADDRESS;
  }
}

const quantityOf = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : NaN);

/**
 * "Can I sell this to…": availableCheck for one SKU, a quantity and an address, with checkout's
 * address form (region picker, same rules). The answer says why not (off sale, no or short stock,
 * the region) and is cleared as soon as anything it was given changes.
 */
export function AvailabilityCheck({ goods, options }: { goods: { status: number }; options: SkuOption[] }) {
  const { t } = useTranslation(['catalogue', 'cart']);
  const text = useErrorText();
  const [sku, setSku] = useState(options[0]?.id ?? 0);
  const [quantity, setQuantity] = useState('1');
  const [quantityError, setQuantityError] = useState(false);
  const form = useForm<AddressValues>({
    resolver: zodResolver(addressFormSchema),
    defaultValues: lastAddress(),
    reValidateMode: 'onChange',
  });
  const check = useMutation({
    mutationFn: (v: { sku: number; number: number; address: AddressValues }) => {
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify(v.address));
      } catch {
        /* not remembered, still checked */
      }
      return callOp('order.availableCheck', { spu: [{ sku: v.sku, number: v.number }], address: v.address });
    },
    onError: () => undefined, // shown below the form, with what was typed kept
  });
  const { reset } = check;
  // An answer belongs to what was asked: any change to the address takes it away.
  useEffect(() => {
    const sub = form.watch(() => reset());
    return () => sub.unsubscribe();
  }, [form, reset]);

  const submit = form.handleSubmit((address) => {
    const number = quantityOf(quantity);
    if (!(number >= 1 && number <= MAX_QUANTITY)) return setQuantityError(true);
    check.mutate({ sku, number, address: addressFormSchema.parse(address) });
  });
  const asked = check.variables;
  const sold = asked && check.data?.some((g) => g.available.includes(asked.sku));
  const why =
    asked && !sold
      ? whyNotSold(
          goods,
          options.find((o) => o.id === asked.sku),
          asked.number,
        )
      : undefined;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        const number = quantityOf(quantity);
        setQuantityError(!(number >= 1 && number <= MAX_QUANTITY));
        void submit(e);
      }}
    >
      <Stack spacing={2}>
        <Grid container spacing={1.5}>
          <Grid size={{ xs: 12, sm: 8 }}>
            <TextField
              select
              fullWidth
              size="small"
              label={t('detail.sku')}
              value={sku}
              onChange={(e) => {
                setSku(Number(e.target.value));
                reset();
              }}
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
              label={t('detail.quantity')}
              value={quantity}
              onChange={(e) => {
                setQuantity(e.target.value);
                if (quantityError) setQuantityError(!(quantityOf(e.target.value) >= 1 && quantityOf(e.target.value) <= MAX_QUANTITY));
                reset();
              }}
              error={quantityError}
              helperText={quantityError ? t('detail.quantityRule', { max: MAX_QUANTITY }) : undefined}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Grid>
        </Grid>
        <Suspense fallback={<Skeleton variant="rounded" height={200} />}>
          <AddressFields form={form} />
        </Suspense>
        <Button type="submit" variant="outlined" loading={check.isPending} sx={{ alignSelf: 'flex-start' }}>
          {t('detail.check')}
        </Button>
        {check.isError && <Alert severity="error">{text(check.error)}</Alert>}
        {check.isSuccess && asked && (
          <Alert severity={sold ? 'success' : 'warning'} data-testid="availability-result">
            {sold
              ? t('detail.available')
              : t('detail.notSellable', {
                  reason: t(`cart:reason.${why!.key}`, { left: why!.left, region: asked.address.province }),
                })}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
