import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../lib/use-error-text';
import { OpError } from '../lib/bff';

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
        // Trying again cannot fix a refusal of the role or an ended session.
        !(error instanceof OpError && (error.kind === 'forbidden' || error.kind === 'unauthorized')) && (
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
