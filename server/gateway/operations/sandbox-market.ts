import type { Hono } from 'hono';
import { z } from 'zod';
import { formatIssues, issueDetail } from '../../lib/issues';
import { fail, requireFeature, type Env, type GatewayContext } from '../http/context';
import { clientIp } from '../http/security';
import { sandboxFaultsRoutes } from './sandbox-faults';
import { callUpstream } from './upstream';

/** Goods one move may name (the sandbox's MARKET_CONTROL_MAX). */
export const MARKET_MAX_GOODS = 20;
const marketInput = z
  .object({
    goodsIds: z
      .array(z.number({ error: 'goodsIds must be goods ids' }).int('goodsIds must be whole numbers').positive('goodsIds must be above 0'))
      .min(1, 'name at least one goods id')
      .max(MARKET_MAX_GOODS, `at most ${MARKET_MAX_GOODS} goods at once`),
  })
  .strict();

/**
 * `POST /bff/sandbox/market` (sandbox mode; those who may move the sandbox clock): the sandbox's
 * market moves these goods' prices now, as a market round would (server/sandbox/market-control.ts).
 * Demos and tests use it to move a price between a bulk order's check and its send. Audited.
 */
export function sandboxMarketRoute(routes: Hono<Env>, ctx: GatewayContext) {
  routes.post('/sandbox/market', requireFeature('sandbox.clock'), async (c) => {
    if (ctx.mode !== 'sandbox')
      return fail(c, 404, 'unknown_operation', 'There is no sandbox market: the gateway talks to the real upstream.');
    const user = c.get('user');
    const ip = clientIp(c, ctx.trustProxy);
    const parsed = marketInput.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      const msg = `Invalid input: ${formatIssues(parsed.error)}`;
      await ctx.audit.record({ user, action: 'sandbox.market', input: {}, code: 400, msg: `refused: ${msg}`, ip });
      const detail = issueDetail(parsed.error);
      return fail(c, 400, 'invalid_input', msg, { ...detail, field: detail.field ?? 'goodsIds' });
    }
    const row = await ctx.audit.begin({ user, action: 'sandbox.market', input: { goods_ids: parsed.data.goodsIds }, ip });
    const answer = await callUpstream(ctx.upstream, {
      method: 'POST',
      path: '/sandbox/market',
      query: {},
      body: JSON.stringify(parsed.data),
    });
    const env = answer.envelope as { code?: unknown; msg?: unknown; gateway?: { reason?: string } };
    await ctx.audit.finish(row, Number(env.code ?? 0), String(env.msg ?? ''), env.gateway?.reason === 'timeout' ? 'unknown' : 'done');
    return c.json(answer.envelope, answer.status as 200);
  });
  // The supplier's bad days (faults, irregular orders) on the same terms, beside the market.
  sandboxFaultsRoutes(routes, ctx);
}
