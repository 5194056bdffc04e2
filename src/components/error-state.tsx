import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { canRetry, useErrorText } from '../lib/use-error-text';

/** A failed load, said in words, with a way to try again. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('app');
  const text = useErrorText();
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        onRetry &&
        // Trying again helps only when the server or supplier was away or failing, never for a refusal.
        canRetry(error) && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )
      }
    >
      {text(error)}
    </Alert>
  );
}
