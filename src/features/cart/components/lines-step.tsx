import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { formatFen } from '../../../lib/money';
import { useLang } from '../../../lib/use-lang';
import { lineRisk, type LineView } from '../checkout';
import { LineRow } from './line-row';

/** The most a line may ask for: the SKU's stock now (9999 at most, the supplier's limit per line). */
export const maxQty = (v: LineView) => Math.min(9999, v.option?.stock ?? 9999);
export const qtyOk = (v: LineView) => v.line.number >= 1 && v.line.number <= maxQty(v);

function QtyField({ view, onChange }: { view: LineView; onChange: (n: number) => void }) {
  const { t } = useTranslation('cart');
  const [typed, setTyped] = useState(String(view.line.number));
  const max = maxQty(view);
  const n = Number(typed);
  const error = !Number.isInteger(n) || n < 1 ? t('qtyMin') : n > max ? t('qtyStock', { stock: max }) : null;
  return (
    <TextField
      size="small"
      type="number"
      label={t('quantity')}
      value={typed}
      onChange={(e) => {
        setTyped(e.target.value);
        const v = Number(e.target.value);
        if (Number.isInteger(v) && v >= 1 && v <= 9999 && v !== view.line.number) onChange(v);
      }}
      error={!!error || view.line.number > max}
      helperText={error ?? (view.line.number > max ? t('qtyStock', { stock: max }) : undefined)}
      slotProps={{ htmlInput: { min: 1, max, step: 1, 'data-testid': 'qty' } }}
      sx={{ width: 120 }}
    />
  );
}

/** Step 1: the lines with their current agreement price, quantity bounded by stock, line total, remove. */
export function LinesStep({
  views,
  loading,
  onQty,
  onRemove,
}: {
  views: LineView[];
  loading: boolean;
  onQty: (sku: number, n: number) => void;
  onRemove: (sku: number) => void;
}) {
  const { t } = useTranslation('cart');
  const lang = useLang();
  return (
    <Stack spacing={1}>
      {views.map((v) => {
        const now = v.option?.agreement_price;
        // Off sale, out of stock or repriced since it was added: said on the line, with the price now, before anything is sent.
        const risk = loading ? null : lineRisk(v);
        return (
          <LineRow key={v.line.sku} line={v.line}>
            <QtyField view={v} onChange={(n) => onQty(v.line.sku, n)} />
            <Stack sx={{ minWidth: 110, alignItems: 'flex-end' }}>
              <Typography variant="caption" color="textSecondary">
                {t('price')}
              </Typography>
              {loading ? (
                <Skeleton width={60} />
              ) : (
                <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="line-price">
                  {formatFen(now ?? v.line.price, lang)}
                </Typography>
              )}
              {now !== undefined && now !== v.line.price && (
                <Typography variant="caption" color="warning">
                  {t('wasPrice', { price: formatFen(v.line.price, lang) })}
                </Typography>
              )}
            </Stack>
            <Stack sx={{ minWidth: 110, alignItems: 'flex-end' }}>
              <Typography variant="caption" color="textSecondary">
                {t('lineTotal')}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} data-testid="line-total">
                {formatFen((now ?? v.line.price) * v.line.number, lang)}
              </Typography>
            </Stack>
            <IconButton aria-label={t('remove', { title: v.line.title })} title={t('removeShort')} onClick={() => onRemove(v.line.sku)}>
              <DeleteOutlineIcon />
            </IconButton>
            {risk && (
              <Alert severity="warning" sx={{ flexBasis: '100%' }} data-testid="line-risk">
                {t(`atRisk.${risk.kind}`, { price: formatFen(risk.price, lang), was: formatFen(risk.was, lang) })}
              </Alert>
            )}
          </LineRow>
        );
      })}
    </Stack>
  );
}
