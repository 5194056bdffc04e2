import type { Context, MiddlewareHandler } from 'hono';
import type { IncomingMessage } from 'node:http';

/**
 * Headers for every answer: a CSP that allows no inline script (MUI's emotion needs inline styles),
 * no framing, no MIME sniffing, no referrer to other sites. Product pictures come from the
 * supplier's CDN (and the sandbox), so images may load from any http(s) origin.
 */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  c.header(
    'Content-Security-Policy',
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: http: https:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  );
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('X-Frame-Options', 'DENY');
  c.header('Referrer-Policy', 'same-origin');
  c.header('Cross-Origin-Opener-Policy', 'same-origin');
};

/** The client's address: the socket's, or the first X-Forwarded-For hop when a proxy is trusted. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const fwd = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (fwd) return fwd;
  }
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress ?? 'local';
}

/** Is this request from a page of another site? Browsers say so with Origin and Sec-Fetch-Site. */
export function isCrossSite(c: Context, trustProxy: boolean): boolean {
  if (c.req.header('sec-fetch-site') === 'cross-site') return true;
  const origin = c.req.header('origin');
  if (!origin) return false;
  const host = (trustProxy && c.req.header('x-forwarded-host')) || c.req.header('host');
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

export const isHttps = (c: Context, trustProxy: boolean) =>
  new URL(c.req.url).protocol === 'https:' || (trustProxy && c.req.header('x-forwarded-proto') === 'https');
