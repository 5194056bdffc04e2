import { MESSAGE_GROUPS, MESSAGE_TYPES_BY_GROUP, WATCH_MESSAGE_TYPE, type MessageGroup } from '../../../contract/message-kinds';
import type { VisibleMessageGroup } from '../../../contract/permissions';
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

/**
 * The kinds the inbox's filter offers, by group: the supplier's kinds, and in `goods` the gateway's own
 * `watch.risk` (goods a change put at risk; stored in the goods group, so only those who see goods
 * messages, never support, are offered it).
 */
export const INBOX_KINDS_BY_GROUP: Record<MessageGroup, readonly string[]> = {
  ...MESSAGE_TYPES_BY_GROUP,
  goods: [...MESSAGE_TYPES_BY_GROUP.goods, WATCH_MESSAGE_TYPE],
};
const INBOX_KINDS = MESSAGE_GROUPS.flatMap((g) => INBOX_KINDS_BY_GROUP[g]);
const groupOfKind = (type: string) => MESSAGE_GROUPS.find((g) => INBOX_KINDS_BY_GROUP[g].includes(type));

/** The kinds to offer a person who sees `groups`, within the chosen group (or all of theirs). */
export const inboxKinds = (groups: readonly VisibleMessageGroup[], group: InboxView['group']): string[] =>
  (group ? groups.filter((g) => g === group) : groups).flatMap((g) => (g === 'unknown' ? [] : INBOX_KINDS_BY_GROUP[g]));

const day = (v: string | null) => (v && daySeconds(v) !== undefined ? v : '');

/** `?tab=unread&group=orders&type=order.delivery&from=&to=&page=&size=`; nonsense falls back to the default. */
export function parseInboxView(p: URLSearchParams): InboxView {
  const group = read.oneOf(p, 'group', ['', ...GROUPS] as const, '');
  const type = read.oneOf(p, 'type', ['', ...INBOX_KINDS], '');
  return {
    tab: p.get('tab') === 'unread' ? 'unread' : 'all',
    group,
    // A kind outside the chosen group would match nothing: dropped.
    type: type && group && groupOfKind(type) !== group ? '' : type,
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
