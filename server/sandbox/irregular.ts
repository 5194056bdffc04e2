import { CASH_TYPE, moveMoney } from './account';
import type { IrregularKind } from './config';
import { fail } from './errors';
import { enqueueMessage } from './messages';
import { merchantSn, refreshOrderStatus } from './order-status';
import { createRng } from './rng';
import { schedule, type World } from './world';

/**
 * The supplier's bad days (issue 50): some children ship late, some stall in transit, some are
 * cancelled by the supplier after payment, some parcels are refused and go back. Which ones is decided
 * when an order is paid, from the seed and the merchant order number, so a run with the same seed and
 * the same orders has the same irregular ones; `POST /sandbox/irregular` makes one order so on request.
 *
 * A child keeps its plan in `order_children.irregular` with its duration in `irregular_s`:
 * - late: ships `irregular_s` after payment instead of 2 h (30–90 h; on request 72 h);
 * - stalled: its trace stops after the third event for `irregular_s` (3–6 days; on request 4 days),
 *   and it is delivered that much later;
 * - cancelled: the supplier cancels it `irregular_s` after payment (1–24 h; on request at once):
 *   goods status cancelled, goods and freight back to the balance with a cash-flow line (type 6),
 *   `order.cancel` for each SKU;
 * - returned: the parcel is refused when it is delivered and travels back for `irregular_s` (24–72 h;
 *   on request 48 h); when it arrives the child is cancelled, the goods refunded (the freight is not:
 *   the parcel did travel) and `order.cancel` pushed for each SKU.
 */

const HOUR = 3600;

/** Durations of the kinds made on request (business seconds). */
export const REQUESTED_S: Record<IrregularKind, number> = { late: 72 * HOUR, stalled: 96 * HOUR, cancelled: 0, returned: 48 * HOUR };

/** FNV-1a: a 32-bit number from a string, the same on every machine. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The plan of the `index`-th child (from 1) of a merchant order, from the seed: a kind and its duration, or none. */
export function planOf(world: World, merchantOrderSn: string, index: number): { kind: IrregularKind; seconds: number } | null {
  const shares = world.config.irregular;
  if (!shares) return null;
  const rng = createRng(hash32(`${world.config.seed}:${merchantOrderSn}:${index}`));
  const u = rng.next();
  let edge = 0;
  for (const [kind, range] of [
    ['late', [30, 90]],
    ['stalled', [72, 144]],
    ['cancelled', [1, 24]],
    ['returned', [24, 72]],
  ] as const) {
    edge += shares[kind];
    if (u < edge) return { kind, seconds: rng.int(range[0], range[1]) * HOUR };
  }
  return null;
}

interface Child {
  sn: string;
  order_id: number;
  logistic_fee: number;
  goods_status: number;
  deliver_time: number;
  irregular: string;
  irregular_s: number;
  returned_time: number;
}

interface Line {
  sn: string;
  sku: number;
  number: number;
  price: number;
}

const childBySn = (world: World, sn: string) => world.db.prepare('SELECT * FROM order_children WHERE sn = ?').get(sn) as Child | undefined;

/** What after-sales already refunded of a line: goods and carriage. */
function refundedOf(world: World, lineSn: string) {
  return world.db
    .prepare(
      'SELECT coalesce(sum(goods_fee), 0) AS goods, coalesce(sum(logistic_fee), 0) AS carriage FROM after_sales WHERE line_sn = ? AND status = 3',
    )
    .get(lineSn) as { goods: number; carriage: number };
}

/**
 * Ends a child as cancelled and refunds what is left of it: its open lines are cancelled, pending
 * after-sales of them refused (the money comes back with the cancellation), the money moved back with
 * a cash-flow line, `order.cancel` pushed per SKU. `freight`: refund the freight too.
 */
function endChild(world: World, child: Child, freight: boolean): void {
  const { db } = world;
  const now = world.clock.nowSec();
  const lines = db.prepare('SELECT sn, sku, number, price FROM order_lines WHERE child_sn = ? AND cancelled = 0').all(child.sn) as Line[];
  let amount = 0;
  let carriageBack = 0;
  for (const l of lines) {
    const back = refundedOf(world, l.sn);
    amount += Math.max(0, l.price * l.number - back.goods);
    carriageBack += back.carriage;
  }
  if (freight) amount += Math.max(0, child.logistic_fee - carriageBack);
  const pending = db
    .prepare(
      `SELECT id, order_sn, sku, line_sn FROM after_sales WHERE status = 1 AND line_sn IN (SELECT sn FROM order_lines WHERE child_sn = ?)`,
    )
    .all(child.sn) as { id: number; order_sn: string; sku: number; line_sn: string }[];
  for (const a of pending) {
    db.prepare('UPDATE after_sales SET status = 4, approved_result = 2, updated_time = ? WHERE id = ?').run(now, a.id);
    db.prepare('UPDATE order_lines SET after_sale_status = 3 WHERE sn = ?').run(a.line_sn);
    enqueueMessage(world, 'afterSale.refuse', { afterSaleId: a.id, orderSn: a.order_sn, sku: String(a.sku) });
  }
  db.prepare('UPDATE order_children SET goods_status = 1, order_status = 4 WHERE sn = ?').run(child.sn);
  db.prepare('UPDATE order_lines SET cancelled = 1, refund_time = ? WHERE child_sn = ? AND cancelled = 0').run(
    amount > 0 ? now : 0,
    child.sn,
  );
  if (amount > 0) moveMoney(world, { amount, direction: 2, type: CASH_TYPE.orderRefund, orderSn: child.sn });
  refreshOrderStatus(db, child.order_id);
  const third = merchantSn(db, child.order_id);
  for (const l of lines) enqueueMessage(world, 'order.cancel', { orderSn: third, sku: String(l.sku) });
}

/** The supplier cancels an unshipped child of a paid order (no stock): goods and freight back to the balance. */
export function cancelChild(world: World, childSn: string): boolean {
  const child = childBySn(world, childSn);
  if (!child || child.goods_status !== 0) return false;
  const paid = world.db.prepare('SELECT pay_status FROM orders WHERE id = ?').get(child.order_id) as { pay_status: number };
  if (paid.pay_status !== 1) return false;
  endChild(world, child, true);
  return true;
}

const TRACE = {
  refused: '收件人拒收，包裹退回商家',
  back: '退回包裹已由商家签收，货款已退回余额',
};

/** The courier comes to deliver a child planned as returned: the parcel is refused and starts back. */
export function refuseParcel(world: World, childSn: string): boolean {
  const child = childBySn(world, childSn);
  if (!child || child.goods_status !== 3 || child.irregular !== 'returned' || child.returned_time > 0) return false;
  const now = world.clock.nowSec();
  world.db.prepare('UPDATE order_children SET returned_time = ? WHERE sn = ?').run(now, childSn);
  world.db.prepare('INSERT INTO traces (child_sn, time, message) VALUES (?, ?, ?)').run(childSn, now, TRACE.refused);
  schedule(world, 'parcel_back', childSn, world.clock.after(child.irregular_s || REQUESTED_S.returned));
  return true;
}

/** A refused parcel is back at the supplier: the child is cancelled and its goods refunded. */
export function parcelBack(world: World, childSn: string): void {
  const child = childBySn(world, childSn);
  if (!child || child.goods_status !== 3 || child.returned_time === 0) return;
  world.db.prepare('INSERT INTO traces (child_sn, time, message) VALUES (?, ?, ?)').run(childSn, world.clock.nowSec(), TRACE.back);
  endChild(world, child, false);
}

/** The events of a trace that come after a stall: from the fourth on. */
export const STALL_AFTER_STEP = 3;

/**
 * `POST /sandbox/irregular`: makes one order (merchant or platform number) irregular now. Late: its
 * unshipped children ship 72 h after payment; stalled: its unshipped and in-transit children stall
 * for 4 days; cancelled: its unshipped children are cancelled at once (paid orders only); returned:
 * its unshipped and in-transit children's parcels are refused at delivery. Refused when no child of
 * the order can be so.
 */
export function makeIrregular(world: World, orderSn: string, kind: IrregularKind) {
  const { db } = world;
  const order =
    (db
      .prepare('SELECT id, sn, third_sn, pay_status, status, paid_time, created_time FROM orders WHERE third_sn = ? OR sn = ?')
      .get(orderSn, orderSn) as
      | { id: number; sn: string; third_sn: string; pay_status: number; status: number; paid_time: number; created_time: number }
      | undefined) ?? fail(`订单不存在：${orderSn}`);
  if (order.status === 5) fail(`订单已关闭：${orderSn}`);
  const children = db.prepare('SELECT * FROM order_children WHERE order_id = ? ORDER BY sn').all(order.id) as Child[];
  const unshipped = children.filter((c) => c.goods_status === 0);
  const inTransit = children.filter((c) => c.goods_status === 3 && c.returned_time === 0);
  const seconds = REQUESTED_S[kind];
  const mark = (c: Child) => db.prepare('UPDATE order_children SET irregular = ?, irregular_s = ? WHERE sn = ?').run(kind, seconds, c.sn);
  const nowMs = world.clock.nowMs();
  let targets: Child[];
  db.transaction(() => {
    switch (kind) {
      case 'late': {
        targets = unshipped;
        if (!targets.length) fail('该订单没有待发货的子订单，不能延迟发货');
        for (const c of targets) {
          mark(c);
          // Paid: the waiting shipment moves to 72 h after payment (at once if that has passed).
          if (order.pay_status === 1) {
            // (An order paid before the payment time was kept: from when it was made.)
            const due = Math.max(nowMs, (order.paid_time || order.created_time) * 1000 + seconds * 1000);
            db.prepare("UPDATE jobs SET due_ms = ? WHERE kind = 'ship' AND ref = ? AND done = 0").run(due, c.sn);
          }
        }
        return;
      }
      case 'stalled': {
        targets = [...unshipped, ...inTransit];
        if (!targets.length) fail('该订单没有待发货或运输中的子订单，不能滞留');
        const now = world.clock.nowSec();
        for (const c of targets) {
          mark(c);
          if (c.goods_status !== 3) continue;
          // In transit: what the trace has not shown yet, and the delivery, come that much later.
          db.prepare('UPDATE traces SET time = time + ? WHERE child_sn = ? AND time > ?').run(seconds, c.sn, now);
          db.prepare("UPDATE jobs SET due_ms = due_ms + ? WHERE kind = 'deliver' AND ref = ? AND done = 0").run(seconds * 1000, c.sn);
        }
        return;
      }
      case 'cancelled': {
        if (order.pay_status !== 1) fail('订单未支付：请用失败退单（PUT /v2/order）关闭它');
        targets = unshipped;
        if (!targets.length) fail('该订单没有待发货的子订单，不能取消');
        for (const c of targets) {
          mark(c);
          cancelChild(world, c.sn);
        }
        return;
      }
      case 'returned': {
        targets = [...unshipped, ...inTransit];
        if (!targets.length) fail('该订单没有待发货或运输中的子订单，不能拒收');
        for (const c of targets) mark(c);
        return;
      }
    }
  })();
  return { sn: order.sn, thirdSn: order.third_sn, kind, children: targets!.map((c) => c.sn) };
}
