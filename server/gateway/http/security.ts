import type { Context, MiddlewareHandler } from 'hono';
import type { IncomingMessage } from 'node:http';
import { gatewayFailure } from '../operations/upstream';

const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  [
    'Content-Security-Policy',
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: http: https:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  ],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'same-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
];

/**
 * Headers for every answer: a CSP that allows no inline script (MUI's emotion needs inline styles),
 * no framing, no MIME sniffing, no referrer to other sites. Product pictures come from the
 * supplier's CDN (and the sandbox), so images may load from any http(s) origin.
 *
 * Set on the finished answer's own headers: `c.header()` after the answer is made builds a new
 * Response around the old one's body (as a stream) on every call, which made each gateway answer
 * go out through the slow streaming path. Headers that cannot change (a Response from fetch) take
 * that way still.
 */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  try {
    const headers = c.res.headers;
    for (const [k, v] of SECURITY_HEADERS) headers.set(k, v);
  } catch {
    for (const [k, v] of SECURITY_HEADERS) c.header(k, v);
  }
};

/** The client's address: the socket's, or the first X-Forwarded-For hop when a proxy is trusted. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const fwd = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (fwd) return fwd;
  }
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress ?? 'local';
}

/**
 * Is this request from a page of another site? Browsers say so with Origin and Sec-Fetch-Site. The
 * Origin is compared with the configured public origins (never with the request's own Host, which an
 * attacker's page controls after a DNS rebinding); without a list (bare /bff tests) with the Host.
 */
export function isCrossSite(c: Context, trustProxy: boolean, publicOrigins?: readonly string[]): boolean {
  if (c.req.header('sec-fetch-site') === 'cross-site') return true;
  const origin = c.req.header('origin');
  if (!origin) return false;
  if (publicOrigins) return !publicOrigins.includes(origin.toLowerCase());
  const host = (trustProxy && c.req.header('x-forwarded-host')) || c.req.header('host');
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/** Paths for probes and scrapers, answered whatever the Host (see hostCheck). */
export const ANY_HOST: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Refuses requests whose Host is not one of the public origins (DNS rebinding: a page of evil.example
 * whose name now points at this server sends `Host: evil.example`). Behind a trusted proxy the
 * forwarded host counts. `/healthz`, `/readyz` and `/metrics` answer any Host, or none: a balancer's
 * health check (HAProxy's sends no Host), a Kubernetes probe and a Prometheus scrape address a gateway
 * by its own address, not the public name (`/metrics` stays behind its token, and none of the three
 * reads a cookie or answers with a page, so a rebinding page gains nothing there). `exempt` lets the
 * gateway's own loopback calls to the embedded sandbox through.
 */
export function hostCheck(
  publicOrigins: readonly string[],
  trustProxy: boolean,
  exempt: (c: Context) => boolean = () => false,
): MiddlewareHandler {
  const hosts = new Set(publicOrigins.map((o) => new URL(o).host));
  return async (c, next) => {
    if (ANY_HOST.has(c.req.path) || exempt(c)) return next();
    const host = ((trustProxy && c.req.header('x-forwarded-host')?.split(',')[0]?.trim()) || c.req.header('host') || '').toLowerCase();
    if (!hosts.has(host)) {
      const msg = `This server does not answer for host "${host.slice(0, 100)}". Add its origin to PUBLIC_ORIGIN if it is yours.`;
      return c.json(gatewayFailure('misdirected', msg), 421);
    }
    await next();
  };
}

export const isHttps = (c: Context, trustProxy: boolean) =>
  new URL(c.req.url).protocol === 'https:' || (trustProxy && c.req.header('x-forwarded-proto') === 'https');
