import type { OpParsedInput } from '../../contract';
import type { DB } from '../lib/db';
import { CASH_TYPE, moveMoney } from './account';
import { FIRMS } from './business-seed';
import { fail } from './errors';
import { enqueueMessage } from './messages';
import { DELAYS, lineByMerchantSku } from './orders';
import { schedule, type World } from './world';

/** Service types (codes as the Java SDK samples show them: 40 = refund). */
export const SERVICE = { return: '10', exchange: '20', refund: '40' } as const;

const REFUND_REASONS = [
  { code: '20006', name: '不想买了/等不及/拍错', needVoucher: false, refundCarriage: true, tip: '' },
  { code: '20002', name: '卖家缺货', needVoucher: false, refundCarriage: true, tip: '' },
  { code: '20004', name: '未按约定时间发货', needVoucher: true, refundCarriage: true, tip: '请上传与商家沟通的截图' },
  { code: '20005', name: '卖家调价', needVoucher: false, refundCarriage: false, tip: '商品价格以下单时为准，此原因通常不予支持' },
];
const RETURN_REASONS = [
  { code: '10001', name: '质量问题', needVoucher: true, refundCarriage: true, tip: '请上传能看清问题的照片' },
  { code: '10002', name: '商品与描述不符', needVoucher: true, refundCarriage: true, tip: '请上传商品实物照片' },
  { code: '10003', name: '发错货/漏发', needVoucher: true, refundCarriage: true, tip: '' },
  { code: '10004', name: '七天无理由退换', needVoucher: false, refundCarriage: false, tip: '寄回运费由买家承担；包装破损的不予支持' },
];
const PICK_TYPES = [
  { code: '4', name: '上门取件' },
  { code: '40', name: '客户发货' },
];
const PACKAGE_TYPES = [
  { code: '0', name: '无包装' },
  { code: '10', name: '包装完整' },
  { code: '20', name: '包装破损' },
];
const RETURN_TYPES = [{ code: '10', name: '原地址返回' }];

/** After the line is complete, after-sale stays open this long (business seconds). */
const AFTER_SALE_WINDOW = 15 * 86_400;

const SELLER = { realName: '售后部 王经理', phone: '0571-88886666', address: '浙江省杭州市余杭区仓前街道供应链产业园 3 号库 售后组' };

/** Units of the line still open to after-sale: bought minus those in after-sales not refused. */
function openUnits(db: DB, lineSn: string, number: number): number {
  const used = (
    db.prepare('SELECT coalesce(sum(num), 0) AS n FROM after_sales WHERE line_sn = ? AND status != 4').get(lineSn) as { n: number }
  ).n;
  return Math.max(0, number - used);
}

/** What after-sale a goods line allows right now (beforeCheck). */
export function afterSaleOptions(world: World, input: { orderSn: string; sku: number }) {
  const found = lineByMerchantSku(world.db, input.orderSn, input.sku) ?? fail(`订单商品不存在：${input.orderSn} / sku ${input.sku}`);
  const { line, child, order } = found;
  if (order.pay_status !== 1) fail('订单未支付，不能申请售后');
  if (line.cancelled) fail('该商品已取消');
  const num = openUnits(world.db, line.sn, line.number);
  const base = { num, pickType: [] as typeof PICK_TYPES, packageType: [] as typeof PACKAGE_TYPES, returnType: [] as typeof RETURN_TYPES };
  if (child.goods_status === 0) {
    return { ...base, serviceType: [{ code: SERVICE.refund, name: '退款' }], reasonsType: REFUND_REASONS, line, child };
  }
  if (child.goods_status === 3) fail('商品运输中，请签收后再申请退货或换货');
  if (child.goods_status === 5 && line.received_time && world.clock.nowSec() > line.received_time + AFTER_SALE_WINDOW)
    fail('已超过售后期（签收后 15 天）');
  return {
    num,
    serviceType: [
      { code: SERVICE.return, name: '退货' },
      { code: SERVICE.exchange, name: '换货' },
    ],
    pickType: PICK_TYPES,
    packageType: PACKAGE_TYPES,
    returnType: RETURN_TYPES,
    reasonsType: RETURN_REASONS,
    line,
    child,
  };
}

export function beforeCheck(world: World, input: OpParsedInput<'afterSale.beforeCheck'>) {
  const { line: _l, child: _c, ...options } = afterSaleOptions(world, input);
  return options;
}

export function apply(world: World, input: OpParsedInput<'afterSale.apply'>) {
  const opts = afterSaleOptions(world, input);
  const { line, child } = opts;
  const problems: string[] = [];
  if (opts.num === 0) fail('该商品已无可申请售后的数量');
  if (!opts.serviceType.some((s) => s.code === input.serviceTypeCode)) {
    problems.push(
      `serviceTypeCode ${input.serviceTypeCode} 不可用，可选：${opts.serviceType.map((s) => `${s.code} ${s.name}`).join('、')}`,
    );
  }
  const reason = opts.reasonsType.find((r) => r.code === input.reasonsTypeCode);
  if (!reason)
    problems.push(
      `reasonsTypeCode ${input.reasonsTypeCode} 不可用，可选：${opts.reasonsType.map((r) => `${r.code} ${r.name}`).join('、')}`,
    );
  if (input.num > opts.num) problems.push(`num ${input.num} 超过可申请数量 ${opts.num}`);
  const isRefund = input.serviceTypeCode === SERVICE.refund;
  if (!isRefund) {
    for (const [field, value, list] of [
      ['pickTypeCode', input.pickTypeCode, opts.pickType],
      ['packageTypeCode', input.packageTypeCode, opts.packageType],
      ['returnTypeCode', input.returnTypeCode, opts.returnType],
    ] as const) {
      if (!value) problems.push(`${field} 必填，可选：${list.map((x) => `${x.code} ${x.name}`).join('、')}`);
      else if (!list.some((x) => x.code === value))
        problems.push(`${field} ${value} 不可用，可选：${list.map((x) => `${x.code} ${x.name}`).join('、')}`);
    }
  }
  const maxGoods = line.price * Math.min(input.num, opts.num);
  if (input.goodsFee > maxGoods) problems.push(`goodsFee ${input.goodsFee} 超过可退商品金额 ${maxGoods}`);
  const maxCarriage = reason?.refundCarriage ? child.logistic_fee : 0;
  if (input.logisticFee > maxCarriage)
    problems.push(maxCarriage === 0 ? 'logisticFee 必须为 0：该原因不退运费' : `logisticFee ${input.logisticFee} 超过运费 ${maxCarriage}`);
  if (reason?.needVoucher && !input.vouchers?.length) problems.push('该原因需要上传凭证图片（vouchers）');
  if (problems.length) fail(`售后申请有误：${problems.join('；')}`);

  const now = world.clock.nowSec();
  const id = world.db.transaction(() => {
    const res = world.db
      .prepare(
        `INSERT INTO after_sales (line_sn, order_sn, source, sku, num, goods_fee, logistic_fee, service_type, pick_type, package_type, return_type,
          reason, description, vouchers, user_info, status, created_time, updated_time)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
      )
      .run(
        line.sn,
        input.orderSn,
        child.source,
        input.sku,
        input.num,
        input.goodsFee,
        input.logisticFee,
        input.serviceTypeCode,
        input.pickTypeCode ?? '',
        input.packageTypeCode ?? '',
        input.returnTypeCode ?? '',
        input.reasonsTypeCode,
        input.reasonsDescription,
        JSON.stringify(input.vouchers ?? []),
        JSON.stringify(input.userInfo ?? {}),
        now,
        now,
      );
    world.db.prepare('UPDATE order_lines SET after_sale_status = 1 WHERE sn = ?').run(line.sn);
    const newId = Number(res.lastInsertRowid);
    schedule(world, 'review', String(newId), world.clock.after(DELAYS.review));
    return newId;
  })();
  return { id };
}

interface AfterSaleRow {
  id: number;
  line_sn: string;
  order_sn: string;
  source: number;
  sku: number;
  num: number;
  goods_fee: number;
  logistic_fee: number;
  service_type: string;
  pick_type: string;
  package_type: string;
  return_type: string;
  reason: string;
  description: string;
  vouchers: string;
  user_info: string;
  send_data: string;
  status: number;
  approved_result: number;
  refund_fee: number;
  created_time: number;
}

const EMPTY_USER_INFO = { consignee: '', phone: '', province: '', city: '', area: '', street: '' };

function recordOut(r: AfterSaleRow) {
  const agreed = r.approved_result === 1 && r.service_type !== SERVICE.refund;
  return {
    id: r.id,
    source: r.source,
    orderSn3: r.line_sn,
    orderSn: r.order_sn,
    sku: r.sku,
    num: r.num,
    goodsFee: r.goods_fee,
    logisticFee: r.logistic_fee,
    serviceTypeCode: r.service_type,
    pickTypeCode: r.pick_type,
    packageTypeCode: r.package_type,
    returnTypeCode: r.return_type,
    reasonsTypeCode: r.reason,
    reasonsDescription: r.description,
    vouchers: JSON.parse(r.vouchers) as string[],
    // The Java client reads six keys; an after-sale without a pickup address answers them empty.
    userInfo: { ...EMPTY_USER_INFO, ...(JSON.parse(r.user_info) as Record<string, string>) },
    sellerInfo: agreed ? SELLER : { address: '', phone: '', realName: '' },
    sendData: { company: '', sn: '', description: '', vouchers: [], ...(JSON.parse(r.send_data) as object) },
    status: r.status,
    approvedResult: r.approved_result,
    refundFee: r.refund_fee,
    createdTime: r.created_time,
  };
}

export function list(world: World, input: OpParsedInput<'afterSale.list'>) {
  const where = input.orderSn ? 'WHERE order_sn = ? AND sku = ?' : '';
  const params = input.orderSn ? [input.orderSn, input.sku] : [];
  const total = (world.db.prepare(`SELECT count(*) AS n FROM after_sales ${where}`).get(...params) as { n: number }).n;
  const rows = world.db
    .prepare(`SELECT * FROM after_sales ${where} ORDER BY id DESC LIMIT ? OFFSET ?`)
    .all(...params, input.limit, (input.page - 1) * input.limit) as AfterSaleRow[];
  return { list: rows.map(recordOut), total, count: total };
}

export function detail(world: World, input: OpParsedInput<'afterSale.detail'>) {
  const row =
    (world.db.prepare('SELECT * FROM after_sales WHERE id = ?').get(input.id) as AfterSaleRow | undefined) ??
    fail(`售后单不存在：${input.id}`);
  return recordOut(row);
}

export function mail(world: World, input: OpParsedInput<'afterSale.mail'>) {
  const row =
    (world.db.prepare('SELECT * FROM after_sales WHERE id = ?').get(input.id) as AfterSaleRow | undefined) ??
    fail(`售后单不存在：${input.id}`);
  if (row.status !== 2) fail(row.status === 1 ? '售后单尚未审核通过，暂不需要寄回' : '该售后单当前不需要填写寄回信息');
  if (!FIRMS.some((f) => f.sn === input.company)) fail(`物流公司编码无效：${input.company}（见物流公司列表）`);
  world.db.transaction(() => {
    world.db
      .prepare('UPDATE after_sales SET status = 5, send_data = ?, updated_time = ? WHERE id = ?')
      .run(
        JSON.stringify({ company: input.company, sn: input.sn, description: input.description ?? '', vouchers: input.vouchers ?? [] }),
        world.clock.nowSec(),
        row.id,
      );
    schedule(world, 'return_received', String(row.id), world.clock.after(DELAYS.returnReceived));
  })();
  return null;
}

/** The supplier's decision: some reasons are refused, the rest agreed (README, sandbox rules). */
export function review(world: World, id: number): void {
  const row = world.db.prepare('SELECT * FROM after_sales WHERE id = ?').get(id) as AfterSaleRow | undefined;
  if (!row || row.status !== 1) return;
  const refused = row.reason === '20005' || (row.reason === '10004' && row.package_type === '20');
  const data = { afterSaleId: row.id, orderSn: row.order_sn, sku: String(row.sku) };
  const now = world.clock.nowSec();
  if (refused) {
    world.db.prepare('UPDATE after_sales SET status = 4, approved_result = 2, updated_time = ? WHERE id = ?').run(now, id);
    world.db.prepare('UPDATE order_lines SET after_sale_status = 3 WHERE sn = ?').run(row.line_sn);
    enqueueMessage(world, 'afterSale.refuse', data);
    return;
  }
  world.db.prepare('UPDATE after_sales SET approved_result = 1, status = 2, updated_time = ? WHERE id = ?').run(now, id);
  enqueueMessage(world, 'afterSale.agree', data);
  if (row.service_type === SERVICE.refund) {
    // A refund before shipping: the units are taken off the package and the money goes back at once.
    const line = world.db.prepare('SELECT number FROM order_lines WHERE sn = ?').get(row.line_sn) as { number: number };
    const refundedUnits = (
      world.db
        .prepare('SELECT coalesce(sum(num), 0) AS n FROM after_sales WHERE line_sn = ? AND status IN (2, 3) AND service_type = ?')
        .get(row.line_sn, SERVICE.refund) as { n: number }
    ).n;
    if (refundedUnits >= line.number) world.db.prepare('UPDATE order_lines SET cancelled = 1 WHERE sn = ?').run(row.line_sn);
    finishRefund(world, row);
  }
}

function finishRefund(world: World, row: AfterSaleRow) {
  const now = world.clock.nowSec();
  const fee = row.goods_fee + row.logistic_fee;
  if (fee > 0) moveMoney(world, { amount: fee, direction: 2, type: CASH_TYPE.afterSaleRefund, orderSn: row.line_sn });
  world.db.prepare('UPDATE after_sales SET status = 3, refund_fee = ?, updated_time = ? WHERE id = ?').run(fee, now, row.id);
  world.db.prepare('UPDATE order_lines SET after_sale_status = 2, refund_time = ? WHERE sn = ?').run(fee > 0 ? now : 0, row.line_sn);
  enqueueMessage(world, 'afterSale.success', { afterSaleId: row.id, orderSn: row.order_sn, sku: String(row.sku) });
}

/** The returned goods arrived at the supplier: refund a return, close an exchange. */
export function returnReceived(world: World, id: number): void {
  const row = world.db.prepare('SELECT * FROM after_sales WHERE id = ?').get(id) as AfterSaleRow | undefined;
  if (!row || row.status !== 5) return;
  if (row.service_type === SERVICE.return) finishRefund(world, row);
  else {
    world.db.prepare('UPDATE after_sales SET status = 3, updated_time = ? WHERE id = ?').run(world.clock.nowSec(), id);
    world.db.prepare('UPDATE order_lines SET after_sale_status = 2 WHERE sn = ?').run(row.line_sn);
  }
}
