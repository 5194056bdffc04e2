import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { ADDRESS_BOOK_MAX, type SavedAddress } from '../../../../contract/schemas/person';
import { toast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { useSaveAddresses } from '../api/cart';
import { AddressFields, type AddressValues } from './address-form';

const newId = () => `a${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const same = (a: AddressValues, b: AddressValues) => (Object.keys(a) as (keyof AddressValues)[]).every((k) => a[k].trim() === b[k].trim());
const strip = ({ id: _id, ...rest }: SavedAddress): AddressValues => rest;

/** Step 2: the address, typed or picked from the person's address book (save, pick, edit, delete). */
export function AddressStep({ form, book }: { form: UseFormReturn<AddressValues>; book: SavedAddress[] }) {
  const { t } = useTranslation('cart');
  const text = useErrorText();
  const save = useSaveAddresses();
  const [editing, setEditing] = useState<string | null>(null);
  const values = form.watch();
  const picked = book.find((a) => same(strip(a), values));

  const write = (list: SavedAddress[], done: string) =>
    save.mutate({ list }, { onSuccess: () => void toast(done, { variant: 'success' }) });
  const saveCurrent = form.handleSubmit((v) => {
    const clean = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x.trim()])) as AddressValues;
    if (editing) {
      write(
        book.map((a) => (a.id === editing ? { ...clean, id: editing } : a)),
        t('book.updated'),
      );
      setEditing(null);
    } else write([...book, { ...clean, id: newId() }], t('book.saved'));
  });

  return (
    <Stack spacing={2}>
      {book.length > 0 && (
        <Stack spacing={1} component="section" aria-label={t('book.title')}>
          <Typography variant="subtitle2" component="h3">
            {t('book.title')}
          </Typography>
          {book.map((a) => (
            <Paper
              key={a.id}
              variant="outlined"
              sx={{
                p: 1,
                display: 'flex',
                gap: 1,
                alignItems: 'center',
                flexWrap: 'wrap',
                borderColor: picked?.id === a.id ? 'primary.main' : undefined,
              }}
              data-testid="saved-address"
            >
              <Typography variant="body2" sx={{ flex: '1 1 220px', minWidth: 0, overflowWrap: 'anywhere' }}>
                <strong>{a.consignee}</strong> {a.phone} · {a.province} {a.city} {a.area} {a.street} {a.description}
              </Typography>
              <Button
                size="small"
                variant={picked?.id === a.id ? 'contained' : 'outlined'}
                onClick={() => {
                  form.reset(strip(a), { keepDefaultValues: true });
                  setEditing(null);
                }}
              >
                {picked?.id === a.id ? t('book.inUse') : t('book.use')}
              </Button>
              <IconButton
                size="small"
                aria-label={t('book.edit', { name: a.consignee })}
                title={t('book.editShort')}
                onClick={() => {
                  form.reset(strip(a), { keepDefaultValues: true });
                  setEditing(a.id);
                }}
              >
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={t('book.delete', { name: a.consignee })}
                title={t('book.deleteShort')}
                onClick={() => {
                  if (editing === a.id) setEditing(null);
                  write(
                    book.filter((x) => x.id !== a.id),
                    t('book.deleted'),
                  );
                }}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Paper>
          ))}
        </Stack>
      )}
      {editing && <Alert severity="info">{t('book.editing')}</Alert>}
      <AddressFields form={form} />
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          loading={save.isPending}
          disabled={!editing && (book.length >= ADDRESS_BOOK_MAX || !!picked)}
          onClick={() => void saveCurrent()}
        >
          {editing ? t('book.saveChanges') : t('book.save')}
        </Button>
        {editing && <Button onClick={() => setEditing(null)}>{t('book.stopEditing')}</Button>}
        {!editing && book.length >= ADDRESS_BOOK_MAX && (
          <Typography variant="caption" color="textSecondary" sx={{ alignSelf: 'center' }}>
            {t('book.full', { max: ADDRESS_BOOK_MAX })}
          </Typography>
        )}
      </Stack>
      {save.isError && <Alert severity="error">{text(save.error)}</Alert>}
    </Stack>
  );
}
