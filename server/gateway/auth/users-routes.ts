import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { formatIssues, issueDetail } from '../../lib/issues';
import { fail, requireFeature, type Env, type GatewayContext } from '../http/context';
import { clientIp } from '../http/security';
import { UserError, newUserSchema, passwordSchema, userPatchSchema } from './users';

/** `/users`: accounts, for admins; every change audited. */
export function usersRoutes(ctx: GatewayContext) {
  const routes = new Hono<Env>();
  const userAction = async (c: Context<Env>, action: string, input: unknown, run: () => Promise<unknown> | unknown) => {
    const ip = clientIp(c, ctx.trustProxy);
    try {
      const result = await run();
      await ctx.audit.record({ user: c.get('user'), action, input, code: 1, msg: 'ok', ip });
      return c.json(result ?? { ok: true });
    } catch (e) {
      const msg = e instanceof z.ZodError ? `Invalid input: ${formatIssues(e)}` : e instanceof UserError ? e.message : null;
      if (msg === null) throw e;
      await ctx.audit.record({ user: c.get('user'), action, input, code: 0, msg, ip });
      const detail = e instanceof z.ZodError ? issueDetail(e, input) : e instanceof UserError ? { field: e.field, rule: e.rule } : {};
      return fail(c, e instanceof UserError ? 409 : 400, 'invalid_input', msg, detail);
    }
  };
  routes.get('/users', requireFeature('users.manage'), async (c) => c.json({ list: await ctx.users.list() }));
  routes.post('/users', requireFeature('users.manage'), async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    return userAction(c, 'users.create', body, async () => ({ user: await ctx.users.create(newUserSchema.parse(body)) }));
  });
  routes.patch('/users/:id', requireFeature('users.manage'), async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    const id = Number(c.req.param('id'));
    return userAction(c, 'users.update', { id, ...body }, async () => ({
      user: await ctx.users.update(id, userPatchSchema.parse(body), c.get('user').id),
    }));
  });
  routes.post('/users/:id/password', requireFeature('users.manage'), async (c) => {
    const body = (await c.req.json().catch(() => null)) as { password?: unknown } | null;
    const id = Number(c.req.param('id'));
    return userAction(c, 'users.password', { id, password: body?.password }, async () => {
      await ctx.users.setPassword(id, passwordSchema.parse(body?.password));
      return { ok: true };
    });
  });
  return routes;
}
