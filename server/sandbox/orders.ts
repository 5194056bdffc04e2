import type { Address, OpParsedInput } from '../../contract';
import type { DB } from '../lib/db';
import { CASH_TYPE, balanceOf, moveMoney } from './account';
import { FIRMS } from './business-seed';
import { fail } from './errors';
import { Where, containsPattern } from '../lib/sql-where';
import { enqueueMessage } from './messages';
import { STALL_AFTER_STEP, cancelChild, planOf, refuseParcel } from './irregular';
import { merchantSn, refreshOrderStatus } from './order-status';
import { prepared } from './statements';
import { schedule, type World } from './world';

/** Flat freight per channel (fen), waived when every line of the channel's package ships free. */
export const FREIGHT: Record<number, number> = { 1: 600, 2: 800, 6: 1000, 7: 800 };

/** Business durations, in seconds of the business clock. */
export const DELAYS = {
  ship: 2 * 3600,
  deliver: 20 * 3600,
  complete: 7 * 86_400,
  completeAfterConfirm: 3600,
  review: 3600,
  returnReceived: 24 * 3600,
  market: 3 * 3600,
} as const;

export interface SkuInfo {
  sku: number;
  goods_id: number;
  source: number;
  shop_id: number;
  title: string;
  spec_value_names: string;
  agreement_price: number;
  stock: number;
  status: number;
  goods_status: number;
  is_free_shipping: number;
}

export function skuInfo(db: DB, sku: number): SkuInfo | undefined {
  return db
    .prepare(
      `SELECT s.id AS sku, s.goods_id, g.source, g.shop_id, g.title, s.spec_value_names, s.agreement_price, s.stock, s.status,
              g.status AS goods_status, g.is_free_shipping
         FROM sku_options s JOIN goods g ON g.id = s.goods_id WHERE s.id = ?`,
    )
    .get(sku) as SkuInfo | undefined;
}

export interface LineCheck {
  sku: number;
  number: number;
  info?: SkuInfo;
  reason?: string;
}

/** Why a line cannot be sold to this address, or nothing when it can. */
export function checkLine(db: DB, line: { sku: number; number: number; price?: number }, address: Pick<Address, 'province'>): LineCheck {
  const info = skuInfo(db, line.sku);
  if (!info) return { ...line, reason: `商品规格不存在：sku ${line.sku}` };
  if (info.goods_status !== 1 || info.status !== 1) return { ...line, info, reason: '商品已下架' };
  const banned = db.prepare('SELECT province FROM goods_bans WHERE goods_id = ?').all(info.goods_id) as { province: string }[];
  const hit = banned.find((b) => address.province.includes(b.province));
  if (hit) return { ...line, info, reason: `该商品不支持配送至${hit.province}` };
  if (info.stock < line.number) return { ...line, info, reason: info.stock === 0 ? '商品无货' : `库存不足（剩余 ${info.stock}）` };
  if (line.price !== undefined && line.price !== info.agreement_price) {
    return { ...line, info, reason: `价格已变动：当前协议价 ${info.agreement_price} 分，下单价 ${line.price} 分` };
  }
  return { ...line, info };
}

const groupBySource = (checks: LineCheck[]) => {
  const groups = new Map<number, LineCheck[]>();
  for (const c of checks) {
    const key = c.info?.source ?? 0;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return groups;
};

const freightOf = (lines: LineCheck[]) =>
  lines.every((l) => l.info?.is_free_shipping === 1) ? 0 : (FREIGHT[lines[0]?.info?.source ?? 0] ?? 800);

export function availableCheck(world: World, input: OpParsedInput<'order.availableCheck'>) {
  const checks = input.spu.map((l) => checkLine(world.db, l, input.address));
  return [...groupBySource(checks)].map(([source, lines]) => ({
    code: String(source),
    available: lines.filter((l) => !l.reason).map((l) => l.sku),
    ban: lines.filter((l) => l.reason).map((l) => l.sku),
  }));
}

export function beforeCheck(world: World, input: OpParsedInput<'order.beforeCheck'>) {
  const checks = input.spu.map((l) => checkLine(world.db, l, input.address));
  return [...groupBySource(checks)].map(([, lines]) => {
    const ok = lines.filter((l) => !l.reason);
    return {
      freight: ok.length ? freightOf(ok) : 0,
      skus: ok.map((l) => l.sku),
      unsellable: lines.filter((l) => l.reason).map((l) => ({ sku: l.sku, reason: l.reason!, price: l.info?.agreement_price })),
    };
  });
}

function platformSn(world: World): string {
  const d = new Date(world.clock.nowMs() + 8 * 3600_000);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const stamp = `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
  for (;;) {
    const sn = stamp + String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
    if (!world.db.prepare('SELECT 1 FROM orders WHERE sn = ?').get(sn)) return sn;
  }
}

/**
 * Places an order: one child per channel, one goods line per spu entry (§7.3). A merchant order
 * number is accepted once, so a retried submit never makes a second order. Payment comes from the
 * balance; when it is short the order waits unpaid in errorLists (余额不足) for a retry or a refund.
 */
export function submitOrder(world: World, input: OpParsedInput<'order.submit'>): null {
  const { db } = world;
  if (db.prepare('SELECT 1 FROM orders WHERE third_sn = ?').get(input.orderSn)) fail(`订单号已存在：${input.orderSn}，请勿重复下单`);
  const checks = input.spu.map((l) => checkLine(db, l, input.address));
  const bad = checks.filter((c) => c.reason);
  const strict = input.strictMode ?? false;
  if (bad.length && (strict || bad.length === checks.length)) {
    fail(`下单失败：${bad.map((b) => `sku ${b.sku} ${b.reason}`).join('；')}`);
  }
  const placed = checks.filter((c) => !c.reason);
  const now = world.clock.nowSec();
  const sn = platformSn(world);
  const groups = [...groupBySource(placed)];
  const goodsFee = placed.reduce((s, l) => s + l.info!.agreement_price * l.number, 0);
  const logisticFee = groups.reduce((s, [, lines]) => s + freightOf(lines), 0);
  const total = goodsFee + logisticFee;
  const canPay = balanceOf(db) >= total;

  db.transaction(() => {
    const orderId = Number(
      db
        .prepare(
          `INSERT INTO orders (sn, third_sn, address, consignee, phone, logistic_fee, goods_fee, created_time, pay_status, check_status, status)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
        )
        .run(
          sn,
          input.orderSn,
          JSON.stringify(input.address),
          input.address.consignee,
          input.address.phone,
          logisticFee,
          goodsFee,
          now,
          canPay ? 1 : 0,
          canPay ? 1 : 0,
        ).lastInsertRowid,
    );
    groups.forEach(([source, lines], gi) => {
      const childSn = `${sn}_${source}_${gi + 1}`;
      db.prepare(
        `INSERT INTO order_children (sn, order_id, source, shop_id, logistic_fee, goods_fee, goods_status, order_status, created_time, upstream_sn)
         VALUES (?, ?, ?, ?, ?, ?, 0, 2, ?, ?)`,
      ).run(
        childSn,
        orderId,
        source,
        lines[0]!.info!.shop_id,
        freightOf(lines),
        lines.reduce((s, l) => s + l.info!.agreement_price * l.number, 0),
        now,
        String(Math.floor(1e11 + Math.random() * 9e11)),
      );
      lines.forEach((l, li) => {
        db.prepare(
          `INSERT INTO order_lines (sn, child_sn, order_id, goods_id, sku, sku_name, image, name, number, price, created_time)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          `${childSn}_${li + 1}`,
          childSn,
          orderId,
          l.info!.goods_id,
          l.sku,
          l.info!.spec_value_names,
          `/images/goods/${l.info!.goods_id}.svg`,
          l.info!.title,
          l.number,
          l.info!.agreement_price,
          now,
        );
      });
    });
    if (canPay) payOrder(world, orderId);
    else {
      db.prepare('INSERT INTO error_orders (order_id, sn, third_sn, params, created_time, message) VALUES (?, ?, ?, ?, ?, ?)').run(
        orderId,
        sn,
        input.orderSn,
        JSON.stringify(input),
        now,
        '余额不足',
      );
    }
  })();
  if (!canPay) fail(`余额不足：订单需 ${total} 分，余额 ${balanceOf(db)} 分；订单已记入错误订单列表，可充值后补单或退单`);
  return null;
}

/** Takes the money, reserves stock and starts the shipping clock. */
function payOrder(world: World, orderId: number) {
  const { db } = world;
  const order = db.prepare('SELECT sn, logistic_fee, goods_fee FROM orders WHERE id = ?').get(orderId) as {
    sn: string;
    logistic_fee: number;
    goods_fee: number;
  };
  moveMoney(world, { amount: order.goods_fee + order.logistic_fee, direction: 1, type: CASH_TYPE.orderPayment, orderSn: order.sn });
  db.prepare('UPDATE orders SET pay_status = 1, check_status = 1, status = 1, paid_time = ? WHERE id = ?').run(
    world.clock.nowSec(),
    orderId,
  );
  const lines = db.prepare('SELECT sku, number FROM order_lines WHERE order_id = ?').all(orderId) as { sku: number; number: number }[];
  for (const l of lines) db.prepare('UPDATE sku_options SET stock = max(0, stock - ?) WHERE id = ?').run(l.number, l.sku);
  const children = db.prepare('SELECT sn, irregular, irregular_s FROM order_children WHERE order_id = ? ORDER BY sn').all(orderId) as {
    sn: string;
    irregular: string;
    irregular_s: number;
  }[];
  const third = merchantSn(db, orderId);
  children.forEach((c, i) => {
    // A plan made on request before payment stands; else the seed decides (irregular.ts).
    const plan = c.irregular ? { kind: c.irregular, seconds: c.irregular_s } : planOf(world, third, i + 1);
    if (plan && !c.irregular) {
      db.prepare('UPDATE order_children SET irregular = ?, irregular_s = ? WHERE sn = ?').run(plan.kind, plan.seconds, c.sn);
    }
    // A late child ships, and a cancelled one is cancelled, that long after payment.
    const shipIn = plan && (plan.kind === 'late' || plan.kind === 'cancelled') ? plan.seconds : DELAYS.ship;
    schedule(world, 'ship', c.sn, world.clock.after(shipIn));
  });
}

/** The failed order an orderSn names: the merchant number, the platform number or a child number. */
function findErrorOrder(db: DB, orderSn: string) {
  const main = orderSn.split('_')[0]!;
  return db
    .prepare('SELECT e.id, e.order_id FROM error_orders e WHERE e.resolved = 0 AND (e.third_sn = ? OR e.sn = ? OR e.sn = ?)')
    .get(orderSn, orderSn, main) as { id: number; order_id: number } | undefined;
}

export function retryOrder(world: World, input: OpParsedInput<'order.retry'>): null {
  const err = findErrorOrder(world.db, input.orderSn) ?? fail(`没有待处理的失败订单：${input.orderSn}`);
  world.db.transaction(() => {
    payOrder(world, err.order_id);
    world.db.prepare('UPDATE error_orders SET resolved = 1 WHERE id = ?').run(err.id);
  })();
  return null;
}

export function refundOrder(world: World, input: OpParsedInput<'order.refund'>): null {
  const err = findErrorOrder(world.db, input.orderSn) ?? fail(`没有待处理的失败订单：${input.orderSn}`);
  world.db.transaction(() => {
    world.db.prepare('UPDATE orders SET status = 5, pay_status = 0 WHERE id = ?').run(err.order_id);
    world.db.prepare('UPDATE order_children SET goods_status = 1, order_status = 4 WHERE order_id = ?').run(err.order_id);
    world.db.prepare('UPDATE order_lines SET cancelled = 1 WHERE order_id = ?').run(err.order_id);
    world.db.prepare('UPDATE error_orders SET resolved = 1 WHERE id = ?').run(err.id);
  })();
  return null;
}

export function errorList(world: World, input: OpParsedInput<'order.errors'>) {
  const rows = world.db
    .prepare(
      'SELECT id, sn, third_sn, params, created_time, message FROM error_orders WHERE resolved = 0 ORDER BY id DESC LIMIT ? OFFSET ?',
    )
    .all(input.limit, (input.page - 1) * input.limit) as {
    id: number;
    sn: string;
    third_sn: string;
    params: string;
    created_time: number;
    message: string;
  }[];
  const count = (world.db.prepare('SELECT count(*) AS n FROM error_orders WHERE resolved = 0').get() as { n: number }).n;
  return {
    list: rows.map((r) => ({
      id: r.id,
      appID: 10001,
      sn: r.sn,
      thirdSn: r.third_sn,
      params: r.params,
      createdTime: r.created_time,
      message: r.message,
    })),
    count,
  };
}

// ---- reading orders ----

interface OrderRow {
  id: number;
  sn: string;
  third_sn: string;
  address: string;
  logistic_fee: number;
  goods_fee: number;
  created_time: number;
  pay_status: number;
  check_status: number;
  status: number;
}
interface ChildRow {
  sn: string;
  order_id: number;
  source: number;
  shop_id: number;
  logistic_fee: number;
  goods_fee: number;
  goods_status: number;
  order_status: number;
  deliver_time: number;
  created_time: number;
  courier_sn: string;
  courier_name: string;
  tracking_no: string;
  upstream_sn: string;
  irregular: string;
  irregular_s: number;
  returned_time: number;
}
interface LineRow {
  sn: string;
  child_sn: string;
  order_id: number;
  goods_id: number;
  sku: number;
  sku_name: string;
  image: string;
  name: string;
  number: number;
  price: number;
  refund_time: number;
  created_time: number;
  pay_status: number;
  after_sale_status: number;
  cancelled: number;
  received_time: number;
}

/** Shop names are read for every child of a list page. */
const shopName = (db: DB, shopId: number) =>
  (prepared(db, 'SELECT name FROM shops WHERE id = ?').get(shopId) as { name: string } | undefined)?.name ?? '';

const shopInfo = (db: DB, shopId: number) => ({
  name: shopName(db, shopId),
  companyName: '',
  contactName: '',
  mobile: '',
  phone: '',
  contactURL: '',
});

/** Did the line leave in the child's parcel (shipped, or in a parcel that was refused and came back)? */
const wasShipped = (l: LineRow, c: ChildRow) =>
  l.cancelled ? c.returned_time > 0 && l.refund_time >= c.deliver_time : c.goods_status >= 3;

function lineOut(l: LineRow, c: ChildRow, imageBase: string) {
  return {
    sn: l.sn,
    goodsId: l.goods_id,
    sku: l.sku,
    skuName: l.sku_name,
    image: `${imageBase}${l.image.replace(/^\/images/, '')}`,
    name: l.name,
    number: l.number,
    price: l.price,
    refundTime: l.refund_time,
    createdTime: l.created_time,
    payStatus: l.pay_status,
    deliverName: wasShipped(l, c) ? c.courier_name : '',
    deliverNo: wasShipped(l, c) ? c.tracking_no : '',
    isApply: l.after_sale_status,
    afterSaleStatus: l.after_sale_status,
    isRefund: l.refund_time > 0,
  };
}

function childOut(db: DB, c: ChildRow, imageBase: string, preloaded?: LineRow[]) {
  const lines = preloaded ?? (db.prepare('SELECT * FROM order_lines WHERE child_sn = ? ORDER BY sn').all(c.sn) as LineRow[]);
  return {
    sn: c.sn,
    order_sn: c.sn.split('_')[0]!,
    source: c.source,
    logisticFee: c.logistic_fee,
    goodsFee: c.goods_fee,
    money: c.logistic_fee + c.goods_fee,
    goodsStatus: c.goods_status,
    orderStatus: c.order_status,
    deliverTime: c.deliver_time,
    createdTime: c.created_time,
    // The Java samples carry it on the child: has any line of it been refunded.
    isRefund: lines.some((l) => l.refund_time > 0),
    shopInfo: shopInfo(db, c.shop_id),
    goods: lines.map((l) => lineOut(l, c, imageBase)),
  };
}

function orderOut(db: DB, o: OrderRow, imageBase: string, preloaded?: { children: ChildRow[]; lines: Map<string, LineRow[]> }) {
  const children =
    preloaded?.children ?? (db.prepare('SELECT * FROM order_children WHERE order_id = ? ORDER BY sn').all(o.id) as ChildRow[]);
  return {
    id: o.id,
    sn: o.sn,
    thirdSn: o.third_sn,
    logisticFee: o.logistic_fee,
    goodsFee: o.goods_fee,
    address: JSON.parse(o.address) as Address,
    createdTime: o.created_time,
    payStatus: o.pay_status,
    checkStatus: o.check_status,
    status: o.status,
    children: children.map((c) => childOut(db, c, imageBase, preloaded ? (preloaded.lines.get(c.sn) ?? []) : undefined)),
  };
}

/** A page of orders with their children and lines read in two queries, not two per order and child. */
function ordersOut(db: DB, rows: OrderRow[], imageBase: string) {
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  const marks = ids.map(() => '?').join(',');
  const children = prepared(db, `SELECT * FROM order_children WHERE order_id IN (${marks}) ORDER BY sn`).all(...ids) as ChildRow[];
  const lines = prepared(db, `SELECT * FROM order_lines WHERE order_id IN (${marks}) ORDER BY sn`).all(...ids) as LineRow[];
  const byOrder = new Map<number, ChildRow[]>();
  for (const c of children) byOrder.set(c.order_id, [...(byOrder.get(c.order_id) ?? []), c]);
  const byChild = new Map<string, LineRow[]>();
  for (const l of lines) byChild.set(l.child_sn, [...(byChild.get(l.child_sn) ?? []), l]);
  return rows.map((o) => orderOut(db, o, imageBase, { children: byOrder.get(o.id) ?? [], lines: byChild }));
}

export function orderList(world: World, input: OpParsedInput<'order.list'>, imageBase: string) {
  const s = input.search;
  // Consignee and phone have plain indexed columns beside the address JSON: a "contains" search scans
  // the narrow (consignee|phone, created_time) index instead of parsing every address.
  const { sql, params } = new Where()
    .add('o.created_time >= ?', s.createdTime?.from)
    .add('o.created_time <= ?', s.createdTime?.to)
    .add(`o.consignee LIKE ? ESCAPE '\\'`, s.consignee && containsPattern(s.consignee))
    .add(`o.phone LIKE ? ESCAPE '\\'`, s.phone && containsPattern(s.phone))
    .add('o.third_sn = ?', s.thirdSn)
    .add('o.sn = ?', s.sn?.split('_')[0])
    .add(`o.id IN (SELECT order_id FROM order_lines WHERE name LIKE ? ESCAPE '\\')`, s.goodsName && containsPattern(s.goodsName));
  // The page and the total are two queries: each can use its own index (the page walks created_time
  // backwards and stops; the count reads a covering index). One window query would read every match.
  const offset = (Math.min(s.page, 50) - 1) * s.limit;
  const rows = prepared(world.db, `SELECT o.* FROM orders o ${sql} ORDER BY o.created_time DESC, o.id DESC LIMIT ? OFFSET ?`).all(
    ...params,
    s.limit,
    offset,
  ) as OrderRow[];
  const total = (prepared(world.db, `SELECT count(*) AS n FROM orders o ${sql}`).get(...params) as { n: number }).n;
  return { list: ordersOut(world.db, rows, imageBase), hits: [], total };
}

export function sourceOrderList(world: World, input: OpParsedInput<'order.sourceList'>, imageBase: string) {
  const total = (world.db.prepare('SELECT count(*) AS n FROM order_children WHERE source = ?').get(input.source) as { n: number }).n;
  const rows = world.db
    .prepare(
      'SELECT c.*, o.third_sn, o.address FROM order_children c JOIN orders o ON o.id = c.order_id WHERE c.source = ? ORDER BY c.created_time DESC, c.sn DESC LIMIT ? OFFSET ?',
    )
    .all(input.source, input.limit, (Math.min(input.page, 50) - 1) * input.limit) as (ChildRow & { third_sn: string; address: string })[];
  return {
    list: rows.map((c) => ({ ...childOut(world.db, c, imageBase), thirdSn: c.third_sn, address: JSON.parse(c.address) as Address })),
    total,
  };
}

export function lineBySn(db: DB, sn: string) {
  const line = db.prepare('SELECT * FROM order_lines WHERE sn = ?').get(sn) as LineRow | undefined;
  if (!line) return undefined;
  const child = db.prepare('SELECT * FROM order_children WHERE sn = ?').get(line.child_sn) as ChildRow;
  const order = db.prepare('SELECT * FROM orders WHERE id = ?').get(line.order_id) as OrderRow;
  return { line, child, order };
}

/** The goods line an after-sale or logistics call names by merchant order number and sku. */
export function lineByMerchantSku(db: DB, orderSn: string, sku: number) {
  const row = db
    .prepare(
      'SELECT l.sn FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE (o.third_sn = ? OR o.sn = ?) AND l.sku = ? ORDER BY l.sn LIMIT 1',
    )
    .get(orderSn, orderSn.split('_')[0], sku) as { sn: string } | undefined;
  return row ? lineBySn(db, row.sn) : undefined;
}

export function orderDetail(world: World, input: OpParsedInput<'order.detail'>, imageBase: string) {
  const found = lineBySn(world.db, input.sn) ?? fail(`订单不存在：${input.sn}`);
  const { line, child, order } = found;
  const out = lineOut(line, child, imageBase);
  return {
    orderSn1: order.sn,
    orderSn2: child.sn,
    orderSn3: line.sn,
    source: child.source,
    upstreamOrderSn1: child.upstream_sn,
    upstreamOrderSn2: `${child.upstream_sn}-1`,
    address: JSON.parse(order.address) as Address,
    goods: {
      id: line.goods_id,
      name: line.name,
      image: out.image,
      sku: line.sku,
      skuName: line.sku_name,
      Total: line.number,
      price: line.price,
    },
    goodsStatus: child.goods_status,
    deliverTime: child.deliver_time,
    deliverName: out.deliverName,
    deliverNo: out.deliverNo,
    refundTime: line.refund_time,
    afterSaleStatus: line.after_sale_status,
    shopInfo: shopInfo(world.db, child.shop_id),
    thirdSn: order.third_sn,
  };
}

// ---- the life of an order, driven by jobs ----

const TRACE_STEPS = [
  '商家已发货，包裹等待揽收',
  '快递员已揽收',
  '包裹已到达转运中心',
  '包裹离开转运中心，发往目的地',
  '包裹已到达派送网点，快递员正在派送',
];

export function shipChild(world: World, childSn: string): void {
  const { db } = world;
  const child = db.prepare('SELECT * FROM order_children WHERE sn = ?').get(childSn) as ChildRow | undefined;
  if (!child || child.goods_status !== 0) return;
  // The supplier cancels instead of shipping (irregular.ts).
  if (child.irregular === 'cancelled' && cancelChild(world, childSn)) return;
  const lines = db.prepare('SELECT * FROM order_lines WHERE child_sn = ? AND cancelled = 0').all(childSn) as LineRow[];
  const third = merchantSn(db, child.order_id);
  if (lines.length === 0) {
    db.prepare('UPDATE order_children SET goods_status = 1, order_status = 4 WHERE sn = ?').run(childSn);
    refreshOrderStatus(db, child.order_id);
    return;
  }
  const firm = FIRMS[(child.source + child.order_id) % FIRMS.length]!;
  const tracking = `${firm.sn}${String(child.order_id).padStart(6, '0')}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  const now = world.clock.nowSec();
  db.prepare(
    'UPDATE order_children SET goods_status = 3, order_status = 1, deliver_time = ?, courier_sn = ?, courier_name = ?, tracking_no = ? WHERE sn = ?',
  ).run(now, firm.sn, firm.name, tracking, childSn);
  db.prepare('UPDATE order_lines SET pay_status = 1 WHERE child_sn = ? AND cancelled = 0').run(childSn);
  // A trace of several events spread over the time in transit; a stalled parcel stops after the
  // third for `irregular_s` (irregular.ts) and arrives that much later.
  const span = DELAYS.deliver;
  const stall = child.irregular === 'stalled' ? child.irregular_s : 0;
  TRACE_STEPS.forEach((message, i) => {
    db.prepare('INSERT INTO traces (child_sn, time, message) VALUES (?, ?, ?)').run(
      childSn,
      now + Math.floor((span * i) / TRACE_STEPS.length) + (i >= STALL_AFTER_STEP ? stall : 0),
      message,
    );
  });
  refreshOrderStatus(db, child.order_id);
  for (const l of lines) enqueueMessage(world, 'order.delivery', { orderSn: third, sku: String(l.sku) });
  schedule(world, 'deliver', childSn, world.clock.after(DELAYS.deliver + stall));
}

export function deliverChild(world: World, childSn: string, by: 'courier' | 'merchant' = 'courier'): void {
  const { db } = world;
  const child = db.prepare('SELECT * FROM order_children WHERE sn = ?').get(childSn) as ChildRow | undefined;
  if (!child || child.goods_status !== 3 || child.returned_time > 0) return;
  // The parcel of a child planned as returned is refused at the door (irregular.ts).
  if (by === 'courier' && refuseParcel(world, childSn)) return;
  const now = world.clock.nowSec();
  db.prepare('UPDATE order_children SET goods_status = 4 WHERE sn = ?').run(childSn);
  db.prepare('UPDATE order_lines SET received_time = ? WHERE child_sn = ? AND cancelled = 0').run(now, childSn);
  db.prepare('INSERT INTO traces (child_sn, time, message) VALUES (?, ?, ?)').run(
    childSn,
    now,
    by === 'merchant' ? '已确认收货' : '快件已签收，签收人：本人',
  );
  refreshOrderStatus(db, child.order_id);
  const third = merchantSn(db, child.order_id);
  const lines = db.prepare('SELECT sku FROM order_lines WHERE child_sn = ? AND cancelled = 0').all(childSn) as { sku: number }[];
  for (const l of lines) enqueueMessage(world, 'order.delivered', { orderSn: third, sku: String(l.sku) });
  schedule(world, 'complete', childSn, world.clock.after(by === 'merchant' ? DELAYS.completeAfterConfirm : DELAYS.complete));
}

export function completeChild(world: World, childSn: string): void {
  const { db } = world;
  const child = db.prepare('SELECT * FROM order_children WHERE sn = ?').get(childSn) as ChildRow | undefined;
  if (!child || child.goods_status !== 4) return;
  db.prepare('UPDATE order_children SET goods_status = 5 WHERE sn = ?').run(childSn);
  refreshOrderStatus(db, child.order_id);
  const third = merchantSn(db, child.order_id);
  const lines = db.prepare('SELECT sku FROM order_lines WHERE child_sn = ? AND cancelled = 0').all(childSn) as { sku: number }[];
  for (const l of lines) enqueueMessage(world, 'order.success', { orderSn: third, sku: String(l.sku) });
}

export function confirmReceipt(world: World, input: OpParsedInput<'logistic.confirm'>) {
  const found = lineBySn(world.db, input.goods_sn) ?? fail(`订单商品不存在：${input.goods_sn}`);
  if (found.line.cancelled) fail('该商品已取消，不能确认收货');
  if (found.child.returned_time > 0) fail('包裹已被拒收，正在退回商家，不能确认收货');
  if (found.child.goods_status < 3) fail('商品尚未发货，不能确认收货');
  if (found.child.goods_status >= 4) fail('该商品已确认收货');
  world.db.transaction(() => deliverChild(world, found.child.sn, 'merchant'))();
  return {};
}

export function trace(world: World, input: OpParsedInput<'logistic.trace'>) {
  const found = lineByMerchantSku(world.db, input.orderSn, input.sku) ?? fail(`订单不存在：${input.orderSn} / sku ${input.sku}`);
  const { child } = found;
  // Nothing before shipping; a parcel refused and back at the supplier keeps its trace.
  if (child.deliver_time === 0) return { list: [], info: { name: '', no: '' } };
  const events = world.db
    .prepare('SELECT time, message FROM traces WHERE child_sn = ? AND time <= ? ORDER BY time DESC, id DESC')
    .all(child.sn, world.clock.nowSec()) as { time: number; message: string }[];
  return {
    list: events.map((e) => ({ message: e.message, source: child.courier_name, time: e.time })),
    info: { name: child.courier_name, no: child.tracking_no },
  };
}

export function firms(world: World) {
  return world.db.prepare('SELECT name, sn FROM firms ORDER BY sort').all() as { name: string; sn: string }[];
}
