import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Courier } from '../../../../contract';
import { toast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { firmsQuery, useMail } from '../api/queries';
import { VoucherUploader } from './voucher-uploader';

interface MailValues {
  company: string;
  sn: string;
  vouchers: string[];
  description: string;
}

/**
 * The return's mailing info (afterSale.mail) for an agreed return or exchange that waits for it:
 * courier from the firms list (searchable by name), tracking number, receipt pictures, description.
 */
export function MailForm({ id, orderSn, sku }: { id: number; orderSn: string; sku: number }) {
  const { t } = useTranslation('afterSale');
  const text = useErrorText();
  const firms = useQuery(firmsQuery());
  const mail = useMail();
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const sending = useRef(false);
  const schema = z.object({
    company: z.string().min(1, t('mail.errors.company')),
    sn: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{4,40}$/, t('mail.errors.sn')),
    vouchers: z.array(z.string()).max(9),
    description: z.string().max(500, t('wizard.errors.descriptionLong')),
  });
  const form = useForm<MailValues>({
    defaultValues: { company: '', sn: '', vouchers: [], description: '' },
    resolver: zodResolver(schema as never, undefined, { raw: true }) as never,
  });
  const errors = form.formState.errors;
  const list: Courier[] = firms.data ?? [];

  const onSubmit = form.handleSubmit(async (v) => {
    if (sending.current) return;
    sending.current = true;
    setFailure(null);
    try {
      await mail.mutateAsync({
        id,
        company: v.company,
        sn: v.sn.trim(),
        ...(v.vouchers.length ? { vouchers: v.vouchers } : {}),
        ...(v.description.trim() ? { description: v.description.trim() } : {}),
      });
      void toast(t('mail.done'), { variant: 'success' });
    } catch (e) {
      setFailure(text(e));
    } finally {
      sending.current = false;
    }
  });

  return (
    <Stack component="form" spacing={2} onSubmit={(e) => void onSubmit(e)} aria-label={t('mail.title')} data-testid="mail-form" noValidate>
      <Typography variant="body2" color="textSecondary">
        {t('mail.intro')}
      </Typography>
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      {firms.isError && (
        <Alert severity="error" role="alert">
          {text(firms.error)}
        </Alert>
      )}
      <Controller
        control={form.control}
        name="company"
        render={({ field }) => (
          <Autocomplete
            options={list}
            loading={firms.isLoading}
            value={list.find((f) => f.sn === field.value) ?? null}
            onChange={(_, f) => field.onChange(f?.sn ?? '')}
            getOptionLabel={(f) => f.name}
            isOptionEqualToValue={(a, b) => a.sn === b.sn}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('mail.company')}
                required
                error={!!errors.company}
                helperText={errors.company?.message ?? t('mail.companyHint')}
              />
            )}
          />
        )}
      />
      <Controller
        control={form.control}
        name="sn"
        render={({ field }) => (
          <TextField
            {...field}
            label={t('mail.sn')}
            required
            error={!!errors.sn}
            helperText={errors.sn?.message ?? ' '}
            slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: 'characters' } }}
          />
        )}
      />
      <Controller
        control={form.control}
        name="vouchers"
        render={({ field }) => (
          <VoucherUploader
            orderSn={orderSn}
            sku={sku}
            value={field.value}
            onChange={field.onChange}
            onBusy={setUploading}
            label={t('mail.vouchers')}
          />
        )}
      />
      <Controller
        control={form.control}
        name="description"
        render={({ field }) => (
          <TextField
            {...field}
            label={t('mail.description')}
            multiline
            minRows={2}
            error={!!errors.description}
            helperText={errors.description?.message ?? ' '}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        )}
      />
      <div>
        <Button type="submit" variant="contained" loading={mail.isPending} disabled={uploading} data-testid="mail-submit">
          {t('mail.submit')}
        </Button>
      </div>
    </Stack>
  );
}
