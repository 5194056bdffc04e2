import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { profitRateOf, type PricedSku, type PricingGoodsAnswer, type PricingGoodsInput } from '../../../../contract';
import { ErrorState } from '../../../components/error-state';
import { formatFen, formatRate } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { useLang } from '../../../lib/use-lang';
import { pricingGoodsQuery, useSaveGoodsPrices } from '../api';
import { parseOwnRetail, yuanText } from '../rules-form';

interface Typed {
  own: string;
  code: string;
}
const typedOf = (skus: PricedSku[]): Record<number, Typed> =>
  Object.fromEntries(skus.map((s) => [s.sku, { own: s.own === null ? '' : yuanText(s.own), code: s.code ?? '' }]));

/**
 * A goods' SKUs with their cost, retail price (and where it comes from, in words) and profit rate; a
 * SKU's own retail is typed in yuan, or cleared back to the rule. A price under the goods watch's
 * minimum is warned about, as typed and as saved. Opened from the library's rows (lazy).
 */
export function GoodsPricesDialog({ goodsId, title, onClose }: { goodsId: number; title: string; onClose: () => void }) {
  const { t } = useTranslation('pricing');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const goods = useQuery(pricingGoodsQuery(goodsId));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="goods-prices-title">
      <DialogTitle id="goods-prices-title" sx={{ overflowWrap: 'anywhere' }}>
        {t('goods.openFor', { title })}
      </DialogTitle>
      {goods.isPending ? (
        <DialogContent>
          <Skeleton variant="rounded" height={160} />
        </DialogContent>
      ) : goods.isError ? (
        <DialogContent>
          <ErrorState error={goods.error} onRetry={() => void goods.refetch()} />
        </DialogContent>
      ) : (
        <PricesForm key={goods.dataUpdatedAt} goods={goods.data} onClose={onClose} />
      )}
    </Dialog>
  );
}

function PricesForm({ goods, onClose }: { goods: PricingGoodsAnswer; onClose: () => void }) {
  const { t } = useTranslation('pricing');
  const lang = useLang();
  const errorText = useErrorText({ retail: t('goods.own'), code: t('goods.code') });
  const save = useSaveGoodsPrices(goods.goodsId);
  const [typed, setTyped] = useState(() => typedOf(goods.skus));
  const [refusal, setRefusal] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const min = goods.minRate;

  const parsed = goods.skus.map((s) => ({ sku: s, typed: typed[s.sku]!, own: parseOwnRetail(typed[s.sku]!.own) }));
  const changed = parsed.filter(
    ({ sku, typed: x, own }) => (own.ok && own.fen !== sku.own) || !own.ok || x.code.trim() !== (sku.code ?? ''),
  );
  const bad = parsed.some((p) => !p.own.ok);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setShown(true);
    if (bad || changed.length === 0) return;
    setRefusal(null);
    const input: PricingGoodsInput = {
      skus: changed.map(({ sku, typed: x, own }) => ({
        sku: sku.sku,
        retail: own.ok ? own.fen : null,
        ...(x.code.trim() !== (sku.code ?? '') ? { code: x.code.trim() || null } : {}),
      })),
    };
    save.mutateAsync(input).then(
      () => {
        void toast(t('goods.saved'), { variant: 'success' });
        onClose();
      },
      // What was typed stays.
      (err: unknown) => setRefusal(errorText(err)),
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
      <DialogContent dividers>
        <Stack spacing={1.5}>
          <Typography variant="body2" color="textSecondary" data-testid="goods-prices-minimum">
            {min === null ? t('goods.noMinimum') : t('goods.minimum', { min: formatRate(min, lang) })}{' '}
            <Button component={RouterLink} to="/pricing" size="small" onClick={onClose}>
              {t('goods.rules')}
            </Button>
          </Typography>
          {refusal && (
            <Alert severity="error" data-testid="goods-prices-refusal">
              {refusal}
            </Alert>
          )}
          {goods.skus.length === 0 && <Alert severity="info">{t('goods.empty')}</Alert>}
          {parsed.map(({ sku: s, typed: x, own }) => {
            const below = min !== null && s.profitRate !== null && s.profitRate < min;
            const typedRate = own.ok && own.fen !== null && own.fen !== s.own ? profitRateOf(s.cost, own.fen) : null;
            const typedBelow = min !== null && typedRate !== null && typedRate < min;
            const ownError = !own.ok && (shown || x.own !== '') ? t(own.key, own.params) : null;
            return (
              <Box
                key={s.sku}
                role="group"
                aria-label={s.spec || `SKU ${s.sku}`}
                data-testid="goods-price-sku"
                data-sku={s.sku}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mb: 1 }}>
                  <Typography variant="subtitle2" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                    {s.spec || `SKU ${s.sku}`}
                  </Typography>
                  <Typography variant="caption" color="textSecondary">
                    SKU {s.sku}
                  </Typography>
                </Stack>
                <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mb: 1.5, alignItems: 'center' }}>
                  <Typography variant="body2">
                    {t('goods.cost')} {formatFen(s.cost, lang)}
                  </Typography>
                  <Typography variant="body2" data-testid="goods-price-retail" data-retail={s.retail} data-source={s.source}>
                    {t('goods.retail')} {formatFen(s.retail, lang)} · {t(`source.${s.source}`)}
                  </Typography>
                  <Typography variant="body2" color={below ? 'warning' : undefined} data-testid="goods-price-rate">
                    {t('goods.rate')} {formatRate(s.profitRate, lang)}
                  </Typography>
                  {below && (
                    <Chip size="small" color="warning" variant="outlined" label={t('goods.below', { min: formatRate(min, lang) })} />
                  )}
                </Stack>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
                  <TextField
                    size="small"
                    label={t('goods.own')}
                    value={x.own}
                    placeholder={yuanText(s.rule ?? s.guide)}
                    onChange={(e) => setTyped((all) => ({ ...all, [s.sku]: { ...x, own: e.target.value } }))}
                    error={!!ownError}
                    helperText={
                      ownError ??
                      (typedRate !== null
                        ? typedBelow
                          ? t('goods.belowTyped', { rate: formatRate(typedRate, lang), min: formatRate(min, lang) })
                          : t('goods.typedRate', { rate: formatRate(typedRate, lang) })
                        : t('goods.ownHelp'))
                    }
                    slotProps={{
                      htmlInput: { inputMode: 'decimal', autoComplete: 'off', 'aria-label': t('goods.ownFor', { sku: s.sku }) },
                      formHelperText: { sx: typedBelow && !ownError ? { color: 'warning.main' } : undefined },
                      inputLabel: { shrink: true },
                    }}
                    sx={{ width: { xs: '100%', sm: 220 } }}
                  />
                  <TextField
                    size="small"
                    label={t('goods.code')}
                    value={x.code}
                    onChange={(e) => setTyped((all) => ({ ...all, [s.sku]: { ...x, code: e.target.value } }))}
                    helperText={t('goods.codeHelp')}
                    slotProps={{ htmlInput: { autoComplete: 'off', maxLength: 64 }, inputLabel: { shrink: true } }}
                    sx={{ width: { xs: '100%', sm: 200 } }}
                  />
                  <Button
                    disabled={x.own === ''}
                    onClick={() => setTyped((all) => ({ ...all, [s.sku]: { ...x, own: '' } }))}
                    aria-label={t('goods.clearFor', { sku: s.sku })}
                    sx={{ mt: { sm: 0.25 }, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
                  >
                    {t('goods.clear')}
                  </Button>
                </Stack>
              </Box>
            );
          })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('goods.close')}</Button>
        <Button type="submit" variant="contained" loading={save.isPending} disabled={changed.length === 0}>
          {t('goods.save')}
        </Button>
      </DialogActions>
    </Box>
  );
}
