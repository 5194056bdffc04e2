import type { Context, Next } from 'hono';
import { MAX_PICTURES_PER_CALL, mayUse, type Feature } from '../../../contract';
import { IMPORT_MAX_ROWS } from '../../../contract/constants';
import { SHIPMENTS_MAX_MARK } from '../../../contract/schemas/shipments';
import type { GatewayDb } from '../db';
import type { UpstreamTarget } from '../config';
import type { AuditLog } from '../audit/audit';
import type { LoginLimiter } from '../auth/login-limit';
import type { SessionStore } from '../auth/sessions';
import type { User, UserStore } from '../auth/users';
import type { Goods } from '../goods';
import type { OrderMirror } from '../mirror';
import type { ShownClock } from '../clock';
import { gatewayFailure, type FailureExtra, type GatewayFailure } from '../operations/upstream';

/** What every concern's routes are made with (app.ts builds it once). */
export interface GatewayContext {
  db: GatewayDb;
  upstream: UpstreamTarget;
  mode: 'sandbox' | 'upstream';
  now: () => number;
  /** A line for the log (`debug`: the ordinary case of something frequent, such as each forwarded call). */
  log: (line: string, level?: 'debug') => void;
  /** Behind a reverse proxy: take the client address, host and scheme from X-Forwarded-*. */
  trustProxy: boolean;
  users: UserStore;
  sessions: SessionStore;
  limiter: LoginLimiter;
  audit: AuditLog;
  /** The order mirror, fed by what the gateway forwards (absent in tests of the bare /bff app). */
  mirror?: OrderMirror;
  /** The clock of what people are shown (the business clock in sandbox mode): server/gateway/clock.ts. */
  clock: ShownClock;
  /** The goods module (SKU index), fed by the goods details and order pages the gateway forwards. */
  goods?: Goods;
  /** EXCEPTION_LATE_HOURS: a paid child not shipped this long after payment is late (exceptions, the overview, the pages' words via /meta). */
  lateHours: number;
}

/** Routes behind the session check see the signed-in person. */
export type Env = { Variables: { user: User } };

export const SESSION_COOKIE = 'sd_session';

/**
 * Bodies the gateway reads at most: vouchers need 4 pictures of 1 MB in base64; a bulk-order job
 * carries up to 5,000 sheet rows (each with its cells and its order); the check's `/known-orders` up to
 * 5,000 order numbers of the longest the supplier takes (64 letters, digits, _ or -), to the byte;
 * nothing else needs more than 64 kB.
 */
export const BODY_LIMITS = {
  pictures: MAX_PICTURES_PER_CALL * Math.ceil((1024 * 1024) / 3) * 4 + 64 * 1024,
  imports: 16 * 1024 * 1024,
  knownOrders: JSON.stringify({ orderSns: Array<string>(IMPORT_MAX_ROWS).fill('x'.repeat(64)) }).length,
  /** `/shipments/mark`: up to SHIPMENTS_MAX_MARK package ids of the largest size. */
  shipmentsMark: JSON.stringify({ ids: Array<number>(SHIPMENTS_MAX_MARK).fill(2 ** 31 - 1), exported: false }).length,
  default: 64 * 1024,
  login: 4 * 1024,
} as const;

/** A refusal in the gateway's envelope. `detail`: the field at fault (a name) or field + rule (+ limit) for the SPA to word it. */
export const fail = (
  c: Context,
  status: 400 | 401 | 403 | 404 | 409 | 413 | 429,
  reason: GatewayFailure,
  msg: string,
  detail?: string | FailureExtra,
) => c.json(gatewayFailure(reason, msg, typeof detail === 'string' ? { field: detail } : (detail ?? {})), status);

/** Only for roles that may use `feature` (contract/permissions.ts). */
export const requireFeature = (feature: Feature) => async (c: Context<Env>, next: Next) => {
  if (!mayUse(c.get('user').role, feature)) return fail(c, 403, 'forbidden', 'Your role does not allow this.');
  await next();
};
