import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { mayCall, mayUse } from '../../../contract';
import {
  createImportInput,
  IMPORT_MAX_ROWS,
  importPrecheckInput,
  importResendInput,
  type ImportPrecheckAnswer,
  type ImportRecheck,
  type ImportResendAnswer,
} from '../../../contract/schemas/imports';
import { formatIssues, issueDetail } from '../../lib/issues';
import type { GatewayDb } from '../db';
import { fail, requireFeature, type Env } from '../http/context';
import { clientIp } from '../http/security';
import type { AuditLog } from '../audit/audit';
import type { ImportRunner } from './runner';
import { recheckRefused, resendRefused } from './resend';
import { ImportStore } from './store';

export { importsMigrations } from './tables';

const knownInput = z
  .object({
    orderSns: z
      .array(z.string().trim().min(1).max(64))
      .min(1, 'at least one order number')
      .max(IMPORT_MAX_ROWS, `at most ${IMPORT_MAX_ROWS} order numbers`),
  })
  .strict();

/** Supplier calls at once for one pre-check request (the page asks for two requests at a time). */
const PRECHECK_AT_ONCE = 8;

const idParam = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 31);

/**
 * `/bff/imports` (merchants, managers, admins): bulk-order jobs. A person sees and steers their own
 * jobs; admins everyone's. Another person's job answers 404, as one that does not exist.
 */
export function importsRoutes(deps: { db: GatewayDb; store: ImportStore; runner: ImportRunner; audit: AuditLog; trustProxy: boolean }) {
  const { store, runner, audit } = deps;
  const routes = new Hono<Env>();
  routes.use('/imports', requireFeature('orders.import'));
  routes.use('/imports/*', requireFeature('orders.import'));

  const invalid = async (c: Context<Env>, error: z.ZodError, raw: unknown, field: string, auditIt: boolean) => {
    const msg = `Invalid input: ${formatIssues(error)}`;
    if (auditIt)
      await audit.record({
        user: c.get('user'),
        action: 'orders.import',
        input: {},
        code: 400,
        msg: `refused: ${msg}`,
        ip: clientIp(c, deps.trustProxy),
      });
    const detail = issueDetail(error, raw);
    return fail(c, 400, 'invalid_input', msg, { ...detail, field: detail.field ?? field });
  };

  /** The job if this person may see it. */
  const visible = async (c: Context<Env>) => {
    const id = idParam.safeParse(c.req.param('id'));
    if (!id.success) return null;
    const job = await store.job(id.data);
    const user = c.get('user');
    if (!job || (job.user_id !== user.id && !mayUse(user.role, 'imports.all'))) return null;
    return job;
  };
  const notFound = (c: Context<Env>) => fail(c, 404, 'not_found', 'There is no such import, or it is not yours.');

  routes.get('/imports', async (c) => {
    const user = c.get('user');
    return c.json({ list: await store.list(mayUse(user.role, 'imports.all') ? null : user.id) });
  });

  routes.post('/imports', async (c) => {
    const raw = await c.req.json().catch(() => undefined);
    const parsed = createImportInput.safeParse(raw);
    if (!parsed.success) return invalid(c, parsed.error, raw, 'orders', true);
    const user = c.get('user');
    const made = await store.create(user, parsed.data);
    if (made.created) runner.kick();
    return c.json({ id: made.id, created: made.created }, made.created ? 201 : 200);
  });

  // Which numbers were placed before (the mirror, or an earlier job): the check says "already placed".
  // Not under /imports/: a fixed word beside /imports/:id/… would keep Hono from its fastest router.
  routes.post('/known-orders', requireFeature('orders.import'), async (c) => {
    const raw = await c.req.json().catch(() => undefined);
    const parsed = knownInput.safeParse(raw);
    if (!parsed.success) return invalid(c, parsed.error, raw, 'orderSns', false);
    const sns = [...new Set(parsed.data.orderSns)];
    const [mirror, jobs] = await Promise.all([store.mirrored(sns), store.placedOf(sns)]);
    const known = sns
      .filter((sn) => mirror.has(sn) || jobs.has(sn))
      .map((sn) => ({ orderSn: sn, platformSn: mirror.get(sn) ?? jobs.get(sn) ?? null }));
    return c.json({ known });
  });

  // The check's pre-check of many orders in one request (order.beforeCheck per order, as /op would
  // ask it, PRECHECK_AT_ONCE at a time): a sheet of 5,000 orders is 50 requests, not 5,000. An order
  // the supplier did not answer says why; the others keep their answers.
  routes.post('/precheck-orders', requireFeature('orders.import'), async (c) => {
    const user = c.get('user');
    if (!mayCall(user.role, 'order.beforeCheck')) return fail(c, 403, 'forbidden', `Your role (${user.role}) may not use "前置校验V2".`);
    const raw = await c.req.json().catch(() => undefined);
    const parsed = importPrecheckInput.safeParse(raw);
    if (!parsed.success) return invalid(c, parsed.error, raw, 'orders', false);
    const orders = parsed.data.orders;
    const results: ImportPrecheckAnswer['results'] = new Array(orders.length);
    let next = 0;
    const worker = async () => {
      while (next < orders.length) {
        const i = next++;
        try {
          results[i] = { data: await runner.call('order.beforeCheck', orders[i]!) };
        } catch (e) {
          results[i] = { error: e instanceof Error ? e.message : String(e) };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PRECHECK_AT_ONCE, orders.length) }, worker));
    return c.json({ results } satisfies ImportPrecheckAnswer);
  });

  routes.get('/imports/:id', async (c) => {
    const job = await visible(c);
    if (!job) return notFound(c);
    return c.json(await store.full(job.id));
  });

  // One route per action (not `:action{pause|resume|cancel}`): a pattern in a parameter keeps Hono
  // from its RegExpRouter for the whole gateway, and the TrieRouter it falls back on is slower on every call.
  const act = (action: 'pause' | 'resume' | 'cancel') => async (c: Context<Env>) => {
    const job = await visible(c);
    if (!job) return notFound(c);
    const moved =
      action === 'pause'
        ? await store.setState(job.id, ['running'], 'paused')
        : action === 'resume'
          ? await store.setState(job.id, ['paused', 'stopped'], 'running')
          : await store.setState(job.id, ['running', 'paused', 'stopped'], 'cancelled');
    if (!moved)
      return fail(
        c,
        409,
        'conflict',
        `The import is ${job.state}: it cannot be ${action === 'pause' ? 'paused' : action === 'resume' ? 'resumed' : 'cancelled'} now.`,
        {
          field: 'state',
        },
      );
    if (action === 'cancel') {
      await store.unsendQueued(job.id);
      await runner.closeIfOver(job.id);
    }
    if (action === 'resume') runner.kick();
    await runner.progress(job.id, true);
    return c.json(await store.summaryOf(job.id));
  };
  for (const action of ['pause', 'resume', 'cancel'] as const) routes.post(`/imports/:id/${action}`, act(action));

  // The refused orders checked again at the supplier's prices now (nothing placed), then, once the
  // person confirmed those prices, sent again under the same numbers (resend.ts: never twice).
  routes.post('/imports/:id/recheck', async (c) => {
    const job = await visible(c);
    if (!job) return notFound(c);
    if (job.pruned_at !== null)
      return fail(c, 409, 'conflict', 'The rows of this import were removed: its orders cannot be checked again.');
    const orders = await recheckRefused(deps.db.kysely, runner.call, job.id);
    return c.json({ orders } satisfies ImportRecheck);
  });

  routes.post('/imports/:id/resend', async (c) => {
    const job = await visible(c);
    if (!job) return notFound(c);
    const user = c.get('user');
    const ip = clientIp(c, deps.trustProxy);
    const raw = await c.req.json().catch(() => undefined);
    const parsed = importResendInput.safeParse(raw);
    if (!parsed.success) {
      const msg = `Invalid input: ${formatIssues(parsed.error)}`;
      await audit.record({ user, action: 'orders.import.resend', input: { job: job.id }, code: 400, msg: `refused: ${msg}`, ip });
      const detail = issueDetail(parsed.error, raw);
      return fail(c, 400, 'invalid_input', msg, { ...detail, field: detail.field ?? 'orders' });
    }
    if (job.state === 'cancelled' || job.pruned_at !== null) {
      const msg =
        job.state === 'cancelled'
          ? 'The import was cancelled: its orders are not sent again.'
          : 'The rows of this import were removed: its orders cannot be sent again.';
      await audit.record({ user, action: 'orders.import.resend', input: { job: job.id }, code: 409, msg: `refused: ${msg}`, ip });
      return fail(c, 409, 'conflict', msg, { field: 'state' });
    }
    const answer = await resendRefused(deps.db.kysely, store, job.id, parsed.data);
    if (answer.queued.length) {
      // A finished job runs again for them; a paused or stopped one sends them when resumed.
      await store.setState(job.id, ['done'], 'running');
      runner.kick();
      await runner.progress(job.id, true);
    }
    await audit.record({
      user,
      action: 'orders.import.resend',
      input: {
        job: job.id,
        ...(answer.queued.length ? { resent: answer.queued } : {}),
        ...(answer.skipped.length ? { notResent: answer.skipped.map((s) => s.orderSn) } : {}),
      },
      code: 1,
      msg: `resend queued ${answer.queued.length}`,
      ip,
    });
    return c.json(answer satisfies ImportResendAnswer);
  });
  return routes;
}
