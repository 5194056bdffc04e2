import type { InboxMessage } from '../../../contract/message-kinds';
import { messageTime, shownNow } from '../../lib/clock';
import { secondsToDay } from '../../lib/time';

/** A day of the inbox: its date (YYYY-MM-DD in the person's zone), whether it is today or yesterday on the shown clock, its messages. */
export interface InboxDay {
  day: string;
  when: 'today' | 'yesterday' | 'earlier';
  messages: InboxMessage[];
}

/**
 * Messages grouped by the day they are shown as received, newest day first, on the app's one clock
 * (src/lib/clock.ts): in sandbox mode a message's business time, and "today" is business today, so a
 * moved clock never puts an older day above "Today" (issue 49). Within a day, the list's order.
 */
export function inboxDays(list: readonly InboxMessage[], now = shownNow()): InboxDay[] {
  const days = new Map<string, InboxMessage[]>();
  for (const m of list) {
    const d = secondsToDay(Math.floor(messageTime(m) / 1000));
    const bucket = days.get(d);
    if (bucket) bucket.push(m);
    else days.set(d, [m]);
  }
  const today = secondsToDay(Math.floor(now / 1000));
  const yesterday = secondsToDay(Math.floor(now / 1000) - 86_400);
  return [...days]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([day, messages]) => ({ day, when: day === today ? 'today' : day === yesterday ? 'yesterday' : 'earlier', messages }));
}
