import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { CONTACT_FIELDS, type WizardValues } from './wizard/schema';

/** The customer's name, phone and address (the 7 address fields of an order), prefilled from the order. */
export function ContactFields({ control, errors }: { control: Control<WizardValues>; errors: FieldErrors<WizardValues> }) {
  const { t } = useTranslation('afterSale');
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
      {CONTACT_FIELDS.map((f) => (
        <Controller
          key={f}
          control={control}
          name={`contact.${f}`}
          render={({ field }) => (
            <TextField
              {...field}
              label={t(`contact.${f}`)}
              required
              error={!!errors.contact?.[f]}
              helperText={errors.contact?.[f]?.message ?? ' '}
              slotProps={{
                htmlInput:
                  f === 'phone'
                    ? { inputMode: 'tel', maxLength: 20 }
                    : { maxLength: f === 'description' ? 200 : f === 'street' ? 100 : 50 },
              }}
              sx={f === 'description' ? { gridColumn: { sm: '1 / -1' } } : undefined}
            />
          )}
        />
      ))}
    </Box>
  );
}
