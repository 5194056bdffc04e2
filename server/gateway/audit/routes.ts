import { Hono } from 'hono';
import { formatIssues, issueDetail } from '../../lib/issues';
import { fail, requireFeature, type Env, type GatewayContext } from '../http/context';
import { auditQuerySchema } from './audit';

/** `/audit`: who did what, for those who may read it. */
export function auditRoutes(ctx: GatewayContext) {
  const routes = new Hono<Env>();
  routes.get('/audit', requireFeature('audit.read'), async (c) => {
    const q = auditQuerySchema.safeParse(c.req.query());
    if (!q.success) return fail(c, 400, 'invalid_input', `Invalid input: ${formatIssues(q.error)}`, issueDetail(q.error, c.req.query()));
    return c.json(await ctx.audit.query(q.data));
  });
  return routes;
}
