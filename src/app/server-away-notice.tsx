import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** The line server-banner.tsx shows while the server cannot be reached (fetched at start-up, shown only then). */
export function ServerAwayNotice() {
  const { t } = useTranslation('app');
  return (
    <Box
      sx={{
        position: 'fixed',
        top: 8,
        left: 0,
        right: 0,
        zIndex: (theme) => theme.zIndex.snackbar,
        display: 'flex',
        justifyContent: 'center',
        px: 1,
        pointerEvents: 'none',
      }}
    >
      <Alert
        severity="warning"
        variant="standard"
        role="status"
        data-testid="server-away"
        sx={{ pointerEvents: 'auto', maxWidth: 640, boxShadow: 3 }}
      >
        {t('server.away')}
      </Alert>
    </Box>
  );
}
