import type { MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';

type Options = Required<Parameters<typeof honoBodyLimit>[0]>;

/**
 * Hono's `bodyLimit` (Content-Length first, else counted while streaming), without making a web
 * Request and a stream of the body when the Content-Length decides: Hono's asks for `c.req.raw.body`
 * first, which on Node builds both for every request and then makes the handler read the body
 * through them, a good part of a gateway call's cost. The same decisions: no body (GET, HEAD) passes,
 * a Content-Length without Transfer-Encoding is compared with the limit, anything else goes to Hono's
 * streaming count.
 */
export function bodyLimit(options: Options): MiddlewareHandler {
  const streaming = honoBodyLimit(options);
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return parseInt(length || '0', 10) > options.maxSize ? options.onError(c) : next();
    }
    return streaming(c, next);
  };
}
