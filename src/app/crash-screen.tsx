import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

export function CrashScreen({ onReset }: { onReset?: () => void }) {
  const { t } = useTranslation('app');
  return (
    <Box sx={{ p: 4, maxWidth: 640, mx: 'auto' }}>
      <Alert severity="error" role="alert">
        <AlertTitle>{t('common.crashTitle')}</AlertTitle>
        {t('common.crashBody')}
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button variant="contained" color="error" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
          {onReset && (
            <Button color="inherit" onClick={onReset}>
              {t('common.retry')}
            </Button>
          )}
        </Stack>
      </Alert>
    </Box>
  );
}
