import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { OpError } from '../lib/bff';
import { copyToClipboard } from '../lib/copy';
import { canRetry, useErrorText } from '../lib/use-error-text';

/**
 * A failed load, said in words, with a way to try again, and the request's id for support: the one
 * the gateway's log line has (docs/operations.md). Not for a refused input, which the person fixes.
 */
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
      <RequestReference error={error} />
    </Alert>
  );
}

/** "Reference for support: <id>" with a button that copies it, when the gateway named the failed request. */
export function RequestReference({ error }: { error: unknown }) {
  const { t } = useTranslation('app');
  const id = error instanceof OpError && error.kind !== 'invalid_input' ? error.requestId : undefined;
  if (!id) return null;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 0.5 }} data-testid="request-reference">
      <Typography variant="caption" color="textSecondary" sx={{ wordBreak: 'break-all' }}>
        {t('errors.reference')}{' '}
        <Typography component="span" variant="caption" sx={{ fontFamily: 'monospace' }}>
          {id}
        </Typography>
      </Typography>
      <IconButton
        size="small"
        color="inherit"
        aria-label={t('errors.copyReference')}
        title={t('errors.copyReference')}
        onClick={() => void copyToClipboard(id, t('errors.referenceCopied'), t('errors.referenceNotCopied'))}
      >
        <ContentCopyIcon fontSize="inherit" />
      </IconButton>
    </Stack>
  );
}
