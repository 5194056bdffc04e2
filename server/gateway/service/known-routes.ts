import { Hono, type MiddlewareHandler } from 'hono';
import { gatewayFailure } from '../operations/upstream';

/**
 * Answers 404 in JSON, before the session check, for a path under `base` that no route of `app` takes
 * with that method: an unknown /bff path is "no such route" for everyone, signed in or not, never the
 * SPA's page and never a 401 that suggests signing in would help. Built from the app's own routes
 * (middleware, registered for every method, does not count), so a new route needs nothing here.
 */
export function knownRoutesOnly(app: Hono<never>, base: string): MiddlewareHandler {
  const probe = new Hono();
  const ok = () => new Response(null);
  for (const r of app.routes) if (r.method !== 'ALL') probe.on(r.method, `${base}${r.path === '/' ? '' : r.path}`, ok);
  // HEAD is answered wherever GET is.
  const known = (method: string, path: string) => probe.router.match(method === 'HEAD' ? 'GET' : method, path)[0].length > 0;
  return async (c, next) => {
    if (known(c.req.method, c.req.path)) return next();
    return c.json(gatewayFailure('unknown_operation', `There is no gateway route ${c.req.method} ${c.req.path}.`), 404);
  };
}
