import { useTranslation } from 'react-i18next';
import {
  Box,
  LinearProgress,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import type { GoodsListItem } from '../../../../contract';
import { SourceChip } from '../../../components/source-chip';
import { formatFen, formatRate } from '../../../lib/money';
import { useLang } from '../../../lib/use-lang';
import { PAGE_SIZES } from '../url-state';

interface Props {
  rows: GoodsListItem[] | undefined;
  rowCount: number;
  loading: boolean;
  page: number;
  size: number;
  onPage: (page: number, size: number) => void;
}

const num = { align: 'right' as const, sx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } };

/**
 * The catalogue as a plain MUI table with server-side paging: the data grid would add about 150 kB
 * gzip to the first page for features this list does not need.
 */
export function CatalogueTable({ rows, rowCount, loading, page, size, onPage }: Props) {
  const { t } = useTranslation('catalogue');
  const lang = useLang();
  return (
    <Paper variant="outlined">
      <Box sx={{ height: 4 }}>{loading && rows && <LinearProgress aria-label={t('title')} />}</Box>
      <TableContainer>
        <Table size="small" aria-label={t('title')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 72 }}>{t('columns.image')}</TableCell>
              <TableCell>{t('columns.title')}</TableCell>
              <TableCell>{t('columns.source')}</TableCell>
              <TableCell {...num}>{t('columns.agreementPrice')}</TableCell>
              <TableCell {...num}>{t('columns.guidePrice')}</TableCell>
              <TableCell {...num}>{t('columns.activityPrice')}</TableCell>
              <TableCell {...num}>{t('columns.promotionRate')}</TableCell>
              <TableCell {...num}>{t('columns.stock')}</TableCell>
              <TableCell {...num}>{t('columns.monthSale')}</TableCell>
              <TableCell>{t('columns.shipping')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows
              ? rows.map((row) => (
                  <TableRow key={row.id} hover data-testid="goods-row">
                    <TableCell>
                      <Box
                        component="img"
                        src={row.cover}
                        alt={t('imageAlt', { title: row.title })}
                        loading="lazy"
                        width={56}
                        height={56}
                        sx={{ borderRadius: 1, objectFit: 'cover', display: 'block' }}
                      />
                    </TableCell>
                    <TableCell sx={{ minWidth: 240 }}>
                      <Stack>
                        <Typography variant="body2" sx={{ fontWeight: 500 }}>
                          {row.title}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                          {[row.third_brand_name, row.third_category_name?.split(',').join(' › ')].filter(Boolean).join(' · ')}
                        </Typography>
                      </Stack>
                    </TableCell>
                    <TableCell>
                      <SourceChip source={row.source} />
                    </TableCell>
                    <TableCell {...num} data-testid="agreement-price">
                      {formatFen(row.agreement_price, lang)}
                    </TableCell>
                    <TableCell {...num}>{formatFen(row.guide_price, lang)}</TableCell>
                    <TableCell {...num}>{formatFen(row.activity_price, lang)}</TableCell>
                    <TableCell {...num}>{formatRate(row.promotion_rate, lang)}</TableCell>
                    <TableCell {...num}>{row.stock.toLocaleString(lang)}</TableCell>
                    <TableCell {...num}>{(row.real_month_sale ?? 0).toLocaleString(lang)}</TableCell>
                    <TableCell>{row.is_free_shipping === 1 ? t('freeShipping') : t('paidShipping')}</TableCell>
                  </TableRow>
                ))
              : Array.from({ length: 8 }, (_, i) => (
                  <TableRow key={i} aria-hidden>
                    <TableCell>
                      <Skeleton variant="rounded" width={56} height={56} />
                    </TableCell>
                    <TableCell colSpan={9}>
                      <Skeleton width="60%" />
                      <Skeleton width="30%" />
                    </TableCell>
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={rowCount}
        page={Math.max(0, Math.min(page - 1, Math.ceil(rowCount / size) - 1))}
        rowsPerPage={size}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_e, p) => onPage(p + 1, size)}
        onRowsPerPageChange={(e) => onPage(1, Number(e.target.value))}
        labelRowsPerPage={t('perPage')}
        labelDisplayedRows={({ from, to, count }) => t('displayedRows', { from, to, count })}
      />
    </Paper>
  );
}
