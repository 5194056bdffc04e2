import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EXCEPTION_NOTE_MAX, type ExceptionCase, type ExceptionsAnswer } from '../../../../contract/schemas/exceptions';
import { OpError } from '../../../lib/bff';
import { formatMillis } from '../../../lib/time';
import { toast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { useLang } from '../../../lib/use-lang';
import { useCan, useSession } from '../../account';
import { orderExceptionsQuery, useExceptionStep } from '../api/queries';
import { ageWords } from '../words';
import { KindChip, StateChip } from './chips';

/**
 * An order's exceptions in its detail (drawer or page), oldest first: each with its kind, since when,
 * who has it, its notes; for support, managers and admins the steps (take it, note it, resolve it with
 * a note). Merchants follow them read-only. Nothing is drawn for an order without one.
 */
export function OrderExceptions({ orderSn }: { orderSn: string }) {
  const { t } = useTranslation('exceptions');
  const q = useQuery(orderExceptionsQuery(orderSn));
  const canWork = useCan().feature('exceptions.work');
  const cases = q.data?.list ?? [];
  if (cases.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`exceptions-${orderSn}`} sx={{ p: 2 }} data-testid="order-exceptions">
      <Typography id={`exceptions-${orderSn}`} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('order.title')}
      </Typography>
      {!canWork && (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          {t('order.readOnly')}
        </Typography>
      )}
      <Stack spacing={2} divider={<Box component="hr" sx={{ border: 0, borderTop: 1, borderColor: 'divider', m: 0 }} />}>
        {cases.map((k) => (
          <CaseView key={k.id} kase={k} orderSn={orderSn} canWork={canWork} />
        ))}
      </Stack>
    </Paper>
  );
}

function CaseView({ kase, orderSn, canWork }: { kase: ExceptionCase; orderSn: string; canWork: boolean }) {
  const { t } = useTranslation('exceptions');
  const lang = useLang();
  const me = useSession().user.username;
  const at = (ms: number) => formatMillis(ms, lang);
  const holder =
    kase.state === 'resolved'
      ? kase.resolvedBy
        ? t('order.resolvedAt', { time: at(kase.resolvedAt ?? kase.since), by: kase.resolvedBy })
        : t('order.resolvedBySystem', { time: at(kase.resolvedAt ?? kase.since) })
      : kase.takenBy
        ? kase.takenBy === me
          ? t('order.takenByYou')
          : t('order.takenBy', { by: kase.takenBy })
        : t('order.open');
  return (
    <Stack spacing={1} data-testid="order-exception" data-id={kase.id} data-kind={kase.kind} data-state={kase.state}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <KindChip kind={kase.kind} />
        <StateChip state={kase.state} />
        <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {kase.childSn ? t('order.child', { sn: kase.childSn }) : t('order.wholeOrder')}
        </Typography>
      </Stack>
      <Typography variant="body2" color="textSecondary">
        {t(`kindHints.${kase.kind}`)} {t('order.since', { time: at(kase.since), age: ageWords(t, kase.ageHours) })}
      </Typography>
      <Typography variant="body2" data-testid="exception-holder">
        {holder}
      </Typography>
      <Box>
        <Typography variant="caption" color="textSecondary" component="h4" sx={{ m: 0, fontWeight: 600 }}>
          {t('order.notes')}
        </Typography>
        {kase.notes.length === 0 ? (
          <Typography variant="body2" color="textSecondary">
            {t('order.noNotes')}
          </Typography>
        ) : (
          <Box component="ol" sx={{ m: 0, pl: 0, listStyle: 'none' }} data-testid="exception-notes">
            {kase.notes.map((n, i) => (
              <Box component="li" key={i} sx={{ py: 0.5 }}>
                <Typography variant="caption" color="textSecondary">
                  {t('order.noteBy', { by: n.by, time: at(n.at) })}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {n.text}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Box>
      {canWork && kase.state !== 'resolved' && <CaseActions kase={kase} orderSn={orderSn} me={me} />}
    </Stack>
  );
}

interface NoteValues {
  text: string;
}

/**
 * Take, note, resolve. A refusal is said in the person's words and the note typed stays: someone else
 * took the case meanwhile (who, read again from the gateway), it was resolved already, or the input.
 */
function CaseActions({ kase, orderSn, me }: { kase: ExceptionCase; orderSn: string; me: string }) {
  const { t } = useTranslation('exceptions');
  const errorText = useErrorText();
  const qc = useQueryClient();
  const step = useExceptionStep(orderSn);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = useRef(false);
  const schema = z.object({
    text: z
      .string()
      .trim()
      .min(1, t('order.errors.empty'))
      .max(EXCEPTION_NOTE_MAX, t('order.errors.long', { max: EXCEPTION_NOTE_MAX })),
  });
  const form = useForm<NoteValues>({
    defaultValues: { text: '' },
    resolver: zodResolver(schema as never, undefined, { raw: true }) as never,
  });
  const errors = form.formState.errors;
  const theirs = kase.state === 'taken' && kase.takenBy !== me;

  /** Why the gateway refused, in words: a 409 reads the case again to name who has it now. */
  const refusal = async (e: unknown) => {
    if (e instanceof OpError && e.kind === 'conflict') {
      const fresh = await qc
        .fetchQuery({ ...orderExceptionsQuery(orderSn), staleTime: 0 })
        .catch(() => undefined as ExceptionsAnswer | undefined);
      const now = fresh?.list.find((k) => k.id === kase.id);
      if (now?.state === 'resolved') return t('order.errors.resolvedAlready');
      if (now?.takenBy && now.takenBy !== me) return t('order.errors.takenBy', { by: now.takenBy });
    }
    return errorText(e);
  };

  const run = async (what: Parameters<typeof step.mutateAsync>[0], done: string, after?: () => void) => {
    if (busy.current) return;
    busy.current = true;
    setFailure(null);
    try {
      await step.mutateAsync(what);
      after?.();
      void toast(done, { variant: 'success' });
    } catch (e) {
      setFailure(await refusal(e));
    } finally {
      busy.current = false;
    }
  };

  const note = form.handleSubmit((v) => run({ id: kase.id, step: 'notes', text: v.text.trim() }, t('order.noted'), () => form.reset()));
  const resolve = form.handleSubmit((v) =>
    run({ id: kase.id, step: 'resolve', note: v.text.trim() }, t('order.resolved'), () => form.reset()),
  );
  const fieldId = `exception-note-${kase.id}`;

  return (
    <Stack component="form" spacing={1} noValidate onSubmit={(e) => void note(e)} data-testid="exception-actions">
      {failure && (
        <Alert severity="error" role="alert" data-testid="exception-failure">
          {failure}
        </Alert>
      )}
      {kase.state === 'open' && (
        <Box>
          <Button
            variant="contained"
            size="small"
            disabled={step.isPending}
            onClick={() => void run({ id: kase.id, step: 'take' }, t('order.took'))}
          >
            {t('order.take')}
          </Button>
        </Box>
      )}
      <Controller
        control={form.control}
        name="text"
        render={({ field }) => (
          <TextField
            {...field}
            id={fieldId}
            label={t('order.note')}
            multiline
            minRows={2}
            size="small"
            error={!!errors.text}
            helperText={errors.text?.message ?? t('order.noteHint', { max: EXCEPTION_NOTE_MAX })}
            slotProps={{ htmlInput: { maxLength: EXCEPTION_NOTE_MAX + 100 } }}
          />
        )}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button type="submit" variant="outlined" size="small" disabled={step.isPending}>
          {t('order.addNote')}
        </Button>
        {!theirs && (
          <Button variant="outlined" color="success" size="small" disabled={step.isPending} onClick={() => void resolve()}>
            {t('order.resolve')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
