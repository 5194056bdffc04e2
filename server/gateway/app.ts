import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { getOperation } from '../../contract';
import { bodyLimit } from '../lib/body-limit';
import { discardRestOfBody } from '../lib/drain';
import type { GatewayDb } from './db';
import type { UpstreamTarget } from './config';
import { AuditLog } from './audit/audit';
import { auditRoutes } from './audit/routes';
import { LoginLimiter, type LoginLimits } from './auth/login-limit';
import { personDataRoutes } from './auth/person-data';
import { sessionRoutes, signInRoutes } from './auth/routes';
import { SessionStore, type SessionPolicy } from './auth/sessions';
import { UserStore } from './auth/users';
import { usersRoutes } from './auth/users-routes';
import { BODY_LIMITS, SESSION_COOKIE, fail, type Env, type GatewayContext } from './http/context';
import { clientIp, isCrossSite } from './http/security';
import type { MessageCenter } from './messages';
import { upstreamCaller } from './messages/effects';
import type { OrderMirror } from './mirror';
import { mirrorRoutes } from './mirror/routes';
import { createShownClock, type ShownClock } from './clock';
import { searchRoutes } from './search/routes';
import { createGoods, type Goods } from './goods';
import { goodsRoutes, watchRoutes } from './goods/routes';
import { importsRoutes } from './imports/routes';
import { createImportRunner } from './imports/runner';
import { ImportStore } from './imports/store';
import { shipmentsRoutes } from './shipments/routes';
import { pricingRoutes } from './pricing/routes';
import { exceptionsRoutes } from './exceptions/routes';
import { DEFAULT_EXCEPTION_SETTINGS, type ExceptionSettings } from './exceptions';
import { shippingFigures } from './exceptions/shipping';
import { afterSaleNamesRoutes } from './operations/after-sale-names';
import { operationsRoutes } from './operations/routes';
import { gatewayFailure } from './operations/upstream';

import type { Logger } from '../lib/logger';
import type { GatewayMetrics } from './service/metrics';
export { BODY_LIMITS, SESSION_COOKIE } from './http/context';
export { OP_WRITTEN } from './operations/routes';

export interface GatewayDeps {
  upstream: UpstreamTarget;
  mode: 'sandbox' | 'upstream';
  /** The gateway's database and event bus (server/gateway/db). */
  db: GatewayDb;
  log?: (line: string) => void;
  now?: () => number;
  /** The process's logger (server/main.ts): with it, unexpected errors go into the request's log line (server/gateway/service/requests.ts). */
  logger?: Logger;
  /** The process's metrics (server/gateway/service/metrics.ts): bulk-order outcomes are counted into it. */
  metrics?: GatewayMetrics;
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
  /** The order mirror (server/gateway/mirror): fed by forwarded calls; the overview's routes are mounted when given. */
  mirror?: OrderMirror;
  /** The goods module (server/gateway/goods): the SKU index; made here from `db` and `upstream` when not given. */
  goods?: Goods;
  /** Orders of bulk-order jobs sent at once (IMPORT_CONCURRENCY). */
  importConcurrency?: number;
  /** The clock of what people are shown (clock.ts); made here from `mode` and `upstream` when not given. */
  clock?: ShownClock;
  /** Days a finished bulk-order job keeps its rows (IMPORT_RETENTION_DAYS). */
  importRetentionDays?: number;
  /** Support's exceptions' settings (EXCEPTION_*): when a child is late, for the overview's shipping and the pages' words. */
  exceptions?: Partial<ExceptionSettings>;
}

/**
 * The `/bff` API, assembled from each concern's routes: sign-in and people (auth/), the audit log
 * (audit/), the door to the upstream (operations/), the inbox and live events (messages/). What
 * every request passes first is here: the cross-site check, the session check, the body caps.
 */
export function createBffApp(deps: GatewayDeps) {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? (() => {});
  const clock = deps.clock ?? createShownClock({ mode: deps.mode, upstream: deps.upstream, log });
  const ctx: GatewayContext = {
    db: deps.db,
    upstream: deps.upstream,
    mode: deps.mode,
    now,
    log,
    trustProxy: deps.trustProxy ?? false,
    users: new UserStore(deps.db, now),
    sessions: new SessionStore(deps.db, deps.sessionPolicy, now),
    limiter: new LoginLimiter(deps.db, deps.loginLimits, now),
    // Each row also says when on the shown clock, as last read (it never waits for a read itself).
    audit: new AuditLog(deps.db, now, deps.upstream.timeoutMs + 60_000, clock.fromWall),
    mirror: deps.mirror,
    clock,
    lateHours: deps.exceptions?.lateHours ?? DEFAULT_EXCEPTION_SETTINGS.lateHours,
  };
  const { users, sessions, limiter, audit, trustProxy } = ctx;
  const goods = (ctx.goods =
    deps.goods ?? createGoods({ db: deps.db, call: upstreamCaller(deps.upstream), now: clock.now, ready: clock.ready, log }));
  // Bulk-order jobs: what they read of orders goes into the mirror too. Started by server.ts.
  // Its jobs' times (made, finished) on the shown clock; its sending and retries on the wall clock.
  const importStore = new ImportStore(deps.db, now, clock.now);
  const reader = upstreamCaller(deps.upstream);
  const imports = createImportRunner({
    db: deps.db,
    store: importStore,
    upstream: deps.upstream,
    call: deps.mirror ? deps.mirror.feeding(reader) : reader,
    paid: deps.mirror ? () => deps.mirror!.cashMoved() : undefined,
    audit,
    concurrency: deps.importConcurrency,
    retentionDays: deps.importRetentionDays,
    now,
    shown: clock.now,
    log,
    onSettled: deps.metrics ? (outcome) => deps.metrics!.importOrderSettled(outcome) : undefined,
  });
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

  // Pages of other sites may not drive a signed-in person's session.
  app.use('*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && isCrossSite(c, trustProxy, deps.publicOrigins)) {
      return fail(c, 403, 'cross_site', 'Requests from other sites are refused.');
    }
    await next();
  });

  app.route('/', signInRoutes(ctx));

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
  const importCap = bodyCap(BODY_LIMITS.imports);
  const knownCap = bodyCap(BODY_LIMITS.knownOrders);
  const markCap = bodyCap(BODY_LIMITS.shipmentsMark);
  const defaultCap = bodyCap(BODY_LIMITS.default);
  app.use('*', (c, next) =>
    c.req.path.endsWith('/op/afterSale.picture')
      ? pictureCap(c, next)
      : c.req.method === 'POST' && c.req.path.endsWith('/imports')
        ? importCap(c, next)
        : c.req.method === 'POST' && c.req.path.endsWith('/known-orders')
          ? knownCap(c, next)
          : c.req.method === 'POST' && c.req.path.endsWith('/shipments/mark')
            ? markCap(c, next)
            : defaultCap(c, next),
  );

  app.route('/', sessionRoutes(ctx));
  app.route(
    '/me',
    personDataRoutes(deps.db, now, () => ctx.clock.ready().then(ctx.clock.now)),
  );
  if (deps.messages) {
    // Inbox and live events; a stream ends as soon as its session has or its person's role changed
    // (told on the bus, else at its next heartbeat; checked without touching the session).
    app.route(
      '/',
      deps.messages.routes({
        stillSignedIn: (c) => sessions.alive(getCookie(c, SESSION_COOKIE), c.get('user').role),
        sessionOf: (c) => getCookie(c, SESSION_COOKIE) ?? '',
        addressOf: (c) => clientIp(c, trustProxy),
      }),
    );
  }
  app.route('/after-sale-names', afterSaleNamesRoutes(deps.db, now));
  app.route('/', auditRoutes(ctx));
  app.route('/', usersRoutes(ctx));
  if (deps.mirror)
    app.route(
      '/',
      mirrorRoutes(
        deps.mirror,
        upstreamCaller(deps.upstream),
        ctx.clock,
        () => goods.libraryOffSale(),
        (from, to) =>
          shippingFigures(deps.db.kysely, {
            from,
            to,
            timeZone: deps.mirror!.settings.timeZone,
            withinHours: ctx.lateHours,
            now: clock.now(),
          }),
      ),
    );
  app.route(
    '/',
    searchRoutes(deps.db, reader, log, async (sku) => (await goods.store.lookup([sku]))[0]),
  );
  app.route('/', goodsRoutes(goods));
  app.route('/', watchRoutes(goods, { audit, trustProxy, now: clock.now }));
  app.route('/', importsRoutes({ db: deps.db, store: importStore, runner: imports, audit, trustProxy }));
  app.route(
    '/',
    shipmentsRoutes({ db: deps.db, audit, trustProxy, timeZone: deps.mirror?.settings.timeZone, now: clock.now, call: reader }),
  );
  app.route('/', pricingRoutes({ db: deps.db, audit, trustProxy, now: clock.now }));
  app.route('/', exceptionsRoutes({ db: deps.db, audit, trustProxy, now: clock.now, log }));
  app.route('/', operationsRoutes(ctx));

  app.notFound((c) => fail(c, 404, 'unknown_operation', `There is no gateway route ${c.req.method} ${c.req.path}.`));
  app.onError((err, c) => {
    // With the process's logger the request's log line carries the error and its cause (c.error); else the console.
    if (!deps.logger) console.error('[gateway] unexpected error', err);
    return c.json(gatewayFailure('internal', 'The gateway failed unexpectedly; the error is in its log.'), 500);
  });
  return { app, users, sessions, audit, sweep, ready, imports, goods };
}
