import type { AfterSaleRecord, CashFlow, ErrorOrder, Order, OrderRefund } from '../../../contract';

/** Order `status` of a closed (cancelled) order: it leaves the figures of its day (contract/enums/order-status.ts). */
export const CLOSED = 5;
/** Order `payStatus` of an order not paid (yet): a failed order waiting for the balance is one. */
export const PAY_UNPAID = 0;
/** Order `payStatus` of a refunded order. */
export const PAY_REFUNDED = 2;
/** Order statuses after which an order no longer changes: completed, closed. */
export const FINAL_STATUSES = [4, CLOSED] as const;

/** After-sale `status` after which a record no longer changes: completed, refused, closed (contract/enums/after-sale-status.ts). */
export const AFTER_SALE_FINAL = [3, 4, 6] as const;

/**
 * `goodsWeek`: the goods rows again, per week (Monday to Sunday, `day` its Monday), so that the top
 * goods of a period read one row per goods and week for its whole weeks instead of one per day.
 */
export const DIMENSIONS = ['all', 'channel', 'goods', 'goodsWeek', 'province', 'asReason', 'asResult', 'failed', 'cash'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export interface Figures {
  orders: number;
  /** Goods and freight, fen. */
  gmv: number;
  items: number;
  /** Refunded, fen. */
  refunded: number;
  cancelled: number;
}
export const FIGURES = ['orders', 'gmv', 'items', 'refunded', 'cancelled'] as const satisfies readonly (keyof Figures)[];
export const ZERO_FIGURES: Figures = { orders: 0, gmv: 0, items: 0, refunded: 0, cancelled: 0 };

export interface Contribution extends Figures {
  day: string;
  dim: Dimension;
  key: string;
  label: string;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The day (YYYY-MM-DD) a moment in Unix seconds falls on in `timeZone`. */
export function dayOf(seconds: number, timeZone: string): string {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, f);
  }
  return f.format(new Date(seconds * 1000));
}

/** The Monday (YYYY-MM-DD) of the week a day (YYYY-MM-DD) is in. */
export function weekOf(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  const sinceMonday = (new Date(t).getUTCDay() + 6) % 7;
  return new Date(t - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

/**
 * What one order adds to the daily figures: the day it was created on (in `timeZone`), for the whole
 * shop, each channel it has a child in, each goods it has a line of, and its province. A closed order
 * counts only as cancelled (no order, GMV or items). An order not paid (a failed order waiting for the
 * balance) counts for nothing until it is. Refunds are not the order's to say (a line's refund time
 * tells neither how many pieces nor how much): they are the money refunded, counted by
 * `refundContributions` on the day it came back.
 */
export function contributions(o: Order, timeZone: string): Contribution[] {
  const day = dayOf(o.createdTime, timeZone);
  const cancelled = o.status === CLOSED ? 1 : 0;
  const live = cancelled === 0 && o.payStatus !== PAY_UNPAID ? 1 : 0;
  const lines = o.children.flatMap((c) => c.goods);
  const refunded = 0;
  const items = lines.reduce((s, l) => s + l.number, 0);
  const gmv = o.goodsFee + o.logisticFee;
  const out = new Map<string, Contribution>();
  const add = (dim: Dimension, key: string, label: string, f: Omit<Figures, 'orders' | 'cancelled'>) => {
    const id = `${dim}\u0000${key}`;
    const had = out.get(id);
    if (had) {
      had.gmv += f.gmv;
      had.items += f.items;
      had.refunded += f.refunded;
      if (label) had.label = label;
    } else out.set(id, { day, dim, key, label, orders: live, cancelled, ...f });
  };
  add('all', '', '', { gmv: live * gmv, items: live * items, refunded });
  add('province', o.address.province, '', { gmv: live * gmv, items: live * items, refunded });
  for (const c of o.children) {
    const childItems = c.goods.reduce((s, l) => s + l.number, 0);
    add('channel', String(c.source), '', { gmv: live * (c.goodsFee + c.logisticFee), items: live * childItems, refunded });
    for (const l of c.goods) add('goods', String(l.goodsId), l.name, { gmv: live * l.price * l.number, items: live * l.number, refunded });
  }
  const week = weekOf(day);
  const goodsWeeks = [...out.values()].filter((c) => c.dim === 'goods').map((c) => ({ ...c, dim: 'goodsWeek' as const, day: week }));
  return [...out.values(), ...goodsWeeks];
}

/**
 * What one after-sale record adds to the daily figures of the day it was asked for: one request
 * (its quantity, the amount it claims and what was refunded) under its reason and under its status.
 */
export function afterSaleContributions(r: AfterSaleRecord, timeZone: string): Contribution[] {
  const day = dayOf(r.createdTime, timeZone);
  const f = { orders: 1, items: r.num, gmv: r.goodsFee + r.logisticFee, refunded: r.refundFee ?? 0, cancelled: 0 };
  return [
    { day, dim: 'asReason', key: r.reasonsTypeCode, label: '', ...f },
    { day, dim: 'asResult', key: String(r.status), label: '', ...f },
  ];
}

/** A failed order (placed, not paid: 余额不足) counts once, on the day it was placed: `orders` is failed orders. */
export function failedContributions(f: ErrorOrder, timeZone: string): Contribution[] {
  return [{ day: dayOf(f.createdTime, timeZone), dim: 'failed', key: '', label: '', ...ZERO_FIGURES, orders: 1 }];
}

/** Cash-flow `direction`: 1 money out of the balance (payments), 2 money back into it (refunds) (upstream-api.md). */
export const CASH_OUT = '1';
export const CASH_IN = '2';

/** A cash-flow line counts on the day it was written, under its direction: `orders` is lines, `gmv` the money (fen). */
export function cashContributions(line: CashFlow, timeZone: string): Contribution[] {
  return [
    {
      day: dayOf(line.update_time, timeZone),
      dim: 'cash',
      key: String(line.direction),
      label: '',
      ...ZERO_FIGURES,
      orders: 1,
      gmv: line.money,
    },
  ];
}

/**
 * What changes in the daily figures when what a record added (`before`, undefined: it is new) is now
 * `after`: the difference, key by key, leaving out keys that do not move. A re-read of the same
 * record gives nothing; an order cancelled takes its figures off the day it was created on.
 */
export function diff(before: Contribution[] | undefined, after: Contribution[]): Contribution[] {
  const out = new Map<string, Contribution>();
  const id = (c: Contribution) => `${c.day}\u0000${c.dim}\u0000${c.key}`;
  for (const c of after) out.set(id(c), { ...c });
  for (const c of before ?? []) {
    const had = out.get(id(c));
    if (!had) out.set(id(c), { ...c, ...negate(c), label: '' });
    else for (const k of FIGURES) had[k] -= c[k];
  }
  return [...out.values()].filter((c) => FIGURES.some((k) => c[k] !== 0) || (c.label !== '' && before === undefined));
}

/** `diff` of an order read before as `before` (undefined: new) and now as `after`. */
export function changes(before: Order | undefined, after: Order, timeZone: string): Contribution[] {
  return diff(before && contributions(before, timeZone), contributions(after, timeZone));
}

function negate(f: Figures): Figures {
  return { orders: -f.orders, gmv: -f.gmv, items: -f.items, refunded: -f.refunded, cancelled: -f.cancelled };
}

/** Adds `c` into `into` (same day, dim and key), keeping the latest label. */
export function merge(into: Map<string, Contribution>, c: Contribution) {
  const id = `${c.day}\u0000${c.dim}\u0000${c.key}`;
  const had = into.get(id);
  if (!had) into.set(id, { ...c });
  else {
    for (const k of FIGURES) had[k] += c[k];
    if (c.label) had.label = c.label;
  }
}

/** The lists an order is one row of, for the overview's figures that open a list (`mirror_order_keys`). */
export const LIST_DIMS = ['all', 'channel', 'province', 'goods', 'refunded', 'cancelled', 'failed'] as const;
export type ListDim = (typeof LIST_DIMS)[number];

/**
 * The lists one order belongs to, made from the same contributions as the figures, so that a figure
 * and the list it opens cannot disagree: every key an order counts as an order for (the shop, each
 * channel it has a child in, its province, each goods it has a line of), and `cancelled` when it is
 * closed. `refunded` (each day money of it came back) is written with its refunds (`refundKeys`).
 */
export function orderKeys(o: Order, timeZone: string): { dim: ListDim; key: string; day: string }[] {
  const out: { dim: ListDim; key: string; day: string }[] = [];
  for (const c of contributions(o, timeZone)) {
    if (c.dim === 'all') {
      if (c.orders > 0) out.push({ dim: 'all', key: '', day: c.day });
      if (c.cancelled > 0) out.push({ dim: 'cancelled', key: '', day: c.day });
    } else if ((c.dim === 'channel' || c.dim === 'province' || c.dim === 'goods') && c.orders > 0)
      out.push({ dim: c.dim, key: c.key, day: c.day });
  }
  return out;
}

/** An after-sale record as the refunds read it (mirror_after_sales): only those with money refunded count. */
export interface RefundAfterSale {
  id: number;
  lineSn: string;
  num: number;
  refundFee: number;
  createdTime: number;
}
/** A cash-flow line paid back into the balance (direction 2) naming the order, one of its children or lines. */
export interface RefundCashLine {
  id: number;
  orderSn: string;
  money: number;
  updateTime: number;
}
/**
 * One refund of an order, counted once: an after-sale's refund and the cash-flow line that paid it
 * back are one refund (`afterSaleId` and `cashId` both), as are either alone (the cash line not read
 * yet, or a refund of the supplier's own, e.g. an order it cancelled). `time` is when the money came
 * back (the cash line's, else the line's refund time, else when the after-sale was asked for); `pieces`
 * are the after-sale's quantity (0: a refund of the supplier's, pieces unknown).
 */
export interface Refund extends OrderRefund {
  id: string;
  /** Where it counts: the order's province, the line's channel and goods (0 / '' when it names no line). */
  province: string;
  source: number;
  goodsId: string;
}

/** The platform's order number a line, child or order number starts with (`<order>_<child>_<line>_…`). */
export const orderOfSn = (sn: string) => sn.split('_')[0]!;
/**
 * The order a cash-flow line names, as the mirror looks it up (`mirror_cash_flow.order_key`): a
 * platform number's child or line (digits, then `_`) by its order's number; anything else (a platform
 * or a merchant order number, which may hold `_` itself) as it is.
 */
export const cashOrderKey = (orderSn: string) => (/^\d+_/.test(orderSn) ? orderOfSn(orderSn) : orderSn);

/**
 * The refunds of one order from its after-sale records and the cash-flow lines paid back for it,
 * each counted once. An after-sale refund and a cash line are paired when the line names the same
 * goods line and the money is the same (in the order they came); a cash line that names the order
 * (or a child) is paired with a refund left of the same money (of that child's lines). Whatever is left of
 * either is a refund of its own.
 */
export function matchRefunds(
  o: Order,
  afterSales: readonly RefundAfterSale[],
  cash: readonly RefundCashLine[],
  timeZone: string,
): Refund[] {
  const lines = new Map(o.children.flatMap((c) => c.goods.map((l) => [l.sn, { line: l, source: c.source }] as const)));
  const open = afterSales.filter((a) => a.refundFee > 0 && lines.has(a.lineSn)).sort((a, b) => a.id - b.id);
  const left = [...cash].sort((a, b) => a.id - b.id);
  const pairs = new Map<number, RefundCashLine>();
  const take = (c: RefundCashLine, fits: (a: RefundAfterSale) => boolean) => {
    const a = open.find((x) => !pairs.has(x.id) && x.refundFee === c.money && fits(x));
    if (a) pairs.set(a.id, c);
    return Boolean(a);
  };
  const unpaired = left.filter((c) => !take(c, (a) => a.lineSn === c.orderSn));
  // A cash line naming a child pairs only with a refund of that child's lines; naming the order, with any.
  const childOf = new Map(o.children.flatMap((ch) => ch.goods.map((l) => [l.sn, ch.sn] as const)));
  const alone = unpaired.filter(
    (c) => !take(c, (a) => c.orderSn === o.sn || c.orderSn === o.thirdSn || childOf.get(a.lineSn) === c.orderSn),
  );
  const where = (lineSn: string) => {
    const at = lines.get(lineSn);
    const only = o.children.length === 1 ? o.children[0]!.source : 0;
    return { province: o.address.province, source: at?.source ?? only, goodsId: at ? String(at.line.goodsId) : '' };
  };
  const out: Refund[] = [];
  for (const a of open) {
    const c = pairs.get(a.id);
    const lineTime = lines.get(a.lineSn)!.line.refundTime;
    const time = c ? c.updateTime : lineTime > 0 ? lineTime : a.createdTime;
    out.push({
      id: `as:${a.id}`,
      sn: o.sn,
      lineSn: a.lineSn,
      afterSaleId: a.id,
      cashId: c?.id ?? null,
      money: c ? c.money : a.refundFee,
      pieces: a.num,
      time,
      day: dayOf(time, timeZone),
      ...where(a.lineSn),
    });
  }
  for (const c of alone) {
    const lineSn = lines.has(c.orderSn) ? c.orderSn : '';
    out.push({
      id: `cf:${c.id}`,
      sn: o.sn,
      lineSn,
      afterSaleId: null,
      cashId: c.id,
      money: c.money,
      pieces: 0,
      time: c.updateTime,
      day: dayOf(c.updateTime, timeZone),
      ...where(lineSn),
    });
  }
  return out;
}

/**
 * What refunds add to the daily figures: `refunded` on the day the money came back, for the whole
 * shop, the order's province, and the line's channel and goods when the refund names a line (a
 * refund of a whole order of one channel counts for that channel). Nothing else: the order's own
 * figures stay on the day it was created.
 */
export function refundContributions(refunds: readonly Refund[]): Contribution[] {
  const out = new Map<string, Contribution>();
  const add = (day: string, dim: Dimension, key: string, money: number) =>
    merge(out, { day, dim, key, label: '', ...ZERO_FIGURES, refunded: money });
  for (const r of refunds) {
    add(r.day, 'all', '', r.money);
    add(r.day, 'province', r.province, r.money);
    if (r.source) add(r.day, 'channel', String(r.source), r.money);
    if (r.goodsId) {
      add(r.day, 'goods', r.goodsId, r.money);
      add(weekOf(r.day), 'goodsWeek', r.goodsId, r.money);
    }
  }
  return [...out.values()];
}
