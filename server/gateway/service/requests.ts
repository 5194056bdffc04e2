import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { REQUEST_ID_HEADER } from '../../../contract/constants';
import { inRequest } from '../../lib/request-scope';
import type { GatewayMetrics } from './metrics';

/** An id a trusted balancer or proxy already gave the request is kept when it looks like one (no spaces, no markup, not huge). */
const GIVEN_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The pattern of the route that answered (`/bff/op/:id`, not the path: a path holds ids and order
 * numbers). When a middleware answered before any route (a refused session, a static file) the route
 * the request was headed for, else that middleware's pattern.
 */
export function routePattern(c: Context): string {
  const routes = matchedRoutes(c);
  const answered = routes[c.req.routeIndex];
  if (answered && answered.method !== 'ALL') return answered.path;
  return routes.find((r) => r.method !== 'ALL' && r.path !== '*' && r.path !== '/*')?.path ?? answered?.path ?? 'unmatched';
}

/** The signed-in person's id, when a session check ran (server/gateway/app.ts sets `user`). */
const userIdOf = (c: Context): number | undefined => (c.get('user' as never) as { id?: number } | undefined)?.id;

/**
 * The first middleware of every answer: gives the request its id (kept from X-Request-Id only behind a
 * trusted proxy, `trustProxy`, and when it is a sane one: else anyone could put their lines under
 * another person's id), sends it back in `x-request-id` on every answer and inside every JSON error
 * answer (`requestId`), writes one log line per request (id, method, route pattern, status, ms, user
 * id; never a header, a body or a query string) and observes the duration metric. Every other line
 * written while it is answered carries the same id (server/lib/request-scope.ts). Errors thrown by a
 * route come with their cause in the same line; an answer of 500 or more is an error the person saw.
 * `onAnswered` sees each request after it (the sign-in refusals' count).
 */
export function requestLog(deps: {
  logger: Logger;
  metrics?: GatewayMetrics;
  /** Behind a reverse proxy (TRUST_PROXY): an X-Request-Id it sent is kept. */
  trustProxy?: boolean;
  /** The gateway's own calls (to the embedded sandbox): logged at debug and left out of the request metrics. */
  internal?: (c: Context) => boolean;
  /** Requests logged at debug, not info: health probes (every second or so), the embedded sandbox's own calls (logged as upstream calls). */
  quiet?: (path: string) => boolean;
  onAnswered?: (c: Context, route: string, status: number) => void;
}): MiddlewareHandler {
  const log = deps.logger.child({ concern: 'http' });
  return async (c, next) => {
    const started = performance.now();
    const given = deps.trustProxy ? c.req.header(REQUEST_ID_HEADER) : undefined;
    const id = given && GIVEN_ID.test(given) ? given : randomUUID();
    c.set('requestId' as never, id as never);
    await inRequest(id, next);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const status = c.res.status;
    const route = routePattern(c);
    try {
      c.res.headers.set(REQUEST_ID_HEADER, id);
    } catch {
      c.header(REQUEST_ID_HEADER, id);
    }
    if (status >= 400) await nameRequestInBody(c, id);
    const internal = deps.internal?.(c) ?? false;
    if (!internal) deps.metrics?.httpRequest(route, c.req.method, status, ms / 1000);
    deps.onAnswered?.(c, route, status);
    const fields = { reqId: id, method: c.req.method, route, status, ms, userId: userIdOf(c) };
    if (c.error) log.error({ ...fields, err: c.error }, 'request failed');
    else if (internal || deps.quiet?.(c.req.path)) log.debug(fields, 'request');
    else if (status >= 500) log.error(fields, 'request');
    else log.info(fields, 'request');
  };
}

/** A JSON error answer (an object with a `msg`, 64 kB at most) gets `requestId`, so a person can quote it and an operator find its log line. */
async function nameRequestInBody(c: Context, id: string) {
  const type = c.res.headers.get('content-type') ?? '';
  const length = Number(c.res.headers.get('content-length') ?? 0);
  if (!type.startsWith('application/json') || length > 64 * 1024 || c.req.method === 'HEAD') return;
  try {
    const body = (await c.res.clone().json()) as unknown;
    // Error answers say what went wrong in `msg` (the gateway's envelopes, the upstream's refusals); health answers are left alone.
    if (!body || typeof body !== 'object' || Array.isArray(body) || !('msg' in body)) return;
    const headers = new Headers(c.res.headers);
    headers.delete('content-length');
    c.res = new Response(JSON.stringify({ ...body, requestId: id }), { status: c.res.status, statusText: c.res.statusText, headers });
  } catch {
    // Not JSON after all, or already sent as a stream: left as it is.
  }
}
