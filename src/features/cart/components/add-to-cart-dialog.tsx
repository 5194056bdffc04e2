import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { ErrorState } from '../../../components/error-state';
import { SourceChip } from '../../../components/source-chip';
import { formatFen } from '../../../lib/money';
import { STALE } from '../../../lib/stale';
import { toast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { useLang } from '../../../lib/use-lang';
import { cartKeys, fetchDetails, useAddToCart } from '../api/cart';
import { lineFrom, orderable } from './line-from';

interface Pick {
  sku: number;
  qty: string;
}

/**
 * Selected rows of a goods list into the cart: one row per product, with its SKU chosen where it has
 * several and a quantity; products that cannot be ordered now say why and are left out.
 */
export function AddToCartDialog({ ids, open, onClose, onDone }: { ids: number[]; open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('cart');
  const lang = useLang();
  const text = useErrorText();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const details = useQuery({
    queryKey: cartKeys.fresh(ids),
    queryFn: ({ signal }) => fetchDetails(ids, signal),
    staleTime: STALE.catalogue,
    enabled: open && ids.length > 0,
  });
  const [picks, setPicks] = useState<Record<number, Pick>>({});
  const [error, setError] = useState<string | null>(null);
  const cart = useAddToCart();

  const rows = (details.data ?? []).map((g) => {
    const options = orderable(g);
    const pick = picks[g.id] ?? { sku: options[0]?.id ?? 0, qty: '1' };
    const option = options.find((o) => o.id === pick.sku);
    const n = Number(pick.qty);
    const bad = !option
      ? null
      : !Number.isInteger(n) || n < 1
        ? t('qtyMin')
        : n > option.stock
          ? t('qtyStock', { stock: option.stock })
          : null;
    return { g, options, pick, option, n, bad };
  });
  const addable = rows.filter((r) => r.option);
  const invalid = addable.some((r) => r.bad);

  const confirm = async () => {
    setError(null);
    try {
      await cart.add(addable.map((r) => lineFrom(r.g, r.option!, r.n)));
      void toast(t('added', { count: addable.length }), { variant: 'success' });
      onDone();
    } catch (e) {
      setError(e instanceof RangeError ? t('cartFull') : text(e));
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="add-to-cart-title">
      <DialogTitle id="add-to-cart-title">{t('dialogTitle', { count: ids.length })}</DialogTitle>
      <DialogContent dividers>
        {details.isError ? (
          <ErrorState error={details.error} onRetry={() => void details.refetch()} />
        ) : !details.data ? (
          <Stack spacing={1}>
            {ids.slice(0, 4).map((id) => (
              <Skeleton key={id} variant="rounded" height={56} />
            ))}
          </Stack>
        ) : (
          <Stack spacing={2} divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
            {rows.map(({ g, options, pick, bad }) => (
              <Stack
                key={g.id}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1.5}
                sx={{ alignItems: { sm: 'center' } }}
                data-testid="cart-pick"
                data-goods-id={g.id}
              >
                <Stack direction="row" spacing={1.5} sx={{ flex: 1, minWidth: 0, alignItems: 'center' }}>
                  <Box component="img" src={g.cover} alt="" sx={{ width: 48, height: 48, borderRadius: 1, flexShrink: 0 }} />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {g.title}
                    </Typography>
                    <SourceChip source={g.source} />
                  </Box>
                </Stack>
                {options.length === 0 ? (
                  <Typography variant="body2" color="warning">
                    {g.status === 1 ? t('noStock') : t('offSale')}
                  </Typography>
                ) : (
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                    <TextField
                      select
                      size="small"
                      label={t('sku')}
                      value={pick.sku}
                      onChange={(e) => setPicks((p) => ({ ...p, [g.id]: { ...pick, sku: Number(e.target.value) } }))}
                      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                      sx={{ width: { xs: 1, sm: 330 } }}
                    >
                      {options.map((o) => (
                        <option key={o.id} value={o.id}>
                          {`${o.spec_value_names || t('onlySku')} · ${formatFen(o.agreement_price, lang)} · ${t('stockOf', { stock: o.stock })}`}
                        </option>
                      ))}
                    </TextField>
                    <TextField
                      size="small"
                      type="number"
                      label={t('quantity')}
                      value={pick.qty}
                      onChange={(e) => setPicks((p) => ({ ...p, [g.id]: { ...pick, qty: e.target.value } }))}
                      error={!!bad}
                      helperText={bad ?? undefined}
                      slotProps={{ htmlInput: { min: 1, step: 1 } }}
                      sx={{ width: 110, flexShrink: 0 }}
                    />
                  </Stack>
                )}
              </Stack>
            ))}
          </Stack>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button
          variant="contained"
          loading={cart.isPending}
          disabled={!details.data || addable.length === 0 || invalid}
          onClick={() => void confirm()}
        >
          {t('addCount', { count: addable.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
