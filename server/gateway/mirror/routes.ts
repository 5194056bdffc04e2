import { Hono } from 'hono';
import { z } from 'zod';
import { mayCall, mayUse, type OpId } from '../../../contract';
import { OVERVIEW_MAX_DAYS } from '../../../contract/constants';
import { formatIssues, issueDetail } from '../../lib/issues';
import { fail, requireFeature, type Env } from '../http/context';
import type { OpCaller } from '../messages/effects';
import type { MirrorBackfill, MirrorReads, OverviewShipping } from '../../../contract';
import type { ShownClock } from '../clock';

const WALL = { now: Date.now, fromWall: (ms: number) => ms, ready: () => Promise.resolve() };
import type { OrderMirror } from './index';
import { daysBetween } from './store';
import { dayOf, LIST_DIMS } from './rollups';
import { soldOrders, withSales } from './sales';
import { ordersByPhoneTail } from './phone-tail';
import { phoneTailQuery, type PhoneTailAnswer } from '../../../contract/schemas/phone-tail';

export const PERIODS = ['today', '7d', '30d', 'month', 'lastMonth', 'custom'] as const;
export type Period = (typeof PERIODS)[number];
export const MAX_PERIOD_DAYS = OVERVIEW_MAX_DAYS;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A day that exists: the pattern, and the calendar (no 2026-02-30, no month 13, which Date cannot even print). */
const realDay = (v: string) => {
  if (!DAY.test(v)) return false;
  const t = Date.parse(`${v}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === v;
};
const dayText = z.string().refine(realDay, { message: 'must be a day written YYYY-MM-DD', params: { rule: 'format' } });

const overviewQuery = z
  .object({
    period: z.enum(PERIODS, { error: `period must be one of ${PERIODS.join(', ')}` }).default('7d'),
    from: dayText.optional(),
    to: dayText.optional(),
  })
  .strict()
  .refine((q) => q.period !== 'custom' || (q.from !== undefined && q.to !== undefined), {
    message: 'a custom period needs from and to',
    path: ['from'],
    params: { rule: 'required' },
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
    params: { rule: 'range_order' },
  })
  .refine((q) => !q.from || !q.to || daysBetween(q.from, q.to).length <= MAX_PERIOD_DAYS, {
    message: `a period may span at most ${MAX_PERIOD_DAYS} days`,
    path: ['to'],
    params: { rule: 'too_many', limit: MAX_PERIOD_DAYS },
  });

/** Rows of each work-queue list. */
export const QUEUE_SIZE = 20;
const csvInts = z
  .string()
  .regex(/^\d{1,3}(,\d{1,3}){0,9}$/, { message: 'must be status numbers separated by commas' })
  .transform((v) => v.split(',').map(Number));
const queueQuery = z
  .object({
    status: csvInts.optional(),
    reason: z.string().trim().min(1).max(64).optional(),
    from: dayText.optional(),
    to: dayText.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    size: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
    params: { rule: 'range_order' },
  });

/** `/bff/queue/delivered`: a page of the delivered orders with a request open. */
const pageQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    size: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The first day a period may start on. */
export const FIRST_DAY = '2000-01-01';
/** The last day a period may end on: the same day a year after `today` (28 February for a 29th). */
export const lastDay = (today: string) => {
  const next = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
  return realDay(next) ? next : `${next.slice(0, 8)}28`;
};
/** Days outside FIRST_DAY..lastDay(today) are no period anyone kept orders for: a refusal in words, with the bounds. */
export function outsideDays(q: { from?: string; to?: string }, today: string) {
  const last = lastDay(today);
  const bad = [q.from, q.to].find((d) => d !== undefined && (d < FIRST_DAY || d > last));
  if (bad === undefined) return undefined;
  return {
    msg: `Invalid input: days must be from ${FIRST_DAY} to ${last} (a year after today); ${bad} is not`,
    detail: { field: q.from === bad ? 'from' : 'to', rule: 'day_range' as const },
  };
}

/** `/bff/overview/orders`: which figure's orders (rollups.ts, orderKeys), its key, and the days. */
const listQuery = z
  .object({
    of: z.enum([...LIST_DIMS, 'sold'], { error: `of must be one of ${[...LIST_DIMS, 'sold'].join(', ')}` }),
    key: z.string().trim().max(100).optional(),
    from: dayText,
    to: dayText,
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    size: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict()
  .refine((q) => ['all', 'refunded', 'cancelled', 'failed', 'sold'].includes(q.of) || (q.key !== undefined && q.key !== ''), {
    message: 'a channel, province or goods list needs its key',
    path: ['key'],
    params: { rule: 'required' },
  })
  .refine((q) => q.of !== 'sold' || !q.key || /^(channel|goods):\d{1,20}$/.test(q.key), {
    message: 'the sold list takes no key, or channel:<id> or goods:<id>',
    path: ['key'],
    params: { rule: 'bad_format' },
  })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['from'], params: { rule: 'range_order' } })
  .refine((q) => daysBetween(q.from, q.to).length <= MAX_PERIOD_DAYS, {
    message: `a period may span at most ${MAX_PERIOD_DAYS} days`,
    path: ['to'],
    params: { rule: 'too_many', limit: MAX_PERIOD_DAYS },
  });

/** `/bff/order-refunds`: orders by the platform's numbers, at most a page of 100, separated by commas. */
const refundsQuery = z
  .object({
    sn: z
      .string()
      .trim()
      .min(1, 'sn (the platform order number) is required')
      .regex(/^[^,\s]{1,64}(,[^,\s]{1,64}){0,99}$/, 'sn must be at most 100 order numbers of at most 64 characters, separated by commas')
      .transform((v) => v.split(',')),
  })
  .strict();

/** `/bff/overview/cash`: paid out (direction 1) or paid back (2), and the days. */
const cashQuery = z
  .object({
    direction: z.enum(['1', '2'], { error: 'direction must be 1 (paid out) or 2 (paid back)' }),
    from: dayText,
    to: dayText,
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    size: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict()
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['from'], params: { rule: 'range_order' } })
  .refine((q) => daysBetween(q.from, q.to).length <= MAX_PERIOD_DAYS, {
    message: `a period may span at most ${MAX_PERIOD_DAYS} days`,
    path: ['to'],
    params: { rule: 'too_many', limit: MAX_PERIOD_DAYS },
  });

/** The days a preset means on `today` (YYYY-MM-DD in the reseller's time zone), and the period of the same length before it. */
export function periodDays(period: Period, today: string, custom?: { from: string; to: string }) {
  const monthStart = `${today.slice(0, 8)}01`;
  const [from, to] =
    period === 'today'
      ? [today, today]
      : period === '7d'
        ? [shift(today, -6), today]
        : period === '30d'
          ? [shift(today, -29), today]
          : period === 'month'
            ? [monthStart, today]
            : period === 'lastMonth'
              ? [`${shift(monthStart, -1).slice(0, 8)}01`, shift(monthStart, -1)]
              : [custom!.from, custom!.to];
  // A month against the month before (the same days of it, while this month runs), as Shopify compares;
  // other periods against the same number of days just before.
  if (period === 'month' || period === 'lastMonth') {
    const prevStart = `${shift(from, -1).slice(0, 8)}01`;
    const prevEnd = shift(from, -1);
    const sameDay = `${prevStart.slice(0, 8)}${to.slice(8)}`;
    const prevTo = period === 'lastMonth' || !realDay(sameDay) || sameDay > prevEnd ? prevEnd : sameDay;
    return {
      from,
      to,
      previous: { from: prevStart, to: prevTo },
      comparison: period === 'month' ? ('sameDaysLastMonth' as const) : ('monthBefore' as const),
    };
  }
  const length = daysBetween(from, to).length;
  return { from, to, previous: { from: shift(from, -length), to: shift(from, -1) }, comparison: 'daysBefore' as const };
}

/**
 * `/bff/overview` (managers and admins): the period's figures and the previous period's of the
 * same length, from the mirror's daily rollups, with what only the upstream knows now (balance,
 * failed orders waiting, library size), asked in parallel: one call for the whole overview.
 * `/bff/mirror/status` (admins): the mirror's size, the backfill's progress, the last reconcile.
 */
export function mirrorRoutes(
  mirror: OrderMirror,
  call: OpCaller,
  clock: Pick<ShownClock, 'now' | 'fromWall' | 'ready'> = WALL,
  /** Library goods off sale, from the goods mirror: what the At risk page lists for off-sale (null: no goods mirror). */
  libraryOffSale: () => Promise<number | null> = () => Promise.resolve(null),
  /** How shipping went in a period (../exceptions/shipping.ts; absent: no `shipping` in the overview). */
  shipping?: (from: string, to: string) => Promise<OverviewShipping>,
) {
  const routes = new Hono<Env>();
  routes.use('*', async (_c, next) => {
    await clock.ready();
    await next();
  });
  const now = clock.now;
  /**
   * When the mirror last read, on the clock people are shown: as kept when it read (a later move of
   * the business clock does not move it, issue 49), else (a read kept before that) from the wall clock.
   */
  const shownReads = ({
    reads: r,
    shown,
  }: {
    reads: MirrorReads;
    shown: Record<'orders' | 'cash' | 'library', number | null>;
  }): MirrorReads => {
    const at = (ms: number | null, kept: number | null) => kept ?? (ms === null ? null : clock.fromWall(ms));
    return { ...r, orders: at(r.orders, shown.orders), cash: at(r.cash, shown.cash), library: at(r.library, shown.library) };
  };
  routes.get('/overview', requireFeature('overview.read'), async (c) => {
    const parsed = overviewQuery.safeParse(c.req.query());
    if (!parsed.success) {
      const detail = issueDetail(parsed.error, c.req.query());
      return fail(c, 400, 'invalid_input', `Invalid input: ${formatIssues(parsed.error)}`, { ...detail, field: detail.field ?? 'period' });
    }
    const q = parsed.data;
    const today = dayOf(await mirror.nowSeconds().catch(() => Math.floor(now() / 1000)), mirror.settings.timeZone);
    const outside = q.period === 'custom' ? outsideDays(q, today) : undefined;
    if (outside) return fail(c, 400, 'invalid_input', outside.msg, outside.detail);
    const days = periodDays(q.period, today, q.from && q.to ? { from: q.from, to: q.to } : undefined);
    const role = c.get('user').role;
    /** What the upstream says now, if this role may ask it; null when it could not be asked. */
    const live = <T>(id: OpId, input: unknown, pick: (data: never) => T): Promise<T | null> =>
      mayCall(role, id) ? (call(id as never, input as never) as Promise<never>).then(pick, () => null) : Promise.resolve(null);
    // How shipping went (issue 52.4): children by index on payment time, exceptions open by kind.
    const shipped = shipping?.(days.from, days.to);
    // Awaited below; a failure is the answer's (not an unhandled rejection while the rest is asked).
    shipped?.catch(() => {});
    const [current, previous, balance, failedOrders, library, status, fresh, offSale] = await Promise.all([
      // With what the orders with a sale amount earned (issue 53, ./sales.ts): by channel and goods for this period only.
      mirror.store.period(days.from, days.to).then((p) => withSales(mirror.store.db, p)),
      mirror.store.period(days.previous.from, days.previous.to, { goods: false }).then((p) => withSales(mirror.store.db, p, false)),
      live('account.balance', {}, (d: { balance: number }) => d.balance),
      live('order.errors', { page: 1, limit: 1 }, (d: { count?: number; total?: number }) => Number(d.count ?? d.total ?? 0)),
      live('selection.list', { page: 1, limit: 1, source: 0 }, (d: { count: number }) => d.count),
      // The whole status (counts, timings, errors) only for who may read it; the rest are told how fresh the figures are.
      mayUse(role, 'mirror.status') ? mirror.status() : undefined,
      mirror.freshness(),
      libraryOffSale().catch(() => null),
    ]);
    return c.json({
      asOf: now(),
      today,
      period: q.period,
      timeZone: mirror.settings.timeZone,
      comparison: days.comparison,
      current,
      previous,
      now: { balance, failedOrders, librarySize: library, libraryOffSale: offSale },
      reads: shownReads(fresh),
      ...(status ? { mirror: status } : {}),
      ...(shipped ? { shipping: await shipped } : {}),
    });
  });

  /**
   * The orders one of the overview's figures counts, for its days: the mirror's rows (the upstream's
   * lists cannot filter a channel by day, a province, or a goods by id), newest first, a page at a
   * time, with the time of the mirror's last read.
   */
  routes.get('/overview/orders', async (c) => {
    // Managers and admins: every figure's list. Merchants: their strip's one, the orders counted today (strip.read).
    const role = c.get('user').role;
    const overview = mayUse(role, 'overview.read');
    if (!overview && !mayUse(role, 'strip.read')) return fail(c, 403, 'forbidden', 'Your role does not allow this.');
    const parsed = listQuery.safeParse(c.req.query());
    if (!parsed.success) {
      const detail = issueDetail(parsed.error, c.req.query());
      return fail(c, 400, 'invalid_input', `Invalid input: ${formatIssues(parsed.error)}`, detail);
    }
    const q = parsed.data;
    const today = dayOf(await mirror.nowSeconds().catch(() => Math.floor(now() / 1000)), mirror.settings.timeZone);
    if (!overview && (q.of !== 'all' || q.from !== today || q.to !== today))
      return fail(c, 403, 'forbidden', `Your role may list only the orders counted today (${today}), as your figures show them.`);
    const outside = outsideDays(q, today);
    if (outside) return fail(c, 400, 'invalid_input', outside.msg, outside.detail);
    // Orders with a sale amount (all, or one channel's or goods'), each with its sale, cost and profit (./sales.ts).
    if (q.of === 'sold') {
      const [sold, fresh] = await Promise.all([
        soldOrders(mirror.store.db, { key: q.key, from: q.from, to: q.to, offset: (q.page - 1) * q.size, limit: q.size }),
        mirror.freshness(),
      ]);
      return c.json({ ...sold, page: q.page, size: q.size, asOf: now(), readAt: shownReads(fresh).orders });
    }
    const [page, fresh] = await Promise.all([
      mirror.store.orders({ dim: q.of, key: q.key, from: q.from, to: q.to, offset: (q.page - 1) * q.size, limit: q.size }),
      mirror.freshness(),
    ]);
    // The refunded list says what each order had refunded on those days, and the money in all (the figure).
    const refunds =
      q.of === 'refunded'
        ? {
            refunds: await mirror.store.refundsOf(
              page.list.map((o) => o.sn),
              { from: q.from, to: q.to },
            ),
            refundedMoney: (await mirror.store.refundedBetween(q.from, q.to)).money,
          }
        : {};
    return c.json({ ...page, ...refunds, page: q.page, size: q.size, asOf: now(), readAt: shownReads(fresh).orders });
  });

  /**
   * Orders' refunds, each once, from the mirror (what their lines show as "1 of 2 refunded"): for
   * whoever may read orders. Platform order numbers (a page's, up to 100); an order the mirror does not hold has none.
   */
  routes.get('/order-refunds', async (c) => {
    if (!mayCall(c.get('user').role, 'order.list')) return fail(c, 403, 'forbidden', 'Your role does not allow this.');
    const parsed = refundsQuery.safeParse(c.req.query());
    if (!parsed.success) {
      const detail = issueDetail(parsed.error, c.req.query());
      return fail(c, 400, 'invalid_input', `Invalid input: ${formatIssues(parsed.error)}`, { ...detail, field: detail.field ?? 'sn' });
    }
    const [refunds, fresh] = await Promise.all([mirror.store.refundsOf(parsed.data.sn), mirror.freshness()]);
    return c.json({ sn: parsed.data.sn.join(','), refunds, readAt: shownReads(fresh).orders });
  });

  /**
   * The cash-flow lines the overview's paid out or paid back counts, for its days: the mirror's lines
   * (the figure is their sum), newest first, a page at a time, with when the mirror last read the cash
   * flow. The supplier's own list says what is there now, which the mirror reads a little later.
   */
  routes.get('/overview/cash', requireFeature('overview.read'), async (c) => {
    if (!mayCall(c.get('user').role, 'account.cashFlow')) return fail(c, 403, 'forbidden', 'Your role does not allow this.');
    const parsed = cashQuery.safeParse(c.req.query());
    if (!parsed.success) {
      const detail = issueDetail(parsed.error, c.req.query());
      return fail(c, 400, 'invalid_input', `Invalid input: ${formatIssues(parsed.error)}`, detail);
    }
    const q = parsed.data;
    const today = dayOf(await mirror.nowSeconds().catch(() => Math.floor(now() / 1000)), mirror.settings.timeZone);
    const outside = outsideDays(q, today);
    if (outside) return fail(c, 400, 'invalid_input', outside.msg, outside.detail);
    const [page, fresh] = await Promise.all([
      mirror.store.cashLines({ direction: Number(q.direction), from: q.from, to: q.to, offset: (q.page - 1) * q.size, limit: q.size }),
      mirror.freshness(),
    ]);
    return c.json({ ...page, page: q.page, size: q.size, asOf: now(), readAt: shownReads(fresh).cash });
  });
  routes.get('/mirror/status', requireFeature('mirror.status'), async (c) => c.json(await mirror.status()));

  /**
   * Orders by the last four digits of the consignee's phone (support's "my order, phone ending 1234"),
   * from the mirror, newest first, a page at a time: for whoever may read orders, as `/order-refunds`.
   * Each says only what tells it apart: numbers, the consignee's name masked, time, status, money.
   */
  routes.get('/orders/by-phone-tail', async (c) => {
    if (!mayCall(c.get('user').role, 'order.list')) return fail(c, 403, 'forbidden', 'Your role does not allow this.');
    const raw = c.req.query();
    const parsed = phoneTailQuery.safeParse(raw);
    if (!parsed.success) {
      const detail = issueDetail(parsed.error, raw);
      return fail(c, 400, 'invalid_input', `Invalid input: ${formatIssues(parsed.error)}`, { ...detail, field: detail.field ?? 'tail' });
    }
    const q = parsed.data;
    const [found, fresh] = await Promise.all([
      ordersByPhoneTail(mirror.store.db, q.tail, { offset: (q.page - 1) * q.size, limit: q.size }),
      mirror.freshness(),
    ]);
    return c.json({ tail: q.tail, ...found, page: q.page, size: q.size, readAt: shownReads(fresh).orders } satisfies PhoneTailAnswer);
  });

  /** The work queue's three lists, the first QUEUE_SIZE of each, from the mirror. */
  routes.get('/queue', requireFeature('queue.read'), async (c) => {
    const [decision, mail, delivered, backfill] = await Promise.all([
      mirror.store.afterSales({ status: [1], limit: QUEUE_SIZE }),
      mirror.store.afterSales({ status: [2], limit: QUEUE_SIZE }),
      mirror.store.deliveredWithOpenAfterSale({ limit: QUEUE_SIZE }),
      mirror.store.state<MirrorBackfill>('backfill'),
    ]);
    return c.json({ asOf: now(), decision, mail, delivered, backfill });
  });

  /** After-sale records from the mirror, filtered: by status, reason, days (what the overview's bars and the queue's "all" open). */
  routes.get('/queue/after-sales', requireFeature('queue.read'), async (c) => {
    const parsed = queueQuery.safeParse(c.req.query());
    if (!parsed.success) {
      const detail = issueDetail(parsed.error, c.req.query());
      return fail(c, 400, 'invalid_input', `Invalid input: ${formatIssues(parsed.error)}`, detail);
    }
    const q = parsed.data;
    const page = await mirror.store.afterSales({
      status: q.status,
      reason: q.reason,
      from: q.from,
      to: q.to,
      offset: (q.page - 1) * q.size,
      limit: q.size,
    });
    return c.json({ ...page, page: q.page, size: q.size });
  });

  /** Every delivered order with an after-sale open, a page at a time (what the queue's section shows the first QUEUE_SIZE of). */
  routes.get('/queue/delivered', requireFeature('queue.read'), async (c) => {
    const parsed = pageQuery.safeParse(c.req.query());
    if (!parsed.success) {
      const detail = issueDetail(parsed.error, c.req.query());
      return fail(c, 400, 'invalid_input', `Invalid input: ${formatIssues(parsed.error)}`, detail);
    }
    const q = parsed.data;
    const page = await mirror.store.deliveredWithOpenAfterSale({ offset: (q.page - 1) * q.size, limit: q.size });
    return c.json({ ...page, page: q.page, size: q.size });
  });

  /** The merchant's strip: orders placed today (mirror), failed orders waiting (upstream), library goods off sale (goods mirror, as At risk lists them). */
  routes.get('/strip', requireFeature('strip.read'), async (c) => {
    const today = dayOf(await mirror.nowSeconds().catch(() => Math.floor(now() / 1000)), mirror.settings.timeZone);
    const role = c.get('user').role;
    const [day, failedOrders, offSale] = await Promise.all([
      mirror.store.period(today, today, { goods: false }),
      mayCall(role, 'order.errors')
        ? call('order.errors', { page: 1, limit: 1 }).then(
            (d) => Number((d as { count?: number; total?: number }).count ?? (d as { total?: number }).total ?? 0),
            () => null,
          )
        : Promise.resolve(null),
      libraryOffSale().catch(() => null),
    ]);
    return c.json({
      asOf: now(),
      today,
      ordersToday: day.totals.orders,
      failedOrders,
      libraryOffSale: offSale,
    });
  });
  return routes;
}
