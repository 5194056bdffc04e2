import { useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { isServerAway, onServerStatus } from '../lib/server-probe';

/**
 * While the server cannot be reached: one calm line above everything, nothing reloaded, nothing
 * typed lost. It goes away by itself when the server answers again (queries then refetch).
 */
export function ServerAwayBanner() {
  const { t } = useTranslation('app');
  const away = useSyncExternalStore(onServerStatus, isServerAway, () => false);
  if (!away) return null;
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
