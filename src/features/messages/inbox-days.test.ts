import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InboxMessage } from '../../../contract/message-kinds';
import { setShownClock } from '../../lib/clock';
import { inboxDays } from './inbox-days';

afterEach(() => {
  vi.useRealTimers();
  setShownClock(undefined);
});

const HOUR = 3_600_000;
/** The wall clock: Sunday 29 November 2026, 12:00 in Shanghai. */
const WALL = Date.UTC(2026, 10, 29, 4);
let seq = 0;
const message = (pushedAt: number | null, receivedAt: number): InboxMessage =>
  ({
    id: `m${++seq}`,
    type: 'goods.price.alter',
    group: 'goods',
    data: {},
    refs: null,
    read: false,
    pushedAt,
    receivedAt,
  }) as unknown as InboxMessage;

describe('the inbox grouped by day on the one clock', () => {
  it('after the business clock moved a day on, "Today" is business today and comes first, whatever the list order', () => {
    vi.useFakeTimers({ now: WALL });
    // The manager moved the business clock a day on: it is Monday 30 November there.
    setShownClock({ kind: 'business', nowMs: WALL + 26 * HOUR, speed: 1 });
    const older = message(WALL - 2 * HOUR, WALL - 2 * HOUR + 500); // pushed Sunday (business), received then
    const priced = message(WALL + 25 * HOUR, WALL + 5); // the supplier's push: business Monday; received on the wall clock
    const watch = message(null, WALL + 25 * HOUR + 60_000); // the gateway's own, stamped on the business clock
    // Newest first as the gateway lists them, with an older day's message listed first.
    const days = inboxDays([older, watch, priced]);
    expect(days.map((d) => [d.day, d.when])).toEqual([
      ['2026-11-30', 'today'],
      ['2026-11-29', 'yesterday'],
    ]);
    expect(days[0]!.messages.map((m) => m.id)).toEqual([watch.id, priced.id]);
    expect(days[1]!.messages).toEqual([older]);
  });

  it('on the wall clock (the real upstream), messages are grouped by their receipt', () => {
    vi.useFakeTimers({ now: WALL });
    setShownClock({ kind: 'wall', nowMs: 0, speed: 1 });
    const m = message(WALL + 3 * 24 * HOUR, WALL - HOUR);
    const earlier = message(null, WALL - 3 * 24 * HOUR);
    expect(inboxDays([m, earlier]).map((d) => [d.day, d.when])).toEqual([
      ['2026-11-29', 'today'],
      ['2026-11-26', 'earlier'],
    ]);
  });
});
