import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A product id that is not a product, or one the supplier no longer has: said plainly, with a way back. */
export function GoodsMissing() {
  const { t } = useTranslation('catalogue');
  return (
    <Stack spacing={2} sx={{ py: 4, alignItems: 'flex-start' }} data-testid="goods-missing">
      <Typography variant="h5" component="h1">
        {t('detail.notFound')}
      </Typography>
      <Button component={RouterLink} to="/catalogue" variant="contained">
        {t('detail.backToCatalogue')}
      </Button>
    </Stack>
  );
}
