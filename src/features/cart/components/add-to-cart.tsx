import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import type { GoodsDetail } from '../../../../contract';
import { formatFen } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { useLang } from '../../../lib/use-lang';
import { useAddToCart } from '../api/cart';
import { lineFrom, orderable } from './line-from';

/** On a product detail: pick a SKU and a quantity (bounded by its stock) and put them in the cart. */
export function AddToCart({ goods }: { goods: GoodsDetail }) {
  const { t } = useTranslation('cart');
  const lang = useLang();
  const text = useErrorText();
  const options = orderable(goods);
  const [sku, setSku] = useState(options[0]?.id ?? 0);
  const [qty, setQty] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const cart = useAddToCart();
  const option = options.find((o) => o.id === sku);
  const n = Number(qty);
  const qtyError = !option
    ? null
    : !Number.isInteger(n) || n < 1
      ? t('qtyMin')
      : n > option.stock
        ? t('qtyStock', { stock: option.stock })
        : null;

  if (!options.length) return <Alert severity="info">{goods.status === 1 ? t('noStock') : t('offSale')}</Alert>;
  const add = async () => {
    if (!option || qtyError) return;
    setError(null);
    try {
      await cart.add([lineFrom(goods, option, n)]);
      void toast(t('added', { count: 1 }), { variant: 'success' });
    } catch (e) {
      setError(e instanceof RangeError ? t('cartFull') : text(e));
    }
  };
  return (
    <Stack spacing={1.5} data-testid="add-to-cart">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          select
          size="small"
          label={t('sku')}
          value={sku}
          onChange={(e) => setSku(Number(e.target.value))}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 240 }}
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
          value={qty}
          onChange={(e) => setQty(e.target.value)}
          error={!!qtyError}
          helperText={qtyError ?? ' '}
          slotProps={{ htmlInput: { min: 1, max: option?.stock ?? 1, step: 1 } }}
          sx={{ width: { sm: 140 } }}
        />
        <Button
          variant="contained"
          startIcon={<AddShoppingCartIcon />}
          loading={cart.isPending}
          disabled={!!qtyError}
          onClick={() => void add()}
          sx={{ alignSelf: 'flex-start', mt: { sm: '1px' } }}
        >
          {t('add')}
        </Button>
        <Button component={RouterLink} to="/cart" sx={{ alignSelf: 'flex-start' }}>
          {t('open')}
        </Button>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}
