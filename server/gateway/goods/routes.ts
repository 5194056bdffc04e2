import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  mayCall,
  SKU_LOOKUP_MAX,
  WATCH_GOODS_RULES_MAX,
  WATCH_HISTORY_DAYS,
  WATCH_REASONS,
  watchRuleInput,
  type SkuLookupAnswer,
  type WatchAtRisk,
  type WatchChanged,
  type WatchHistory,
  type WatchLibrary,
  type WatchRuleSaved,
  type WatchRules,
} from '../../../contract';
import { formatIssues, issueDetail } from '../../lib/issues';
import type { AuditLog } from '../audit/audit';
import { fail, requireFeature, type Env } from '../http/context';
import { clientIp } from '../http/security';
import type { Goods } from '.';
import { RuleRefused } from './store';

/** A SKU id: a whole number of at most 15 digits, above 0. */
const SKU_ID = /^\d{1,15}$/;

/**
 * `GET /skus?ids=1,2,3` (every role that may place orders): what the gateway knows of each SKU id,
 * in one call for all of a bulk-order sheet's SKUs (at most SKU_LOOKUP_MAX distinct ids). A URL of
 * 2,000 long ids passes Node's 16 kB header limit: `POST /skus` with `{"ids":[…]}` answers the same.
 */
export function goodsRoutes(goods: Goods) {
  const routes = new Hono<Env>();
  const lookup = async (c: Context<Env>, raw: string) => {
    if (!mayCall(c.get('user').role, 'order.submit')) return fail(c, 403, 'forbidden', 'Your role does not allow this.');
    if (raw === '') return fail(c, 400, 'invalid_input', 'Name the SKU ids to look up: ids=1,2,3.', { field: 'ids', rule: 'required' });
    const parts = raw.split(',').map((s) => s.trim());
    const bad = parts.find((s) => !SKU_ID.test(s) || Number(s) === 0);
    if (bad !== undefined)
      return fail(
        c,
        400,
        'invalid_input',
        `"${bad.slice(0, 20)}" is not a SKU id: ids must be whole numbers above 0, separated by commas.`,
        {
          field: 'ids',
          rule: 'bad_format',
        },
      );
    const ids = [...new Set(parts.map(Number))];
    if (ids.length > SKU_LOOKUP_MAX)
      return fail(c, 400, 'invalid_input', `At most ${SKU_LOOKUP_MAX} SKU ids can be looked up at once; this asked for ${ids.length}.`, {
        field: 'ids',
        rule: 'too_many',
        limit: SKU_LOOKUP_MAX,
      });
    return c.json((await goods.lookup(ids)) satisfies SkuLookupAnswer);
  };
  routes.get('/skus', (c) => lookup(c, (c.req.query('ids') ?? '').trim()));
  // The same with the ids in a body (`{"ids":[1,2,3]}`), for lists longer than a URL should carry.
  routes.post('/skus', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { ids?: unknown } | null;
    const ids = body && Array.isArray(body.ids) ? body.ids.map((x) => String(x)).join(',') : '';
    return lookup(c, ids);
  });
  return routes;
}

const historyQuery = z
  .object({ days: z.enum(WATCH_HISTORY_DAYS.map(String) as [string, ...string[]], { error: 'days must be 30, 90 or 365' }).default('30') })
  .strict();
const atRiskQuery = z
  .object({
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be at least 1')
      .max(10_000)
      .default(1),
    size: z.coerce
      .number({ error: 'size must be a number' })
      .int('size must be a whole number')
      .min(1, 'size must be at least 1')
      .max(100, 'size may be at most 100')
      .default(50),
    // Only the goods at risk for this reason (the strip's "library goods off sale" opens reason=off-sale).
    reason: z.enum(WATCH_REASONS, { error: `reason must be one of ${WATCH_REASONS.join(', ')}` }).optional(),
  })
  .strict();
const changedQuery = z
  .object({
    ids: z
      .string()
      .regex(/^\d{1,15}(,\d{1,15}){0,499}$/, 'ids must be up to 500 goods ids separated by commas')
      .optional(),
    days: z.coerce
      .number({ error: 'days must be a number' })
      .int('days must be a whole number')
      .min(1, 'days must be at least 1')
      .max(365, 'days may be at most 365')
      .optional(),
  })
  .strict();

const libraryQuery = z
  .object({
    days: z.coerce
      .number({ error: 'days must be a number' })
      .int('days must be a whole number')
      .min(1, 'days must be at least 1')
      .max(365, 'days may be at most 365'),
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be at least 1')
      .max(10_000)
      .default(1),
    size: z.coerce
      .number({ error: 'size must be a number' })
      .int('size must be a whole number')
      .min(1, 'size must be at least 1')
      .max(100, 'size may be at most 100')
      .default(20),
    q: z.string().trim().max(100, 'q may be at most 100 characters').optional(),
  })
  .strict();

const DAY_MS = 86_400_000;

/**
 * The goods watch (`/watch/…`, merchants, managers and admins): the minimum profit rate (library-wide
 * and per goods, audited), the library goods at risk, one goods' price history, and when goods last
 * changed (the library's "changed in the last 7 days").
 */
export function watchRoutes(goods: Goods, deps: { audit: AuditLog; trustProxy: boolean; now: () => number }) {
  const routes = new Hono<Env>();
  routes.use('/watch/*', requireFeature('watch.use'));
  const refused = (c: Context<Env>, error: z.ZodError, raw: unknown, field: string) => {
    const detail = issueDetail(error, raw);
    return fail(c, 400, 'invalid_input', `Invalid input: ${formatIssues(error)}`, { ...detail, field: detail.field ?? field });
  };
  const rules = async (): Promise<WatchRules> => {
    const rows = await goods.store.db
      .selectFrom('goods_rules as r')
      .leftJoin('goods_items as g', 'g.goods_id', 'r.goods_id')
      .select(['r.goods_id', 'r.min_rate', 'r.updated_at', 'r.updated_by', 'g.title'])
      .orderBy('r.goods_id')
      .execute();
    const of = (r: (typeof rows)[number]) => ({ minRate: Number(r.min_rate), updatedAt: Number(r.updated_at), updatedBy: r.updated_by });
    const library = rows.find((r) => Number(r.goods_id) === 0);
    return {
      library: library ? of(library) : null,
      goods: rows.filter((r) => Number(r.goods_id) !== 0).map((r) => ({ ...of(r), goodsId: Number(r.goods_id), title: r.title ?? '' })),
    };
  };

  routes.get('/watch/rules', async (c) => c.json(await rules()));
  routes.put('/watch/rules', async (c) => {
    const user = c.get('user');
    const ip = clientIp(c, deps.trustProxy);
    const raw: unknown = await c.req.json().catch(() => undefined);
    const parsed = watchRuleInput.safeParse(raw ?? null);
    if (!parsed.success) {
      const detail = issueDetail(parsed.error, raw);
      const msg = raw === undefined ? 'The request body is not valid JSON.' : `Invalid input: ${formatIssues(parsed.error)}`;
      await deps.audit.record({
        user,
        action: 'watch.rules',
        input: { refusedField: detail.field ?? 'body' },
        code: 400,
        msg: `refused: ${msg}`,
        ip,
      });
      return fail(
        c,
        400,
        'invalid_input',
        msg,
        raw === undefined ? { field: 'body', rule: 'bad_json' } : { ...detail, field: detail.field ?? 'minRate' },
      );
    }
    const { goodsId, minRate } = parsed.data;
    try {
      await goods.setRule(goodsId ?? 0, minRate, user.username);
    } catch (e) {
      if (!(e instanceof RuleRefused)) throw e;
      await deps.audit.record({ user, action: 'watch.rules', input: parsed.data, code: 400, msg: `refused: ${e.message}`, ip });
      return fail(c, 400, 'invalid_input', e.message, {
        field: 'goodsId',
        rule: e.rule,
        ...(e.rule === 'too_many' && { limit: WATCH_GOODS_RULES_MAX }),
      });
    }
    await deps.audit.record({ user, action: 'watch.rules', input: parsed.data, code: 1, msg: 'done', ip });
    // Only what changed (every rule again was ~3 MB with 33,000 of them), and how many goods have their own now.
    const row = await goods.store.db
      .selectFrom('goods_rules')
      .select(['min_rate', 'updated_at', 'updated_by'])
      .where('goods_id', '=', goodsId ?? 0)
      .executeTakeFirst();
    return c.json({
      goodsId: goodsId ?? null,
      rule: row ? { minRate: Number(row.min_rate), updatedAt: Number(row.updated_at), updatedBy: row.updated_by } : null,
      goodsRules: await goods.store.goodsRuleCount(),
    } satisfies WatchRuleSaved);
  });

  routes.get('/watch/at-risk', async (c) => {
    const parsed = atRiskQuery.safeParse(c.req.query());
    if (!parsed.success) return refused(c, parsed.error, c.req.query(), 'page');
    const { page, size, reason } = parsed.data;
    const { total, list } = await goods.store.atRisk(page, size, reason);
    return c.json({ list, total, page, size } satisfies WatchAtRisk);
  });

  routes.get('/watch/summary', async (c) => c.json({ atRisk: await goods.store.atRiskCount() }));

  routes.get('/watch/goods/:id/history', async (c) => {
    const id = c.req.param('id');
    if (!/^\d{1,15}$/.test(id) || Number(id) === 0)
      return fail(c, 400, 'invalid_input', 'The goods id must be a whole number above 0.', { field: 'id', rule: 'bad_format' });
    const parsed = historyQuery.safeParse(c.req.query());
    if (!parsed.success) return refused(c, parsed.error, c.req.query(), 'days');
    const days = Number(parsed.data.days);
    const goodsId = Number(id);
    const [skus, rulesNow] = await Promise.all([goods.store.history(goodsId, deps.now() - days * DAY_MS), goods.store.rules([goodsId])]);
    return c.json({ goodsId, days, minRate: rulesNow.get(goodsId) ?? rulesNow.get(0) ?? null, skus } satisfies WatchHistory);
  });

  // The library's "changed in the last N days" filter: the upstream's list cannot filter by it, so it is listed from the goods mirror.
  routes.get('/watch/library', async (c) => {
    const parsed = libraryQuery.safeParse(c.req.query());
    if (!parsed.success) return refused(c, parsed.error, c.req.query(), 'days');
    const { days, page, size, q } = parsed.data;
    const { count, list, readAt } = await goods.store.changedRows(deps.now() - days * DAY_MS, page, size, q || undefined);
    return c.json({ list: list as WatchLibrary['list'], count, readAt, days, page, size } satisfies WatchLibrary);
  });

  routes.get('/watch/changed', async (c) => {
    const parsed = changedQuery.safeParse(c.req.query());
    if (!parsed.success) return refused(c, parsed.error, c.req.query(), 'ids');
    const { ids, days } = parsed.data;
    const changed = ids ? await goods.store.changedAt(ids.split(',').map(Number)) : new Map<number, number>();
    const goodsIds = days ? await goods.store.changedSince(deps.now() - days * DAY_MS, 2000) : [];
    return c.json({ changed: Object.fromEntries(changed), goodsIds } satisfies WatchChanged);
  });
  return routes;
}
