import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { useConfirmReceipt } from '../api/queries';

/** "Confirm receipt" for one shipped goods line (third-level number), after the person says yes. */
export function ConfirmReceiptButton({ goodsSn, name }: { goodsSn: string; name: string }) {
  const { t } = useTranslation('logistics');
  const text = useErrorText();
  const [open, setOpen] = useState(false);
  const confirm = useConfirmReceipt();
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => (confirm.reset(), setOpen(true))}>
        {t('confirm.button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('confirm.title')}
        body={t('confirm.body', { name })}
        confirm={t('confirm.yes')}
        cancel={t('confirm.cancel')}
        pending={confirm.isPending}
        error={confirm.error ? text(confirm.error) : null}
        failure={confirm.error}
        onClose={() => setOpen(false)}
        onConfirm={() =>
          confirm.mutate(goodsSn, {
            onSuccess: () => {
              setOpen(false);
              void toast(t('confirm.done', { name }), { variant: 'success' });
            },
          })
        }
      />
    </>
  );
}
