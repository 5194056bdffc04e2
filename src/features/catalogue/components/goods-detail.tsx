import { Suspense, useState } from 'react';
import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import { ErrorState } from '../../../components/error-state';
import { SourceChip } from '../../../components/source-chip';
import { formatFen, formatRate } from '../../../lib/money';
import { formatSeconds } from '../../../lib/time';
import { useLang } from '../../../lib/use-lang';
import { useCan } from '../../account';
import { useAddToLibrary } from '../../selection';
import { AddToCart } from '../../cart';
import { PriceHistory } from '../../watch';
import { commentsQuery, goodsDetailQuery } from '../api/queries';
import { AvailabilityCheck } from './availability-check';
import { SkuMatrix } from './sku-matrix';
import { GOODS_TITLE_ID } from './goods-title-id';
import { GoodsMissing } from './goods-missing';
import { OpError } from '../../../lib/bff';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Everything about one product: pictures, prices in yuan, SKU matrix, attributes, description, comments, availability. */
export function GoodsDetailView({ id }: { id: number }) {
  const { t } = useTranslation(['catalogue', 'cart']);
  const lang = useLang();
  const can = useCan();
  const detail = useQuery(goodsDetailQuery(id));
  const [picture, setPicture] = useState(0);
  const [commentSku, setCommentSku] = useState<number | null>(null);
  const add = useAddToLibrary();
  const sku = commentSku ?? detail.data?.specs.options[0]?.id ?? 0;
  const comments = useQuery({ ...commentsQuery(sku), enabled: sku > 0 });

  if (detail.isPending) return <Skeleton variant="rounded" height={400} />;
  // The supplier's refusal of an id means there is no such product; anything else may pass with a retry.
  if (detail.isError)
    return detail.error instanceof OpError && detail.error.kind === 'upstream' ? (
      <GoodsMissing />
    ) : (
      <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
    );
  const g = detail.data;
  const pictures = g.covers.length ? g.covers : [g.cover];
  // The description is the supplier's HTML: only safe markup and images are kept.
  const description = DOMPurify.sanitize(g.description, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'iframe'],
  });
  const prices: [string, number][] = [
    [t('detail.cost'), g.agreement_price],
    [t('detail.promo'), g.activity_price],
    [t('detail.guide'), g.guide_price],
    [t('detail.market'), g.market_price],
  ];

  return (
    <Box data-testid="goods-detail">
      <Grid container spacing={3}>
        {/* On a phone the title and prices come first, the gallery under them. */}
        <Grid size={{ xs: 12, md: 5 }} sx={{ order: { xs: 2, md: 1 } }}>
          <Box
            component="img"
            src={pictures[picture]}
            alt={t('app:goods.imageAlt', { title: g.title })}
            sx={{ width: '100%', aspectRatio: '1 / 1', borderRadius: 2, objectFit: 'cover' }}
          />
          <Stack direction="row" spacing={1} sx={{ mt: 1, overflowX: 'auto' }}>
            {pictures.map((src, i) => (
              <Box
                key={src}
                component="button"
                type="button"
                onClick={() => setPicture(i)}
                aria-label={`${i + 1} / ${pictures.length}`}
                sx={{
                  p: 0,
                  border: 2,
                  borderColor: i === picture ? 'primary.main' : 'transparent',
                  borderRadius: 1,
                  bgcolor: 'transparent',
                  cursor: 'pointer',
                }}
              >
                <Box component="img" src={src} alt="" sx={{ width: 56, height: 56, display: 'block', borderRadius: 0.5 }} />
              </Box>
            ))}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }} sx={{ order: { xs: 1, md: 2 } }}>
          <Stack spacing={1}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <SourceChip source={g.source} />
              <Chip
                size="small"
                color={g.status === 1 ? 'success' : 'default'}
                label={g.status === 1 ? t('detail.onSale') : t('detail.offSale')}
              />
              {g.is_selected === 1 && <Chip size="small" color="success" variant="outlined" label={t('inLibrary')} />}
            </Stack>
            <Typography variant="h5" component="h1" id={GOODS_TITLE_ID} sx={{ fontWeight: 700 }}>
              {g.title}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {t('detail.brand')}: {g.third_brand_name || '—'} · {t('detail.category')}:{' '}
              {(g.third_category_name ?? '').split(',').join(' › ') || '—'}
            </Typography>
            <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap', py: 1 }}>
              {prices.map(([label, fen]) => (
                <div key={label}>
                  <Typography variant="caption" color="textSecondary">
                    {label}
                  </Typography>
                  <Typography variant="h6" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatFen(fen, lang)}
                  </Typography>
                </div>
              ))}
              <div>
                <Typography variant="caption" color="textSecondary">
                  {t('detail.profitRate')}
                </Typography>
                <Typography variant="h6" color="success" data-testid="detail-rate">
                  {formatRate(g.promotion_rate, lang)}
                </Typography>
              </div>
            </Stack>
            {can.op('selection.add') && g.is_selected !== 1 && (
              <Button
                variant="contained"
                startIcon={<LibraryAddIcon />}
                sx={{ alignSelf: 'flex-start' }}
                loading={add.isPending}
                disabled={g.status !== 1}
                onClick={() =>
                  add.mutate([g.id], {
                    onSuccess: () => (void toast(t('added', { count: 1 }), { variant: 'success' }), void detail.refetch()),
                  })
                }
              >
                {t('add')}
              </Button>
            )}
          </Stack>
        </Grid>
      </Grid>

      <Section title={t('detail.skus')}>
        <SkuMatrix specs={g.specs} />
      </Section>

      {can.op('order.submit') && (
        <Section title={t('cart:add')}>
          <Suspense fallback={<Skeleton variant="rounded" height={40} />}>
            <AddToCart goods={g} />
          </Suspense>
        </Section>
      )}

      {can.op('order.availableCheck') && (
        <Section title={t('detail.availability')}>
          <AvailabilityCheck goods={g} options={g.specs.options} />
        </Section>
      )}

      {can.feature('watch.use') && (
        <Suspense fallback={<Skeleton variant="rounded" height={240} sx={{ mt: 3 }} />}>
          <PriceHistory goodsId={g.id} />
        </Suspense>
      )}

      <Section title={t('detail.attributes')}>
        <Table size="small">
          <TableBody>
            {g.attributes.map((a) => (
              <TableRow key={a.name}>
                <TableCell component="th" scope="row" sx={{ width: 160, color: 'text.secondary' }}>
                  {a.name}
                </TableCell>
                <TableCell>{a.value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>

      <Section title={t('detail.description')}>
        <Box
          sx={{ '& img': { maxWidth: '100%', height: 'auto' } }}
          dangerouslySetInnerHTML={{ __html: description }}
          data-testid="goods-description"
        />
      </Section>

      <Section title={t('detail.comments')}>
        <TextField
          select
          size="small"
          label={t('detail.sku')}
          value={sku}
          onChange={(e) => setCommentSku(Number(e.target.value))}
          sx={{ minWidth: 220, mb: 1 }}
        >
          {g.specs.options.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.spec_value_names || o.id}
            </MenuItem>
          ))}
        </TextField>
        {comments.isError ? (
          <ErrorState error={comments.error} onRetry={() => void comments.refetch()} />
        ) : comments.data && comments.data.list.length === 0 ? (
          <Typography color="textSecondary">{t('detail.noComments')}</Typography>
        ) : (
          <List dense>
            {(comments.data?.list ?? []).map((c) => (
              <ListItem key={c.id} divider>
                <ListItemText primary={c.content} secondary={formatSeconds(c.createdTime, lang)} />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
      <Divider sx={{ mt: 3 }} />
    </Box>
  );
}
