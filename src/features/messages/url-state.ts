import { MESSAGE_GROUPS, MESSAGE_TYPES } from '../../../contract/message-kinds';
import { read } from '../../lib/url-view';
import { daySeconds } from '../../lib/time';

export const INBOX_SIZES = [20, 50, 100] as const;
const GROUPS = [...MESSAGE_GROUPS, 'unknown'] as const;

export interface InboxView {
  tab: 'all' | 'unread';
  group: '' | (typeof GROUPS)[number];
  type: string;
  /** Days "2026-11-23" in the person's zone, or ''. */
  from: string;
  to: string;
  page: number;
  size: number;
}

const day = (v: string | null) => (v && daySeconds(v) !== undefined ? v : '');

/** `?tab=unread&group=orders&type=order.delivery&from=&to=&page=&size=`; nonsense falls back to the default. */
export function parseInboxView(p: URLSearchParams): InboxView {
  const group = read.oneOf(p, 'group', ['', ...GROUPS] as const, '');
  const type = read.oneOf(p, 'type', ['', ...MESSAGE_TYPES] as const, '');
  return {
    tab: p.get('tab') === 'unread' ? 'unread' : 'all',
    group,
    // A kind outside the chosen group would match nothing: dropped.
    type: type && group && !type.startsWith(group === 'orders' ? 'order.' : `${group}.`) ? '' : type,
    from: day(p.get('from')),
    to: day(p.get('to')),
    page: read.int(p, 'page', 1),
    size: read.oneOf(p, 'size', INBOX_SIZES, 50),
  };
}

export function inboxViewToParams(v: InboxView): URLSearchParams {
  const p = new URLSearchParams();
  if (v.tab === 'unread') p.set('tab', 'unread');
  if (v.group) p.set('group', v.group);
  if (v.type) p.set('type', v.type);
  if (v.from) p.set('from', v.from);
  if (v.to) p.set('to', v.to);
  if (v.size !== 50) p.set('size', String(v.size));
  if (v.page !== 1) p.set('page', String(v.page));
  return p;
}

export const daysInOrder = (v: { from: string; to: string }) => !v.from || !v.to || v.from <= v.to;
