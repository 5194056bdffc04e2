import { Hono, type Context } from 'hono';
import { bodyLimit } from '../lib/body-limit';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import {
  FEATURE_PERMISSIONS,
  MAX_PICTURES_PER_CALL,
  OP_IDS,
  getOperation,
  mayCall,
  mayUse,
  type Feature,
  type OpId,
  type Session,
  type SessionUser,
} from '../../contract';
import type { GatewayDb } from './db';
import { discardRestOfBody } from '../lib/drain';
import { formatIssues, issueDetail } from '../lib/issues';
import { AuditLog, auditQuerySchema, maskUnknownUsername } from './audit';
import { num } from '../../contract/input';
import { personDataRoutes } from './person-data';
import type { MessageCenter } from './messages';
import { afterSaleNamesRoutes } from './after-sale-names';
import type { UpstreamTarget } from './config';
import { LoginLimiter, type LoginLimits } from './login-limit';
import { DUMMY_HASH, verifyPassword } from './passwords';
import { clientIp, isCrossSite, isHttps } from './security';
import { SessionStore, type SessionPolicy } from './sessions';
import { buildUpstreamRequest, callUpstream, gatewayFailure, type FailureExtra, type GatewayFailure } from './upstream';
import { DEMO_USERS, UserError, UserStore, newUserSchema, passwordSchema, userPatchSchema, type User } from './users';

export const SESSION_COOKIE = 'sd_session';
/** Bus topic: a write operation was answered (`{ op, userId, code }`), on whichever gateway. */
export const OP_WRITTEN = 'op.written';

export interface GatewayDeps {
  upstream: UpstreamTarget;
  mode: 'sandbox' | 'upstream';
  /** The gateway's database and event bus (server/gateway/db). */
  db: GatewayDb;
  log?: (line: string) => void;
  now?: () => number;
  sessionPolicy?: SessionPolicy;
  loginLimits?: LoginLimits;
  /** Behind a reverse proxy: take the client address, host and scheme from X-Forwarded-*. */
  trustProxy?: boolean;
  /**
   * The origins the app is served from (PUBLIC_ORIGIN). A request with an Origin header must come from
   * one of them. Unset (tests of the bare /bff app): the Origin must match the request's own host.
   */
  publicOrigins?: readonly string[];
  /** The message inbox (server/gateway/messages): its /bff routes are mounted when given. */
  messages?: MessageCenter;
}

/** Bodies the gateway reads at most: vouchers need 4 pictures of 1 MB in base64; nothing else needs more than 64 kB. */
export const BODY_LIMITS = {
  pictures: MAX_PICTURES_PER_CALL * Math.ceil((1024 * 1024) / 3) * 4 + 64 * 1024,
  default: 64 * 1024,
  login: 4 * 1024,
} as const;

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

type Env = { Variables: { user: User } };

/** What a person may do, for the SPA to show only that. */
export function permissionsOf(user: User): Session['permissions'] {
  return {
    ops: OP_IDS.filter((id) => mayCall(user.role, id)),
    features: (Object.keys(FEATURE_PERMISSIONS) as Feature[]).filter((f) => mayUse(user.role, f)),
  };
}

const publicUser = (u: User): SessionUser => ({ id: u.id, username: u.username, displayName: u.displayName, role: u.role });

/** The `/bff` API: sign-in, the only door from the browser to the upstream, users and the audit log. */
export function createBffApp(deps: GatewayDeps) {
  const now = deps.now ?? Date.now;
  const trustProxy = deps.trustProxy ?? false;
  const users = new UserStore(deps.db, now);
  const sessions = new SessionStore(deps.db, deps.sessionPolicy, now);
  const limiter = new LoginLimiter(deps.db, deps.loginLimits, now);
  const audit = new AuditLog(deps.db, now, deps.upstream.timeoutMs + 60_000);
  const log = deps.log ?? (() => {});
  // Rows an earlier run left "sent" will never be completed. Alone on SQLite that is every such row;
  // on a shared PostgreSQL another gateway may be waiting on its answer, so only stale rows.
  const ready = (deps.db.dialect === 'postgres' ? audit.markStale() : audit.markInterrupted()).then(
    (n) => {
      if (n) log(`audit: ${n} write(s) left "sent" by an earlier run marked "outcome unknown"`);
    },
    // Not fatal: the periodic sweep marks them later, and stale rows read "unknown" anyway.
    (e: unknown) => log(`audit: could not mark interrupted writes (${e instanceof Error ? e.message : String(e)})`),
  );
  /** Expired sessions, finished sign-in windows and stale "sent" rows: periodic, one process at a time (server.ts). */
  const sweep = async () => {
    const gone = await sessions.sweep();
    await limiter.sweep();
    await audit.markStale();
    return gone;
  };
  const app = new Hono<Env>();
  app.use('*', async (_c, next) => {
    await ready;
    await next();
  });
  /** `detail`: the field at fault (a name) or field + rule (+ limit) for the SPA to word the refusal. */
  const fail = (
    c: Context,
    status: 400 | 401 | 403 | 404 | 409 | 413 | 429,
    reason: GatewayFailure,
    msg: string,
    detail?: string | FailureExtra,
  ) => c.json(gatewayFailure(reason, msg, typeof detail === 'string' ? { field: detail } : (detail ?? {})), status);

  // Pages of other sites may not drive a signed-in person's session.
  app.use('*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && isCrossSite(c, trustProxy, deps.publicOrigins)) {
      return fail(c, 403, 'cross_site', 'Requests from other sites are refused.');
    }
    await next();
  });

  app.get('/auth/login', async (c) =>
    c.json({
      mode: deps.mode,
      // Demo accounts exist only in sandbox mode; their passwords are public by design.
      demoUsers:
        deps.mode === 'sandbox'
          ? (await users.demoUsers()).map((u) => ({ username: u.username, role: u.role, password: demoPassword(u.username) }))
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
  app.post('/auth/login', loginBody, async (c) => {
    const body = z
      .object({ username: z.string().trim().min(1).max(64), password: z.string().min(1).max(200) })
      .safeParse(await c.req.json().catch(() => null));
    const ip = clientIp(c, trustProxy);
    if (!body.success) {
      return fail(c, 400, 'invalid_input', 'Enter a username and a password.', issueDetail(body.error));
    }
    const { username, password } = body.data;
    // Counted before the password is looked at, in one transaction: parallel guesses cannot all pass.
    const wait = await limiter.take(username, ip);
    const cred = await users.credentials(username);
    // A name that is no account may be a password typed into the wrong field: never stored as typed.
    const who = cred ? { user: cred.user } : { user: null, username: await maskUnknownUsername(deps.db, username) };
    const typed = { username: cred ? cred.user.username : who.username };
    if (wait > 0) {
      c.header('Retry-After', String(Math.ceil(wait / 1000)));
      // One row per account and address a minute: a locked-out flood must not fill the log.
      const key = `${username.toLowerCase()}|${ip}`;
      if ((lockRows.get(key) ?? -Infinity) < now() - 60_000) {
        if (lockRows.size > 10_000) lockRows.clear();
        lockRows.set(key, now());
        await audit.record({ ...who, action: 'auth.login', input: typed, code: 429, msg: 'refused: too many attempts', ip });
      }
      return fail(c, 429, 'rate_limited', `Too many failed sign-ins. Try again in ${Math.ceil(wait / 60_000)} minute(s).`);
    }
    const ok = await verifyPassword(password, cred?.hash ?? DUMMY_HASH);
    if (!cred || !ok) {
      await audit.record({ ...who, action: 'auth.login', input: typed, code: 0, msg: 'wrong username or password', ip });
      return fail(c, 401, 'unauthorized', 'Wrong username or password.');
    }
    if (cred.user.disabled) {
      await audit.record({ user: cred.user, action: 'auth.login', input: typed, code: 0, msg: 'account disabled', ip });
      return fail(c, 403, 'forbidden', 'This account is disabled. Ask an admin.');
    }
    await limiter.succeeded(username, ip);
    const token = await sessions.create(cred.user.id, { ip, userAgent: c.req.header('user-agent') ?? '' });
    setCookie(c, SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'Strict',
      secure: isHttps(c, trustProxy),
      path: '/',
      maxAge: Math.floor(sessions.policy.absoluteMs / 1000),
    });
    await audit.record({ user: cred.user, action: 'auth.login', input: typed, code: 1, msg: 'signed in', ip });
    return c.json({ user: publicUser(cred.user), permissions: permissionsOf(cred.user) });
  });

  // Everything below needs a session.
  app.use('*', async (c, next) => {
    const user = await sessions.resolve(getCookie(c, SESSION_COOKIE));
    if (!user) return fail(c, 401, 'unauthorized', 'Not signed in, or the session has ended.');
    c.set('user', user);
    await next();
  });

  // Bodies are capped before they are read (Content-Length first, then while streaming).
  const bodyCap = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: async (c) => {
        const opId = /^\/op\/([^/]+)$/.exec(c.req.path.replace(/^\/bff/, ''))?.[1];
        const msg = `The request is too large (${Math.round(maxSize / 1024)} kB at most).`;
        discardRestOfBody(c);
        if (opId && getOperation(opId)?.writes) {
          await audit.record({
            user: c.get('user'),
            action: opId,
            input: {},
            code: 413,
            msg: `refused: ${msg}`,
            ip: clientIp(c, trustProxy),
          });
        }
        return fail(c, 413, 'invalid_input', msg, { rule: 'too_large', limit: maxSize });
      },
    });
  const pictureCap = bodyCap(BODY_LIMITS.pictures);
  const defaultCap = bodyCap(BODY_LIMITS.default);
  app.use('*', (c, next) => (c.req.path.endsWith('/op/afterSale.picture') ? pictureCap(c, next) : defaultCap(c, next)));

  app.post('/auth/logout', async (c) => {
    await sessions.destroy(getCookie(c, SESSION_COOKIE));
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    await audit.record({ user: c.get('user'), action: 'auth.logout', input: {}, code: 1, msg: 'signed out', ip: clientIp(c, trustProxy) });
    return c.json({ ok: true });
  });

  app.get('/auth/me', (c) => c.json({ user: publicUser(c.get('user')), permissions: permissionsOf(c.get('user')) }));

  // A person changes their own password: the current one first (counted like a sign-in, so a stolen
  // session cannot guess it), then every session of theirs ends and this one starts anew.
  app.post('/auth/password', async (c) => {
    const me = c.get('user');
    const ip = clientIp(c, trustProxy);
    const body = z
      .object({ current: z.string().min(1).max(200), password: passwordSchema })
      .safeParse(await c.req.json().catch(() => null));
    if (!body.success) return fail(c, 400, 'invalid_input', `Invalid input: ${formatIssues(body.error)}`, issueDetail(body.error));
    const wait = await limiter.take(me.username, ip);
    if (wait > 0) {
      c.header('Retry-After', String(Math.ceil(wait / 1000)));
      return fail(c, 429, 'rate_limited', `Too many failed attempts. Try again in ${Math.ceil(wait / 60_000)} minute(s).`);
    }
    const cred = await users.credentials(me.username);
    if (!cred || !(await verifyPassword(body.data.current, cred.hash))) {
      await audit.record({ user: me, action: 'auth.password', input: {}, code: 0, msg: 'wrong current password', ip });
      return fail(c, 400, 'invalid_input', 'The current password is wrong.', { field: 'current', rule: 'wrong_password' });
    }
    await limiter.succeeded(me.username, ip);
    await users.setPassword(me.id, body.data.password);
    const token = await sessions.create(me.id, { ip, userAgent: c.req.header('user-agent') ?? '' });
    setCookie(c, SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'Strict',
      secure: isHttps(c, trustProxy),
      path: '/',
      maxAge: Math.floor(sessions.policy.absoluteMs / 1000),
    });
    await audit.record({ user: me, action: 'auth.password', input: {}, code: 1, msg: 'password changed', ip });
    return c.json({ ok: true });
  });
  app.get('/meta', (c) => c.json({ mode: deps.mode, upstream: deps.mode === 'sandbox' ? 'sandbox' : new URL(deps.upstream.baseUrl).host }));

  const requireFeature = (feature: Feature) => async (c: Context<Env>, next: () => Promise<void>) => {
    if (!mayUse(c.get('user').role, feature)) return fail(c, 403, 'forbidden', 'Your role does not allow this.');
    await next();
  };

  app.route('/me', personDataRoutes(deps.db, now));
  if (deps.messages) {
    // Inbox and live events; a stream ends at its next heartbeat once the session has (checked without touching it).
    app.route('/', deps.messages.routes({ stillSignedIn: (c) => sessions.alive(getCookie(c, SESSION_COOKIE)) }));
  }
  app.route('/after-sale-names', afterSaleNamesRoutes(deps.db, now));

  app.get('/audit', requireFeature('audit.read'), async (c) => {
    const q = auditQuerySchema.safeParse(c.req.query());
    if (!q.success) return fail(c, 400, 'invalid_input', `Invalid input: ${formatIssues(q.error)}`, issueDetail(q.error, c.req.query()));
    return c.json(await audit.query(q.data));
  });

  // ---- users (admins) ----
  const userAction = async (c: Context<Env>, action: string, input: unknown, run: () => Promise<unknown> | unknown) => {
    const ip = clientIp(c, trustProxy);
    try {
      const result = await run();
      await audit.record({ user: c.get('user'), action, input, code: 1, msg: 'ok', ip });
      return c.json(result ?? { ok: true });
    } catch (e) {
      const msg = e instanceof z.ZodError ? `Invalid input: ${formatIssues(e)}` : e instanceof UserError ? e.message : null;
      if (msg === null) throw e;
      await audit.record({ user: c.get('user'), action, input, code: 0, msg, ip });
      const detail = e instanceof z.ZodError ? issueDetail(e, input) : e instanceof UserError ? { field: e.field, rule: e.rule } : {};
      return fail(c, e instanceof UserError ? 409 : 400, 'invalid_input', msg, detail);
    }
  };
  app.get('/users', requireFeature('users.manage'), async (c) => c.json({ list: await users.list() }));
  app.post('/users', requireFeature('users.manage'), async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    return userAction(c, 'users.create', body, async () => ({ user: await users.create(newUserSchema.parse(body)) }));
  });
  app.patch('/users/:id', requireFeature('users.manage'), async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    const id = Number(c.req.param('id'));
    return userAction(c, 'users.update', { id, ...body }, async () => ({
      user: await users.update(id, userPatchSchema.parse(body), c.get('user').id),
    }));
  });
  app.post('/users/:id/password', requireFeature('users.manage'), async (c) => {
    const body = (await c.req.json().catch(() => null)) as { password?: unknown } | null;
    const id = Number(c.req.param('id'));
    return userAction(c, 'users.password', { id, password: body?.password }, async () => {
      await users.setPassword(id, passwordSchema.parse(body?.password));
      return { ok: true };
    });
  });

  // ---- upstream operations ----
  app.post('/op/:id', async (c) => {
    const id = c.req.param('id');
    const op = getOperation(id);
    if (!op) return fail(c, 404, 'unknown_operation', `There is no operation "${id}".`);
    const user = c.get('user');
    const ip = clientIp(c, trustProxy);
    if (!mayCall(user.role, id as OpId)) {
      if (op.writes) audit.record({ user, action: id, input: {}, code: 403, msg: 'refused: role may not do this', ip });
      return fail(c, 403, 'forbidden', `Your role (${user.role}) may not use "${op.title}".`);
    }
    // Writes the gateway refuses are audited too (what was refused, not the refused text).
    const refuse = (msg: string, detail: FailureExtra & { field: string }) => {
      if (op.writes) audit.record({ user, action: id, input: { refusedField: detail.field }, code: 400, msg: `refused: ${msg}`, ip });
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
    const parsed = op.input.safeParse(raw);
    if (!parsed.success) {
      const detail = issueDetail(parsed.error, raw);
      return refuse(`Invalid input: ${formatIssues(parsed.error)}`, { ...detail, field: detail.field ?? 'body' });
    }
    const built = buildUpstreamRequest(op, parsed.data as Record<string, unknown>);
    // The row exists before the write leaves: a gateway killed mid-request still has the record.
    const row = op.writes ? await audit.begin({ user, action: id, input: parsed.data, ip }) : 0;
    const answer = await callUpstream(deps.upstream, built);
    const env = answer.envelope as { code?: unknown; msg?: unknown; gateway?: { reason?: string } };
    if (op.writes) {
      const code = Number(env.code ?? 0);
      await audit.finish(row, code, String(env.msg ?? ''), env.gateway?.reason === 'timeout' ? 'unknown' : 'done');
      // Other people's screens (on any gateway) may show what this write changed.
      deps.db.bus.publish(OP_WRITTEN, { op: id, userId: user.id, code }).catch((e: unknown) => log(`bus: ${String(e)}`));
    }
    log(`op ${id} ${built.method} ${built.path} -> ${answer.status} code=${String(env.code)} ${answer.ms}ms user=${user.username}`);
    // A good envelope goes on as the upstream wrote it (checked above, not serialised a second time).
    if (answer.text !== undefined) return c.body(answer.text, 200, { 'content-type': 'application/json' });
    return c.json(answer.envelope, answer.status as 200);
  });

  // ---- the sandbox clock for people (sandbox mode only) ----
  app.post('/sandbox/clock', requireFeature('sandbox.clock'), async (c) => {
    if (deps.mode !== 'sandbox')
      return fail(c, 404, 'unknown_operation', 'There is no sandbox clock: the gateway talks to the real upstream.');
    const user = c.get('user');
    const ip = clientIp(c, trustProxy);
    const parsed = clockInput.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      const msg = `Invalid input: ${formatIssues(parsed.error)}`;
      await audit.record({ user, action: 'sandbox.clock', input: {}, code: 400, msg: `refused: ${msg}`, ip });
      const detail = issueDetail(parsed.error);
      return fail(c, 400, 'invalid_input', msg, { ...detail, field: detail.field ?? 'advanceSeconds' });
    }
    const row = await audit.begin({ user, action: 'sandbox.clock', input: parsed.data, ip });
    const answer = await callUpstream(deps.upstream, {
      method: 'POST',
      path: '/sandbox/clock',
      query: {},
      body: JSON.stringify(parsed.data),
    });
    const env = answer.envelope as { code?: unknown; msg?: unknown; gateway?: { reason?: string } };
    await audit.finish(row, Number(env.code ?? 0), String(env.msg ?? ''), env.gateway?.reason === 'timeout' ? 'unknown' : 'done');
    return c.json(answer.envelope, answer.status as 200);
  });

  app.notFound((c) => fail(c, 404, 'unknown_operation', `There is no gateway route ${c.req.method} ${c.req.path}.`));
  app.onError((err, c) => {
    console.error('[gateway] unexpected error', err);
    return c.json(gatewayFailure('internal', 'The gateway failed unexpectedly; the error is in its log.'), 500);
  });
  return { app, users, sessions, audit, sweep, ready };
}

/** Demo passwords are fixed and public (README); a demo user whose password was changed is no longer listed. */
const demoPassword = (username: string) => DEMO_USERS.find((d) => d.username === username)?.password ?? '';
