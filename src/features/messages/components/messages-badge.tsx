import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { useCan } from '../../account';
import { unreadQuery } from '../api/queries';
import { useStreamState } from './live-events';

/** The inbox in the app bar: the unread count (kept current by live events), a link to it. */
export function MessagesBadge() {
  const can = useCan();
  return can.feature('messages.read') ? <UnreadLink /> : null;
}

function UnreadLink() {
  const { t } = useTranslation('app');
  const unread = useQuery(unreadQuery);
  const count = unread.data?.count ?? 0;
  const live = useStreamState();
  const label = t('nav.messagesUnread', { count });
  return (
    <IconButton
      component={RouterLink}
      to="/messages"
      aria-label={label}
      title={label}
      data-testid="messages-badge"
      data-count={count}
      data-live={live}
    >
      <Badge badgeContent={count} color="primary" max={99}>
        <NotificationsNoneOutlinedIcon />
      </Badge>
    </IconButton>
  );
}
