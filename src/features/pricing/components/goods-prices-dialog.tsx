import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
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
import type { Theme } from '@mui/material/styles';
import { profitRateOf, type PricedSku, type PricingGoodsAnswer, type PricingGoodsInput } from '../../../../contract';
import { ErrorState } from '../../../components/error-state';
import { formatFen, formatRate } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { useLang } from '../../../lib/use-lang';
import { pricingGoodsQuery, useSaveGoodsPrices } from '../api';
import { parseOwnRetail, yuanText } from '../rules-form';

/**
 * Each SKU a row of a grid: its figures and fields side by side from a tablet up, under one header;
 * stacked on a phone (each figure then says what it is).
 */
const ROWS = (theme: Theme) =>
  ({
    '& .gp-row': {
      display: 'grid',
      gap: theme.spacing(0.5, 1.5),
      alignItems: 'start',
      paddingBottom: theme.spacing(1),
      borderBottom: `1px solid ${theme.palette.divider}`,
      gridTemplateColumns: '1fr 1fr',
      gridTemplateAreas: '"spec spec" "cost rate" "retail retail" "own own" "code clear"',
      [theme.breakpoints.up('md')]: {
        gridTemplateColumns: 'minmax(96px, 1fr) 76px 112px 76px 120px 112px 128px',
        gridTemplateAreas: '"spec cost retail rate own code clear"',
      },
    },
    '& .gp-head': {
      display: 'none',
      [theme.breakpoints.up('md')]: { display: 'grid' },
      ...theme.typography.caption,
      color: theme.palette.text.secondary,
      fontWeight: 700,
      paddingBottom: theme.spacing(0.5),
      '& > span:nth-of-type(1)': { gridArea: 'spec' },
      '& > span:nth-of-type(2)': { gridArea: 'cost' },
      '& > span:nth-of-type(3)': { gridArea: 'retail' },
      '& > span:nth-of-type(4)': { gridArea: 'rate' },
      '& > span:nth-of-type(5)': { gridArea: 'own' },
      '& > span:nth-of-type(6)': { gridArea: 'code' },
      '& > span:nth-of-type(7)': { gridArea: 'clear' },
      '& > span.gp-num': { paddingTop: 0 },
    },
    '& .gp-spec': { gridArea: 'spec', minWidth: 0 },
    '& .gp-cost': { gridArea: 'cost' },
    '& .gp-retail': { gridArea: 'retail' },
    '& .gp-rate': { gridArea: 'rate' },
    '& .gp-own': { gridArea: 'own' },
    '& .gp-code': { gridArea: 'code' },
    '& .gp-clear': { gridArea: 'clear', justifySelf: 'start', marginTop: theme.spacing(0.5) },
    [theme.breakpoints.up('md')]: {
      '& .gp-num': { textAlign: 'right', paddingTop: theme.spacing(1) },
      '& .gp-spec': { paddingTop: theme.spacing(0.75) },
      '& .gp-label': { display: 'none' },
    },
  }) as const;

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
        <Stack spacing={1} sx={ROWS}>
          <Typography variant="body2" color="textSecondary" data-testid="goods-prices-minimum">
            {t('goods.help')} {min === null ? t('goods.noMinimum') : t('goods.minimum', { min: formatRate(min, lang) })}{' '}
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
          {goods.skus.length > 0 && (
            <Box className="gp-row gp-head" aria-hidden>
              <span>{t('goods.spec')}</span>
              <span className="gp-num">{t('goods.cost')}</span>
              <span className="gp-num">{t('goods.retail')}</span>
              <span className="gp-num">{t('goods.rate')}</span>
              <span>{t('goods.own')}</span>
              <span>{t('goods.code')}</span>
              <span />
            </Box>
          )}
          {parsed.map(({ sku: s, typed: x, own }) => {
            const below = min !== null && s.profitRate !== null && s.profitRate < min;
            const typedRate = own.ok && own.fen !== null && own.fen !== s.own ? profitRateOf(s.cost, own.fen) : null;
            const typedBelow = min !== null && typedRate !== null && typedRate < min;
            const ownError = !own.ok && (shown || x.own !== '') ? t(own.key, own.params) : null;
            const ownHelp =
              ownError ??
              (typedRate === null
                ? undefined
                : typedBelow
                  ? t('goods.belowTyped', { rate: formatRate(typedRate, lang), min: formatRate(min, lang) })
                  : t('goods.typedRate', { rate: formatRate(typedRate, lang) }));
            return (
              <Box
                key={s.sku}
                className="gp-row"
                role="group"
                aria-label={s.spec || `SKU ${s.sku}`}
                data-testid="goods-price-sku"
                data-sku={s.sku}
              >
                <div className="gp-spec">
                  <Typography variant="subtitle2" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                    {s.spec || `SKU ${s.sku}`}
                  </Typography>
                  <Typography variant="caption" color="textSecondary">
                    SKU {s.sku}
                  </Typography>
                </div>
                <Typography variant="body2" className="gp-cost gp-num">
                  <span className="gp-label">{t('goods.cost')} </span>
                  {formatFen(s.cost, lang)}
                </Typography>
                <Typography
                  variant="body2"
                  className="gp-retail gp-num"
                  data-testid="goods-price-retail"
                  data-retail={s.retail}
                  data-source={s.source}
                >
                  <span className="gp-label">{t('goods.retail')} </span>
                  {formatFen(s.retail, lang)}
                  <Typography component="span" variant="caption" color="textSecondary" sx={{ display: 'block' }}>
                    {t('goods.from', { source: t(`source.${s.source}`) })}
                  </Typography>
                </Typography>
                <Typography variant="body2" className="gp-rate gp-num" color={below ? 'warning' : undefined} data-testid="goods-price-rate">
                  <span className="gp-label">{t('goods.rate')} </span>
                  {formatRate(s.profitRate, lang)}
                  {below && (
                    <Typography
                      component="span"
                      variant="caption"
                      color="warning"
                      sx={{ display: 'block' }}
                      data-testid="goods-price-below"
                    >
                      {t('goods.below', { min: formatRate(min, lang) })}
                    </Typography>
                  )}
                </Typography>
                <TextField
                  className="gp-own"
                  size="small"
                  value={x.own}
                  placeholder={yuanText(s.rule ?? s.guide)}
                  onChange={(e) => setTyped((all) => ({ ...all, [s.sku]: { ...x, own: e.target.value } }))}
                  error={!!ownError}
                  helperText={ownHelp}
                  slotProps={{
                    htmlInput: { inputMode: 'decimal', autoComplete: 'off', 'aria-label': t('goods.ownFor', { sku: s.spec || s.sku }) },
                    formHelperText: { sx: typedBelow && !ownError ? { color: 'warning.main' } : undefined },
                  }}
                />
                <TextField
                  className="gp-code"
                  size="small"
                  value={x.code}
                  placeholder={t('goods.code')}
                  onChange={(e) => setTyped((all) => ({ ...all, [s.sku]: { ...x, code: e.target.value } }))}
                  slotProps={{
                    htmlInput: { autoComplete: 'off', maxLength: 64, 'aria-label': t('goods.codeFor', { sku: s.spec || s.sku }) },
                  }}
                />
                <Button
                  className="gp-clear"
                  size="small"
                  disabled={x.own === ''}
                  onClick={() => setTyped((all) => ({ ...all, [s.sku]: { ...x, own: '' } }))}
                  aria-label={t('goods.clearFor', { sku: s.spec || s.sku })}
                >
                  {t('goods.clear')}
                </Button>
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
