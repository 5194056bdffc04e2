import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Checkbox from '@mui/material/Checkbox';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { GoodsListItem } from '../../contract';
import { formatFen, formatRate } from '../lib/money';
import { useLang } from '../lib/use-lang';
import { SourceChip } from './source-chip';

type CardRow = Pick<
  GoodsListItem,
  'id' | 'title' | 'cover' | 'source' | 'agreement_price' | 'guide_price' | 'promotion_rate' | 'rate' | 'real_month_sale'
>;

// Styles made once, outside render, and one grid for the page of cards instead of a responsive Grid
// item per card: each card's styles are no longer serialised anew for every card on every render
// (the phone's catalogue drew its 20 cards in one long task, most of it emotion's style work).
const SQUARE = { aspectRatio: '1 / 1' } as const;
const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
} as const;
const CARD = { height: '100%', position: 'relative' } as const;
const PICK = { position: 'absolute', zIndex: 1, top: 4, left: 4, bgcolor: 'background.paper', borderRadius: 1 } as const;
const TITLE = { fontWeight: 500, minHeight: 40 } as const;
const PRICES = { display: 'flex', alignItems: 'baseline', gap: 1, mt: 1 } as const;
const FACTS = { display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 1 } as const;
const FOOTER = { px: 2, pb: 2 } as const;

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
    <Box sx={GRID}>
      {(rows ?? Array.from({ length: 8 }, () => null)).map((row, i) =>
        row ? (
          <Card key={row.id} variant="outlined" data-testid="goods-card" data-goods-id={row.id} sx={CARD}>
            {selection && (
              <Checkbox
                sx={PICK}
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
                <Typography variant="body2" sx={TITLE}>
                  {row.title}
                </Typography>
                <Box sx={PRICES}>
                  <Typography variant="h6" component="span">
                    {formatFen(row.agreement_price, lang)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t('goods.columns.guidePrice')} {formatFen(row.guide_price, lang)}
                  </Typography>
                </Box>
                <Box sx={FACTS}>
                  <SourceChip source={row.source} />
                  <Typography variant="caption">
                    {t('goods.columns.promotionRate')} {formatRate(row.rate ?? row.promotion_rate, lang)}
                  </Typography>
                </Box>
              </CardContent>
            </CardActionArea>
            {footer && <Box sx={FOOTER}>{footer(row)}</Box>}
          </Card>
        ) : (
          <Skeleton key={i} variant="rounded" height={320} />
        ),
      )}
    </Box>
  );
}
