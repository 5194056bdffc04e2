import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { BuiltInFormat, OwnFormat, SheetType } from '../../../../contract/schemas/shipments';
import { ErrorState, RequestReference } from '../../../components/error-state';
import { download } from '../../../lib/csv';
import { shownNow } from '../../../lib/clock';
import { secondsToDay } from '../../../lib/time';
import { dismissToast, toast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { useLang } from '../../../lib/use-lang';
import { downloadSheet, formatsQuery, shipmentKeys, shipmentsQuery, undoDownload } from '../api';
import { filterOf, type ShipmentsView } from '../url-state';

type Which = 'new' | 'again';
const TYPES: SheetType[] = ['xlsx', 'csv'];
const MIME: Record<SheetType, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv;charset=utf-8',
};

/** The format picked last, remembered on this device (a shop's sheet is asked for day after day). */
const REMEMBERED = 'supply-desk.shipments.format';
const remembered = (): { format: string; type: SheetType } | null => {
  try {
    const v = JSON.parse(localStorage.getItem(REMEMBERED) ?? 'null') as { format?: unknown; type?: unknown } | null;
    return v && typeof v.format === 'string' && (v.type === 'xlsx' || v.type === 'csv') ? { format: v.format, type: v.type } : null;
  } catch {
    return null;
  }
};
const remember = (v: { format: string; type: SheetType }) => {
  try {
    localStorage.setItem(REMEMBERED, JSON.stringify(v));
  } catch {
    /* not remembered, still downloaded */
  }
};

/** Each format's key in the picker: `b:<id>` built in, `o:<id>` one of the merchant's own. */
const keyOf = (f: BuiltInFormat | OwnFormat) => (typeof f.id === 'number' ? `o:${f.id}` : `b:${f.id}`);

/**
 * Download for the shop: a format (built in, with where its headers come from, or the merchant's own),
 * .xlsx or .csv, and either the new packages (marked handed over as they download, with undo) or the
 * page's period again without marks. The gateway writes the sheet; the page saves it as a file.
 */
export function DownloadDialog({ view, onClose, onManage }: { view: ShipmentsView; onClose: () => void; onManage: () => void }) {
  const { t } = useTranslation('shipments');
  const lang = useLang();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const formats = useQuery(formatsQuery());
  const filter = filterOf(view);
  const newOnes = useQuery(shipmentsQuery({ ...filter, state: 'new' }, 1, 1));
  const newCount = newOnes.data?.count;
  const first = remembered();
  const [picked, setPicked] = useState<string | null>(first?.format ?? null);
  const [type, setType] = useState<SheetType>(first?.type ?? 'xlsx');
  const [which, setWhich] = useState<Which | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const selectId = useId();
  const titleId = useId();

  const all: (BuiltInFormat | OwnFormat)[] = [...(formats.data?.builtIn ?? []), ...(formats.data?.own ?? [])];
  const format = all.find((f) => keyOf(f) === picked) ?? all[0];
  // With nothing new, the period again is what there is to download.
  const mode: Which = which ?? (newCount === 0 ? 'again' : 'new');
  const fieldNames = (f: BuiltInFormat | OwnFormat) => f.columns.map((c) => c.header).join(lang === 'en' ? ', ' : '、');
  const period =
    view.from && view.to
      ? t('download.periodRange', { from: view.from, to: view.to })
      : view.from
        ? t('download.periodFrom', { from: view.from })
        : view.to
          ? t('download.periodTo', { to: view.to })
          : t('download.periodAll');

  const go = async () => {
    if (!format) return;
    setBusy(true);
    setError(null);
    const mark = mode === 'new';
    try {
      const sheet = await downloadSheet({
        format: format.id,
        type,
        ...filter,
        state: mark ? 'new' : 'all',
        mark,
      });
      remember({ format: keyOf(format), type });
      // Today on the shown clock (business time in the sandbox), in the reseller's zone.
      const day = secondsToDay(Math.floor(shownNow() / 1000));
      download(sheet.fileName ?? `${t('download.fileName')}-${day}.${type}`, new Blob([sheet.blob], { type: MIME[type] }));
      void qc.invalidateQueries({ queryKey: shipmentKeys.all });
      const said = t(mark ? 'download.done' : 'download.doneAgain', { count: sheet.count });
      const more = sheet.more ? ` ${t('download.more', { count: sheet.more })}` : '';
      const batch = sheet.batch;
      void toast(said + more, {
        variant: 'success',
        ...(batch !== null && {
          autoHideDuration: 15_000,
          action: (key) => (
            <Button
              color="inherit"
              size="small"
              data-testid="shipments-undo"
              onClick={() => {
                dismissToast(key);
                undoDownload(batch).then(
                  (r) => {
                    void qc.invalidateQueries({ queryKey: shipmentKeys.all });
                    void toast(t('download.undone', { count: r.changed }));
                  },
                  (e: unknown) => void toast(errorText(e), { variant: 'error' }),
                );
              }}
            >
              {t('download.undo')}
            </Button>
          ),
        }),
      });
      onClose();
    } catch (e) {
      // The choices stay as they were; the sentence says what went wrong.
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  const sourceLine = (f: BuiltInFormat | OwnFormat) =>
    'source' in f ? (
      f.source ? (
        <>
          {t('download.source')}
          <Link href={f.source.url} target="_blank" rel="noreferrer noopener">
            {f.source.name}
          </Link>
        </>
      ) : (
        t('download.noSource')
      )
    ) : null;

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('download.title')}</DialogTitle>
      <DialogContent>
        {formats.isError && !formats.data ? (
          <ErrorState error={formats.error} onRetry={() => void formats.refetch()} />
        ) : !formats.data || !format ? (
          <Skeleton variant="rounded" height={200} />
        ) : (
          <Stack spacing={2.5} sx={{ pt: 1 }} data-testid="shipments-download-dialog">
            <Stack spacing={1}>
              <FormControl size="small" fullWidth>
                <InputLabel htmlFor={selectId} shrink>
                  {t('download.format')}
                </InputLabel>
                <NativeSelect
                  id={selectId}
                  value={keyOf(format)}
                  onChange={(e) => setPicked(e.target.value)}
                  input={<OutlinedInput label={t('download.format')} notched />}
                >
                  <optgroup label={t('download.builtIn')}>
                    {formats.data.builtIn.map((f) => (
                      <option key={f.id} value={keyOf(f)}>
                        {f.names[lang]}
                      </option>
                    ))}
                  </optgroup>
                  {formats.data.own.length > 0 && (
                    <optgroup label={t('download.own')}>
                      {formats.data.own.map((f) => (
                        <option key={f.id} value={keyOf(f)}>
                          {f.name}
                        </option>
                      ))}
                    </optgroup>
                  )}
                </NativeSelect>
              </FormControl>
              <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }} data-testid="shipments-format-columns">
                {t('download.columns', { list: fieldNames(format) })} {t(format.perOrder ? 'download.perOrder' : 'download.perPackage')}
              </Typography>
              {'source' in format && (
                <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                  {sourceLine(format)}
                </Typography>
              )}
              <Button size="small" onClick={onManage} sx={{ alignSelf: 'flex-start' }}>
                {t('download.manage')}
              </Button>
            </Stack>
            <FormControl>
              <FormLabel id={`${selectId}-type`}>{t('download.type')}</FormLabel>
              <RadioGroup row aria-labelledby={`${selectId}-type`} value={type} onChange={(_, v) => setType(v as SheetType)}>
                {TYPES.map((x) => (
                  <FormControlLabel key={x} value={x} control={<Radio />} label={t(`download.${x}`)} />
                ))}
              </RadioGroup>
            </FormControl>
            <FormControl>
              <FormLabel id={`${selectId}-which`}>{t('download.which')}</FormLabel>
              <RadioGroup aria-labelledby={`${selectId}-which`} value={mode} onChange={(_, v) => setWhich(v as Which)}>
                <FormControlLabel
                  value="new"
                  disabled={newCount === 0}
                  control={<Radio />}
                  data-testid="shipments-which-new"
                  sx={{ alignItems: 'flex-start', mt: 0.5, '& .MuiRadio-root': { mt: -1 } }}
                  label={
                    <span>
                      {t('download.onlyNew')}
                      <Typography component="span" variant="body2" color="textSecondary" sx={{ display: 'block' }}>
                        {newCount === undefined
                          ? '…'
                          : newCount === 0
                            ? t('download.nothingNew')
                            : t('download.onlyNewHint', { count: newCount })}
                      </Typography>
                    </span>
                  }
                />
                <FormControlLabel
                  value="again"
                  control={<Radio />}
                  data-testid="shipments-which-again"
                  sx={{ alignItems: 'flex-start', mt: 1, '& .MuiRadio-root': { mt: -1 } }}
                  label={
                    <span>
                      {t('download.again')}
                      <Typography component="span" variant="body2" color="textSecondary" sx={{ display: 'block' }}>
                        {t('download.againHint', { period })}
                      </Typography>
                    </span>
                  }
                />
              </RadioGroup>
            </FormControl>
            {error != null && (
              <Alert severity="error" role="alert">
                {errorText(error)}
                <RequestReference error={error} />
              </Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('download.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void go()}
          loading={busy}
          disabled={!format || (mode === 'new' && !newCount)}
          data-testid="shipments-download-go"
        >
          {t('download.go')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
