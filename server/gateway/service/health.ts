import { Hono } from 'hono';
import { getOperation } from '../../../contract';
import type { UpstreamCall, UpstreamTarget } from '../config';
import type { GatewayDb } from '../db';
import { buildUpstreamRequest, callUpstream } from '../operations/upstream';

/** Gateway reasons that mean no working answer came from the upstream: none at all, a 5xx, or the breaker open. */
const NO_ANSWER = new Set(['timeout', 'unreachable', 'bad_status', 'supplier_down']);

/**
 * Whether the upstream answers: told of every call the gateway makes (`seen`), and asked once more with
 * a light read (`source.list`) when nothing was heard from it for `freshMs`. An answer of any kind
 * counts, a refusal included (the upstream is there); only no answer at all (timeout, connection
 * refused, reset) counts against it. A failed probe is not repeated for `retryMs`.
 */
export function upstreamWatch(o: {
  target: () => UpstreamTarget;
  freshMs: number;
  retryMs?: number;
  probeTimeoutMs?: number;
  now?: () => number;
}) {
  const now = o.now ?? Date.now;
  const retryMs = o.retryMs ?? 5_000;
  let okAt = 0;
  let failAt = 0;
  let failReason = '';
  let probing: Promise<void> | null = null;
  const seen = (call: Pick<UpstreamCall, 'code' | 'status'>) => {
    if (NO_ANSWER.has(call.code)) {
      failAt = now();
      failReason = call.code;
    } else okAt = now();
  };
  const probe = () =>
    (probing ??= (async () => {
      const op = getOperation('source.list')!;
      const target = o.target();
      // Its own short timeout: a balancer's probe should not hang for the upstream's 15 s.
      const answer = await callUpstream(
        { ...target, timeoutMs: Math.min(target.timeoutMs, o.probeTimeoutMs ?? 3_000) },
        buildUpstreamRequest(op, {}),
      );
      const reason = (answer.envelope as { gateway?: { reason?: string } }).gateway?.reason;
      seen({ code: reason ?? String(answer.envelope.code), status: answer.status });
    })().finally(() => (probing = null)));
  return {
    seen,
    /** null when the upstream answered recently (asking it when needed), else why not. */
    async problem(): Promise<string | null> {
      const t = now();
      // The breaker open (operations/resilience.ts): not ready until its next try; then the probe is that try.
      const breaker = o.target().guard?.state();
      if (breaker?.open && Date.now() < breaker.retryAt!)
        return `the supplier cannot be reached since ${new Date(breaker.since!).toISOString()}; retrying`;
      if (okAt > failAt && t - okAt < o.freshMs) return null;
      if (breaker?.open || !(failAt > okAt && t - failAt < retryMs)) await probe();
      if (okAt > failAt && now() - okAt < o.freshMs) return null;
      return `the upstream did not answer (${failReason || 'no call yet'})`;
    },
    state: () => ({ okAt: okAt || null, failAt: failAt || null, failReason: failReason || null }),
  };
}
export type UpstreamWatch = ReturnType<typeof upstreamWatch>;

/**
 * For balancers and probes (answering any Host): `/healthz` is liveness (503 "stopping" from SIGTERM on,
 * and while the database does not answer), `/readyz` readiness: 200 only when the database answers and
 * the upstream did recently; 503 with the reasons otherwise, so a balancer sends no one to a gateway
 * that cannot serve them.
 */
export function healthRoutes(deps: { db: GatewayDb; draining: () => boolean; upstream: UpstreamWatch }) {
  const routes = new Hono();
  routes.get('/healthz', async (c) => {
    if (deps.draining()) return c.json({ ok: false, status: 'stopping' }, 503);
    return (await deps.db.ping()) ? c.json({ ok: true, db: 'up' }) : c.json({ ok: false, db: 'down' }, 503);
  });
  routes.get('/readyz', async (c) => {
    if (deps.draining()) return c.json({ ok: false, status: 'stopping', reasons: ['the gateway is stopping'] }, 503);
    const [dbUp, upstreamProblem] = await Promise.all([deps.db.ping(), deps.upstream.problem()]);
    const reasons = [...(dbUp ? [] : ['the database did not answer within 2 s']), ...(upstreamProblem ? [upstreamProblem] : [])];
    const body = {
      ok: reasons.length === 0,
      db: dbUp ? 'up' : 'down',
      upstream: upstreamProblem ? 'down' : 'up',
      ...(reasons.length ? { reasons } : {}),
    };
    return c.json(body, reasons.length ? 503 : 200);
  });
  return routes;
}
