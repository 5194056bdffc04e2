import { describe, expect, it } from 'vitest';
import { testGatewayDb } from '../../../test/gateway-db';
import { createMessageCenter } from '.';

const TOKEN = 'b'.repeat(48);
const HOUR = 3_600_000;
/** The gateway's wall clock when the messages come in: 1 Nov 2026, 12:00 UTC. */
const WALL = Date.UTC(2026, 10, 1, 12);

/**
 * The inbox's date filter reads the time the inbox shows (src/lib/clock.ts, messageTime): in sandbox
 * mode the push time on the business clock (here three days ahead of the wall clock), with the real
 * upstream the gateway's receipt. A day's filter holds exactly the messages shown under that day.
 */
describe.each([
  { mode: 'sandbox' as const, shownOf: (m: { pushed: number | null }) => m.pushed ?? WALL },
  { mode: 'upstream' as const, shownOf: () => WALL },
])('inbox date filter in $mode mode', ({ mode, shownOf }) => {
  it('filters on the time shown', async () => {
    const db = await testGatewayDb();
    const center = createMessageCenter({
      db,
      upstream: null,
      mode,
      token: { value: TOKEN, source: 'file' },
      publicOrigin: 'http://x',
      now: () => WALL,
    });
    const messages = [
      { id: 'm1', pushed: WALL + 3 * 24 * HOUR },
      { id: 'm2', pushed: WALL + 3 * 24 * HOUR + 2 * HOUR },
      { id: 'm3', pushed: WALL + 5 * 24 * HOUR },
      { id: 'm4', pushed: null },
    ];
    for (const m of messages)
      await center.store.insert({ id: m.id, type: 'order.deliver', group: 'orders', data: { orderSn: `SD-${m.id}` }, pushedMs: m.pushed });
    const inDay = async (from: number, to: number) =>
      (await center.store.list(1, ['orders'], { from, to, page: 1, limit: 50 })).list.map((m) => m.id).sort();
    for (const day of [WALL, WALL + 3 * 24 * HOUR, WALL + 5 * 24 * HOUR]) {
      const from = day - 12 * HOUR;
      const to = day + 12 * HOUR - 1;
      const expected = messages
        .filter((m) => shownOf(m) >= from && shownOf(m) <= to)
        .map((m) => m.id)
        .sort();
      expect(await inDay(from, to)).toEqual(expected);
    }
    // Not vacuous: on the business clock the receipt's day holds only the message without a push time.
    if (mode === 'sandbox') expect(await inDay(WALL - 12 * HOUR, WALL + 12 * HOUR - 1)).toEqual(['m4']);
    else expect(await inDay(WALL - 12 * HOUR, WALL + 12 * HOUR - 1)).toEqual(['m1', 'm2', 'm3', 'm4']);
  });
});
