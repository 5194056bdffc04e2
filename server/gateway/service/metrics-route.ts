import { Hono } from 'hono';
import { timingSafeEqual } from 'node:crypto';
import type { GatewayMetrics } from './metrics';

/**
 * `GET /metrics` in Prometheus text, only with `Authorization: Bearer <METRICS_TOKEN>`: a wrong or
 * missing token answers 401, and without METRICS_TOKEN there is no such route (404, as for any
 * unknown path). The figures say how busy the install is and which operations fail: not for everyone.
 */
export function metricsRoute(metrics: GatewayMetrics, token: string | null) {
  const routes = new Hono();
  if (!token) return routes;
  const expected = Buffer.from(`Bearer ${token}`);
  routes.get('/metrics', async (c) => {
    const sent = Buffer.from(c.req.header('authorization') ?? '');
    if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return c.json({ ok: false, msg: 'GET /metrics needs "Authorization: Bearer <METRICS_TOKEN>".' }, 401);
    }
    c.header('Cache-Control', 'no-store');
    return c.body(await metrics.registry.metrics(), 200, { 'content-type': metrics.registry.contentType });
  });
  return routes;
}
