import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { ErrorState } from '../../../components/error-state';
import { DEFAULT_TIME_ZONE, formatSeconds, zoneName } from '../../../lib/time';
import { copyToClipboard } from '../../../lib/copy';
import { useLang } from '../../../lib/use-lang';
import { traceReturn } from '../trace-return';
import { traceQuery } from '../api/queries';

/** A tracking number with a button that copies it, for pasting into the courier's own site. */
export function TrackingNumber({ no }: { no: string }) {
  const { t } = useTranslation('logistics');
  const copy = () => copyToClipboard(no, t('copied', { no }), t('copyFailed'));
  return (
    <Stack direction="row" sx={{ alignItems: 'center', minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="tracking-no">
        {no}
      </Typography>
      <IconButton size="small" onClick={() => void copy()} aria-label={t('copy', { no })} title={t('copy', { no })}>
        <ContentCopyIcon fontSize="inherit" />
      </IconButton>
    </Stack>
  );
}

/** The parcel of one goods line: who carries it, its number, and what happened, newest first. */
export function TraceTimeline({ orderSn, sku }: { orderSn: string; sku: number }) {
  const { t } = useTranslation('logistics');
  const lang = useLang();
  const trace = useQuery(traceQuery(orderSn, sku));
  if (trace.isError && !trace.data) return <ErrorState error={trace.error} onRetry={() => void trace.refetch()} />;
  if (!trace.data) return <Skeleton variant="rounded" height={96} />;
  const { info, list } = trace.data;
  // A parcel refused at the door travels back: said in words above the courier's own events.
  const back = traceReturn(list);
  return (
    <Box data-testid="trace" sx={{ pl: 1 }}>
      {back && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="trace-return">
          {t(back)}
        </Alert>
      )}
      {info.no ? (
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, alignItems: 'center', mb: 1 }}>
          <Typography variant="body2" data-testid="trace-courier">
            {t('courier')}: {info.name}
          </Typography>
          <TrackingNumber no={info.no} />
        </Stack>
      ) : null}
      {list.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          {info.no ? t('noEvents') : t('notShipped')}
        </Typography>
      ) : (
        <Box component="ol" aria-label={t('timeline')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {list.map((e, i) => (
            <Box
              component="li"
              key={`${e.time}-${i}`}
              data-testid="trace-event"
              sx={{
                position: 'relative',
                pl: 3,
                pb: 1.5,
                borderLeft: 2,
                borderColor: i === 0 ? 'primary.main' : 'divider',
                ml: 0.75,
                '&:last-child': { borderColor: 'transparent' },
                '&::before': {
                  content: '""',
                  position: 'absolute',
                  left: -7,
                  top: 4,
                  width: 12,
                  height: 12,
                  borderRadius: '50%',
                  bgcolor: i === 0 ? 'primary.main' : 'text.disabled',
                },
              }}
            >
              <Typography variant="body2" sx={{ fontWeight: i === 0 ? 600 : 400 }}>
                {e.message}
              </Typography>
              <Typography variant="caption" color="textSecondary" title={zoneName(DEFAULT_TIME_ZONE, lang)}>
                {formatSeconds(e.time, lang)}
                {e.source ? ` · ${e.source}` : ''}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
