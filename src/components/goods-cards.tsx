import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Checkbox from '@mui/material/Checkbox';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GoodsListItem } from '../../contract';
import { formatFen, formatRate } from '../lib/money';
import { useLang } from '../lib/use-lang';
import { SourceChip } from './source-chip';

type CardRow = Pick<
  GoodsListItem,
  'id' | 'title' | 'cover' | 'source' | 'agreement_price' | 'guide_price' | 'promotion_rate' | 'rate' | 'real_month_sale'
>;

const SQUARE = { aspectRatio: '1 / 1' } as const;

/** The same goods as cards: pictures first, for browsing by eye. */
export function GoodsCards<R extends CardRow>({
  rows,
  onOpen,
  selection,
  footer,
}: {
  rows: R[] | undefined;
  onOpen?: (row: R) => void;
  selection?: { selected: ReadonlySet<number>; onChange: (next: Set<number>) => void };
  footer?: (row: R) => ReactNode;
}) {
  const { t } = useTranslation('app');
  const lang = useLang();
  return (
    <Grid container spacing={2}>
      {(rows ?? Array.from({ length: 8 }, () => null)).map((row, i) => (
        <Grid key={row?.id ?? i} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
          {row ? (
            <Card variant="outlined" data-testid="goods-card" data-goods-id={row.id} sx={{ height: '100%', position: 'relative' }}>
              {selection && (
                <Checkbox
                  sx={{ position: 'absolute', zIndex: 1, top: 4, left: 4, bgcolor: 'background.paper', borderRadius: 1 }}
                  checked={selection.selected.has(row.id)}
                  onChange={(e) => {
                    const next = new Set(selection.selected);
                    if (e.target.checked) next.add(row.id);
                    else next.delete(row.id);
                    selection.onChange(next);
                  }}
                  slotProps={{ input: { 'aria-label': t('goods.select', { title: row.title }) } }}
                />
              )}
              <CardActionArea onClick={() => onOpen?.(row)}>
                <CardMedia
                  component="img"
                  image={row.cover}
                  alt={t('goods.imageAlt', { title: row.title })}
                  // The first picture fills a phone's screen (its largest paint): fetched at once and first.
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                  sx={SQUARE}
                />
                <CardContent>
                  <Typography variant="body2" sx={{ fontWeight: 500, minHeight: 40 }}>
                    {row.title}
                  </Typography>
                  <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1, mt: 1 }}>
                    <Typography variant="h6" component="span">
                      {formatFen(row.agreement_price, lang)}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {t('goods.columns.guidePrice')} {formatFen(row.guide_price, lang)}
                    </Typography>
                  </Stack>
                  <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 1 }}>
                    <SourceChip source={row.source} />
                    <Typography variant="caption">
                      {t('goods.columns.promotionRate')} {formatRate(row.rate ?? row.promotion_rate, lang)}
                    </Typography>
                  </Stack>
                </CardContent>
              </CardActionArea>
              {footer && <Box sx={{ px: 2, pb: 2 }}>{footer(row)}</Box>}
            </Card>
          ) : (
            <Skeleton variant="rounded" height={320} />
          )}
        </Grid>
      ))}
    </Grid>
  );
}
