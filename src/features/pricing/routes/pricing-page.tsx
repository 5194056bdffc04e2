import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { pricingRulesQuery } from '../api';
import { PriceSheet } from '../components/price-sheet';
import { RulesEditor } from '../components/rules-editor';

/**
 * "定价" / "Pricing": the rules that make the retail prices from the supplier's cost (with a preview
 * of what they give before saving), and the shop's price sheet. Own prices per SKU are set in the
 * selection library's rows.
 */
export function PricingPage() {
  const { t } = useTranslation(['pricing', 'app']);
  const rules = useQuery(pricingRulesQuery());
  return (
    <Stack spacing={2}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="pricing-rules-title">
        <Typography id="pricing-rules-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {t('rules.title')}
        </Typography>
        {rules.isPending ? (
          <Skeleton variant="rounded" height={200} />
        ) : rules.isError ? (
          <ErrorState error={rules.error} onRetry={() => void rules.refetch()} />
        ) : (
          <RulesEditor saved={rules.data} />
        )}
        <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
          {t('ownInLibrary')}{' '}
          <Link component={RouterLink} to="/library">
            {t('app:nav.library')}
          </Link>
        </Typography>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="pricing-sheet-title">
        <Typography id="pricing-sheet-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {t('sheet.title')}
        </Typography>
        <PriceSheet />
      </Paper>
    </Stack>
  );
}
