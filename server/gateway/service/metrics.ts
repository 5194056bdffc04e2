import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Seconds: from half a millisecond (most gateway answers take 1–3 ms: with 5 ms as the first bound
 * every median read 2.5 ms) to the upstream's 15 s timeout and past it. 16 bounds per series; the
 * series stay bounded by their labels (route patterns, operations, codes), not by these.
 */
export const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 20];

/**
 * prom-client's process defaults that are gauges named `…_total` (promtool: "non-counter metrics
 * should not have _total suffix"). Their values are the sums of `nodejs_active_handles`,
 * `nodejs_active_requests` and `nodejs_active_resources` by `type`, which stay.
 */
const MISNAMED_DEFAULTS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

/** What the collectors read when Prometheus scrapes (each may be absent: that metric then stays empty). */
export interface MetricSources {
  /** Open event streams (/bff/events) of this process. */
  liveStreams?: () => number;
  /** The order mirror: when it was last reconciled with success (ms; null before the first), and whether reconciles fail now. */
  mirror?: () => Promise<{ lastGoodAt: number | null; failing: boolean }>;
  /** The PostgreSQL pool (null on SQLite). */
  pool?: () => { total: number; idle: number; waiting: number; max: number } | null;
  now?: () => number;
}

/**
 * The process's one metrics registry (prom-client), made at start-up and handed to what measures:
 * the request log (HTTP), the upstream calls, the bulk-order sender, the sign-in route. Every name
 * starts with `supply_desk_` except the process defaults (`process_*`, `nodejs_*`).
 */
export function createMetrics(o: { processDefaults?: boolean } = {}) {
  const registry = new Registry();
  if (o.processDefaults) {
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
    for (const name of MISNAMED_DEFAULTS) registry.removeSingleMetric(name);
  }
  const sources: MetricSources = {};
  const http = new Histogram({
    name: 'supply_desk_http_request_duration_seconds',
    help: 'HTTP requests answered by the gateway, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const upstream = new Histogram({
    name: 'supply_desk_upstream_request_duration_seconds',
    help: 'Calls to the upstream, by operation and result code (the envelope code, or the gateway reason when no envelope came).',
    labelNames: ['operation', 'code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const importOrders = new Counter({
    name: 'supply_desk_import_orders_total',
    help: 'Orders of bulk-order jobs settled by this process, by outcome (placed, already, refused, short).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const loginRefusals = new Counter({
    name: 'supply_desk_login_refusals_total',
    help: 'Sign-ins (and password changes) refused by the attempt limiter (HTTP 429).',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  // First of the collectors: a scrape starts them all in one tick, in this order, and the mirror's read
  // below takes pool connections of its own (read after it, `waiting` counted the scrape's own queries).
  new Gauge({
    name: 'supply_desk_db_pool_connections',
    help: 'The PostgreSQL pool of this process: connections by state (total, idle, waiting clients, max).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const p = sources.pool?.();
      if (!p) return;
      this.set({ state: 'total' }, p.total);
      this.set({ state: 'idle' }, p.idle);
      this.set({ state: 'waiting' }, p.waiting);
      this.set({ state: 'max' }, p.max);
    },
  });
  new Gauge({
    name: 'supply_desk_live_streams',
    help: 'Open live-event streams (/bff/events) of this process.',
    registers: [registry],
    collect() {
      if (sources.liveStreams) this.set(sources.liveStreams());
    },
  });
  // Both read the mirror's state once per scrape (a scrape starts every collector in the same tick).
  let mirrorRead: Promise<{ lastGoodAt: number | null; failing: boolean } | null> | null = null;
  const readMirror = () =>
    (mirrorRead ??= (sources.mirror?.() ?? Promise.resolve(null)).catch(() => null).finally(() => (mirrorRead = null)));
  new Gauge({
    name: 'supply_desk_mirror_lag_seconds',
    help: 'Seconds since the order mirror was last reconciled with the upstream with success (by any gateway of the install); NaN before the first.',
    registers: [registry],
    async collect() {
      const m = await readMirror();
      this.set(m?.lastGoodAt != null ? Math.max(0, ((sources.now ?? Date.now)() - m.lastGoodAt) / 1000) : NaN);
    },
  });
  new Gauge({
    name: 'supply_desk_mirror_reconcile_failing',
    help: '1 while the last reconcile of the order mirror failed (the upstream did not answer, or answered nonsense), else 0.',
    registers: [registry],
    async collect() {
      const m = await readMirror();
      this.set(m?.failing ? 1 : 0);
    },
  });
  return {
    registry,
    /** Gives the scrape-time collectors what they read (server.ts, once the concerns exist). */
    watch(s: MetricSources) {
      Object.assign(sources, s);
    },
    httpRequest(route: string, method: string, status: number, seconds: number) {
      http.observe({ route, method, status: String(status) }, seconds);
    },
    upstreamCall(operation: string, code: string, seconds: number) {
      upstream.observe({ operation, code }, seconds);
    },
    importOrderSettled(outcome: string) {
      importOrders.inc({ outcome });
    },
    loginRefused(route: string) {
      loginRefusals.inc({ route });
    },
    /** Every metric name the registry exports (the Grafana dashboard's test reads them). */
    names(): string[] {
      return registry.getMetricsAsArray().map((m) => m.name);
    },
  };
}
export type GatewayMetrics = ReturnType<typeof createMetrics>;
