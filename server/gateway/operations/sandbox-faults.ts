import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { formatIssues, issueDetail } from '../../lib/issues';
import { fail, requireFeature, type Env, type GatewayContext } from '../http/context';
import { clientIp } from '../http/security';
import { callUpstream } from './upstream';

/** The supplier's bad days the app may set (the sandbox's `POST /sandbox/faults`; `drop` stays as the sandbox has it). */
const share = z.number({ error: 'must be a number between 0 and 1' }).min(0, 'must be at least 0').max(1, 'must be at most 1');
export const faultsInput = z
  .object({
    error: share.optional(),
    lost: share.optional(),
    latencyMs: z
      .number({ error: 'must be a whole number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(0, 'must be at least 0')
      .max(60_000, 'must be at most 60000')
      .optional(),
    outage: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .strict();

/** Kinds of irregular order the sandbox makes on request (server/sandbox/irregular.ts). */
export const IRREGULAR_KINDS = ['late', 'stalled', 'cancelled', 'returned'] as const;
export const irregularInput = z
  .object({
    orderSn: z
      .string({ error: 'must be the merchant or platform order number' })
      .trim()
      .min(1, 'must not be empty')
      .max(64, 'must be at most 64 characters'),
    kind: z.enum(IRREGULAR_KINDS, { error: `must be one of ${IRREGULAR_KINDS.join(', ')}` }),
  })
  .strict();

/** The faults in force as the sandbox answers them. */
export interface SandboxFaults {
  error: number;
  lost: number;
  drop: number;
  latencyMs: number;
  outage: boolean;
}

/**
 * The supplier's bad days for people (issue 50), beside the sandbox clock and market, on the same
 * terms: sandbox mode only (404 against a real upstream), those who may move the sandbox clock
 * (`sandbox.clock`: managers and admins), every change audited, bad input refused with its field
 * and rule (the SPA says it in the person's language) before anything reaches the sandbox.
 *
 * - `GET /bff/sandbox/faults`: the faults in force.
 * - `POST /bff/sandbox/faults` `{ error?, lost?, latencyMs?, outage? }`: changes those given; answers them all.
 * - `POST /bff/sandbox/irregular` `{ orderSn, kind }`: makes one order late, stalled, cancelled by
 *   the supplier or returned now. The sandbox's refusal (an unknown order, nothing left to change)
 *   comes back as the supplier's own sentence (`code: 0`), like any refusal of the supplier's.
 */
export function sandboxFaultsRoutes(routes: Hono<Env>, ctx: GatewayContext) {
  const notSandbox = (c: Context<Env>) =>
    fail(c, 404, 'unknown_operation', 'There is no sandbox supplier: the gateway talks to the real upstream.');
  const control = async (path: string, body: unknown) => {
    const answer = await callUpstream(ctx.upstream, { method: 'POST', path, query: {}, body: JSON.stringify(body) });
    const env = answer.envelope as { code?: unknown; msg?: unknown; gateway?: { reason?: string; status?: number } };
    // The sandbox refuses a control call with HTTP 400 and its sentence; said as the supplier's refusal.
    if (env.gateway?.reason === 'bad_status' && env.gateway.status === 400) {
      const msg = /^The supplier answered with HTTP 400: (.*?)\.?$/s.exec(String(env.msg ?? ''))?.[1] ?? String(env.msg ?? '');
      return { status: 200, envelope: { code: 0, msg, data: null } as Record<string, unknown> };
    }
    return { status: answer.status, envelope: answer.envelope };
  };
  const audited = async (c: Context<Env>, action: 'sandbox.faults' | 'sandbox.irregular', input: Record<string, unknown>, path: string) => {
    const row = await ctx.audit.begin({ user: c.get('user'), action, input, ip: clientIp(c, ctx.trustProxy) });
    const answer = await control(path, input);
    const env = answer.envelope as { code?: unknown; msg?: unknown; gateway?: { reason?: string } };
    await ctx.audit.finish(row, Number(env.code ?? 0), String(env.msg ?? ''), env.gateway?.reason === 'timeout' ? 'unknown' : 'done');
    return c.json(answer.envelope, answer.status as 200);
  };
  const refused = async (c: Context<Env>, action: string, error: z.ZodError, raw: unknown, field: string) => {
    const msg = `Invalid input: ${formatIssues(error)}`;
    await ctx.audit.record({ user: c.get('user'), action, input: {}, code: 400, msg: `refused: ${msg}`, ip: clientIp(c, ctx.trustProxy) });
    const detail = issueDetail(error, raw);
    return fail(c, 400, 'invalid_input', msg, { ...detail, field: detail.field ?? field });
  };

  routes.get('/sandbox/faults', requireFeature('sandbox.clock'), async (c) => {
    if (ctx.mode !== 'sandbox') return notSandbox(c);
    const answer = await control('/sandbox/faults', {});
    return c.json(answer.envelope, answer.status as 200);
  });

  routes.post('/sandbox/faults', requireFeature('sandbox.clock'), async (c) => {
    if (ctx.mode !== 'sandbox') return notSandbox(c);
    const raw: unknown = await c.req.json().catch(() => null);
    const parsed = faultsInput.safeParse(raw);
    if (!parsed.success) return refused(c, 'sandbox.faults', parsed.error, raw, 'error');
    // The shares the sandbox draws from add up to 1 at most (with its `drop`, which the app leaves as it is).
    const now = await control('/sandbox/faults', {});
    const inForce = (now.envelope as { data?: Partial<SandboxFaults> }).data;
    if (inForce) {
      const sum = (parsed.data.error ?? inForce.error ?? 0) + (parsed.data.lost ?? inForce.lost ?? 0) + (inForce.drop ?? 0);
      if (sum > 1 + 1e-9) {
        const msg = 'Invalid input: error and lost together must be at most 1';
        await ctx.audit.record({
          user: c.get('user'),
          action: 'sandbox.faults',
          input: {},
          code: 400,
          msg: `refused: ${msg}`,
          ip: clientIp(c, ctx.trustProxy),
        });
        return fail(c, 400, 'invalid_input', msg, { field: 'lost', rule: 'invalid' });
      }
    }
    return audited(c, 'sandbox.faults', parsed.data, '/sandbox/faults');
  });

  routes.post('/sandbox/irregular', requireFeature('sandbox.clock'), async (c) => {
    if (ctx.mode !== 'sandbox') return notSandbox(c);
    const raw: unknown = await c.req.json().catch(() => null);
    const parsed = irregularInput.safeParse(raw);
    if (!parsed.success) return refused(c, 'sandbox.irregular', parsed.error, raw, 'orderSn');
    return audited(c, 'sandbox.irregular', parsed.data, '/sandbox/irregular');
  });
}
