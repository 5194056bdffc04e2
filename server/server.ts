import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { compress } from 'hono/compress';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gatewayDbOptions, type GatewayConfig, type UpstreamCall, type UpstreamTarget } from './gateway/config';
import { createBffApp, SESSION_COOKIE } from './gateway/app';
import { gatewayFailure } from './gateway/operations/upstream';
import { openGatewayDb, type GatewayDb } from './gateway/db';
import { hostCheck, securityHeaders } from './gateway/http/security';
import { DEMO_USERS, UserError, UserStore } from './gateway/auth/users';
import { createMessageCenter, PRUNE_INTERVAL_MS } from './gateway/messages';
import { upstreamCaller } from './gateway/messages/effects';
import { createGoods } from './gateway/goods';
import { createOrderMirror } from './gateway/mirror';
import { createExceptions } from './gateway/exceptions';
import { createShownClock } from './gateway/clock';
import { secretFromFile } from './lib/secret-file';
import { firstListFor, firstListTail, streamedPage } from './first-list';
import { loadLandingPreloads, withPreloads } from './preloads';
import { loadFirstStyles, loadShellTexts, shellLanguage, withFirstStyles, withPageHeader } from './shell-page';
import { LANGUAGE_COOKIE, THEME_COOKIE } from '../contract/constants';
import { createSandbox, type Sandbox } from './sandbox';
import { sandboxConfigFromEnv } from './sandbox/config';
import { lineLog, silentLogger, type Logger } from './lib/logger';
import { createMetrics, type GatewayMetrics } from './gateway/service/metrics';
import { requestLog } from './gateway/service/requests';
import { currentRequestId } from './lib/request-scope';
import { healthRoutes, upstreamWatch } from './gateway/service/health';
import { createUpstreamGuard } from './gateway/operations/resilience';
import { metricsRoute } from './gateway/service/metrics-route';
import { importProgressLog } from './gateway/service/imports-log';
import { knownRoutesOnly } from './gateway/service/known-routes';

export const SANDBOX_MOUNT = '/upstream';
/** Header with which the gateway's own calls reach the embedded sandbox; its value lives only in this process. */
export const INTERNAL_HEADER = 'x-supply-desk-internal';
/** Where the embedded sandbox's app secret is kept when SANDBOX_APP_SECRET is unset. */
export const SANDBOX_SECRET_FILE = 'sandbox-app-secret';
/** Where the message callback's token is kept when MESSAGES_TOKEN is unset. */
export const MESSAGES_TOKEN_FILE = 'messages-token';

/**
 * The embedded sandbox answers the outside world only with pictures: product pictures to anyone
 * (they are public on the real supplier's CDN too), voucher pictures to a signed-in person. Every
 * other path (the /v2 API, the clock, health) answers 404 unless the request carries this process's
 * random token, which only the gateway's own loopback calls send.
 */
function sandboxDoor(isInternal: (c: Context) => boolean, signedIn: (c: Context) => Promise<boolean>): MiddlewareHandler {
  return async (c, next) => {
    if (isInternal(c)) return next();
    const path = c.req.path.slice(SANDBOX_MOUNT.length);
    const isGet = c.req.method === 'GET' || c.req.method === 'HEAD';
    if (isGet && /^\/images\/goods\/[^/]+$/.test(path)) return next();
    if (isGet && /^\/images\/vouchers\/[^/]+$/.test(path) && (await signedIn(c))) return next();
    return c.json({ code: 0, msg: 'Not found.', data: null }, 404);
  };
}

/** What the SPA would ask for first, answered by the gateway's own routes for this person. */
export interface BootData {
  session: unknown;
  meta: unknown;
  sources?: unknown;
}

/**
 * Start-up data for the shell: the session (with permissions), the gateway's meta and the channels,
 * read through the gateway's own /bff routes with the person's cookie (same checks, same answers as
 * the SPA's requests). The SPA puts them into its query cache, so its first list request leaves with
 * its first script instead of after three round trips. Channels come from a 10-minute cache and are
 * left out when the upstream is slow to answer them (the SPA then asks itself).
 */
function bootData(bffApp: Pick<Hono, 'request'>, sourcesTtlMs = 10 * 60_000, waitMs = 300) {
  let sources: { at: number; value: Promise<unknown> } | null = null;
  const fetchSources = (cookie: string) =>
    Promise.resolve(
      bffApp.request('/op/source.list', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' }),
    )
      .then((r) => r.json() as Promise<{ code?: number; data?: unknown }>)
      .then((env) => (env.code === 1 ? env.data : Promise.reject(new Error('no channels'))));
  return async (token: string | undefined): Promise<BootData | null> => {
    if (!token) return null;
    const cookie = `${SESSION_COOKIE}=${token}`;
    const me = await bffApp.request('/auth/me', { headers: { cookie } });
    if (!me.ok) return null;
    const session = (await me.json()) as { permissions?: { ops?: string[] } };
    const meta = await (await bffApp.request('/meta', { headers: { cookie } })).json();
    const data: BootData = { session, meta };
    if (session.permissions?.ops?.includes('source.list')) {
      if (!sources || Date.now() - sources.at > sourcesTtlMs) {
        const value = fetchSources(cookie);
        sources = { at: Date.now(), value };
        value.catch(() => (sources = null));
      }
      const timeout = new Promise((resolve) => setTimeout(resolve, waitMs, undefined));
      data.sources = await Promise.race([sources.value.catch(() => undefined), timeout]);
    }
    return data;
  };
}

/** The shell with the boot data as a JSON data block (not a script: the CSP allows it), `<` escaped. */
export function withBootData(html: string, data: BootData | null): string {
  if (!data) return html;
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return html.replace('</head>', `<script type="application/json" id="boot-data">${json}</script></head>`);
}

export interface AppServer {
  app: Hono;
  sandbox: Sandbox | null;
  db: GatewayDb;
  /** Ends the open event streams (/bff/events) now: the process is stopping (run-server's `stopping`). */
  endStreams(): void;
  /** From now on /healthz answers 503 "stopping" and every answer closes its connection (run-server's `draining`). */
  startDraining(): void;
  /** Stops periodic work, the embedded sandbox and the database pool. */
  close(): Promise<void>;
  /** The metrics registry this server reports into (GET /metrics when METRICS_TOKEN is set). */
  metrics: GatewayMetrics;
}

/** How often expired sessions and finished sign-in windows are swept (by one gateway at a time). */
export const SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * First run: in sandbox mode one demo person per role; against the real upstream nobody, unless
 * ADMIN_USERNAME / ADMIN_PASSWORD name the first admin.
 */
export async function ensureFirstUsers(db: GatewayDb, config: Pick<GatewayConfig, 'upstream' | 'firstAdmin'>, log?: (l: string) => void) {
  const users = new UserStore(db);
  if ((await users.count()) > 0) return;
  // Gateways starting together on one database: whoever comes second finds the name taken, which is fine.
  const create = async (...args: Parameters<UserStore['create']>) => {
    try {
      await users.create(...args);
      return true;
    } catch (e) {
      if (e instanceof UserError && e.rule === 'taken') return false;
      throw e;
    }
  };
  if (config.firstAdmin) {
    if (await create({ ...config.firstAdmin, displayName: config.firstAdmin.username, role: 'admin' }))
      log?.(`Created the first admin "${config.firstAdmin.username}" from ADMIN_USERNAME.`);
  }
  if (!config.upstream) {
    for (const d of DEMO_USERS) if (!(await users.credentials(d.username))) await create(d, { demo: true });
    // Their passwords are on the sign-in page and in the README, never in the log.
    log?.(`Sandbox mode: demo users ${DEMO_USERS.map((d) => d.username).join(', ')} (passwords on the sign-in page)`);
  } else if (!config.firstAdmin) {
    log?.(
      'No users yet: create one with "npm run user:add -- <username> admin", or set ADMIN_USERNAME and ADMIN_PASSWORD for the first start.',
    );
  }
}

/**
 * Everything `npm start` serves on one port: the /bff gateway, the built SPA and, when no upstream is
 * configured, the embedded sandbox under /upstream (which the gateway then calls over loopback,
 * signed, exactly as it would call the real service).
 */
export async function createAppServer(
  config: GatewayConfig,
  opts: {
    /** The process's logger (server/main.ts); none: nothing is written. */
    logger?: Logger;
    /** The process's metrics registry; none: one of this server's own, without the process defaults. */
    metrics?: GatewayMetrics;
    env?: NodeJS.ProcessEnv;
  } = {},
): Promise<AppServer> {
  const app = new Hono();
  const env = opts.env ?? process.env;
  const logger = opts.logger ?? silentLogger();
  const metrics = opts.metrics ?? createMetrics();
  /** Each concern writes its lines through the logger, under its own name. */
  const logFor = (concern: string) => lineLog(logger, concern);
  const db = await openGatewayDb({ ...gatewayDbOptions(config), log: logFor('db') });
  try {
    await ensureFirstUsers(db, config, logFor('users'));
  } catch (e) {
    await db.close();
    throw e;
  }
  const token = Buffer.from(randomBytes(32).toString('base64url'));
  const isInternal = (c: Context) => {
    const sent = Buffer.from(c.req.header(INTERNAL_HEADER) ?? '');
    return sent.length === token.length && timingSafeEqual(sent, token);
  };
  // Stopping (SIGTERM): see startDraining below.
  let draining = false;
  // Whether the upstream answers (/readyz): told of every call, asking it itself when it heard nothing lately.
  const upstreamTarget: { current?: UpstreamTarget } = {};
  const watch = upstreamWatch({ target: () => upstreamTarget.current!, freshMs: config.readyUpstreamMs });
  const upstreamLog = logger.child({ concern: 'upstream' });
  const observeUpstream = (call: UpstreamCall) => {
    watch.seen(call);
    metrics.upstreamCall(call.operation, call.code, call.ms / 1000);
    // Answers with code 1 are the ordinary case: debug; refusals: info; failures: an error when a
    // person's request saw it (the line then carries the request's id), else (periodic work) a warning.
    const fields = { operation: call.operation, code: call.code, status: call.status, ms: call.ms };
    if (call.status !== 200) upstreamLog[currentRequestId() ? 'error' : 'warn'](fields, 'upstream call failed');
    else if (call.code === '1') upstreamLog.debug(fields, 'upstream call');
    else upstreamLog.info(fields, 'upstream call refused');
  };
  // First of all: every answer gets its request id, its log line and its duration metric.
  app.use(
    '*',
    requestLog({
      logger,
      metrics,
      trustProxy: config.trustProxy,
      // The gateway's own calls to the embedded sandbox are no one's requests: out of the request metrics.
      internal: isInternal,
      quiet: (path) => path === '/healthz' || path === '/readyz' || path === '/metrics' || path.startsWith(`${SANDBOX_MOUNT}/`),
      onAnswered: (c, route, status) => {
        if (status === 429 && (route === '/bff/auth/login' || route === '/bff/auth/password')) metrics.loginRefused(route);
      },
    }),
  );
  // Headers first, so that every answer carries them: pictures, /upstream refusals, host refusals.
  app.use('*', securityHeaders);
  app.use('*', hostCheck(config.publicOrigins, config.trustProxy, isInternal));
  if (config.defaultOrigins && !['127.0.0.1', 'localhost', '::1'].includes(config.host)) {
    logger.warn(
      `HOST is ${config.host} but PUBLIC_ORIGIN is unset: only ${config.publicOrigins[0]} is answered. Set PUBLIC_ORIGIN to the address people open.`,
    );
  }
  // Stopping (SIGTERM): the health check says so at once, so a balancer takes this gateway out while it
  // still serves; each answer asks the client to close its connection, so keep-alive ones move on too.
  app.use('*', async (c, next) => {
    await next();
    if (draining) c.header('Connection', 'close');
  });
  // For balancers and probes: /healthz (liveness: 503 while stopping, or while the database does not
  // answer) and /readyz (readiness: the database and the upstream answer).
  app.route('/', healthRoutes({ db, draining: () => draining, upstream: watch }));
  // Prometheus: only with METRICS_TOKEN, and only with it as a bearer token (404 when unset).
  app.route('/', metricsRoute(metrics, config.metricsToken));
  let sandbox: Sandbox | null = null;
  let upstream;
  // The secret part of the callback URL: the setting, else made on first start and kept like the sandbox's secret.
  const messagesToken = config.messages.token
    ? { value: config.messages.token, source: 'setting' as const }
    : { value: secretFromFile(join(config.dataDir, MESSAGES_TOKEN_FILE)), source: 'file' as const };
  // The door to voucher pictures asks the gateway's session store, made below.
  const late: { bff?: ReturnType<typeof createBffApp> } = {};
  if (config.upstream) {
    upstream = { ...config.upstream, timeoutMs: config.timeoutMs, observe: observeUpstream };
  } else {
    const fromEnv = sandboxConfigFromEnv({ ...env, PORT: String(config.port) });
    const sbConfig = {
      ...fromEnv,
      // Never the published default: a random secret kept in DATA_DIR unless one is set.
      appSecret: env.SANDBOX_APP_SECRET?.trim() ? fromEnv.appSecret : secretFromFile(join(config.dataDir, SANDBOX_SECRET_FILE)),
      // Picture URLs on the public origin, not on the loopback address the gateway calls.
      publicUrl: fromEnv.publicUrl ?? `${config.publicOrigins[0]}${SANDBOX_MOUNT}`,
      dbFile: join(config.dataDir, 'sandbox.sqlite'),
      // The embedded sandbox pushes to this gateway's receiver unless another callback is set, over
      // loopback with the per-process key (so a PUBLIC_ORIGIN that is not loopback does not refuse it).
      callbackUrl: fromEnv.callbackUrl ?? `http://127.0.0.1:${config.port}/hooks/messages/${messagesToken.value}`,
      callbackHeaders: fromEnv.callbackUrl ? undefined : { [INTERNAL_HEADER]: token.toString() },
    };
    sandbox = createSandbox(sbConfig, { basePath: SANDBOX_MOUNT, log: logFor('sandbox') });
    app.use(
      `${SANDBOX_MOUNT}/*`,
      sandboxDoor(isInternal, async (c) => !!(await late.bff?.sessions.resolve(getCookie(c, SESSION_COOKIE)))),
    );
    app.route(SANDBOX_MOUNT, sandbox.app);
    upstream = {
      baseUrl: `http://127.0.0.1:${config.port}${SANDBOX_MOUNT}`,
      appKey: sbConfig.appKey,
      appSecret: sbConfig.appSecret,
      timeoutMs: config.timeoutMs,
      headers: { [INTERNAL_HEADER]: token.toString() },
      observe: observeUpstream,
    };
  }
  // Retries and the breaker (issue 50): one per gateway process; the time it words is on the shown clock.
  const guard = createUpstreamGuard(config.resilience, {
    onChange: (b) =>
      b.open
        ? upstreamLog.warn(
            { since: new Date(b.since!).toISOString() },
            'the supplier cannot be reached: answering at once until it answers again',
          )
        : upstreamLog.info('the supplier answers again'),
  });
  upstream = { ...upstream, guard };
  upstreamTarget.current = upstream;
  // The one clock of what people are shown (the business clock in sandbox mode): what the mirror, the
  // goods watch, the imports and the routes stamp for people is on it (issue 49).
  const clock = createShownClock({ mode: sandbox ? 'sandbox' : 'upstream', upstream, log: logFor('gateway') });
  guard.shown = clock.fromWall;
  guard.timeZone = config.mirror.timeZone;
  const mirror = createOrderMirror({
    db,
    upstream,
    mode: sandbox ? 'sandbox' : 'upstream',
    shown: clock.now,
    ready: clock.ready,
    settings: { timeZone: config.mirror.timeZone, backfillDays: config.mirror.backfillDays },
    log: logFor('mirror'),
  });
  // The goods mirror and watch (SKU index, prices, history, at risk): fed by forwarded reads, the library and goods messages.
  const goods = createGoods({ db, call: upstreamCaller(upstream), guard, now: clock.now, ready: clock.ready, log: logFor('goods') });
  const messages = createMessageCenter({
    db,
    // What the message effects read of an order goes into the mirror too; of goods, into the goods mirror (stored before linked).
    upstream: goods.feeding(mirror.feeding(upstreamCaller(upstream))),
    afterLinked: (rows) => mirror.afterMessages(rows),
    token: messagesToken,
    publicOrigin: config.publicOrigins[0]!,
    mode: sandbox ? 'sandbox' : 'upstream',
    retentionDays: config.messages.retentionDays,
    streamLimits: config.messages.streamLimits,
    log: logFor('messages'),
  });
  // Bulk-order jobs sent by this process: counted (metrics) and said in the log every 10 s while they send.
  const importProgress = importProgressLog(logger, (outcome) => metrics.importOrderSettled(outcome));
  const bff = (late.bff = createBffApp({
    upstream,
    clock,
    messages,
    mirror,
    goods,
    mode: sandbox ? 'sandbox' : 'upstream',
    db,
    log: logFor('gateway'),
    logger,
    metrics: { ...metrics, importOrderSettled: importProgress.settled },
    trustProxy: config.trustProxy,
    sessionPolicy: config.session,
    publicOrigins: config.publicOrigins,
    importConcurrency: config.imports.concurrency,
    importRetentionDays: config.imports.retentionDays,
    exceptions: config.exceptions,
  }));
  // Bulk-order jobs: the sender looks for work soon after start-up (a job a restart cut off resumes).
  bff.imports.start();
  // Any other /bff path: 404 in JSON (not the SPA's page, not a 401), for the signed-in and the signed-out alike.
  app.use('/bff/*', knownRoutesOnly(bff.app as never, '/bff'));
  app.route('/bff', bff.app);
  app.all('/bff/*', (c) => c.json(gatewayFailure('unknown_operation', `There is no gateway route ${c.req.method} ${c.req.path}.`), 404));
  metrics.watch({
    liveStreams: () => messages.openStreams(),
    mirror: async () => {
      const { reads } = await mirror.freshness();
      // A failed reconcile records its own time: the last good one is then what this process saw (or its start).
      return { lastGoodAt: reads.failing ? (lastGoodReconcile ?? processStart) : reads.orders, failing: reads.failing };
    },
    pool: () => db.poolStats?.() ?? null,
  });
  // Pushed messages: no session, the token in the path (a wrong one answers 404 and stores nothing).
  app.route('/hooks/messages', messages.receiver);
  // Retention and links still missing, one gateway at a time; the first run soon after start-up.
  const stopMessages = db.every('messages.periodic', PRUNE_INTERVAL_MS, () => messages.periodic(), 5_000);
  // The goods mirror's reconcile with the selection library, one gateway at a time; the first soon after
  // start-up, and at once on a first start: until the library's goods are read, a change the supplier
  // announces is their first reading and puts nobody on guard (no "at risk" message).
  const goodsReadBefore = (await goods.store.state('reconcile').catch(() => undefined)) !== undefined;
  const stopGoods = db.every(
    'goods.reconcile',
    config.goods.reconcileMs,
    async () => void (await goods.reconcile()),
    goodsReadBefore ? 20_000 : 3_000,
  );
  // The order mirror's backfill (first start) and reconcile, one gateway at a time; the first soon after start-up.
  const mirrorLog = logger.child({ concern: 'mirror' });
  const processStart = Date.now();
  let lastGoodReconcile: number | null = null;
  const stopMirror = db.every(
    'mirror.reconcile',
    config.mirror.reconcileMs,
    async () => {
      const r = await mirror.reconcile();
      const { at: _at, ...fields } = r;
      if (r.error) mirrorLog.warn(fields, 'mirror reconcile stopped');
      else {
        lastGoodReconcile = r.at;
        mirrorLog.info(fields, 'mirror reconciled');
      }
    },
    3_000,
  );
  // Support's exceptions found in the order mirror (and the traces of parcels in transit), one gateway at a
  // time, as often as the mirror reconciles (EXCEPTION_SWEEP_SECONDS); the first a minute after start-up (after the mirror's first read).
  const exceptionsLog = logger.child({ concern: 'exceptions' });
  const exceptions = createExceptions({
    db,
    now: clock.now,
    ready: clock.ready,
    call: upstreamCaller(upstream),
    settings: config.exceptions,
    log: logFor('exceptions'),
  });
  const stopExceptions = db.every(
    'exceptions.sweep',
    config.exceptions.sweepMs,
    async () => {
      const r = await exceptions.sweep();
      if (r.opened || r.closed) exceptionsLog.info(r, 'exceptions swept');
    },
    Math.min(60_000, config.exceptions.sweepMs),
  );
  const stopSweep = db.every('gateway.sweep', SWEEP_INTERVAL_MS, async () => {
    const gone = await bff.sweep();
    if (gone) logger.info({ concern: 'sessions', removed: gone }, 'expired sessions removed');
  });
  const boot = bootData(bff.app);
  const firstList = firstListFor(bff.app);

  const indexFile = join(config.staticDir, 'index.html');
  if (existsSync(indexFile)) {
    const root = relative(process.cwd(), config.staticDir) || '.';
    // `precompressed`: the .br / .gz copies made at build time, for browsers that accept them.
    const assets = serveStatic({ root, precompressed: true });
    // Hashed names: cached for good. (Set on the answer itself: serveStatic's onFound runs after the
    // answer is made, too late for a header.)
    // A name that is not there (an old build's chunk, a typo) is 404, never the SPA's page with 200:
    // a browser would run HTML as a script, and a cache would keep it for good.
    app.use('/assets/*', async (c) => {
      const found = await assets(c, async () => {});
      if (found instanceof Response) {
        if (found.ok) found.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
        return found;
      }
      return c.text(`There is no file ${c.req.path}.`, 404, { 'Cache-Control': 'no-store' });
    });
    // The shell (at / and every client-side route) carries the person's start-up data, so it is never cached.
    const shellTexts = loadShellTexts(config.staticDir);
    const firstStyles = loadFirstStyles();
    const preloads = loadLandingPreloads(config.staticDir);
    const shell = async (c: Context) => {
      c.header('Cache-Control', 'no-store');
      const token = getCookie(c, SESSION_COOKIE);
      const data = await boot(token);
      // A landing's list leaves now, while the page is sent (server/first-list.ts).
      const permissions = (data?.session as { permissions?: { ops: string[]; features: string[] } } | undefined)?.permissions;
      const list =
        token && permissions ? firstList(c.req.path, new URL(c.req.url).search, `${SESSION_COOKIE}=${token}`, permissions) : null;
      let html = withBootData(readFileSync(indexFile, 'utf8'), data);
      // Signed in (else the app goes to the sign-in page): the page's header in the person's language.
      const lang = shellLanguage(getCookie(c, LANGUAGE_COOKIE), c.req.header('accept-language'));
      if (data) {
        const mode = getCookie(c, THEME_COOKIE);
        html = withFirstStyles(withPageHeader(html, shellTexts, c.req.path, lang, mode), firstStyles, c.req.path, mode);
        // The landing's chunks named in the page: asked for with the first page's script, not in waves after it.
        html = withPreloads(html, preloads, c.req.path);
      }
      if (list) {
        const look = { lang, texts: shellTexts[c.req.path]?.[lang], strip: !!permissions?.features.includes('strip.read') };
        return streamedPage(
          c,
          html,
          list.then((block) => firstListTail(block, c.req.path, look)),
        );
      }
      return c.html(html);
    };
    // Compressed (it carries the page's first styles, tens of kB as text). Nothing of the request is
    // written back into it, so compression cannot give away what it holds (BREACH needs both).
    const packed = compress();
    app.get('/', packed, shell);
    app.get('/index.html', packed, shell);
    app.use('*', serveStatic({ root, precompressed: true }));
    // Client-side routes: any other GET gets the SPA shell.
    app.get('*', packed, shell);
  } else {
    app.get('*', (c) => c.text('The SPA is not built: run "npm run build" (npm start does it for you).', 503));
  }
  return {
    app,
    sandbox,
    db,
    metrics,
    endStreams: () => messages.endStreams(),
    startDraining: () => {
      draining = true;
    },
    async close() {
      stopSweep();
      importProgress.stop();
      stopMessages();
      stopMirror();
      stopExceptions();
      stopGoods();
      bff.imports.stop();
      messages.close();
      sandbox?.close();
      await db.close();
    },
  };
}
