import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import {
  exceptionNoteInput,
  exceptionResolveInput,
  exceptionsQuery,
  type ExceptionCase,
  type ExceptionsAnswer,
} from '../../../contract/schemas/exceptions';
import { formatIssues, issueDetail } from '../../lib/issues';
import type { AuditLog } from '../audit/audit';
import type { GatewayDb } from '../db';
import { fail, requireFeature, type Env } from '../http/context';
import { clientIp } from '../http/security';
import { exceptionsChanged } from './events';
import { ExceptionStore, type StepResult } from './store';

type Action = 'exceptions.take' | 'exceptions.note' | 'exceptions.resolve';

/**
 * `/bff/exceptions`: support's cases of orders going wrong (index.ts finds them). Everyone who reads
 * orders may read them (`exceptions.read`); support, managers and admins work them (`exceptions.work`):
 * take one, note it, resolve it with a note. Every step is audited, refusals too.
 */
export function exceptionsRoutes(deps: {
  db: GatewayDb;
  audit: AuditLog;
  trustProxy: boolean;
  /** The shown clock (the business clock in sandbox mode): notes' and resolutions' times, ages. */
  now: () => number;
  log?: (line: string) => void;
}) {
  const store = new ExceptionStore(deps.db);
  const routes = new Hono<Env>();
  const work = requireFeature('exceptions.work');

  routes.get('/exceptions', requireFeature('exceptions.read'), async (c) => {
    const raw = c.req.query();
    const parsed = exceptionsQuery.safeParse(raw);
    if (!parsed.success)
      return fail(c, 400, 'invalid_input', `Invalid input: ${formatIssues(parsed.error)}`, issueDetail(parsed.error, raw));
    const q = parsed.data;
    // One order's cases: all of its states unless one is asked for; the queue's lists: open ones by default.
    const state = q.state ?? (q.order ? undefined : 'open');
    const answer = await store.list({ kind: q.kind, state, orderSn: q.order, offset: (q.page - 1) * q.size, limit: q.size }, deps.now());
    return c.json(answer satisfies ExceptionsAnswer);
  });

  /** The case's id from the path: a whole number ≥ 1, else undefined. */
  const idOf = (c: Context<Env>) => {
    const id = Number(c.req.param('id'));
    return Number.isSafeInteger(id) && id >= 1 ? id : undefined;
  };
  /**
   * Which order and which kind of case a step worked, in words (the audit page shows them in the
   * person's language: src/features/account/audit-actions.ts parses these words): "late case of order
   * PDD1 (shop order SD1), child PDD1_1".
   */
  const caseWords = (k: ExceptionCase) => {
    const order = k.orderSn || k.shopOrderSn;
    const shop = k.orderSn && k.shopOrderSn && k.shopOrderSn !== k.orderSn ? ` (shop order ${k.shopOrderSn})` : '';
    return `${k.kind} case of order ${order}${shop}${k.childSn ? `, child ${k.childSn}` : ''}`;
  };
  /** The case's kind and order numbers for the audit's input (its id last: the order is what people look for). */
  const caseInput = (k: ExceptionCase) => ({
    kind: k.kind,
    orderSn: k.orderSn,
    ...(k.shopOrderSn && k.shopOrderSn !== k.orderSn ? { shopOrderSn: k.shopOrderSn } : {}),
    ...(k.childSn ? { childSn: k.childSn } : {}),
  });

  /** One step on a case: input checked, done or refused, audited either way, told on the bus when done. */
  const step = async (
    c: Context<Env>,
    action: Action,
    schema: z.ZodType<Record<string, string>> | undefined,
    run: (id: number, input: Record<string, string>) => Promise<StepResult>,
    words: (k: ExceptionCase) => string,
  ) => {
    const user = c.get('user');
    const ip = clientIp(c, deps.trustProxy);
    const id = idOf(c);
    let input: Record<string, string> = {};
    const refuse = async (status: 400 | 404 | 409, reason: 'invalid_input' | 'not_found' | 'conflict', msg: string, detail?: unknown) => {
      // A case that exists is named by its order and kind in the audit, refusals too.
      const kase = id === undefined || status === 404 ? undefined : await store.get(id, deps.now());
      const named = kase ? { ...caseInput(kase), id } : { id: id ?? c.req.param('id') };
      await deps.audit.record({ user, action, input: named, code: status, msg: `refused: ${msg}`, ip });
      return fail(c, status, reason, msg, detail as never);
    };
    if (id === undefined) return refuse(404, 'not_found', 'There is no such exception.');
    if (schema) {
      const raw = await c.req.json().catch(() => undefined);
      const parsed = schema.safeParse(raw);
      if (!parsed.success)
        return refuse(400, 'invalid_input', `Invalid input: ${formatIssues(parsed.error)}`, issueDetail(parsed.error, raw));
      input = parsed.data;
    }
    const r = await run(id, input);
    if (!r.ok) {
      if (r.reason === 'missing') return refuse(404, 'not_found', 'There is no such exception.');
      if (r.reason === 'taken') return refuse(409, 'conflict', `${r.by} has taken this exception; only they can work it now.`);
      return refuse(409, 'conflict', 'This exception is resolved already.');
    }
    await deps.audit.record({ user, action, input: { ...caseInput(r.kase), ...input, id }, code: 1, msg: words(r.kase), ip });
    await exceptionsChanged(deps.db.bus, action === 'exceptions.resolve' ? { closed: [id] } : { changed: [id] }, deps.log);
    return c.json(r.kase satisfies ExceptionCase);
  };

  routes.post('/exceptions/:id/take', work, (c) =>
    step(
      c,
      'exceptions.take',
      undefined,
      (id) => store.take(id, c.get('user'), deps.now()),
      (k) => `took the ${caseWords(k)}`,
    ),
  );
  routes.post('/exceptions/:id/notes', work, (c) =>
    step(
      c,
      'exceptions.note',
      exceptionNoteInput,
      (id, input) => store.note(id, c.get('user'), input.text!, deps.now()),
      (k) => `noted the ${caseWords(k)}`,
    ),
  );
  routes.post('/exceptions/:id/resolve', work, (c) =>
    step(
      c,
      'exceptions.resolve',
      exceptionResolveInput,
      (id, input) => store.resolve(id, c.get('user'), input.note!, deps.now()),
      (k) => `resolved the ${caseWords(k)}`,
    ),
  );
  return routes;
}
