import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import type { BuiltInFormat, OwnFormat } from '../../../../contract/schemas/shipments';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/error-state';
import { formatMillis } from '../../../lib/time';
import { toast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { useLang } from '../../../lib/use-lang';
import { formatsQuery, useDeleteFormat } from '../api';
import { FormatEditor, type FormatDraft } from './format-editor';

/** A new format's start: the first built-in format's columns (the generic 订单号, 物流公司, 运单号), else those three named in the person's language. */
const BLANK = (t: (k: string) => string, first: BuiltInFormat | undefined): FormatDraft => ({
  name: '',
  columns: first?.columns ?? [
    { field: 'shopOrderSn', header: t('editor.fields.shopOrderSn') },
    { field: 'courierName', header: t('columns.courier') },
    { field: 'trackingNo', header: t('columns.trackingNo') },
  ],
  perOrder: false,
  joiner: ',',
  carrierMap: {},
});

/**
 * The sheet formats: the built-in ones (with where their headers come from; a format of one's own can
 * start from any) and the team's own, to create, change and delete.
 */
export function FormatsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('shipments');
  const lang = useLang();
  const errorText = useErrorText();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const formats = useQuery(formatsQuery());
  const remove = useDeleteFormat();
  const [editing, setEditing] = useState<FormatDraft | null>(null);
  const [removing, setRemoving] = useState<OwnFormat | null>(null);
  const titleId = useId();
  const columnsOf = (f: BuiltInFormat | OwnFormat) => f.columns.map((c) => c.header).join(lang === 'en' ? ', ' : '、');

  const fromBuiltIn = (f: BuiltInFormat): FormatDraft => ({
    name: t('editor.copyName', { name: f.names[lang] }),
    columns: f.columns,
    perOrder: f.perOrder,
    joiner: f.joiner || ',',
    carrierMap: f.carrierMap,
  });
  const fromOwn = (f: OwnFormat): FormatDraft => ({
    id: f.id,
    name: f.name,
    columns: f.columns,
    perOrder: f.perOrder,
    joiner: f.joiner || ',',
    carrierMap: f.carrierMap,
  });

  return (
    <>
      <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('formats.title')}</DialogTitle>
        <DialogContent>
          {formats.isError && !formats.data ? (
            <ErrorState error={formats.error} onRetry={() => void formats.refetch()} />
          ) : !formats.data ? (
            <Skeleton variant="rounded" height={240} />
          ) : (
            <Stack spacing={2.5} data-testid="shipments-formats">
              <Typography variant="body2" color="textSecondary">
                {t('formats.intro')}
              </Typography>
              <Stack spacing={1}>
                <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                    {t('formats.own')}
                  </Typography>
                  <Button
                    variant="contained"
                    startIcon={<AddIcon />}
                    onClick={() =>
                      setEditing(
                        BLANK(
                          t,
                          formats.data.builtIn.find((f) => !f.perOrder),
                        ),
                      )
                    }
                    data-testid="format-add"
                  >
                    {t('formats.add')}
                  </Button>
                </Stack>
                {formats.data.own.length === 0 ? (
                  <Typography variant="body2" color="textSecondary">
                    {t('formats.noOwn')}
                  </Typography>
                ) : (
                  formats.data.own.map((f) => (
                    <Paper key={f.id} variant="outlined" sx={{ p: 1.5 }} data-testid="own-format">
                      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
                        <Stack sx={{ minWidth: 0 }}>
                          <Typography variant="subtitle2" component="h4" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                            {f.name}
                          </Typography>
                          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                            {t('download.columns', { list: columnsOf(f) })}
                          </Typography>
                          <Typography variant="caption" color="textSecondary">
                            {t('formats.by', { who: f.updatedBy, when: formatMillis(f.updatedAt, lang) })}
                          </Typography>
                        </Stack>
                        <Stack direction="row" spacing={1} sx={{ flexShrink: 0, alignItems: 'flex-start' }}>
                          <Button
                            size="small"
                            variant="outlined"
                            onClick={() => setEditing(fromOwn(f))}
                            aria-label={t('formats.edit', { name: f.name })}
                          >
                            {t('formats.editButton')}
                          </Button>
                          <Button
                            size="small"
                            color="error"
                            onClick={() => (remove.reset(), setRemoving(f))}
                            aria-label={t('formats.remove', { name: f.name })}
                          >
                            {t('formats.removeYes')}
                          </Button>
                        </Stack>
                      </Stack>
                    </Paper>
                  ))
                )}
              </Stack>
              <Stack spacing={1}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                  {t('formats.builtIn')}
                </Typography>
                {formats.data.builtIn.map((f) => (
                  <Paper key={f.id} variant="outlined" sx={{ p: 1.5 }} data-testid="built-in-format">
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
                      <Stack sx={{ minWidth: 0 }}>
                        <Typography variant="subtitle2" component="h4" sx={{ fontWeight: 700 }}>
                          {f.names[lang]}
                        </Typography>
                        <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                          {t('download.columns', { list: columnsOf(f) })}
                        </Typography>
                        <Typography variant="caption" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                          {f.source ? (
                            <>
                              {t('download.source')}
                              <Link href={f.source.url} target="_blank" rel="noreferrer noopener">
                                {f.source.name}
                              </Link>
                            </>
                          ) : (
                            t('download.noSource')
                          )}
                        </Typography>
                      </Stack>
                      <Button
                        size="small"
                        onClick={() => setEditing(fromBuiltIn(f))}
                        sx={{ flexShrink: 0, alignSelf: 'flex-start' }}
                        aria-label={t('formats.copy', { name: f.names[lang] })}
                      >
                        {t('formats.copyButton')}
                      </Button>
                    </Stack>
                  </Paper>
                ))}
              </Stack>
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('formats.close')}</Button>
        </DialogActions>
      </Dialog>
      {editing && <FormatEditor draft={editing} couriers={formats.data?.couriers ?? []} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={removing !== null}
        title={t('formats.removeTitle', { name: removing?.name ?? '' })}
        body={t('formats.removeBody')}
        confirm={t('formats.removeYes')}
        cancel={t('editor.cancel')}
        color="error"
        pending={remove.isPending}
        error={remove.error ? errorText(remove.error) : null}
        failure={remove.error}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const f = removing;
          if (!f) return;
          remove.mutate(f.id, {
            onSuccess: () => {
              setRemoving(null);
              void toast(t('formats.removed', { name: f.name }), { variant: 'success' });
            },
          });
        }}
      />
    </>
  );
}
