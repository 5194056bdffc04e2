import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { RequestReference } from '../../../components/error-state';
import { formatFen } from '../../../lib/money';
import { useErrorText } from '../../../lib/use-error-text';
import { useLang } from '../../../lib/use-lang';
import { recheckRefused, useResend } from '../api';
import { refusalText } from '../refusal-words';

/**
 * The job page's "Check the refused orders again": the gateway checks each refused order with the
 * supplier at its prices now (nothing placed), the dialog shows which can go and at what price,
 * and on the person's word sends those again under their own numbers (the gateway never places a
 * number twice). `round` changes each time it is opened, so each opening checks anew.
 */
export function ResendDialog({ jobId, round, open, onClose }: { jobId: number; round: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['imports', 'cart']);
  const lang = useLang();
  const errorText = useErrorText();
  const check = useQuery({
    // Not under the job's key: its live updates and the resend's invalidation must not check again.
    queryKey: ['imports-recheck', jobId, round],
    queryFn: () => recheckRefused(jobId),
    enabled: open,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const resend = useResend(jobId);
  const orders = check.data?.orders ?? [];
  const ready = orders.filter((o) => o.ready);
  const notReady = orders.filter((o) => !o.ready);
  const goods = ready.reduce((s, o) => s + o.goods, 0);
  const freight = ready.reduce((s, o) => s + o.freight, 0);
  const yuan = (fen: number) => formatFen(fen, lang);
  const sent = resend.data;
  // What was sent stays on screen while the dialog fades out; the page mounts a new dialog for each opening.
  const close = onClose;
  return (
    <Dialog
      open={open}
      onClose={resend.isPending ? undefined : close}
      maxWidth="sm"
      fullWidth
      aria-labelledby="resend-title"
      data-testid="import-resend-dialog"
    >
      <DialogTitle id="resend-title">{t('resend.title')}</DialogTitle>
      <DialogContent>
        {check.isFetching && (
          <Box role="status">
            <Typography variant="body2">{t('resend.checking')}</Typography>
            <LinearProgress aria-label={t('resend.checking')} sx={{ mt: 1 }} />
          </Box>
        )}
        {check.isError && (
          <Alert severity="error">
            {errorText(check.error)}
            <RequestReference error={check.error} />
          </Alert>
        )}
        {check.data && !sent && (
          <Box sx={{ overflowWrap: 'anywhere' }}>
            <Typography variant="body2">{ready.length ? t('resend.ready', { count: ready.length }) : t('resend.none')}</Typography>
            {ready.length > 0 && (
              <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
                {ready.map((o) => (
                  <Typography component="li" variant="body2" key={o.orderSn} data-testid="import-resend-ready" data-order={o.orderSn}>
                    {t('resend.order', { order: o.orderSn, goods: yuan(o.goods), freight: yuan(o.freight) })}
                    {o.lines.map((l) => (
                      <Typography component="span" variant="body2" key={l.sku} sx={{ display: 'block', color: 'text.secondary' }}>
                        {l.was !== null && l.was !== l.price
                          ? t('resend.price', { sku: l.sku, was: yuan(l.was), now: yuan(l.price) })
                          : t('resend.samePrice', { sku: l.sku, now: yuan(l.price) })}
                      </Typography>
                    ))}
                  </Typography>
                ))}
              </Box>
            )}
            {ready.length > 0 && (
              <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="import-resend-totals">
                {t('resend.totals', { total: yuan(goods + freight), goods: yuan(goods), freight: yuan(freight) })}
              </Typography>
            )}
            {notReady.length > 0 && (
              <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
                {notReady.map((o) => (
                  <Typography component="li" variant="body2" key={o.orderSn} data-testid="import-resend-not-ready">
                    {t('resend.notReady', { order: o.orderSn, why: refusalText(t, o.reasons, '', lang) })}
                  </Typography>
                ))}
              </Box>
            )}
          </Box>
        )}
        {sent && (
          <Alert severity={sent.queued.length ? 'success' : 'info'} data-testid="import-resend-sent">
            {t('resend.sent', { count: sent.queued.length })}
            {sent.skipped.length > 0 &&
              ` ${t('resend.skipped', { orders: sent.skipped.map((s) => s.orderSn).join(lang === 'en' ? ', ' : '、') })}`}
          </Alert>
        )}
        {resend.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorText(resend.error)}
            <RequestReference error={resend.error} />
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={resend.isPending}>
          {t('resend.close')}
        </Button>
        {!sent && (
          <Button
            variant="contained"
            disabled={ready.length === 0 || check.isFetching}
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(ready.map((o) => ({ orderSn: o.orderSn, prices: o.lines.map((l) => ({ sku: l.sku, price: l.price })) })))
            }
            data-testid="import-resend-confirm"
          >
            {t('resend.confirm', { count: ready.length })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
