import type { OpId } from './operations';
import type { Feature, Role } from './permissions';

/**
 * Shapes of the gateway's own answers (not the upstream's): the signed-in person and an audit
 * entry, written by the server and read by the SPA.
 */
export interface SessionUser {
  id: number;
  username: string;
  displayName: string;
  role: Role;
}

export interface Session {
  user: SessionUser;
  permissions: { ops: OpId[]; features: Feature[] };
}

export interface AuditEntry {
  id: number;
  /** Unix milliseconds. */
  at: number;
  username: string;
  role: string;
  action: string;
  /** JSON summary of the input, with passwords, secrets and pictures left out. */
  summary: string;
  /** The upstream code, 403 for a refusal by role, 400 for input the gateway refused, 413 for a body too large. */
  code: number;
  msg: string;
  ip: string;
  /**
   * `done`: the answer is recorded in code and msg. `sent`: forwarded, no answer yet. `unknown`: the
   * gateway stopped (or timed out) before it knew the answer; the write may or may not have happened.
   */
  outcome: 'sent' | 'done' | 'unknown';
}

/** Figures of the order mirror for a day, a period or one key (contract of `/bff/overview`). Money in fen. */
export interface OverviewFigures {
  /** Paid orders not closed. */
  orders: number;
  /** Goods and freight of those, fen. */
  gmv: number;
  items: number;
  /** Refunded, fen (lines refunded, or whole orders marked refunded). */
  refunded: number;
  /** Orders closed. */
  cancelled: number;
}
export interface OverviewPeriodFigures {
  /** Days YYYY-MM-DD in the reseller's time zone, inclusive. */
  from: string;
  to: string;
  totals: OverviewFigures;
  days: ({ day: string } & OverviewFigures)[];
  /** Key: the channel (source) id. */
  byChannel: ({ key: string } & OverviewFigures)[];
  /** Key: the province's name. */
  byProvince: ({ key: string } & OverviewFigures)[];
  /** Key: the goods id; label: its name. Ten at most; empty for the previous period (not shown, and most of the work). */
  topGoodsByItems: ({ key: string; label: string } & OverviewFigures)[];
  topGoodsByGmv: ({ key: string; label: string } & OverviewFigures)[];
}
export type OverviewPeriod = 'today' | '7d' | '30d' | 'month' | 'lastMonth' | 'custom';
/** `GET /bff/overview?period=…[&from=&to=]` (managers and admins). */
export interface Overview {
  /** When the gateway answered (ms). */
  asOf: number;
  /** Business today in the reseller's time zone. */
  today: string;
  period: OverviewPeriod;
  timeZone: string;
  current: OverviewPeriodFigures;
  /** The period of the same length just before. */
  previous: OverviewPeriodFigures;
  /** What only the upstream knows now (null: could not be asked, or not for this role). */
  now: { balance: number | null; failedOrders: number | null; librarySize: number | null };
  mirror: {
    orders: number;
    timeZone: string;
    backfill?: { from: number; to: number; cursor: number; done: boolean; startedAt: number; finishedAt?: number };
    lastReconcile?: { at: number; ms: number; read: number; changed: number; error?: string };
  };
}
