import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PricingLowSku, PricingSettings } from '../../../../contract';
import { ErrorState } from '../../../components/error-state';
import { formatCount, formatFen, formatRate } from '../../../lib/money';
import { useLang } from '../../../lib/use-lang';
import { pricingPreviewQuery } from '../api';

const goodsPath = (row: PricingLowSku) => `/catalogue/goods/${row.goodsId}`;

/**
 * What the rules as typed would give over the library's SKUs (nothing saved): how many SKUs change
 * their retail price, and the lowest profit rates, each row leading to its goods. `settings` null: the
 * rules typed do not pass yet.
 */
export function RulesPreview({ settings, unsaved }: { settings: PricingSettings | null; unsaved: boolean }) {
  const { t } = useTranslation('pricing');
  const lang = useLang();
  const preview = useQuery({ ...pricingPreviewQuery(settings ?? { rules: [] }), enabled: settings !== null });
  const data = preview.data;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="section"
      aria-labelledby="pricing-preview-title"
      data-testid="pricing-preview"
      data-ready={settings === null || !!data || preview.isError}
    >
      <Typography id="pricing-preview-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t('preview.title')}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {unsaved ? t('preview.unsaved') : t('preview.current')}
      </Typography>
      {settings === null ? (
        <Alert severity="info">{t('preview.fix')}</Alert>
      ) : preview.isError && !data ? (
        <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />
      ) : !data ? (
        <Skeleton variant="rounded" height={120} aria-label={t('preview.waiting')} />
      ) : data.skus === 0 ? (
        <Alert severity="info">{t('preview.none')}</Alert>
      ) : (
        <Box sx={{ opacity: preview.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={preview.isFetching}>
          <Typography variant="body1" role="status" data-testid="pricing-preview-changed" data-changed={data.changed} sx={{ mb: 0.5 }}>
            {t('preview.changes', { count: data.changed, n: formatCount(data.changed, lang), total: formatCount(data.skus, lang) })}
          </Typography>
          {data.belowMinimum > 0 && (
            <Typography variant="body2" color="warning" data-testid="pricing-preview-below" sx={{ mb: 1 }}>
              {t('preview.below', { count: data.belowMinimum, n: formatCount(data.belowMinimum, lang) })}
            </Typography>
          )}
          {data.lowest.length > 0 && (
            <>
              <Typography variant="subtitle2" component="h4" sx={{ mt: 1.5, mb: 0.5 }}>
                {t('preview.lowest')}
              </Typography>
              {/* A table from a tablet up; a list on a phone, where five columns do not fit. */}
              <Table size="small" sx={{ display: { xs: 'none', sm: 'table' } }} aria-label={t('preview.lowest')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('preview.goods')}</TableCell>
                    <TableCell>{t('preview.spec')}</TableCell>
                    <TableCell align="right">{t('preview.cost')}</TableCell>
                    <TableCell align="right">{t('preview.retail')}</TableCell>
                    <TableCell align="right">{t('preview.rate')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.lowest.map((row) => (
                    <TableRow key={row.sku} data-testid="pricing-low">
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        <Link component={RouterLink} to={goodsPath(row)}>
                          {row.title}
                        </Link>
                      </TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.spec || `SKU ${row.sku}`}</TableCell>
                      <TableCell align="right">{formatFen(row.cost, lang)}</TableCell>
                      <TableCell align="right">
                        {formatFen(row.retail, lang)}
                        <Typography component="span" variant="caption" color="textSecondary" sx={{ display: 'block' }}>
                          {t(`source.${row.source}`)}
                        </Typography>
                      </TableCell>
                      <TableCell align="right">{formatRate(row.profitRate, lang)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <Box component="ul" sx={{ display: { xs: 'block', sm: 'none' }, m: 0, pl: 2.5 }}>
                {data.lowest.map((row) => (
                  <Typography component="li" variant="body2" key={row.sku} sx={{ overflowWrap: 'anywhere', mb: 0.5 }}>
                    <Link component={RouterLink} to={goodsPath(row)}>
                      {row.title}
                    </Link>{' '}
                    · {row.spec || `SKU ${row.sku}`} · {t('preview.cost')} {formatFen(row.cost, lang)} · {t('preview.retail')}{' '}
                    {formatFen(row.retail, lang)} ({t(`source.${row.source}`)}) · {t('preview.rate')} {formatRate(row.profitRate, lang)}
                  </Typography>
                ))}
              </Box>
            </>
          )}
        </Box>
      )}
    </Paper>
  );
}
