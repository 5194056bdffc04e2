import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { mayUse } from '../../../contract';
import { DEFAULT_TIME_ZONE } from '../../../contract/time-zone';
import { shipmentsMarkInput, shipmentsQuery, type ShipmentsAnswer, type ShipmentsMarkAnswer } from '../../../contract/schemas/shipments';
import { formatIssues, issueDetail } from '../../lib/issues';
import type { AuditLog } from '../audit/audit';
import type { GatewayDb } from '../db';
import { fail, requireFeature, type Env } from '../http/context';
import { clientIp } from '../http/security';
import { dayStart, ShipmentStore } from './store';

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * `/bff/shipments` (merchants, managers, admins): the packages the supplier shipped, from what the
 * order mirror keeps (never asking the supplier), and marking them handed to the shop or not.
 */
export function shipmentsRoutes(deps: {
  db: GatewayDb;
  audit: AuditLog;
  trustProxy: boolean;
  /** The reseller's time zone: which packages a day holds (the mirror's MIRROR_TIME_ZONE). */
  timeZone?: string;
  /** When a mark is made: the shown clock (the business clock in sandbox mode). */
  now: () => number;
}) {
  const store = new ShipmentStore(deps.db);
  const timeZone = deps.timeZone ?? DEFAULT_TIME_ZONE;
  const routes = new Hono<Env>();
  routes.use('/shipments', requireFeature('shipments.use'));
  routes.use('/shipments/*', requireFeature('shipments.use'));

  const invalid = (c: Context<Env>, error: z.ZodError, raw: unknown) => {
    const detail = issueDetail(error, raw);
    return fail(c, 400, 'invalid_input', `Invalid input: ${formatIssues(error)}`, detail);
  };

  routes.get('/shipments', async (c) => {
    const raw = c.req.query();
    const parsed = shipmentsQuery.safeParse(raw);
    if (!parsed.success) return invalid(c, parsed.error, raw);
    const q = parsed.data;
    if (q.job !== undefined) {
      // Another person's job is no job to them (as at /bff/imports/:id), unless they see everyone's.
      const user = c.get('user');
      const job = await deps.db.kysely.selectFrom('import_jobs').select('user_id').where('id', '=', q.job).executeTakeFirst();
      if (!job || (job.user_id !== user.id && !mayUse(user.role, 'imports.all')))
        return fail(c, 404, 'not_found', 'There is no such import, or it is not yours.');
    }
    const answer = await store.list({
      state: q.state,
      since: q.from === undefined ? undefined : dayStart(q.from, timeZone),
      before: q.to === undefined ? undefined : dayStart(nextDay(q.to), timeZone),
      channel: q.channel,
      job: q.job,
      offset: (q.page - 1) * q.size,
      limit: q.size,
    });
    return c.json(answer satisfies ShipmentsAnswer);
  });

  routes.post('/shipments/mark', async (c) => {
    const user = c.get('user');
    const ip = clientIp(c, deps.trustProxy);
    const raw = await c.req.json().catch(() => undefined);
    const parsed = shipmentsMarkInput.safeParse(raw);
    if (!parsed.success) {
      const msg = `Invalid input: ${formatIssues(parsed.error)}`;
      await deps.audit.record({ user, action: 'shipments.mark', input: {}, code: 400, msg: `refused: ${msg}`, ip });
      return fail(c, 400, 'invalid_input', msg, issueDetail(parsed.error, raw));
    }
    const { ids, exported } = parsed.data;
    const changed = await store.mark(ids, exported, deps.now());
    await deps.audit.record({
      user,
      action: 'shipments.mark',
      input: { exported, ids },
      code: 1,
      msg: exported
        ? `${changed} of ${ids.length} package(s) marked handed to the shop`
        : `${changed} of ${ids.length} package(s) marked not handed to the shop (undone)`,
      ip,
    });
    return c.json({ changed } satisfies ShipmentsMarkAnswer);
  });
  return routes;
}
