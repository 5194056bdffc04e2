import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export function NotFound() {
  const { t } = useTranslation('app');
  return (
    <Stack spacing={2} sx={{ py: 6, alignItems: 'flex-start' }}>
      <Typography variant="h5" component="h1">
        {t('common.notFound')}
      </Typography>
      <Button component={Link} to="/catalogue" variant="contained">
        {t('common.backHome')}
      </Button>
    </Stack>
  );
}
