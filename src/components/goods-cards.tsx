import { memo, startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { Theme } from '@mui/material/styles';
import type { GoodsListItem } from '../../contract';
import type { Lang } from '../../contract/enums';
import { formatFen, formatRate } from '../lib/money';
import { useLang } from '../lib/use-lang';
import { SourceTag, sourceTagStyles } from './source-chip';
import { removeBootPaint } from '../lib/boot-paint';
import { BOOT_GOODS_ID } from '../../contract/constants';

type CardRow = Pick<
  GoodsListItem,
  'id' | 'title' | 'cover' | 'source' | 'agreement_price' | 'guide_price' | 'promotion_rate' | 'rate' | 'real_month_sale'
>;

/**
 * One grid for the page, and cards of plain elements with class names styled once here for the whole
 * grid, with the values MUI's outlined Card, CardActionArea, CardContent, Typography and Checkbox use.
 * A card of MUI components was about 20 styled components, each serialising its styles when drawn:
 * on a phone the 20 cards of the first page were one long task when the list arrived (CPU profile:
 * most of it emotion's style work and React drawing those components).
 */
const GRID = (theme: Theme) => {
  const { palette, typography, shape } = theme;
  return {
    display: 'grid',
    // Two cards side by side on a phone too: a 390 px screen shows the first product's picture, title
    // and price under the filters, and more than one product on its first two screens (issue 39).
    gap: { xs: 1, sm: 2 },
    gridTemplateColumns: {
      xs: 'repeat(2, minmax(0, 1fr))',
      md: 'repeat(3, minmax(0, 1fr))',
      lg: 'repeat(4, minmax(0, 1fr))',
    },
    '& .gc-card': {
      position: 'relative',
      height: '100%',
      overflow: 'hidden',
      boxSizing: 'border-box',
      display: 'flex',
      flexDirection: 'column',
      color: palette.text.primary,
      backgroundColor: palette.background.paper,
      border: `1px solid ${palette.divider}`,
      borderRadius: `${shape.borderRadius}px`,
      // Cards below the window are not laid out or painted until scrolled near (a phone lays out one
      // card of a page's twenty at first: the rest was ~20 ms of its start-up, unthrottled). The size
      // kept for them is a card's usual height, then the one each had when last drawn.
      contentVisibility: 'auto',
      containIntrinsicSize: { xs: 'auto 330px', sm: 'auto 520px' },
    },
    // A card still to be drawn (see FIRST_CARDS): a card's usual height, so nothing below moves when it comes.
    '& .gc-wait': { minHeight: { xs: 330, sm: 520 } },
    '& .gc-pick': {
      position: 'absolute',
      zIndex: 1,
      top: 4,
      left: 4,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: 42,
      height: 42,
      boxSizing: 'border-box',
      backgroundColor: palette.background.paper,
      borderRadius: '4px',
      cursor: 'pointer',
    },
    '& .gc-pick input': { width: 18, height: 18, margin: 0, cursor: 'pointer', accentColor: palette.primary.main },
    '& .gc-open': {
      display: 'block',
      width: '100%',
      margin: 0,
      padding: 0,
      border: 0,
      borderRadius: 'inherit',
      backgroundColor: 'transparent',
      color: 'inherit',
      font: 'inherit',
      textAlign: 'inherit',
      cursor: 'pointer',
      WebkitTapHighlightColor: 'transparent',
      '&:hover': { backgroundColor: palette.action.hover },
      '&:focus-visible': { outline: `2px solid ${palette.primary.main}`, outlineOffset: -2 },
    },
    '& .gc-img': { display: 'block', width: '100%', aspectRatio: '1 / 1', objectFit: 'cover' },
    '& .gc-body': { display: 'block', padding: { xs: '8px 8px 12px', sm: '16px 16px 24px' } },
    // Two lines of the title at most on a phone (the whole title is the picture's alt text and the drawer's heading).
    '& .gc-title': {
      display: { xs: '-webkit-box', sm: 'block' },
      WebkitBoxOrient: 'vertical',
      WebkitLineClamp: { xs: 2, sm: 'unset' },
      overflow: { xs: 'hidden', sm: 'visible' },
      ...typography.body2,
      fontWeight: 500,
      minHeight: 40,
    },
    '& .gc-prices': {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'baseline',
      columnGap: theme.spacing(1),
      marginTop: theme.spacing(1),
    },
    '& .gc-price': { ...typography.h6, [theme.breakpoints.down('sm')]: { fontSize: '1.0625rem' } },
    '& .gc-caption': { ...typography.caption },
    '& .gc-muted': { color: palette.text.secondary },
    '& .gc-facts': {
      display: 'flex',
      flexWrap: 'wrap',
      rowGap: theme.spacing(0.5),
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: theme.spacing(1),
      marginTop: theme.spacing(1),
    },
    '& .gc-footer': { padding: { xs: theme.spacing(0, 1, 1), sm: theme.spacing(0, 2, 2) }, marginTop: 'auto' },
    ...sourceTagStyles(theme),
  };
};

/** Where a card's title goes in its sentences, looked up once per page (see cardTexts). */
const TITLE = '\u0000';

/**
 * The cards' words, asked of i18next once for the whole grid: twenty cards asking four each were ~25 ms
 * of a phone's render of the first page at 4x CPU (CPU profile, issue 39). The sentences with a title
 * keep a mark where it goes (the app's interpolation does not escape, so the result is the same text).
 */
export function cardTexts(t: TFunction<'app'>) {
  const alt = t('goods.imageAlt', { title: TITLE });
  const select = t('goods.select', { title: TITLE });
  return {
    guidePrice: t('goods.columns.guidePrice'),
    rate: t('goods.columns.promotionRate'),
    alt: (title: string) => alt.split(TITLE).join(title),
    select: (title: string) => select.split(TITLE).join(title),
  };
}
type CardTexts = ReturnType<typeof cardTexts>;

interface CardProps<R extends CardRow> {
  row: R;
  /** The first card's picture fills a phone's screen (its largest paint): fetched at once and first. */
  first: boolean;
  /** Whether the card is ticked; undefined when the list has no checkboxes. */
  selected: boolean | undefined;
  lang: Lang;
  texts: CardTexts;
  onOpen: (row: R) => void;
  onToggle: (id: number, on: boolean) => void;
  footer: ((row: R) => ReactNode) | undefined;
}

/** One card, drawn again only when its own props change (callers keep `footer` stable). */
const GoodsCard = memo(function GoodsCard<R extends CardRow>({
  row,
  first,
  selected,
  lang,
  texts,
  onOpen,
  onToggle,
  footer,
}: CardProps<R>) {
  return (
    <div className="gc-card" data-testid="goods-card" data-goods-id={row.id}>
      {selected !== undefined && (
        <label className="gc-pick">
          <input
            type="checkbox"
            checked={selected}
            onChange={(e) => onToggle(row.id, e.target.checked)}
            aria-label={texts.select(row.title)}
          />
        </label>
      )}
      <button type="button" className="gc-open" onClick={() => onOpen(row)} data-testid="goods-open">
        <img
          className="gc-img"
          src={row.cover}
          alt={texts.alt(row.title)}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
        />
        <span className="gc-body">
          <span className="gc-title">{row.title}</span>
          <span className="gc-prices">
            <span className="gc-price">{formatFen(row.agreement_price, lang)}</span>
            <span className="gc-caption gc-muted">
              {texts.guidePrice} {formatFen(row.guide_price, lang)}
            </span>
          </span>
          <span className="gc-facts">
            <SourceTag source={row.source} lang={lang} />
            <span className="gc-caption">
              {texts.rate} {formatRate(row.rate ?? row.promotion_rate, lang)}
            </span>
          </span>
        </span>
      </button>
      {footer && <div className="gc-footer">{footer(row)}</div>}
    </div>
  );
}) as <R extends CardRow>(props: CardProps<R>) => ReactNode;

/**
 * Cards drawn with the grid's first commit: a phone's first screen (two rows of two). The rest of the
 * page's cards follow in a commit of their own, their room kept: drawing all twenty (each with its
 * footer's button) before the first paint held the phone's largest paint, the first product's picture,
 * about 100 ms longer at 4x CPU (issue 39).
 */
const FIRST_CARDS = 4;

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
  const texts = useMemo(() => cardTexts(t), [t]);
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (rows && !all) startTransition(() => setAll(true));
  }, [rows, all]);
  // Drawn with its rows: the goods the HTML painted in their place go (the catalogue on a phone).
  useLayoutEffect(() => {
    if (rows) removeBootPaint(BOOT_GOODS_ID);
  }, [rows]);
  // The cards get callbacks that never change (they read the latest props), so they can skip renders.
  const latest = useRef({ selection, onOpen });
  useLayoutEffect(() => {
    latest.current = { selection, onOpen };
  });
  const toggle = useCallback((id: number, on: boolean) => {
    const sel = latest.current.selection;
    if (!sel) return;
    const next = new Set(sel.selected);
    if (on) next.add(id);
    else next.delete(id);
    sel.onChange(next);
  }, []);
  const open = useCallback((row: R) => latest.current.onOpen?.(row), []);
  return (
    <Box sx={GRID}>
      {rows
        ? rows.map((row, i) =>
            !all && i >= FIRST_CARDS ? (
              <div key={row.id} className="gc-card gc-wait" aria-hidden="true" />
            ) : (
              <GoodsCard
                key={row.id}
                row={row}
                first={i === 0}
                selected={selection ? selection.selected.has(row.id) : undefined}
                lang={lang}
                texts={texts}
                onOpen={open}
                onToggle={toggle}
                footer={footer}
              />
            ),
          )
        : Array.from({ length: 8 }, (_, i) => <Skeleton key={i} variant="rounded" height={320} />)}
    </Box>
  );
}
