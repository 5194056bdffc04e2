import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import type { InboxMessage } from '../../../../contract/message-kinds';
import { formatMillis, DEFAULT_TIME_ZONE, zoneName } from '../../../lib/time';
import { formatRate } from '../../../lib/money';
import { useLang } from '../../../lib/use-lang';
import { messageSentence, typeLabel } from '../sentence';
import { useMessagesTranslation } from '../texts';
import { messageTime } from '../../../lib/clock';

/** One message: its kind in words, the sentence, links to what it is about, and read / unread. */
export function MessageEntry({
  message: m,
  minRateOf,
  shipments,
  onMark,
  busy,
}: {
  message: InboxMessage;
  /** The goods watch's minimum profit rate for a goods (its own, else the library's); absent: no low-profit flag. */
  minRateOf?: (goodsId: number) => number | null;
  /** The person hands packages to the shops: a shipped line links to the shipments page too. */
  shipments?: boolean;
  onMark: (read: boolean) => void;
  busy: boolean;
}) {
  const { t } = useMessagesTranslation();
  const lang = useLang();
  const s = messageSentence(m, t, lang, { minRateOf, shipments });
  const markLabel = m.read ? t('actions.markUnread') : t('actions.markRead');
  return (
    <ListItem
      divider
      data-testid="message-entry"
      data-type={m.type}
      data-read={m.read ? '1' : '0'}
      sx={{ alignItems: 'flex-start', gap: 1, bgcolor: m.read ? undefined : 'action.hover' }}
      secondaryAction={
        <IconButton edge="end" aria-label={`${markLabel}: ${s.text}`} title={markLabel} disabled={busy} onClick={() => onMark(!m.read)}>
          {m.read ? <MarkEmailUnreadOutlinedIcon /> : <MarkEmailReadOutlinedIcon />}
        </IconButton>
      }
    >
      <Box
        aria-hidden
        sx={{ width: 8, height: 8, mt: 1, flexShrink: 0, borderRadius: '50%', bgcolor: m.read ? 'transparent' : 'primary.main' }}
      />
      <Stack spacing={0.5} sx={{ minWidth: 0, pr: 4 }}>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Chip size="small" variant="outlined" label={typeLabel(m.type, t)} />
          {!m.read && (
            <Typography variant="caption" sx={{ fontWeight: 700 }}>
              {t('entry.unread')}
            </Typography>
          )}
          <Typography variant="caption" color="textSecondary" title={zoneName(DEFAULT_TIME_ZONE, lang)}>
            {t('entry.received', { time: formatMillis(messageTime(m), lang) })}
          </Typography>
          {s.lowProfit !== null && (
            <Chip size="small" color="warning" label={t('entry.lowProfit', { threshold: formatRate(s.lowProfit, lang) })} />
          )}
        </Stack>
        <Typography sx={{ fontWeight: m.read ? 400 : 600, overflowWrap: 'anywhere' }} data-testid="message-text">
          {s.text}
        </Typography>
        {s.links.length > 0 && (
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 2 }}>
            {s.links.map((l) => (
              <Link key={l.to} component={RouterLink} to={l.to} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {l.label}
              </Link>
            ))}
          </Stack>
        )}
      </Stack>
    </ListItem>
  );
}
