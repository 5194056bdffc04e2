import { sql } from 'kysely';
import type { OverviewShipping } from '../../../contract';
import { EXCEPTION_KINDS } from '../../../contract/schemas/exceptions';
import type { Kdb } from '../db';
import { dayStart } from '../shipments/store';

const HOUR_MS = 3_600_000;
/** How long shipping took is counted per quarter hour for each day (the median is then read exactly within its quarter). */
const BUCKET_MS = 900_000;
/** The same, written into the SQL (PostgreSQL groups by the select's expression only when it is the same text, not a second parameter). */
const QUARTER = sql.lit(BUCKET_MS);

/** The day after a day (YYYY-MM-DD). */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

interface DayFigures {
  within: number;
  late: number;
  cancelled: number;
  /** Quarter hours from payment to shipment -> children. */
  hist: Map<number, number>;
}

/** One day's payments' figures: kept (exception_ship_days) or worked out from its children (by index on payment time), and kept once the day is over. */
async function dayFigures(db: Kdb, fromMs: number, toMs: number, withinMs: number, now: number): Promise<DayFigures> {
  const kept = await db
    .selectFrom('exception_ship_days')
    .selectAll()
    .where('from_ms', '=', fromMs)
    .where('to_ms', '=', toMs)
    .where('within_ms', '=', withinMs)
    .executeTakeFirst();
  if (kept)
    return {
      within: Number(kept.within),
      late: Number(kept.late),
      cancelled: Number(kept.cancelled),
      hist: new Map(Object.entries(JSON.parse(kept.hist) as Record<string, number>).map(([b, n]) => [Number(b), n])),
    };
  // Summed by the database: the shipped per quarter hour (and within the hours), the cancelled by index on state and payment.
  const [buckets, gone] = await Promise.all([
    db
      .selectFrom('exception_children')
      .select([
        sql<number | string>`ship_ms / ${QUARTER}`.as('b'),
        (e) => e.fn.countAll<number | string>().as('n'),
        sql<number | string>`sum(case when ship_ms <= ${withinMs} then 1 else 0 end)`.as('within'),
      ])
      .where('paid_at', '>=', fromMs)
      .where('paid_at', '<', toMs)
      .where('ship_ms', 'is not', null)
      .groupBy(sql`ship_ms / ${QUARTER}`)
      .execute(),
    db
      .selectFrom('exception_children')
      .select((e) => e.fn.countAll<number | string>().as('n'))
      .where('state', '=', 'cancelled')
      .where('paid_at', '>=', fromMs)
      .where('paid_at', '<', toMs)
      .where('ship_ms', 'is', null)
      .executeTakeFirst(),
  ]);
  const out: DayFigures = { within: 0, late: 0, cancelled: Number(gone?.n ?? 0), hist: new Map() };
  for (const r of buckets) {
    const n = Number(r.n);
    out.within += Number(r.within);
    out.late += n - Number(r.within);
    out.hist.set(Number(r.b), n);
  }
  if (toMs <= now)
    await db
      .insertInto('exception_ship_days')
      .values({
        from_ms: fromMs,
        to_ms: toMs,
        within_ms: withinMs,
        within: out.within,
        late: out.late,
        cancelled: out.cancelled,
        hist: JSON.stringify(Object.fromEntries(out.hist)),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  return out;
}

/** The sweep changed children paid at these times (ms): the days kept that hold them go (worked out again when asked). */
export async function forgetShipDays(db: Kdb, paidAt: Iterable<number>): Promise<void> {
  const hours = [...new Set([...paidAt].map((p) => Math.floor(p / HOUR_MS)))].sort((a, b) => a - b);
  // Runs of consecutive hours: a reconcile's changes are children paid over a few days, a few runs.
  const spans: [number, number][] = [];
  for (const h of hours) {
    const last = spans.at(-1);
    if (last && h === last[1] + 1) last[1] = h;
    else spans.push([h, h]);
  }
  if (spans.length > 200) {
    // Changes all over the mirror (a first run over it): whatever is kept goes.
    await db.deleteFrom('exception_ship_days').execute();
    return;
  }
  for (const [first, last] of spans)
    await db
      .deleteFrom('exception_ship_days')
      .where('from_ms', '<', (last + 1) * HOUR_MS)
      .where('to_ms', '>', first * HOUR_MS)
      .execute();
}

/**
 * How shipping went for the overview (issue 52.4), from the children the exceptions' sweep keeps of
 * the mirrored orders (exception_children): of the channel children paid on the period's days (in
 * the reseller's time zone), how many shipped within `withinHours` of payment, later, or not yet
 * (past that, or still within it), and the median hours from payment to shipment of those shipped;
 * and the exceptions open now by kind (what support's queue lists, whatever the period).
 *
 * Each day's figures are kept once worked out and the day is over (exception_ship_days; the sweep
 * forgets a day whose children it changed), so a period reads a row a day and works out today's: the median's quarter hour is found from the
 * days' counts and the value read exactly from the children by index on how long they took. Those not
 * shipped are read by index on their state and payment time (few: the ones waiting).
 */
export async function shippingFigures(
  db: Kdb,
  q: { from: string; to: string; timeZone: string; withinHours: number; now: number },
): Promise<OverviewShipping> {
  const withinMs = q.withinHours * HOUR_MS;
  const days: [number, number][] = [];
  for (let d = q.from; d <= q.to; d = nextDay(d)) days.push([dayStart(d, q.timeZone) * 1000, dayStart(nextDay(d), q.timeZone) * 1000]);
  const fromMs = days[0]![0];
  const toMs = days.at(-1)![1];
  const [figures, waiting, kinds] = await Promise.all([
    Promise.all(days.map(([f, t]) => dayFigures(db, f, t, withinMs, q.now))),
    db
      .selectFrom('exception_children')
      .select('paid_at')
      .where('state', '=', 'waiting')
      .where('paid_at', '>=', fromMs)
      .where('paid_at', '<', toMs)
      .execute(),
    db
      .selectFrom('exceptions')
      .select(['kind', (e) => e.fn.countAll<number | string>().as('n')])
      .where('state', '=', 'open')
      .groupBy('kind')
      .execute(),
  ]);
  let shippedWithin = 0;
  let shippedLate = 0;
  let cancelled = 0;
  const hist = new Map<number, number>();
  for (const f of figures) {
    shippedWithin += f.within;
    shippedLate += f.late;
    cancelled += f.cancelled;
    for (const [b, n] of f.hist) hist.set(b, (hist.get(b) ?? 0) + n);
  }
  const dueBefore = q.now - withinMs;
  const waitingLate = waiting.filter((w) => Number(w.paid_at) <= dueBefore).length;
  const shipped = shippedWithin + shippedLate;

  // The median of the shipped: the middle one, or the mean of the two middle ones of an even count.
  let medianHours: number | null = null;
  if (shipped > 0) {
    const buckets = [...hist].sort((a, b) => a[0] - b[0]);
    /** The rank-th (0-based) shortest time to ship in the period: its quarter hour from the counts, the value from the children. */
    const nth = async (rank: number) => {
      let before = 0;
      for (const [b, n] of buckets) {
        if (rank < before + n) {
          const row = await db
            .selectFrom('exception_children')
            .select('ship_ms')
            .where('ship_ms', '>=', b * BUCKET_MS)
            .where('ship_ms', '<', (b + 1) * BUCKET_MS)
            .where('paid_at', '>=', fromMs)
            .where('paid_at', '<', toMs)
            .orderBy('ship_ms')
            .offset(rank - before)
            .limit(1)
            .executeTakeFirst();
          return Number(row?.ship_ms ?? b * BUCKET_MS);
        }
        before += n;
      }
      return 0;
    };
    const low = Math.floor((shipped - 1) / 2);
    const values = shipped % 2 === 0 ? await Promise.all([nth(low), nth(low + 1)]) : [await nth(low)];
    medianHours = values.reduce((s, x) => s + x, 0) / values.length / HOUR_MS;
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
    waitingInTime: waiting.length - waitingLate,
    cancelled,
    withinShare: decided > 0 ? shippedWithin / decided : null,
    medianHours,
    openByKind,
  };
}
