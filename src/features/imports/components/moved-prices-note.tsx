import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatFen } from '../../../lib/money';
import { useLang } from '../../../lib/use-lang';
import type { MovedOrder } from '../moved-prices';

/** Lines named before "and N more". */
const SHOWN = 6;

/**
 * Before placing: the ready orders whose goods' agreement price moved since the check (the gateway's
 * goods mirror knew), each line with its price now and then, the goods and total at the new prices,
 * and "Check again". The dialog's own button places them at the new prices.
 */
export function MovedPricesNote({
  moved,
  goods,
  goodsWas,
  total,
  onRecheck,
}: {
  moved: readonly MovedOrder[];
  /** Goods of all ready orders at the new prices, and as checked; the total with freight (fen). */
  goods: number;
  goodsWas: number;
  total: number;
  onRecheck: () => void;
}) {
  const { t } = useTranslation('imports');
  const lang = useLang();
  const lines = moved.flatMap((o) => o.lines.map((l) => ({ order: o.orderSn || o.key, ...l })));
  return (
    <Alert severity="warning" data-testid="import-moved" sx={{ mt: 1 }}>
      <AlertTitle>{t('moved.title', { count: lines.length })}</AlertTitle>
      <Typography variant="body2">{t('moved.body', { count: moved.length })}</Typography>
      <Box component="ul" sx={{ m: 0, my: 0.5, pl: 2.5, overflowWrap: 'anywhere' }}>
        {lines.slice(0, SHOWN).map((l) => (
          <Typography component="li" variant="body2" key={`${l.order}-${l.sku}`} data-testid="import-moved-line" data-order={l.order}>
            {t('moved.line', { order: l.order, sku: l.sku, now: formatFen(l.now, lang), was: formatFen(l.was, lang) })}
          </Typography>
        ))}
        {lines.length > SHOWN && (
          <Typography component="li" variant="body2">
            {t('moved.more', { count: lines.length - SHOWN })}
          </Typography>
        )}
      </Box>
      <Typography variant="body2" data-testid="import-moved-totals">
        {t('moved.totals', { goods: formatFen(goods, lang), goodsWas: formatFen(goodsWas, lang), total: formatFen(total, lang) })}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {t('moved.hint')}
      </Typography>
      <Button size="small" variant="outlined" color="inherit" sx={{ mt: 1 }} onClick={onRecheck} data-testid="import-moved-recheck">
        {t('place.recheck')}
      </Button>
    </Alert>
  );
}
