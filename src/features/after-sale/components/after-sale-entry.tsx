import { Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { OpError } from '../../../lib/bff';
import { lazyNamed, useLatch } from '../../../lib/lazy';
import { toast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { useCan } from '../../account';
import { optionsQuery } from '../api/queries';
import { entryRefusal } from '../entry-refusal';
import type { LineInfo } from './wizard/schema';

// The wizard (forms, zod, the uploader) loads when someone starts a request, not with the order.
const WizardDialog = lazyNamed(() => import('./wizard/wizard-dialog'), 'WizardDialog');

/**
 * "Request after-sale" for one goods line: enabled only where the pre-check offers something,
 * otherwise the pre-check's own sentence says why. Shown only to people who may apply.
 */
export function AfterSaleEntry({ line, onDone }: { line: LineInfo; onDone?: (id: number) => void }) {
  const { t } = useTranslation('afterSale');
  const text = useErrorText();
  const can = useCan();
  const navigate = useNavigate();
  const allowed = can.op('afterSale.beforeCheck') && can.op('afterSale.apply');
  const options = useQuery({ ...optionsQuery(line.orderSn, line.sku), enabled: allowed });
  const [open, setOpen] = useState(false);
  const loaded = useLatch(open);
  if (!allowed) return null;

  const offered = options.data && options.data.num > 0 && options.data.serviceType.length > 0;
  const why = options.isError
    ? options.error instanceof OpError && options.error.kind === 'upstream'
      ? entryRefusal(t, options.error.message)
      : text(options.error)
    : options.data && !offered
      ? options.data.num === 0
        ? t('entry.nothingOpen')
        : t('entry.nothingOffered')
      : null;

  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Button
        size="small"
        variant="outlined"
        disabled={!offered}
        loading={options.isLoading}
        onClick={() => setOpen(true)}
        onPointerEnter={WizardDialog.preload}
        onFocus={WizardDialog.preload}
        data-testid="after-sale-entry"
      >
        {t('entry.request')}
      </Button>
      {why && (
        <Typography variant="caption" color="textSecondary" data-testid="after-sale-entry-why">
          {why}
        </Typography>
      )}
      {loaded && options.data && (
        <Suspense fallback={null}>
          <WizardDialog
            open={open}
            onClose={() => setOpen(false)}
            line={line}
            options={options.data}
            onDone={(id) => {
              setOpen(false);
              void toast(t('wizard.done', { id }), { variant: 'success' });
              if (onDone) onDone(id);
              else void navigate(`/after-sale/${id}`);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
