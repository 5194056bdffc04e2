import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { FEATURE_PERMISSIONS, OP_IDS, mayCall, mayUse, type Feature, type Session, type SessionUser } from '../../../contract';
import { bodyLimit } from '../../lib/body-limit';
import { discardRestOfBody } from '../../lib/drain';
import { formatIssues, issueDetail } from '../../lib/issues';
import { maskUnknownUsername } from '../audit/audit';
import { BODY_LIMITS, SESSION_COOKIE, fail, type Env, type GatewayContext } from '../http/context';
import { clientIp, isHttps } from '../http/security';
import { DUMMY_HASH, verifyPassword } from './passwords';
import { DEMO_USERS, passwordSchema, type User } from './users';

/** What a person may do, for the SPA to show only that. */
export function permissionsOf(user: User): Session['permissions'] {
  return {
    ops: OP_IDS.filter((id) => mayCall(user.role, id)),
    features: (Object.keys(FEATURE_PERMISSIONS) as Feature[]).filter((f) => mayUse(user.role, f)),
  };
}

const publicUser = (u: User): SessionUser => ({ id: u.id, username: u.username, displayName: u.displayName, role: u.role });

/** Demo passwords are fixed and public (README); a demo user whose password was changed is no longer listed. */
const demoPassword = (username: string) => DEMO_USERS.find((d) => d.username === username)?.password ?? '';

/** A new session for `userId`, in an HTTP-only, same-site cookie that lasts as long as the session may. */
async function startSession(ctx: GatewayContext, c: Context, userId: number, ip: string) {
  const token = await ctx.sessions.create(userId, { ip, userAgent: c.req.header('user-agent') ?? '' });
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: isHttps(c, ctx.trustProxy),
    path: '/',
    maxAge: Math.floor(ctx.sessions.policy.absoluteMs / 1000),
  });
}

/** `/auth/login`: the sign-in page's facts and the sign-in itself (before any session exists). */
export function signInRoutes(ctx: GatewayContext) {
  const routes = new Hono();
  routes.get('/auth/login', async (c) =>
    c.json({
      mode: ctx.mode,
      // Demo accounts exist only in sandbox mode; their passwords are public by design.
      demoUsers:
        ctx.mode === 'sandbox'
          ? (await ctx.users.demoUsers()).map((u) => ({ username: u.username, role: u.role, password: demoPassword(u.username) }))
          : [],
    }),
  );

  const loginBody = bodyLimit({
    maxSize: BODY_LIMITS.login,
    onError: (c) => {
      discardRestOfBody(c);
      return fail(c, 413, 'invalid_input', 'The request is too large for a sign-in.', { rule: 'too_large', limit: BODY_LIMITS.login });
    },
  });
  const lockRows = new Map<string, number>();
  routes.post('/auth/login', loginBody, async (c) => {
    const body = z
      .object({ username: z.string().trim().min(1).max(64), password: z.string().min(1).max(200) })
      .safeParse(await c.req.json().catch(() => null));
    const ip = clientIp(c, ctx.trustProxy);
    if (!body.success) {
      return fail(c, 400, 'invalid_input', 'Enter a username and a password.', issueDetail(body.error));
    }
    const { username, password } = body.data;
    // Counted before the password is looked at, in one transaction: parallel guesses cannot all pass.
    const wait = await ctx.limiter.take(username, ip);
    const cred = await ctx.users.credentials(username);
    // A name that is no account may be a password typed into the wrong field: never stored as typed.
    const who = cred ? { user: cred.user } : { user: null, username: await maskUnknownUsername(ctx.db, username) };
    const typed = { username: cred ? cred.user.username : who.username };
    if (wait > 0) {
      c.header('Retry-After', String(Math.ceil(wait / 1000)));
      // One row per account and address a minute: a locked-out flood must not fill the log.
      const key = `${username.toLowerCase()}|${ip}`;
      if ((lockRows.get(key) ?? -Infinity) < ctx.now() - 60_000) {
        if (lockRows.size > 10_000) lockRows.clear();
        lockRows.set(key, ctx.now());
        await ctx.audit.record({ ...who, action: 'auth.login', input: typed, code: 429, msg: 'refused: too many attempts', ip });
      }
      return fail(c, 429, 'rate_limited', `Too many failed sign-ins. Try again in ${Math.ceil(wait / 60_000)} minute(s).`);
    }
    const ok = await verifyPassword(password, cred?.hash ?? DUMMY_HASH);
    if (!cred || !ok) {
      await ctx.audit.record({ ...who, action: 'auth.login', input: typed, code: 0, msg: 'wrong username or password', ip });
      return fail(c, 401, 'unauthorized', 'Wrong username or password.');
    }
    if (cred.user.disabled) {
      await ctx.audit.record({ user: cred.user, action: 'auth.login', input: typed, code: 0, msg: 'account disabled', ip });
      return fail(c, 403, 'forbidden', 'This account is disabled. Ask an admin.');
    }
    await ctx.limiter.succeeded(username, ip);
    await startSession(ctx, c, cred.user.id, ip);
    await ctx.audit.record({ user: cred.user, action: 'auth.login', input: typed, code: 1, msg: 'signed in', ip });
    return c.json({ user: publicUser(cred.user), permissions: permissionsOf(cred.user) });
  });
  return routes;
}

/** `/auth/*` for the signed-in person: sign out, who am I, change my own password. */
export function sessionRoutes(ctx: GatewayContext) {
  const routes = new Hono<Env>();
  routes.post('/auth/logout', async (c) => {
    await ctx.sessions.destroy(getCookie(c, SESSION_COOKIE));
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    await ctx.audit.record({
      user: c.get('user'),
      action: 'auth.logout',
      input: {},
      code: 1,
      msg: 'signed out',
      ip: clientIp(c, ctx.trustProxy),
    });
    return c.json({ ok: true });
  });

  routes.get('/auth/me', (c) => c.json({ user: publicUser(c.get('user')), permissions: permissionsOf(c.get('user')) }));

  // A person changes their own password: the current one first (counted like a sign-in, so a stolen
  // session cannot guess it), then every session of theirs ends and this one starts anew.
  routes.post('/auth/password', async (c) => {
    const me = c.get('user');
    const ip = clientIp(c, ctx.trustProxy);
    const body = z
      .object({ current: z.string().min(1).max(200), password: passwordSchema })
      .safeParse(await c.req.json().catch(() => null));
    if (!body.success) return fail(c, 400, 'invalid_input', `Invalid input: ${formatIssues(body.error)}`, issueDetail(body.error));
    const wait = await ctx.limiter.take(me.username, ip);
    if (wait > 0) {
      c.header('Retry-After', String(Math.ceil(wait / 1000)));
      return fail(c, 429, 'rate_limited', `Too many failed attempts. Try again in ${Math.ceil(wait / 60_000)} minute(s).`);
    }
    const cred = await ctx.users.credentials(me.username);
    if (!cred || !(await verifyPassword(body.data.current, cred.hash))) {
      await ctx.audit.record({ user: me, action: 'auth.password', input: {}, code: 0, msg: 'wrong current password', ip });
      return fail(c, 400, 'invalid_input', 'The current password is wrong.', { field: 'current', rule: 'wrong_password' });
    }
    await ctx.limiter.succeeded(me.username, ip);
    await ctx.users.setPassword(me.id, body.data.password);
    await startSession(ctx, c, me.id, ip);
    await ctx.audit.record({ user: me, action: 'auth.password', input: {}, code: 1, msg: 'password changed', ip });
    return c.json({ ok: true });
  });
  return routes;
}
