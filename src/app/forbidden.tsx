import { Link } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

/** A page of the navigation that the person's role may not use (router.tsx's Guard): loaded when first shown. */
export function Forbidden() {
  const { t } = useTranslation('app');
  return (
    <Stack spacing={2} sx={{ py: 4, alignItems: 'flex-start' }}>
      <Alert severity="warning">{t('errors.forbidden')}</Alert>
      <Button component={Link} to="/" variant="outlined">
        {t('common.home')}
      </Button>
    </Stack>
  );
}
