import { useTranslation } from 'react-i18next';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import type { Theme } from '@mui/material/styles';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { GoodsListItem } from '../../contract';
import type { Lang } from '../../contract/enums';
import { SourceTag } from './source-chip';
import { PLAIN_ROWS } from './plain-rows';
import { Pager } from './pager';
import { formatCount, formatFen, formatRate } from '../lib/money';
import { useLang } from '../lib/use-lang';
import { fillText, textAround } from '../lib/intl';

import { PAGE_SIZES } from './goods-page-sizes';

export { PAGE_SIZES };

/** Columns a person may hide; the product title always shows. */
export const GOODS_COLUMNS = [
  'image',
  'source',
  'agreementPrice',
  'guidePrice',
  'activityPrice',
  'promotionRate',
  'stock',
  'monthSale',
  'shipping',
] as const;
export type GoodsColumn = (typeof GOODS_COLUMNS)[number];

/** The list columns every goods list shares (catalogue, library, groups). */
type GoodsRow = Pick<
  GoodsListItem,
  | 'id'
  | 'title'
  | 'cover'
  | 'source'
  | 'third_brand_name'
  | 'third_category_name'
  | 'agreement_price'
  | 'guide_price'
  | 'activity_price'
  | 'promotion_rate'
  | 'rate'
  | 'stock'
  | 'real_month_sale'
  | 'is_free_shipping'
>;

interface Props<R extends GoodsRow> {
  label: string;
  rows: R[] | undefined;
  rowCount: number;
  /** Every row that matches, when the supplier's page cap leaves some out of reach. */
  total?: number;
  loading: boolean;
  page: number;
  size: number;
  onPage: (page: number, size: number) => void;
  /** Checkboxes for bulk actions; the selection survives paging. */
  selection?: { selected: ReadonlySet<number>; onChange: (next: Set<number>) => void };
  /** Which optional columns show (all when not given). */
  columns?: ReadonlySet<GoodsColumn>;
  /** Opens the product (the title becomes a button). */
  onOpen?: (row: R) => void;
  /** One more cell at the end of each row: status, "in library", a row action. */
  trailing?: { header: string; cell: (row: R) => ReactNode };
}

// Styles made once, outside render (MUI's guidance for long lists), not as new objects for each of the
// ~250 cells of a page on every render.
const num = { align: 'right' as const, sx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } };
const IMAGE_HEAD = { width: 72 } as const;
/** The progress bar's room is kept while nothing loads, so the table never moves when it shows. */
const PROGRESS_SLOT = { height: 4 } as const;
/** The row action stays in view when a narrow window scrolls the table sideways. */
const stickyEnd = {
  position: 'sticky',
  right: 0,
  bgcolor: 'background.paper',
  boxShadow: (th: Theme) => `inset 1px 0 0 ${th.palette.divider}`,
  zIndex: 1,
} as const;

/** The texts every row shows, looked up once per table render instead of in each of its ~20 rows. */
interface RowTexts {
  select: { before: string; after: string | undefined };
  imageAlt: { before: string; after: string | undefined };
  free: string;
  paid: string;
}

interface RowProps<R extends GoodsRow> {
  row: R;
  /** Whether the row is ticked; undefined when the list has no checkboxes. */
  selected: boolean | undefined;
  columns: ReadonlySet<GoodsColumn> | undefined;
  lang: Lang;
  texts: RowTexts;
  onOpen: ((row: R) => void) | undefined;
  onToggle: (ids: number[], on: boolean) => void;
  trailing: ((row: R) => ReactNode) | undefined;
}

/**
 * One row, drawn again only when its own props change: a filter change re-renders the page while
 * its request runs, and the rows already on screen stay as they are (a CPU profile showed every cell
 * of every row rendered twice per filter change). Callers keep `trailing` stable (useCallback).
 */
const GoodsTableRow = memo(function GoodsTableRow<R extends GoodsRow>({
  row,
  selected,
  columns,
  lang,
  texts,
  onOpen,
  onToggle,
  trailing,
}: RowProps<R>) {
  const show = (c: GoodsColumn) => !columns || columns.has(c);
  return (
    <tr className={selected ? 'gt-row gt-selected' : 'gt-row'} data-testid="goods-row" data-goods-id={row.id}>
      {selected !== undefined && (
        <td className="gt-cell gt-check">
          <Checkbox
            checked={selected}
            onChange={(e) => onToggle([row.id], e.target.checked)}
            slotProps={{ input: { 'aria-label': fillText(texts.select, row.title) } }}
          />
        </td>
      )}
      {show('image') && (
        <td className="gt-cell">
          {/* Keyed by product: a row reused for another product must not show the last one's picture while the new one loads. */}
          <img
            key={row.id}
            className="gt-img"
            src={row.cover}
            alt={fillText(texts.imageAlt, row.title)}
            loading="lazy"
            width={56}
            height={56}
          />
        </td>
      )}
      <td className="gt-cell gt-title">
        <div className="gt-stack">
          {onOpen ? (
            <button type="button" className="gt-link" onClick={() => onOpen(row)} data-testid="goods-title">
              {row.title}
            </button>
          ) : (
            <p className="gt-text" data-testid="goods-title">
              {row.title}
            </p>
          )}
          <span className="gt-caption">
            {[row.third_brand_name, row.third_category_name?.split(',').join(' › ')].filter(Boolean).join(' · ')}
          </span>
        </div>
      </td>
      {show('source') && (
        <td className="gt-cell">
          <SourceTag source={row.source} lang={lang} />
        </td>
      )}
      {show('agreementPrice') && (
        <td className="gt-cell gt-num" data-testid="agreement-price">
          {formatFen(row.agreement_price, lang)}
        </td>
      )}
      {show('guidePrice') && <td className="gt-cell gt-num">{formatFen(row.guide_price, lang)}</td>}
      {show('activityPrice') && <td className="gt-cell gt-num">{formatFen(row.activity_price, lang)}</td>}
      {show('promotionRate') && (
        // `rate` is exact; NewList and ApiGoodsList send `promotion_rate` as a whole number.
        <td className="gt-cell gt-num" data-testid="promotion-rate" data-value={row.rate ?? row.promotion_rate}>
          {formatRate(row.rate ?? row.promotion_rate, lang)}
        </td>
      )}
      {show('stock') && <td className="gt-cell gt-num">{formatCount(row.stock, lang)}</td>}
      {show('monthSale') && <td className="gt-cell gt-num">{formatCount(row.real_month_sale ?? 0, lang)}</td>}
      {show('shipping') && <td className="gt-cell gt-nowrap">{row.is_free_shipping === 1 ? texts.free : texts.paid}</td>}
      {trailing && <td className="gt-cell gt-sticky">{trailing(row)}</td>}
    </tr>
  );
}) as <R extends GoodsRow>(props: RowProps<R>) => ReactNode;

/**
 * The header row, drawn again only when the page's tick state, the columns or the trailing header
 * change, not with every list answer or busy flag (its cells are MUI TableCells).
 */
const GoodsTableHead = memo(function GoodsTableHead({
  select,
  onToggleAll,
  columns,
  trailingHeader,
}: {
  /** How many rows of the page are ticked; undefined when the list has no checkboxes. */
  select: 'all' | 'some' | 'none' | undefined;
  onToggleAll: (on: boolean) => void;
  columns: ReadonlySet<GoodsColumn> | undefined;
  trailingHeader: string | undefined;
}) {
  const { t } = useTranslation('app');
  const show = (c: GoodsColumn) => !columns || columns.has(c);
  return (
    <TableHead>
      <TableRow>
        {select && (
          <TableCell padding="checkbox">
            <Checkbox
              checked={select === 'all'}
              indeterminate={select === 'some'}
              onChange={(e) => onToggleAll(e.target.checked)}
              slotProps={{ input: { 'aria-label': t('goods.selectPage') } }}
            />
          </TableCell>
        )}
        {show('image') && <TableCell sx={IMAGE_HEAD}>{t('goods.columns.image')}</TableCell>}
        <TableCell>{t('goods.columns.title')}</TableCell>
        {show('source') && <TableCell>{t('goods.columns.source')}</TableCell>}
        {show('agreementPrice') && <TableCell {...num}>{t('goods.columns.agreementPrice')}</TableCell>}
        {show('guidePrice') && <TableCell {...num}>{t('goods.columns.guidePrice')}</TableCell>}
        {show('activityPrice') && <TableCell {...num}>{t('goods.columns.activityPrice')}</TableCell>}
        {show('promotionRate') && <TableCell {...num}>{t('goods.columns.promotionRate')}</TableCell>}
        {show('stock') && <TableCell {...num}>{t('goods.columns.stock')}</TableCell>}
        {show('monthSale') && <TableCell {...num}>{t('goods.columns.monthSale')}</TableCell>}
        {show('shipping') && <TableCell>{t('goods.columns.shipping')}</TableCell>}
        {trailingHeader !== undefined && <TableCell sx={stickyEnd}>{trailingHeader}</TableCell>}
      </TableRow>
    </TableHead>
  );
});

/**
 * A goods list as a plain MUI table with server-side paging: the data grid would add about 150 kB
 * gzip to the first page for features this list does not need.
 */
export function GoodsTable<R extends GoodsRow>({
  label,
  rows,
  rowCount,
  total,
  loading,
  page,
  size,
  onPage,
  selection,
  trailing,
  onOpen,
  columns,
}: Props<R>) {
  const { t } = useTranslation('app');
  const lang = useLang();
  const pageIds = (rows ?? []).map((r) => r.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selection?.selected.has(id));
  const someOnPage = pageIds.some((id) => selection?.selected.has(id));
  // The rows get callbacks that never change (they read the latest props), so they can skip renders.
  const latest = useRef({ selection, onOpen });
  useLayoutEffect(() => {
    latest.current = { selection, onOpen };
  });
  const toggleRow = useCallback((ids: number[], on: boolean) => {
    const sel = latest.current.selection;
    if (!sel) return;
    const next = new Set(sel.selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    sel.onChange(next);
  }, []);
  const openRow = useCallback((row: R) => latest.current.onOpen?.(row), []);
  // The same object while the texts are the same (the rows are memoised on it): `t` changes only when
  // the language or the loaded texts do.
  const texts = useMemo<RowTexts>(
    () => ({
      select: textAround(t, 'goods.select', 'title'),
      imageAlt: textAround(t, 'goods.imageAlt', 'title'),
      free: t('goods.freeShipping'),
      paid: t('goods.paidShipping'),
    }),
    [t],
  );
  const pageIdsRef = useRef(pageIds);
  useLayoutEffect(() => {
    pageIdsRef.current = pageIds;
  });
  const toggleAll = useCallback((on: boolean) => toggleRow(pageIdsRef.current, on), [toggleRow]);
  return (
    <Paper variant="outlined">
      <Box sx={PROGRESS_SLOT}>{loading && rows && <LinearProgress aria-label={label} />}</Box>
      {/* Focusable, so a keyboard can scroll it sideways on a narrow screen. */}
      <TableContainer tabIndex={0} role="region" aria-label={label}>
        <Table size="small" aria-label={label} aria-busy={loading || undefined} sx={PLAIN_ROWS}>
          <GoodsTableHead
            select={selection ? (allOnPage ? 'all' : someOnPage ? 'some' : 'none') : undefined}
            onToggleAll={toggleAll}
            columns={columns}
            trailingHeader={trailing?.header}
          />
          <TableBody>
            {rows
              ? rows.map((row, i) => (
                  // Keyed by place on the page: a new page or filter fills the rows already drawn with the
                  // new products instead of removing twenty rows and building twenty more (a third of
                  // drawing a filter change's answer in a CPU profile). Pictures are keyed by product.
                  <GoodsTableRow
                    key={i}
                    row={row}
                    selected={selection ? selection.selected.has(row.id) : undefined}
                    columns={columns}
                    lang={lang}
                    texts={texts}
                    onOpen={onOpen ? openRow : undefined}
                    onToggle={toggleRow}
                    trailing={trailing?.cell}
                  />
                ))
              : Array.from({ length: 8 }, (_, i) => (
                  <TableRow key={i} aria-hidden>
                    <TableCell>
                      <Skeleton variant="rounded" width={56} height={56} />
                    </TableCell>
                    <TableCell colSpan={10 + (selection ? 1 : 0) + (trailing ? 1 : 0)}>
                      <Skeleton width="60%" />
                      <Skeleton width="30%" />
                    </TableCell>
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Pager page={page} size={size} count={rowCount} total={total} sizes={PAGE_SIZES} onChange={onPage} />
    </Paper>
  );
}
