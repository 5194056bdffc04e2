import { sql, type RawBuilder } from 'kysely';
import type { OverviewShipping } from '../../../contract';
import { EXCEPTION_KINDS } from '../../../contract/schemas/exceptions';
import type { Kdb } from '../db';
import { dayStart } from '../shipments/store';

const HOUR_MS = 3_600_000;

/** The day after a day (YYYY-MM-DD). */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * How shipping went for the overview (issue 52.4), from the children the exceptions' sweep keeps of
 * the mirrored orders (exception_children, by index on payment time): of the channel children paid on
 * the period's days (in the reseller's time zone), how many shipped within `withinHours` of payment,
 * later, or not yet (past that, or still within it), and the median hours from payment to shipment of
 * those shipped; and the exceptions open now by kind (what support's queue lists, whatever the period).
 */
export async function shippingFigures(
  db: Kdb,
  q: { from: string; to: string; timeZone: string; withinHours: number; now: number },
): Promise<OverviewShipping> {
  const fromMs = dayStart(q.from, q.timeZone) * 1000;
  const toMs = dayStart(nextDay(q.to), q.timeZone) * 1000;
  const within = q.withinHours * HOUR_MS;
  const dueBefore = q.now - within;
  const count = (cond: RawBuilder<unknown>) => sql<number | string>`coalesce(sum(case when ${cond} then 1 else 0 end), 0)`;
  const paid = db.selectFrom('exception_children').where('paid_at', '>=', fromMs).where('paid_at', '<', toMs);
  const [sums, kinds] = await Promise.all([
    paid
      .select([
        count(sql`ship_ms is not null and ship_ms <= ${within}`).as('within'),
        count(sql`ship_ms > ${within}`).as('late'),
        count(sql`ship_ms is null and state = 'waiting' and paid_at <= ${dueBefore}`).as('overdue'),
        count(sql`ship_ms is null and state = 'waiting' and paid_at > ${dueBefore}`).as('pending'),
        count(sql`ship_ms is null and state = 'cancelled'`).as('cancelled'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('exceptions')
      .select(['kind', (e) => e.fn.countAll<number | string>().as('n')])
      .where('state', '=', 'open')
      .groupBy('kind')
      .execute(),
  ]);
  const shippedWithin = Number(sums.within);
  const shippedLate = Number(sums.late);
  const waitingLate = Number(sums.overdue);
  const shipped = shippedWithin + shippedLate;
  // The median of the shipped: the middle one, or the mean of the two middle ones of an even count.
  let medianHours: number | null = null;
  if (shipped > 0) {
    const middle = await paid
      .select('ship_ms')
      .where('ship_ms', 'is not', null)
      .orderBy('ship_ms')
      .offset(Math.floor((shipped - 1) / 2))
      .limit(shipped % 2 === 0 ? 2 : 1)
      .execute();
    const ms = middle.map((r) => Number(r.ship_ms));
    medianHours = ms.reduce((s, x) => s + x, 0) / ms.length / HOUR_MS;
  }
  const decided = shipped + waitingLate;
  const openByKind = Object.fromEntries(EXCEPTION_KINDS.map((k) => [k, 0])) as OverviewShipping['openByKind'];
  for (const r of kinds) if (r.kind in openByKind) openByKind[r.kind as keyof typeof openByKind] = Number(r.n);
  return {
    from: q.from,
    to: q.to,
    withinHours: q.withinHours,
    shippedWithin,
    shippedLate,
    waitingLate,
    waitingInTime: Number(sums.pending),
    cancelled: Number(sums.cancelled),
    withinShare: decided > 0 ? shippedWithin / decided : null,
    medianHours,
    openByKind,
  };
}
