import { Hono } from 'hono';
import { z } from 'zod';
import { getOperation, mayCall, type OpId } from '../../../contract';
import { num } from '../../../contract/input';
import { formatIssues, issueDetail } from '../../lib/issues';
import { fail, requireFeature, type Env, type GatewayContext } from '../http/context';
import { clientIp } from '../http/security';
import { availableAsArray } from './available-shape';
import { buildUpstreamRequest, callUpstream, type FailureExtra } from './upstream';
import { sandboxMarketRoute } from './sandbox-market';
import { prepareSettle, settle } from './settle';
import { SALE_MAX_FEN, SUBMIT_SALE_FIELD, saleAmount } from '../../../contract/schemas/sale';
import { keepSales } from '../mirror/sales';

/** Bus topic: a write operation was answered (`{ op, userId, code }`), on whichever gateway. */
export const OP_WRITTEN = 'op.written';

/**
 * The reads whose answers feed the order mirror (mirror/index.ts, `took`) or the SKU index (goods/,
 * `took`). Not the library's pages: parsing each after its answer put ~0.5 ms back on the list's
 * measured overhead (bench/gateway-overhead.ts runs in one process); the goods mirror reads the
 * library by its reconcile, after changes made through the app, and on an unknown SKU.
 */
const FED_BY_READS = new Set<OpId>([
  'order.list',
  'afterSale.list',
  'afterSale.detail',
  'order.errors',
  'account.cashFlow',
  'goods.detail',
  'goods.bulkDetail',
  // The couriers' codes, for the shipments (server/gateway/shipments).
  'logistic.firms',
]);

/** Bounds of `POST /bff/sandbox/clock` (sandbox mode): one second to 30 days per step. */
export const CLOCK_MAX_SECONDS = 30 * 86_400;
const clockInput = z
  .object({
    advanceSeconds: num(
      z
        .number({ error: 'advanceSeconds must be a number of seconds' })
        .int('advanceSeconds must be a whole number of seconds')
        .min(1, 'advanceSeconds must be at least 1')
        .max(CLOCK_MAX_SECONDS, `advanceSeconds may be at most ${CLOCK_MAX_SECONDS} (30 days)`),
    ),
  })
  .strict();

/** `/op/:id` (the only door to the upstream), `/meta`, and the sandbox's business clock. */
export function operationsRoutes(ctx: GatewayContext) {
  const routes = new Hono<Env>();
  // `clock`: the clock people are shown (business time in sandbox mode), now on it and its speed, for the SPA's one clock (src/lib/clock.ts).
  routes.get('/meta', async (c) => {
    await ctx.clock.ready();
    return c.json({
      mode: ctx.mode,
      upstream: ctx.mode === 'sandbox' ? 'sandbox' : new URL(ctx.upstream.baseUrl).host,
      clock: { kind: ctx.clock.kind, nowMs: ctx.clock.now(), speed: ctx.clock.speed() },
      // When a child is late (EXCEPTION_LATE_HOURS): the order page's words say what support's exceptions say.
      exceptions: { lateHours: ctx.lateHours },
    });
  });
  routes.post('/op/:id', async (c) => {
    const id = c.req.param('id');
    const op = getOperation(id);
    if (!op) return fail(c, 404, 'unknown_operation', `There is no operation "${id}".`);
    const user = c.get('user');
    const ip = clientIp(c, ctx.trustProxy);
    if (!mayCall(user.role, id as OpId)) {
      if (op.writes) ctx.audit.record({ user, action: id, input: {}, code: 403, msg: 'refused: role may not do this', ip });
      return fail(c, 403, 'forbidden', `Your role (${user.role}) may not use "${op.title}".`);
    }
    // Writes the gateway refuses are audited too (what was refused, not the refused text).
    const refuse = (msg: string, detail: FailureExtra & { field: string }) => {
      if (op.writes) ctx.audit.record({ user, action: id, input: { refusedField: detail.field }, code: 400, msg: `refused: ${msg}`, ip });
      return fail(c, 400, 'invalid_input', msg, detail);
    };
    let raw: unknown;
    const text = await c.req.text();
    try {
      raw = text.trim() === '' ? {} : JSON.parse(text);
    } catch {
      return refuse('The request body is not valid JSON.', { field: 'body', rule: 'bad_json' });
    }
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
      return refuse('The request body must be a JSON object.', { field: 'body', rule: 'bad_json' });
    // Checkout's `sale` (what the buyer paid, issue 53) is the gateway's to keep, never the supplier's:
    // taken off before the supplier's input is checked, kept by the order number before it is sent.
    let sale: number | undefined;
    if (id === 'order.submit' && SUBMIT_SALE_FIELD in raw) {
      const { [SUBMIT_SALE_FIELD]: given, ...rest } = raw as Record<string, unknown>;
      const ok = saleAmount.safeParse(given);
      if (!ok.success)
        return refuse(
          `Invalid input: sale (what the buyer paid) must be a whole number of fen from 0 to ${SALE_MAX_FEN}; ${JSON.stringify(given)?.slice(0, 40) ?? 'nothing'} is not`,
          { field: SUBMIT_SALE_FIELD, rule: 'bad_format' },
        );
      sale = ok.data;
      raw = rest;
    }
    const parsed = op.input.safeParse(raw);
    if (!parsed.success) {
      const detail = issueDetail(parsed.error, raw);
      return refuse(`Invalid input: ${formatIssues(parsed.error)}`, { ...detail, field: detail.field ?? 'body' });
    }
    if (sale !== undefined)
      await keepSales(ctx.db.kysely, [{ orderSn: (parsed.data as { orderSn: string }).orderSn, sale, source: 'checkout' }], ctx.now());
    const built = buildUpstreamRequest(op, parsed.data as Record<string, unknown>);
    // A write whose answer is lost is settled by reading (./settle.ts); what that needs of before is read first.
    const before = op.writes ? await prepareSettle(ctx.upstream, id as OpId, parsed.data as Record<string, unknown>) : undefined;
    // The row exists before the write leaves: a gateway killed mid-request still has the record.
    const row = op.writes
      ? await ctx.audit.begin({ user, action: id, input: sale === undefined ? parsed.data : { ...(parsed.data as object), sale }, ip })
      : 0;
    const sent = await settle(
      ctx.upstream,
      id as OpId,
      parsed.data as Record<string, unknown>,
      await callUpstream(ctx.upstream, built),
      before,
    );
    // availableCheck in its older nested shape too: the page always gets the documented array.
    const answer = id === 'order.availableCheck' ? availableAsArray(sent) : sent;
    // Reads never parse the envelope on the answer's path (its code is enough to pass it on).
    const code = answer.code;
    if (op.writes) {
      const env = answer.envelope as { msg?: unknown; gateway?: { reason?: string } };
      await ctx.audit.finish(row, code, String(env.msg ?? ''), env.gateway?.reason === 'timeout' ? 'unknown' : 'done');
      // Other people's screens (on any gateway) may show what this write changed.
      ctx.db.bus.publish(OP_WRITTEN, { op: id, userId: user.id, code }).catch((e: unknown) => ctx.log(`bus: ${String(e)}`));
      // The order the write was about, read again for the mirror, after the answer has gone.
      if (code === 1 && ctx.mirror) void ctx.mirror.afterWrite(id as OpId, parsed.data as Record<string, unknown>);
      // Goods added to or removed from the library: the goods mirror follows.
      if (code === 1 && ctx.goods) void ctx.goods.afterWrite(id as OpId, parsed.data as Record<string, unknown>);
    }
    // A page of orders, after-sales, failed orders or cash flow someone read is them as they are now:
    // the mirror takes it; goods details and order lines teach the SKU index. Both after the answer
    // has gone (the envelope is parsed then, and only for the reads they take).
    if (!op.writes && code === 1 && (ctx.mirror || ctx.goods) && FED_BY_READS.has(id as OpId)) {
      const input = parsed.data as Record<string, unknown>;
      setImmediate(() => {
        const data = (answer.envelope as { data?: unknown }).data;
        if (ctx.mirror) void ctx.mirror.took(id as OpId, input, data);
        ctx.goods?.took(id as OpId, data);
      });
    }
    // Beside the request's own line and its upstream call's (all three under the request's id).
    ctx.log(
      `op ${id} ${built.method} ${built.path} -> ${answer.status} code=${String(code)} ${answer.ms}ms user=${user.username}`,
      'debug',
    );
    // A good envelope goes on as the upstream wrote it (checked above, not serialised a second time).
    if (answer.text !== undefined) return c.body(answer.text, 200, { 'content-type': 'application/json' });
    return c.json(answer.envelope, answer.status as 200);
  });

  // ---- the sandbox clock for people (sandbox mode only) ----
  routes.post('/sandbox/clock', requireFeature('sandbox.clock'), async (c) => {
    if (ctx.mode !== 'sandbox')
      return fail(c, 404, 'unknown_operation', 'There is no sandbox clock: the gateway talks to the real upstream.');
    const user = c.get('user');
    const ip = clientIp(c, ctx.trustProxy);
    const parsed = clockInput.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      const msg = `Invalid input: ${formatIssues(parsed.error)}`;
      await ctx.audit.record({ user, action: 'sandbox.clock', input: {}, code: 400, msg: `refused: ${msg}`, ip });
      const detail = issueDetail(parsed.error);
      return fail(c, 400, 'invalid_input', msg, { ...detail, field: detail.field ?? 'advanceSeconds' });
    }
    const row = await ctx.audit.begin({ user, action: 'sandbox.clock', input: parsed.data, ip });
    const answer = await callUpstream(ctx.upstream, {
      method: 'POST',
      path: '/sandbox/clock',
      query: {},
      body: JSON.stringify(parsed.data),
    });
    const env = answer.envelope as { code?: unknown; msg?: unknown; gateway?: { reason?: string } };
    await ctx.audit.finish(row, Number(env.code ?? 0), String(env.msg ?? ''), env.gateway?.reason === 'timeout' ? 'unknown' : 'done');
    // Business time moved: what people are shown follows at once.
    await ctx.clock.sync();
    return c.json(answer.envelope, answer.status as 200);
  });
  sandboxMarketRoute(routes, ctx);
  return routes;
}
