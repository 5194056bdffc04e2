import { z } from 'zod';
import { join, resolve } from 'node:path';
import { ConfigError, portSchema, readEnv } from '../lib/env';
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from '../lib/logger';
import type { ResilienceSettings, UpstreamGuard } from './operations/resilience';

export const gatewayEnvSchema = z.object({
  PORT: portSchema.default(8787),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  /** The real upstream, e.g. https://api.jxhh.com. Unset: the embedded sandbox is used. */
  UPSTREAM_URL: z.url('must be an http(s) URL such as https://api.jxhh.com').optional(),
  UPSTREAM_APP_KEY: z.string().min(1).optional(),
  UPSTREAM_APP_SECRET: z.string().min(1).optional(),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  TRUST_PROXY: z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('0'),
  /** Origins people open the app at, comma-separated; the gateway answers no other Host. */
  PUBLIC_ORIGIN: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .regex(
              /^https?:\/\/[^/?#\s]+\/?$/i,
              'must be origins such as https://desk.example.com (scheme, host, optional port; no path), comma-separated',
            ),
        )
        .min(1, 'must name at least one origin'),
    )
    .optional(),
  VITE_PORT: portSchema.default(5787),
  SESSION_IDLE_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes' })
    .int()
    .min(1, 'must be at least 1')
    .max(7 * 24 * 60)
    .default(120),
  SESSION_MAX_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .int()
    .min(1, 'must be at least 1')
    .max(24 * 30)
    .default(12),
  /** PostgreSQL for several gateways (postgres://user:password@host:5432/database). Unset: SQLite in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .refine((v) => {
      try {
        const u = new URL(v);
        return /^postgres(ql)?:$/.test(u.protocol) && u.hostname !== '' && u.pathname.length > 1;
      } catch {
        return false;
      }
    }, 'must be a PostgreSQL URL such as postgres://user:password@db.example.com:5432/supply_desk (host and database name required)')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be a whole number of connections' })
    .int('must be a whole number of connections')
    .min(1, 'must be at least 1')
    .max(200, 'must be at most 200')
    .default(10),
  UPSTREAM_TIMEOUT_MS: z.coerce
    .number()
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100')
    .max(300_000, 'must be at most 300000')
    .default(15_000),
  /** Further tries of a read after a transient failure (no answer, 5xx, "系统繁忙"); writes are never tried again. */
  UPSTREAM_RETRIES: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(10, 'must be at most 10')
    .default(3),
  /** The first backoff's ceiling in ms (doubling each try, at most UPSTREAM_RETRY_MAX_MS; the wait is a random share of it). */
  UPSTREAM_RETRY_BASE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(1, 'must be at least 1')
    .max(60_000, 'must be at most 60000')
    .default(200),
  UPSTREAM_RETRY_MAX_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(1, 'must be at least 1')
    .max(300_000, 'must be at most 300000')
    .default(2_000),
  /** Calls in a row that failed before the gateway stops asking the upstream for UPSTREAM_BREAKER_SECONDS. */
  UPSTREAM_BREAKER_FAILURES: z.coerce
    .number({ error: 'must be a whole number of calls' })
    .int('must be a whole number of calls')
    .min(1, 'must be at least 1')
    .max(1000, 'must be at most 1000')
    .default(5),
  UPSTREAM_BREAKER_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0.1, 'must be at least 0.1')
    .max(3600, 'must be at most 3600')
    .default(30),
  /** The secret path part of the message callback URL (/hooks/messages/<token>); unset: made on first start, kept in DATA_DIR. */
  MESSAGES_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9_-]{32,128}$/, 'must be 32 to 128 letters, digits, "-" or "_" (a long random secret)')
    .optional(),
  /** On SIGTERM, seconds to keep serving while /healthz answers 503 "stopping", so that balancers take this gateway out first. */
  DRAIN_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0, 'must be 0 (no drain) or more')
    .max(300, 'must be at most 300')
    .default(5),
  /** Live-event streams (/bff/events) one session may hold at once in one gateway; a new one closes the oldest. */
  EVENT_STREAMS_PER_SESSION: z.coerce
    .number({ error: 'must be a whole number of streams' })
    .int('must be a whole number of streams')
    .min(1, 'must be at least 1')
    .max(1000, 'must be at most 1000')
    .default(8),
  /** Live-event streams from one client address at once in one gateway, all sessions together; more are refused (429). */
  EVENT_STREAMS_PER_ADDRESS: z.coerce
    .number({ error: 'must be a whole number of streams' })
    .int('must be a whole number of streams')
    .min(1, 'must be at least 1')
    .max(100_000, 'must be at most 100000')
    .default(64),
  /** Messages older than this many days are removed by the periodic job. */
  MESSAGES_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(3650, 'must be at most 3650')
    .default(90),
  /** The reseller's time zone: the day each order's figures belong to in the overview (IANA name). */
  MIRROR_TIME_ZONE: z
    .string()
    .refine((v) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: v });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Asia/Shanghai')
    .default('Asia/Shanghai'),
  /** On first start, the order mirror reads this many days of orders back (0: none). */
  MIRROR_BACKFILL_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(0, 'must be 0 (no backfill) or more')
    .max(3650, 'must be at most 3650')
    .default(90),
  /** Minutes between reconciles of the order mirror with the upstream (one gateway at a time). */
  MIRROR_RECONCILE_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes' })
    .int('must be a whole number of minutes')
    .min(1, 'must be at least 1')
    .max(1440, 'must be at most 1440')
    .default(10),
  /** Minutes between reconciles of the goods mirror with the selection library (one gateway at a time). */
  GOODS_RECONCILE_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes' })
    .int('must be a whole number of minutes')
    .min(1, 'must be at least 1')
    .max(1440, 'must be at most 1440')
    .default(60),
  /** Support's exceptions: a paid child not shipped this many hours after payment is late. */
  EXCEPTION_LATE_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .int('must be a whole number of hours')
    .min(1, 'must be at least 1')
    .max(2160, 'must be at most 2160')
    .default(48),
  /** A failed order neither retried nor refunded this many hours after it was placed is an exception. */
  EXCEPTION_FAILED_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .int('must be a whole number of hours')
    .min(1, 'must be at least 1')
    .max(2160, 'must be at most 2160')
    .default(24),
  /** A parcel in transit whose trace has had no new event for this many hours is stalled. */
  EXCEPTION_STALLED_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .int('must be a whole number of hours')
    .min(1, 'must be at least 1')
    .max(2160, 'must be at most 2160')
    .default(72),
  /** Traces of parcels in transit the exceptions' sweep reads at most per run (0: none, nothing is found stalled). */
  EXCEPTION_TRACE_READS: z.coerce
    .number({ error: 'must be a number of traces' })
    .int('must be a whole number of traces')
    .min(0, 'must be 0 or more')
    .max(1000, 'must be at most 1000')
    .default(50),
  /** Seconds between the exceptions' sweeps (one gateway at a time); unset: as often as the order mirror reconciles. */
  EXCEPTION_SWEEP_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(5, 'must be at least 5')
    .max(86_400, 'must be at most 86400')
    .optional(),
  /** Orders of a bulk-order job sent to the upstream at once (one gateway sends at a time). */
  IMPORT_CONCURRENCY: z.coerce
    .number({ error: 'must be a number of orders' })
    .int('must be a whole number of orders')
    .min(1, 'must be at least 1')
    .max(16, 'must be at most 16')
    .default(4),
  /** Days a finished bulk-order job keeps its rows (the sheet's cells and addresses); its outcome counts and audit stay. */
  IMPORT_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(3650, 'must be at most 3650')
    .default(180),
  /** What the log holds: fatal, error, warn, info (each request), debug (health probes too), trace, or silent. */
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  /** json: one JSON object per line; pretty: readable lines; auto: pretty at a terminal, JSON otherwise. */
  LOG_FORMAT: z.enum(LOG_FORMATS, { error: `must be one of ${LOG_FORMATS.join(', ')}` }).default('auto'),
  /** GET /metrics answers only with "Authorization: Bearer <this>"; unset: no /metrics at all (404). */
  METRICS_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9._~+/=-]{16,256}$/, 'must be 16 to 256 letters, digits or -._~+/= (a long random secret)')
    .optional(),
  /** /readyz answers 200 only when the upstream answered a call within this many seconds (else it asks it once more). */
  READY_UPSTREAM_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(5, 'must be at least 5')
    .max(3600, 'must be at most 3600')
    .default(30),
});

export interface UpstreamTarget {
  baseUrl: string;
  appKey: string;
  appSecret: string;
  timeoutMs: number;
  /** Extra headers on every call (the embedded sandbox's per-process token; never for the real upstream). */
  headers?: Record<string, string>;
  /** Told of every call once it is answered or failed (the log, the metrics and /readyz; server/gateway/service). */
  observe?: (call: UpstreamCall) => void;
  /** Retries and the breaker of this gateway's supplier (operations/resilience.ts); without it reads are still retried, with the defaults. */
  guard?: UpstreamGuard;
}

/** One call to the upstream as the gateway saw it: `code` is the envelope's code, or the gateway's reason (timeout, unreachable…). */
export interface UpstreamCall {
  operation: string;
  code: string;
  /** The HTTP status the gateway gave it (200 for any envelope; 502 or 504 when none came). */
  status: number;
  ms: number;
}

export interface GatewayConfig {
  port: number;
  host: string;
  dataDir: string;
  /** null: no upstream configured, so `npm start` embeds the sandbox. */
  upstream: Omit<UpstreamTarget, 'timeoutMs'> | null;
  timeoutMs: number;
  staticDir: string;
  /** First start only: an admin to create when the user table is empty. */
  firstAdmin: { username: string; password: string } | null;
  trustProxy: boolean;
  session: { idleMs: number; absoluteMs: number };
  /** PUBLIC_ORIGIN, or the loopback origins of the listening port (and of the Vite dev server). */
  publicOrigins: string[];
  /** True when PUBLIC_ORIGIN was not set. */
  defaultOrigins: boolean;
  /** DATABASE_URL (null: SQLite at DATA_DIR/gateway.sqlite) and the PostgreSQL pool size. */
  database: { url: string | null; poolSize: number };
  /** MESSAGES_TOKEN (null: made on first start and kept in DATA_DIR), MESSAGES_RETENTION_DAYS, EVENT_STREAMS_PER_*. */
  messages: { token: string | null; retentionDays: number; streamLimits: { perSession: number; perAddress: number } };
  /** DRAIN_SECONDS in ms: on SIGTERM, serving on while /healthz says "stopping". */
  drainMs: number;
  /** MIRROR_TIME_ZONE, MIRROR_BACKFILL_DAYS, MIRROR_RECONCILE_MINUTES (in ms). */
  mirror: { timeZone: string; backfillDays: number; reconcileMs: number };
  /** GOODS_RECONCILE_MINUTES (in ms). */
  goods: { reconcileMs: number };
  /** EXCEPTION_LATE_HOURS, EXCEPTION_FAILED_HOURS, EXCEPTION_STALLED_HOURS, EXCEPTION_TRACE_READS, EXCEPTION_SWEEP_SECONDS (in ms). */
  exceptions: { lateHours: number; failedHours: number; stalledHours: number; traceReads: number; sweepMs: number };
  /** IMPORT_CONCURRENCY: orders of a bulk-order job sent at once; IMPORT_RETENTION_DAYS: days a finished job keeps its rows. */
  imports: { concurrency: number; retentionDays: number };
  /** LOG_LEVEL, LOG_FORMAT. */
  log: { level: LogLevel; format: LogFormat };
  /** METRICS_TOKEN (null: /metrics is off). */
  metricsToken: string | null;
  /** READY_UPSTREAM_SECONDS in ms: how recent an answer of the upstream /readyz asks for. */
  readyUpstreamMs: number;
  /** UPSTREAM_RETRIES, UPSTREAM_RETRY_BASE_MS, UPSTREAM_RETRY_MAX_MS, UPSTREAM_BREAKER_FAILURES, UPSTREAM_BREAKER_SECONDS (ms). */
  resilience: ResilienceSettings;
}

/**
 * The origins the app answers for when PUBLIC_ORIGIN is unset: the listening address and its
 * loopback names, plus the Vite dev server of `npm run dev` (which proxies /bff with its own Host).
 * Only loopback names: a browser sends them only when it was itself pointed at this machine.
 */
export function defaultPublicOrigins(host: string, port: number, vitePort: number): string[] {
  const names = new Set(['127.0.0.1', 'localhost', '[::1]']);
  if (!['0.0.0.0', '::', '127.0.0.1', 'localhost', '::1'].includes(host)) names.add(host.includes(':') ? `[${host}]` : host);
  const origins: string[] = [];
  for (const p of [port, vitePort]) for (const n of names) origins.push(`http://${n}:${p}`);
  // The listening address first: it is also the base of the sandbox's picture URLs.
  const first = `http://${host === '0.0.0.0' || host === '::' || host === 'localhost' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`;
  return [first, ...origins.filter((o) => o !== first)];
}

export function gatewayConfigFromEnv(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const e = readEnv(gatewayEnvSchema, env);
  if (Boolean(e.ADMIN_USERNAME) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError(
      'The configuration is not usable:\n  ADMIN_USERNAME and ADMIN_PASSWORD go together: set both (first start only) or neither',
    );
  }
  if (e.UPSTREAM_URL) {
    const missing = (['UPSTREAM_APP_KEY', 'UPSTREAM_APP_SECRET'] as const).filter((k) => !e[k]);
    if (missing.length) {
      throw new ConfigError(
        `The configuration is not usable:\n${missing.map((k) => `  ${k} is missing: required when UPSTREAM_URL is set (from the open platform, https://open.jxhh.com)`).join('\n')}`,
      );
    }
  } else if (e.UPSTREAM_APP_KEY || e.UPSTREAM_APP_SECRET) {
    throw new ConfigError(
      'The configuration is not usable:\n  UPSTREAM_URL is missing: UPSTREAM_APP_KEY / UPSTREAM_APP_SECRET are set but no upstream URL to use them with',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    upstream: e.UPSTREAM_URL
      ? { baseUrl: e.UPSTREAM_URL.replace(/\/$/, ''), appKey: e.UPSTREAM_APP_KEY!, appSecret: e.UPSTREAM_APP_SECRET! }
      : null,
    timeoutMs: e.UPSTREAM_TIMEOUT_MS,
    staticDir: resolve('dist'),
    firstAdmin: e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : null,
    trustProxy: e.TRUST_PROXY === '1',
    publicOrigins: e.PUBLIC_ORIGIN ? e.PUBLIC_ORIGIN.map((o) => new URL(o).origin) : defaultPublicOrigins(e.HOST, e.PORT, e.VITE_PORT),
    defaultOrigins: !e.PUBLIC_ORIGIN,
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, absoluteMs: e.SESSION_MAX_HOURS * 3600_000 },
    database: { url: e.DATABASE_URL ?? null, poolSize: e.DATABASE_POOL_SIZE },
    messages: {
      token: e.MESSAGES_TOKEN ?? null,
      retentionDays: e.MESSAGES_RETENTION_DAYS,
      streamLimits: { perSession: e.EVENT_STREAMS_PER_SESSION, perAddress: e.EVENT_STREAMS_PER_ADDRESS },
    },
    drainMs: Math.round(e.DRAIN_SECONDS * 1000),
    mirror: { timeZone: e.MIRROR_TIME_ZONE, backfillDays: e.MIRROR_BACKFILL_DAYS, reconcileMs: e.MIRROR_RECONCILE_MINUTES * 60_000 },
    goods: { reconcileMs: e.GOODS_RECONCILE_MINUTES * 60_000 },
    imports: { concurrency: e.IMPORT_CONCURRENCY, retentionDays: e.IMPORT_RETENTION_DAYS },
    exceptions: {
      lateHours: e.EXCEPTION_LATE_HOURS,
      failedHours: e.EXCEPTION_FAILED_HOURS,
      stalledHours: e.EXCEPTION_STALLED_HOURS,
      traceReads: e.EXCEPTION_TRACE_READS,
      sweepMs: (e.EXCEPTION_SWEEP_SECONDS ?? e.MIRROR_RECONCILE_MINUTES * 60) * 1000,
    },
    log: { level: e.LOG_LEVEL, format: e.LOG_FORMAT },
    metricsToken: e.METRICS_TOKEN ?? null,
    readyUpstreamMs: e.READY_UPSTREAM_SECONDS * 1000,
    resilience: {
      retries: e.UPSTREAM_RETRIES,
      retryBaseMs: e.UPSTREAM_RETRY_BASE_MS,
      retryMaxMs: Math.max(e.UPSTREAM_RETRY_MAX_MS, e.UPSTREAM_RETRY_BASE_MS),
      breakerFailures: e.UPSTREAM_BREAKER_FAILURES,
      breakerOpenMs: Math.round(e.UPSTREAM_BREAKER_SECONDS * 1000),
    },
  };
}

export const gatewayDbFile = (dataDir: string) => join(dataDir, 'gateway.sqlite');

/** Where the gateway's database is, from the configuration: DATABASE_URL, or the SQLite file in DATA_DIR. */
export const gatewayDbOptions = (config: Pick<GatewayConfig, 'dataDir' | 'database'>) => ({
  databaseUrl: config.database.url ?? undefined,
  file: gatewayDbFile(config.dataDir),
  poolSize: config.database.poolSize,
});
