import { Fragment, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  SHEET_FIELDS,
  SHEET_FORMAT_LIMITS as L,
  type CarrierMap,
  type SheetColumn,
  type SheetField,
  type SupplierCourier,
} from '../../../../contract/schemas/shipments';
import { RequestReference } from '../../../components/error-state';
import { OpError } from '../../../lib/bff';
import { toast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { useSaveFormat } from '../api';
import { formatInput, formatSchema, type FormatValues as Values } from '../format-schema';

/** What the editor starts from: a format of one's own to change, or a new one (blank or from a built-in one). */
export interface FormatDraft {
  id?: number;
  name: string;
  columns: SheetColumn[];
  perOrder: boolean;
  joiner: string;
  carrierMap: CarrierMap;
}

/**
 * A format of the merchant's own: its name, its columns (what each holds, its header, their order),
 * one row per package or per order with the numbers joined, and the courier names as the shop spells
 * them. A refusal of the gateway keeps everything typed and says why.
 */
export function FormatEditor({ draft, couriers, onClose }: { draft: FormatDraft; couriers: SupplierCourier[]; onClose: () => void }) {
  const { t } = useTranslation('shipments');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const errorText = useErrorText({
    name: t('editor.name'),
    header: t('editor.header'),
    joiner: t('editor.joiner'),
    columns: t('editor.columns'),
  });
  const save = useSaveFormat();
  const [failure, setFailure] = useState<unknown>(null);
  const titleId = useId();
  const schema = useMemo(() => formatSchema(t), [t]);
  // The supplier's couriers, and any the map names that the supplier no longer lists.
  const carrierList = useMemo(() => {
    const out = couriers.map((c) => ({ code: c.code, name: c.name }));
    for (const code of Object.keys(draft.carrierMap)) if (!out.some((c) => c.code === code)) out.push({ code, name: code });
    return out;
  }, [couriers, draft.carrierMap]);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: draft.name,
      columns: draft.columns,
      rows: draft.perOrder ? 'order' : 'package',
      joiner: draft.joiner || ',',
      carriers: carrierList.map((c) => ({ code: c.code, shop: draft.carrierMap[c.code] ?? '' })),
    },
  });
  const columns = useFieldArray({ control: form.control, name: 'columns' });
  const { errors } = form.formState;
  const rows = form.watch('rows');
  const fieldLabel = (f: SheetField) => t(`editor.fields.${f}`);

  const submit = form.handleSubmit(async (v) => {
    setFailure(null);
    const input = formatInput(v);
    try {
      await save.mutateAsync({ id: draft.id, input });
      void toast(t(draft.id ? 'editor.saved' : 'editor.created', { name: input.name }), { variant: 'success' });
      onClose();
    } catch (e) {
      // Everything typed stays; the refusal is said in words, and on its field when it names one.
      setFailure(e);
      const field = e instanceof OpError ? e.field?.split('.')[0] : undefined;
      if (field === 'name' || field === 'joiner') form.setError(field, { message: refusal(e) });
    }
  });

  /** The gateway's refusals this form knows, in its own words; any other as the app says it. */
  const refusal = (e: unknown) => {
    if (e instanceof OpError) {
      if (e.rule === 'taken') return t('editor.errors.nameTaken');
      if (e.rule === 'too_many' && !e.field) return t('editor.errors.tooManyFormats', { max: L.formats });
      if (e.kind === 'not_found') return t('editor.errors.gone');
      if (e.rule === 'formula') return t('editor.errors.formula');
      if (e.rule === 'control') return t('editor.errors.control');
    }
    return errorText(e);
  };

  const columnsError = errors.columns?.root?.message ?? errors.columns?.message;

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby={titleId}>
      <form noValidate onSubmit={(e) => void submit(e)} data-testid="shipments-format-editor">
        <DialogTitle id={titleId}>{draft.id ? t('editor.titleEdit', { name: draft.name }) : t('editor.titleNew')}</DialogTitle>
        <DialogContent>
          <Stack spacing={3} sx={{ pt: 1 }}>
            <TextField
              label={t('editor.name')}
              {...form.register('name')}
              error={!!errors.name}
              helperText={errors.name?.message ?? t('editor.nameHelp')}
              size="small"
              slotProps={{ htmlInput: { maxLength: L.nameChars } }}
            />
            <Stack component="fieldset" spacing={1.5} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
              <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
                {t('editor.columns')}
              </Typography>
              {columns.fields.map((c, i) => {
                const n = i + 1;
                const headerError = errors.columns?.[i]?.header?.message;
                return (
                  <Stack
                    key={c.id}
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={1}
                    sx={{ alignItems: { sm: 'flex-start' } }}
                    data-testid="format-column"
                  >
                    <Typography variant="body2" color="textSecondary" sx={{ minWidth: 24, pt: { sm: 1 } }} aria-hidden>
                      {n}.
                    </Typography>
                    <Controller
                      control={form.control}
                      name={`columns.${i}.field`}
                      render={({ field }) => (
                        <FormControl size="small" sx={{ width: { xs: '100%', sm: 220 }, flexShrink: 0 }}>
                          <InputLabel htmlFor={`${titleId}-field-${c.id}`} shrink>
                            {t('editor.field')}
                          </InputLabel>
                          <NativeSelect
                            id={`${titleId}-field-${c.id}`}
                            value={field.value}
                            onChange={(e) => {
                              const next = e.target.value as SheetField;
                              // A header left as the old field's name follows the new field.
                              const header = form.getValues(`columns.${i}.header`);
                              if (!header.trim() || header === fieldLabel(field.value))
                                form.setValue(`columns.${i}.header`, fieldLabel(next));
                              field.onChange(next);
                            }}
                            onBlur={field.onBlur}
                            input={<OutlinedInput label={t('editor.field')} notched />}
                          >
                            {SHEET_FIELDS.map((f) => (
                              <option key={f} value={f}>
                                {fieldLabel(f)}
                              </option>
                            ))}
                          </NativeSelect>
                        </FormControl>
                      )}
                    />
                    <TextField
                      label={t('editor.header')}
                      {...form.register(`columns.${i}.header`)}
                      error={!!headerError}
                      helperText={headerError}
                      size="small"
                      sx={{ flex: 1, minWidth: 0 }}
                      slotProps={{ htmlInput: { maxLength: L.headerChars } }}
                    />
                    <Stack direction="row" sx={{ flexShrink: 0 }}>
                      <IconButton
                        aria-label={t('editor.up', { n })}
                        title={t('editor.up', { n })}
                        disabled={i === 0}
                        onClick={() => columns.move(i, i - 1)}
                      >
                        <ArrowUpwardIcon fontSize="small" />
                      </IconButton>
                      <IconButton
                        aria-label={t('editor.down', { n })}
                        title={t('editor.down', { n })}
                        disabled={i === columns.fields.length - 1}
                        onClick={() => columns.move(i, i + 1)}
                      >
                        <ArrowDownwardIcon fontSize="small" />
                      </IconButton>
                      <IconButton
                        aria-label={t('editor.removeColumn', { n })}
                        title={t('editor.removeColumn', { n })}
                        disabled={columns.fields.length === 1}
                        onClick={() => columns.remove(i)}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </Stack>
                  </Stack>
                );
              })}
              {columnsError && (
                <FormHelperText error role="alert">
                  {columnsError}
                </FormHelperText>
              )}
              <Button
                startIcon={<AddIcon />}
                disabled={columns.fields.length >= L.columns}
                onClick={() => columns.append({ field: 'blank', header: '' })}
                sx={{ alignSelf: 'flex-start' }}
              >
                {t('editor.addColumn')}
              </Button>
            </Stack>
            <FormControl>
              <FormLabel id={`${titleId}-rows`}>{t('editor.rows')}</FormLabel>
              <Controller
                control={form.control}
                name="rows"
                render={({ field }) => (
                  <RadioGroup aria-labelledby={`${titleId}-rows`} value={field.value} onChange={(_, v) => field.onChange(v)}>
                    <FormControlLabel value="package" control={<Radio />} label={t('editor.perPackage')} />
                    <FormControlLabel value="order" control={<Radio />} label={t('editor.perOrder')} />
                  </RadioGroup>
                )}
              />
              {rows === 'order' && (
                <TextField
                  label={t('editor.joiner')}
                  {...form.register('joiner')}
                  error={!!errors.joiner}
                  helperText={errors.joiner?.message ?? t('editor.joinerHelp')}
                  size="small"
                  sx={{ mt: 1, width: { xs: '100%', sm: 240 } }}
                  slotProps={{ htmlInput: { maxLength: L.joinerChars } }}
                />
              )}
            </FormControl>
            <Stack component="fieldset" spacing={1} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
              <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
                {t('editor.carriers')}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {carrierList.length ? t('editor.carriersHelp') : t('editor.noCouriers')}
              </Typography>
              <Box
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) minmax(0, 1.4fr)' },
                  columnGap: 2,
                  rowGap: { xs: 0.5, sm: 1.5 },
                  alignItems: 'center',
                  pt: 1,
                }}
              >
                {carrierList.map((c, i) => {
                  const err = errors.carriers?.[i]?.shop?.message;
                  const supplier = t('editor.supplierCourier', { name: c.name, code: c.code });
                  return (
                    <Fragment key={c.code}>
                      <Typography variant="body2" sx={{ overflowWrap: 'anywhere', pt: { xs: 1, sm: 0 } }} aria-hidden>
                        {supplier}
                      </Typography>
                      <TextField
                        label={t('editor.shopNameShort')}
                        placeholder={c.name}
                        {...form.register(`carriers.${i}.shop`)}
                        error={!!err}
                        helperText={err}
                        size="small"
                        slotProps={{
                          inputLabel: { shrink: true },
                          htmlInput: { maxLength: L.courierNameChars, 'aria-label': t('editor.shopName', { name: supplier }) },
                        }}
                        data-testid={`format-carrier-${c.code}`}
                      />
                    </Fragment>
                  );
                })}
              </Box>
            </Stack>
            {failure != null && (
              <Alert severity="error" role="alert">
                {refusal(failure)}
                <RequestReference error={failure} />
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('editor.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending} data-testid="format-save">
            {draft.id ? t('editor.save') : t('editor.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
