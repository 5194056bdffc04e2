import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { WATCH_REASONS, type WatchAtRiskGoods } from '../../../../contract';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { formatFen, formatRate } from '../../../lib/money';
import { beforeAfter } from '../../../lib/before-after';
import { formatMillis } from '../../../lib/time';
import { dismissToast, toast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { useLang } from '../../../lib/use-lang';
import { read } from '../../../lib/url-view';
import { ListGoodsDrawer, useOpenGoods } from '../../catalogue';
import { useAddToLibrary, useRemoveFromLibrary } from '../../selection';
import { atRiskQuery, rulesQuery } from '../api';
import { MinRateForm } from '../components/min-rate-form';

const PAGE = 50;

/**
 * "At risk": the library goods that now earn less than their minimum profit rate, went off sale or
 * out of stock (the gateway's goods watch), each with its rate before and after the change and
 * one-click actions: its price history (the product drawer), remove from the library (with undo),
 * open in the catalogue, set its own minimum. The library's minimum is set at the top.
 */
export function AtRiskPage() {
  const { t } = useTranslation('watch');
  const lang = useLang();
  const [size, setSize] = useState(PAGE);
  // One reason only (`?reason=off-sale`, what the strip's "library goods off sale" opens), or every reason.
  const [params, setParams] = useSearchParams();
  const reason = read.oneOf(params, 'reason', ['all', ...WATCH_REASONS] as const, 'all');
  const only = reason === 'all' ? undefined : reason;
  const list = useQuery(atRiskQuery(1, size, only));
  const rules = useQuery(rulesQuery());
  const [, openGoods] = useOpenGoods();
  const [raising, setRaising] = useState<WatchAtRiskGoods | null>(null);
  const remove = useRemoveFromLibrary();
  const add = useAddToLibrary();
  const errorText = useErrorText();

  const removeOne = (g: WatchAtRiskGoods) =>
    remove.mutate([g.goodsId], {
      onSuccess: () =>
        void toast(t('list.removedOne', { title: g.title }), {
          action: (key) => (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                dismissToast(key);
                add.mutate([g.goodsId], { onSuccess: () => void toast(t('list.restored', { title: g.title })) });
              }}
            >
              {t('list.undo')}
            </Button>
          ),
        }),
      onError: (e) => void toast(errorText(e), { variant: 'error' }),
    });

  return (
    <Box>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
          {t('rules.title')}
        </Typography>
        {rules.isPending ? (
          <Skeleton variant="rounded" height={56} />
        ) : (
          <MinRateForm key={String(rules.data?.library?.minRate ?? '')} current={rules.data?.library?.minRate ?? null} />
        )}
      </Paper>
      <Stack
        direction="row"
        spacing={1}
        sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center', mb: 2 }}
        role="group"
        aria-label={t('filter.label')}
      >
        <Typography variant="body2" color="textSecondary" component="span">
          {t('filter.label')}
        </Typography>
        {(['all', ...WATCH_REASONS] as const).map((r) => (
          <Chip
            key={r}
            size="small"
            clickable
            aria-pressed={reason === r}
            color={reason === r ? 'primary' : 'default'}
            variant={reason === r ? 'filled' : 'outlined'}
            label={r === 'all' ? t('filter.all') : t(`reason.${r}`)}
            data-testid={`at-risk-filter-${r}`}
            onClick={() => {
              setSize(PAGE);
              setParams((p) => {
                const next = new URLSearchParams(p);
                if (r === 'all') next.delete('reason');
                else next.set('reason', r);
                return next;
              });
            }}
          />
        ))}
      </Stack>
      {list.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.total === 0 ? (
        <EmptyState title={only ? t('list.emptyFor', { reason: t(`reason.${only}`) }) : t('list.empty')} />
      ) : (
        <Stack spacing={1.5}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }} data-testid="at-risk-count">
            {only
              ? t('list.countFor', { count: list.data.total, reason: t(`reason.${only}`) })
              : t('list.count', { count: list.data.total })}
          </Typography>
          {list.data.list.map((g) => (
            <Paper key={g.goodsId} variant="outlined" sx={{ p: 2 }} component="article" aria-label={g.title}>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center', mb: 1 }}>
                <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700, overflowWrap: 'anywhere', flex: '1 1 240px' }}>
                  {g.title}{' '}
                  <Typography component="span" color="textSecondary">
                    #{g.goodsId}
                  </Typography>
                </Typography>
                {g.reasons.map((r) => (
                  <Chip
                    key={r}
                    size="small"
                    color={r === 'below-margin' ? 'warning' : 'error'}
                    variant="outlined"
                    label={t(`reason.${r}`)}
                  />
                ))}
              </Stack>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {g.skus.map((s) => (
                  <Typography component="li" key={s.sku} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {s.spec || `SKU ${s.sku}`} · {t('list.price')}{' '}
                    {beforeAfter(s.agreementBefore === null ? null : formatFen(s.agreementBefore, lang), formatFen(s.agreementPrice, lang))}{' '}
                    · {t('history.rate')}{' '}
                    {beforeAfter(s.rateBefore === null ? null : formatRate(s.rateBefore, lang), formatRate(s.rateAfter, lang))}
                    {g.minRate !== null ? ` (${t('history.minimum', { rate: formatRate(g.minRate, lang) })})` : ''} ·{' '}
                    <span data-testid={`at-risk-retail-${s.sku}`}>
                      {t('list.retail', { price: formatFen(s.retail, lang), source: t(`list.source.${s.retailSource}`) })}
                    </span>{' '}
                    · {s.reasons.map((r) => t(`reason.${r}`)).join('、')} · {t('list.changed')} {formatMillis(s.changedAt, lang)}
                  </Typography>
                ))}
              </Box>
              <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
                <Button size="small" variant="outlined" onClick={() => openGoods(g.goodsId, 'history')}>
                  {t('list.history')}
                </Button>
                <Button size="small" variant="outlined" color="error" disabled={remove.isPending} onClick={() => removeOne(g)}>
                  {t('list.remove')}
                </Button>
                <Button size="small" component={RouterLink} to={`/catalogue/goods/${g.goodsId}`}>
                  {t('list.open')}
                </Button>
                <Button size="small" onClick={() => setRaising(g)}>
                  {t('list.raise')}
                </Button>
              </Stack>
            </Paper>
          ))}
          {list.data.total > list.data.list.length && (
            <Button onClick={() => setSize((n) => Math.min(100, n + PAGE))} disabled={size >= 100} sx={{ alignSelf: 'flex-start' }}>
              {t('list.more')}
            </Button>
          )}
        </Stack>
      )}
      <Dialog open={raising !== null} onClose={() => setRaising(null)} fullWidth maxWidth="sm">
        <DialogTitle>{raising ? `${t('list.raise')}: ${raising.title}` : ''}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          {raising && <MinRateForm goodsId={raising.goodsId} current={raising.minRate} onSaved={() => setRaising(null)} />}
        </DialogContent>
      </Dialog>
      <ListGoodsDrawer />
    </Box>
  );
}
