import type { OpId } from './operations';
import type { AfterSaleRecord } from './schemas/after-sale';
import type { Order } from './schemas/order';
import type { CashFlow } from './schemas/account';
import type { InboxMessage } from './message-kinds';
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
  /** Unix milliseconds (the wall clock: the audit's bookkeeping). */
  at: number;
  /** The same moment on the clock people are shown (the business clock in sandbox mode), ms: what screens show. */
  shownAt: number;
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
/**
 * What the orders counted (`orders`) whose sale amount is known earned (issue 53), fen: the sale amount
 * is what the buyer paid the shop (a bulk sheet's 实付金额, or checkout's), kept by the gateway by the
 * merchant's order number. Profit = sales − cost (goods and freight) over those orders only; an order
 * without a sale amount is in neither. Refunds are not in profit: they are their own figure (each
 * refund once, mirror_refunds), since what the shop gave its buyer back is not known. Margin is
 * profit / sales; the share known is `sold` / `orders`. By channel and goods an order's sale is split
 * in proportion to what each part cost (a child's goods and freight; a line's goods and its share of
 * its child's freight), to the fen, so the parts add up to the order.
 */
export interface OverviewSaleFigures {
  /** Orders counted whose sale amount is known. */
  sold: number;
  /** What their buyers paid. */
  sales: number;
  /** Their goods and freight (what the supplier charged). */
  cost: number;
  /** sales − cost. */
  profit: number;
}
export interface OverviewPeriodFigures {
  /** Days YYYY-MM-DD in the reseller's time zone, inclusive. */
  from: string;
  to: string;
  totals: OverviewFigures & OverviewSaleFigures;
  days: ({ day: string } & OverviewFigures)[];
  /** Key: the channel (source) id. */
  byChannel: ({ key: string } & OverviewFigures & OverviewSaleFigures)[];
  /** Key: the province's name. */
  byProvince: ({ key: string } & OverviewFigures)[];
  /** Key: the goods id; label: its name. Ten at most; empty for the previous period (not shown, and most of the work). */
  topGoodsByItems: ({ key: string; label: string } & OverviewFigures & OverviewSaleFigures)[];
  topGoodsByGmv: ({ key: string; label: string } & OverviewFigures & OverviewSaleFigures)[];
  /** The ten goods with the most sales (sale amounts known; split as above); empty for the previous period. */
  topGoodsBySales: ({ key: string; label: string } & OverviewSaleFigures)[];
  /**
   * After-sale requests asked for in the period: `orders` counts requests, `items` their quantity,
   * `gmv` what they claim, `refunded` what was refunded. By reason (key: its code; label: its words
   * where the gateway kept them, else empty) and by result (key: the record's status).
   */
  afterSales: OverviewFigures;
  afterSalesByReason: ({ key: string; label: string } & OverviewFigures)[];
  afterSalesByResult: ({ key: string } & OverviewFigures)[];
  /** Orders placed in the period that failed (not paid for want of balance), as the mirror saw them, whatever became of them. */
  failedOrders: number;
  /** The balance's cash flow in the period, fen: paid out (orders) and paid back in (refunds), and how many lines of each. */
  cash: { out: number; in: number; outLines: number; inLines: number };
}
/** The first start's backfill: its window and how far it has read. */
export interface MirrorBackfill {
  /** Unix seconds: the window read, from..to. */
  from: number;
  to: number;
  /** Read up to here (Unix seconds). */
  cursor: number;
  done: boolean;
  startedAt: number;
  finishedAt?: number;
}
/** The last reconcile. */
export interface MirrorReconcile {
  at: number;
  ms: number;
  /** Orders read, and of those new or changed. */
  read: number;
  changed: number;
  /** After-sale records read, and of those new or changed. */
  afterSalesRead?: number;
  afterSalesChanged?: number;
  /** Failed orders the upstream's list still holds (all of them, while it fits in its pages). */
  failedOrdersRead?: number;
  /** Cash-flow lines read since the latest one mirrored, and of those new. */
  cashLinesRead?: number;
  cashLinesNew?: number;
  error?: string;
}
/** The selection library as the last reconcile counted it (the upstream cannot filter it by sale status). */
export interface MirrorLibrary {
  at: number;
  size: number;
  /** Goods in the library no longer on sale. */
  offSale: number;
}

/** The mirror's size, backfill and last reconcile (`GET /bff/mirror/status`, admins; also in the overview). */
export interface MirrorStatus {
  orders: number;
  afterSales: number;
  timeZone: string;
  backfill?: MirrorBackfill;
  lastReconcile?: MirrorReconcile;
  library?: MirrorLibrary;
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
  /**
   * What the previous period is: the same number of days just before (`daysBefore`), the same days of
   * last month (`sameDaysLastMonth`, for this month), or the whole month before (`monthBefore`, for last month).
   */
  comparison: 'daysBefore' | 'sameDaysLastMonth' | 'monthBefore';
  /** What only the upstream knows now (null: could not be asked, or not for this role). */
  now: {
    balance: number | null;
    failedOrders: number | null;
    librarySize: number | null;
    /** Library goods off sale (the goods or a SKU of it) as the goods mirror knows them: the rows of `/bff/watch/at-risk?reason=off-sale` (null: could not be read). */
    libraryOffSale: number | null;
  };
  /** How fresh the mirror's figures are (for every role that sees the overview). */
  reads: MirrorReads;
  /** The mirror's whole status: only for roles with `mirror.status`. */
  mirror?: MirrorStatus;
  /** How shipping went in the period (issue 52.4; absent where the gateway keeps no exceptions). */
  shipping?: OverviewShipping;
}
/**
 * How shipping went (server/gateway/exceptions/shipping.ts): the channel children paid on the period's
 * days, by how long they took to ship (`withinHours`: EXCEPTION_LATE_HOURS, when a child is late), and
 * the exceptions open now by kind (support's queue, whatever the period). As of the exceptions' last sweep.
 */
export interface OverviewShipping {
  from: string;
  to: string;
  withinHours: number;
  /** Shipped within `withinHours` of payment, and later. */
  shippedWithin: number;
  shippedLate: number;
  /** Not shipped, `withinHours` past payment (late), and not shipped still within them. */
  waitingLate: number;
  waitingInTime: number;
  /** Cancelled by the supplier before shipping (in no share). */
  cancelled: number;
  /** shippedWithin / (shippedWithin + shippedLate + waitingLate); null when none of those. */
  withinShare: number | null;
  /** Median hours from payment to shipment of those shipped (an even count: the mean of the middle two); null when none shipped. */
  medianHours: number | null;
  /** Exceptions open now (not taken, not resolved) by kind: `late`, `stalled`, `cancelled`, `returned`, `failed`. */
  openByKind: Record<'late' | 'stalled' | 'cancelled' | 'returned' | 'failed', number>;
}
/** When the mirror last read what its figures come from. */
export interface MirrorReads {
  /** The last reconcile (orders, after-sales, failed orders), ms; null before the first. */
  orders: number | null;
  /** The last read of the cash flow (a reconcile, or right after the balance moved), ms. */
  cash: number | null;
  /** The library's last count, ms. */
  library: number | null;
  /** While the first start's backfill reads: how far (Unix seconds); null once done. */
  backfillCursor: number | null;
  /** The last reconcile stopped on an error (the figures are as of the read before). */
  failing: boolean;
}
/** `GET /bff/overview/orders?of=&key=&from=&to=&page=&size=`: the orders one overview figure counts, from the mirror. */
export interface OverviewOrders {
  list: Order[];
  total: number;
  page: number;
  size: number;
  asOf: number;
  /** The mirror's last reconcile, ms (null before the first). */
  readAt: number | null;
  /**
   * The `refunded` list only: the refunds of the page's orders that came back on its days, each once
   * (an after-sale's refund and the cash-flow line that paid it back are one), and their money in all
   * for the whole list (fen): what the overview's refunded figure sums.
   */
  refunds?: OrderRefund[];
  refundedMoney?: number;
  /**
   * The `sold` list only (orders with a sale amount, all or of one `channel:<id>` or `goods:<id>`): each
   * order of the page with its sale amount, cost and profit (fen; its part of them for a channel or
   * goods), and the whole list's: what the overview's sales and profit sum.
   */
  sales?: ({ sn: string; thirdSn: string } & Omit<OverviewSaleFigures, 'sold'>)[];
  salesTotal?: OverviewSaleFigures;
}
/** One refund of an order as the mirror counts it (issue 48): money back, and the pieces when an after-sale says them. */
export interface OrderRefund {
  /** The platform's order number, and the goods line's ('' when the refund names no line). */
  sn: string;
  lineSn: string;
  afterSaleId: number | null;
  cashId: number | null;
  /** Fen. */
  money: number;
  /** Pieces refunded (0: not known, a refund of the supplier's own). */
  pieces: number;
  /** When the money came back, Unix seconds; `day` in the reseller's time zone. */
  time: number;
  day: string;
}
/** `GET /bff/order-refunds?sn=a,b`: orders' refunds from the mirror (their lines' "1 of 2 refunded"); up to 100 numbers. */
export interface OrderRefunds {
  /** The numbers asked for, separated by commas. */
  sn: string;
  refunds: OrderRefund[];
  /** The mirror's last reconcile, ms (null before the first). */
  readAt: number | null;
}
/** `GET /bff/overview/cash?direction=&from=&to=&page=&size=`: the cash-flow lines the overview's paid out (1) or paid back (2) counts, from the mirror. */
export interface OverviewCash {
  list: CashFlow[];
  total: number;
  /** The lines' money, fen (the figure). */
  money: number;
  page: number;
  size: number;
  asOf: number;
  /** When the mirror last read the cash flow, ms (null before the first). */
  readAt: number | null;
}
/** Which orders a figure counts (`/bff/overview/orders?of=`). */
export type OverviewListOf = 'all' | 'channel' | 'province' | 'goods' | 'refunded' | 'cancelled' | 'failed' | 'sold';

/** `GET /bff/queue` (support, managers, admins): the work queue's lists from the order mirror, the first 20 of each. */
export interface WorkQueue {
  asOf: number;
  /** After-sales waiting for the supplier's decision (status 1). */
  decision: { list: AfterSaleRecord[]; total: number };
  /** After-sales agreed, waiting for the customer's parcel and its mailing info (status 2). */
  mail: { list: AfterSaleRecord[]; total: number };
  /** Orders shipped or completed with an after-sale still open, the newest request first. */
  delivered: { list: DeliveredOpen[]; total: number };
  /** The first start's backfill while it reads (the lists may not be whole yet). */
  backfill?: MirrorBackfill;
}
/** An order shipped or completed with an after-sale still open, and its open records' ids (newest first). */
export interface DeliveredOpen {
  order: Order;
  afterSaleIds: number[];
}
/** `GET /bff/queue/delivered?page=&size=`: every delivered order with an after-sale open, from the mirror, the newest request first. */
export interface QueueDelivered {
  list: DeliveredOpen[];
  total: number;
  page: number;
  size: number;
}
/** `GET /bff/queue/after-sales?status=&reason=&from=&to=&page=&size=`: after-sale records from the mirror, newest first. */
export interface QueueAfterSales {
  list: AfterSaleRecord[];
  total: number;
  page: number;
  size: number;
}
/** `GET /bff/strip` (merchants): the figures on top of the catalogue. */
export interface MerchantStrip {
  asOf: number;
  today: string;
  /** Paid orders placed today (business day in the reseller's time zone), from the mirror. */
  ordersToday: number;
  /** Failed orders waiting to be handled (null: the upstream could not be asked). */
  failedOrders: number | null;
  /** Library goods off sale (the goods or a SKU of it), from the goods mirror: the rows of `/bff/watch/at-risk?reason=off-sale` (null: could not be read). */
  libraryOffSale: number | null;
}

/** A product as the palette shows it: from the catalogue (its detail for a whole id, its search for words). */
export interface SearchGoods {
  id: number;
  title: string;
  cover: string;
  source: number;
  /** 1 on sale. */
  status: number;
  stock: number;
  /** What the reseller pays (协议价), and the guide price, fen. */
  agreement_price: number;
  guide_price: number;
  /** Found by one of its SKU ids typed in full (the gateway's SKU index): that SKU, its spec and agreement price (fen). */
  sku?: { id: number; spec: string; agreementPrice: number };
}
/** A kind of result: at most the limit asked for, and whether there are more. */
export interface SearchHits<T> {
  list: T[];
  more: boolean;
}
/**
 * `/bff/search?q=`: what the person may see, each kind asked in parallel. Null: not for this role.
 * Orders and after-sales come from the order mirror (a whole number first, then those it starts),
 * products from the catalogue, messages from the inbox (by their order's number).
 */
export interface SearchResults {
  q: string;
  orders: SearchHits<Order> | null;
  afterSales: SearchHits<AfterSaleRecord> | null;
  goods: SearchHits<SearchGoods> | null;
  messages: SearchHits<InboxMessage> | null;
}
