import type { OpId } from '../../../contract';
import {
  afterSalePackageType,
  afterSalePickType,
  afterSaleReason,
  afterSaleReturnType,
  afterSaleServiceType,
  type EnumModule,
} from '../../../contract/enums';
import { formatFen } from '../../lib/money';
import { upstreamName } from '../../lib/upstream-name';

/** Actions the gateway records itself, besides the upstream operations. */
export const GATEWAY_ACTIONS = [
  'auth.login',
  'auth.logout',
  'auth.password',
  'users.create',
  'users.update',
  'users.password',
  'sandbox.clock',
  'sandbox.market',
  'sandbox.faults',
  'sandbox.irregular',
  'orders.import',
  'orders.import.resend',
  'watch.rules',
  'shipments.mark',
  'shipments.download',
  'shipments.undo',
  'shipments.format.create',
  'shipments.format.update',
  'shipments.format.delete',
  'pricing.rules',
  'pricing.goods',
  'pricing.sheet',
  'exceptions.take',
  'exceptions.note',
  'exceptions.resolve',
] as const;
type GatewayAction = (typeof GATEWAY_ACTIONS)[number];

type Words = { en: string; 'zh-CN': string };

/**
 * Every action of the audit log in words, in both languages: one table, keyed by the contract's
 * operation ids (a new operation without words here fails the type check) and the gateway's own.
 */
export const ACTION_LABELS: Record<OpId | GatewayAction, Words> = {
  'goods.detail': { en: 'Product detail', 'zh-CN': '查看商品详情' },
  'goods.bulkDetail': { en: 'Product details (batch)', 'zh-CN': '批量查看商品详情' },
  'category.list': { en: 'All categories', 'zh-CN': '获取全部分类' },
  'category.children': { en: 'Sub-categories', 'zh-CN': '获取下级分类' },
  'goods.refresh': { en: 'Refresh products', 'zh-CN': '批量更新商品' },
  'goods.list': { en: 'Product list', 'zh-CN': '商品列表' },
  'goods.comments': { en: 'Product reviews', 'zh-CN': '商品评论' },
  'source.list': { en: 'Channels on sale', 'zh-CN': '获取在售渠道' },
  'group.list': { en: 'Selection groups', 'zh-CN': '选品分组列表' },
  'selection.online': { en: 'Browse the catalogue', 'zh-CN': '在线选品' },
  'group.goods': { en: 'Products of a group', 'zh-CN': '分组商品列表' },
  'selection.add': { en: 'Add to the library', 'zh-CN': '加入选品库' },
  'selection.list': { en: 'Library list', 'zh-CN': '选品库列表' },
  'selection.remove': { en: 'Remove from the library', 'zh-CN': '移出选品库' },
  'selection.onlineOld': { en: 'Browse the catalogue (old)', 'zh-CN': '在线选品（旧版）' },
  'selection.clear': { en: 'Clear the library', 'zh-CN': '清空选品库' },
  'order.availableCheck': { en: 'Availability check', 'zh-CN': '可售检测' },
  'order.beforeCheck': { en: 'Order pre-check', 'zh-CN': '下单前置校验' },
  'order.submit': { en: 'Place an order', 'zh-CN': '提交订单' },
  'order.list': { en: 'Order list', 'zh-CN': '订单列表' },
  'order.sourceList': { en: 'Orders by channel', 'zh-CN': '各渠道订单列表' },
  'order.detail': { en: 'Order detail', 'zh-CN': '订单详情' },
  'order.retry': { en: 'Retry a failed order', 'zh-CN': '失败订单补单' },
  'order.refund': { en: 'Refund a failed order', 'zh-CN': '失败订单退款' },
  'order.errors': { en: 'Failed orders', 'zh-CN': '失败订单列表' },
  'logistic.confirm': { en: 'Confirm receipt', 'zh-CN': '确认收货' },
  'logistic.trace': { en: 'Track a shipment', 'zh-CN': '物流查询' },
  'logistic.firms': { en: 'Couriers', 'zh-CN': '物流公司列表' },
  'afterSale.beforeCheck': { en: 'After-sale pre-check', 'zh-CN': '售后前置校验' },
  'afterSale.picture': { en: 'Upload an after-sale picture', 'zh-CN': '上传售后凭证' },
  'afterSale.apply': { en: 'Request an after-sale', 'zh-CN': '申请售后' },
  'afterSale.list': { en: 'After-sale list', 'zh-CN': '售后列表' },
  'afterSale.detail': { en: 'After-sale detail', 'zh-CN': '售后详情' },
  'afterSale.mail': { en: 'Mail a return', 'zh-CN': '填写退货邮寄信息' },
  'account.balance': { en: 'Account balance', 'zh-CN': '账户余额' },
  'account.cashFlow': { en: 'Cash flow', 'zh-CN': '资金流水' },
  'auth.login': { en: 'Sign in', 'zh-CN': '登录' },
  'auth.logout': { en: 'Sign out', 'zh-CN': '退出登录' },
  'auth.password': { en: 'Change own password', 'zh-CN': '修改自己的密码' },
  'users.create': { en: 'Add a user', 'zh-CN': '新增用户' },
  'users.update': { en: 'Change a user', 'zh-CN': '修改用户' },
  'users.password': { en: 'Set a user password', 'zh-CN': '重设用户密码' },
  'sandbox.clock': { en: 'Move the sandbox clock', 'zh-CN': '推进沙箱时钟' },
  'sandbox.market': { en: 'Move sandbox prices', 'zh-CN': '调整沙箱商品价格' },
  'sandbox.faults': { en: 'Set the sandbox supplier’s bad days', 'zh-CN': '设置沙箱供应商故障' },
  'sandbox.irregular': { en: 'Make a sandbox order irregular', 'zh-CN': '让沙箱订单出现异常' },
  'orders.import': { en: 'Bulk orders from a sheet', 'zh-CN': '表格批量下单' },
  'orders.import.resend': { en: 'Send refused bulk orders again', 'zh-CN': '重新发送被拒的批量订单' },
  'watch.rules': { en: 'Set a minimum profit rate', 'zh-CN': '设置最低利润率' },
  'shipments.mark': { en: 'Mark packages handed to the shop', 'zh-CN': '标记包裹已回传店铺' },
  'shipments.download': { en: 'Download packages for the shop and mark them', 'zh-CN': '下载发货表并标记已回传' },
  'shipments.undo': { en: 'Undo a download’s marks', 'zh-CN': '撤销下载的回传标记' },
  'shipments.format.create': { en: 'Create a sheet format', 'zh-CN': '新建发货表格式' },
  'shipments.format.update': { en: 'Change a sheet format', 'zh-CN': '修改发货表格式' },
  'shipments.format.delete': { en: 'Delete a sheet format', 'zh-CN': '删除发货表格式' },
  'pricing.rules': { en: 'Set the pricing rules', 'zh-CN': '设置定价规则' },
  'pricing.goods': { en: 'Set a goods’ own retail prices', 'zh-CN': '设置商品自定售价' },
  'pricing.sheet': { en: 'Download the shop’s price sheet', 'zh-CN': '下载店铺价格表' },
  'exceptions.take': { en: 'Take an order exception', 'zh-CN': '认领订单异常' },
  'exceptions.note': { en: 'Note on an order exception', 'zh-CN': '备注订单异常' },
  'exceptions.resolve': { en: 'Resolve an order exception', 'zh-CN': '处理完成订单异常' },
};

type Lang = 'en' | 'zh-CN';

/** An action in words; an action this table does not know yet is shown as recorded. */
export function actionLabel(action: string, lang: Lang): string {
  return (ACTION_LABELS as Record<string, Words | undefined>)[action]?.[lang] ?? action;
}

/**
 * The actions whose name (in either language) or id contains what was typed, for the action filter.
 * Empty text: no filter (undefined); text matching nothing: an empty list.
 */
export function actionsMatching(text: string): string[] | undefined {
  const q = text.trim().toLowerCase();
  if (!q) return undefined;
  return Object.entries(ACTION_LABELS)
    .filter(([id, w]) => id.toLowerCase().includes(q) || w.en.toLowerCase().includes(q) || w['zh-CN'].includes(q))
    .map(([id]) => id);
}

/** Input keys in words (beyond the shared field names of `app:fields`). */
const KEY_WORDS: Record<string, Words> = {
  goods_ids: { en: 'Products', 'zh-CN': '商品' },
  // Packages marked handed to the shop or back (shipments.mark).
  ids: { en: 'Packages', 'zh-CN': '包裹' },
  exported: { en: 'Handed to the shop', 'zh-CN': '已回传店铺' },
  goods_id: { en: 'Product', 'zh-CN': '商品' },
  refusedField: { en: 'Refused field', 'zh-CN': '被拒字段' },
  orderSn: { en: 'Order number', 'zh-CN': '订单号' },
  sn: { en: 'Order number', 'zh-CN': '订单号' },
  thirdSn: { en: 'Merchant order number', 'zh-CN': '商户订单号' },
  id: { en: 'ID', 'zh-CN': '编号' },
  username: { en: 'Username', 'zh-CN': '用户名' },
  displayName: { en: 'Name', 'zh-CN': '姓名' },
  role: { en: 'Role', 'zh-CN': '角色' },
  disabled: { en: 'Disabled', 'zh-CN': '停用' },
  password: { en: 'Password', 'zh-CN': '密码' },
  advanceSeconds: { en: 'Seconds', 'zh-CN': '秒数' },
  address: { en: 'Address', 'zh-CN': '地址' },
  spu: { en: 'Lines', 'zh-CN': '商品行' },
  sku: { en: 'SKU', 'zh-CN': 'SKU' },
  number: { en: 'Quantity', 'zh-CN': '数量' },
  pictures: { en: 'Pictures', 'zh-CN': '图片' },
  reason: { en: 'Reason', 'zh-CN': '原因' },
  description: { en: 'Description', 'zh-CN': '说明' },
  // A bulk-order job's entry (orders.import): its orders by outcome.
  job: { en: 'Job', 'zh-CN': '任务' },
  file: { en: 'File', 'zh-CN': '文件' },
  placed: { en: 'Placed', 'zh-CN': '已下单' },
  already: { en: 'Already placed', 'zh-CN': '之前已下单' },
  refused: { en: 'Refused', 'zh-CN': '被拒绝' },
  short: { en: 'Balance short', 'zh-CN': '余额不足' },
  unsent: { en: 'Not sent', 'zh-CN': '未发送' },
  // Refused orders of a job sent again (orders.import.resend).
  resent: { en: 'Sent again', 'zh-CN': '已重新发送' },
  notResent: { en: 'Not sent again (placed or not refused)', 'zh-CN': '未重新发送（已下单或未被拒）' },
  // An after-sale asked for (afterSale.apply) and its mailing info (afterSale.mail).
  num: { en: 'Quantity', 'zh-CN': '数量' },
  goodsFee: { en: 'Goods amount', 'zh-CN': '商品金额' },
  logisticFee: { en: 'Shipping amount', 'zh-CN': '运费' },
  refundFee: { en: 'Refund', 'zh-CN': '退款金额' },
  serviceTypeCode: { en: 'Service', 'zh-CN': '服务类型' },
  reasonsTypeCode: { en: 'Reason', 'zh-CN': '原因' },
  reasonsDescription: { en: 'Description', 'zh-CN': '问题描述' },
  pickTypeCode: { en: 'Pick-up', 'zh-CN': '取件方式' },
  packageTypeCode: { en: 'Package', 'zh-CN': '包装' },
  returnTypeCode: { en: 'Return', 'zh-CN': '返件方式' },
  serviceTime: { en: 'Pick-up time', 'zh-CN': '取件时间' },
  vouchers: { en: 'Vouchers', 'zh-CN': '凭证' },
  userInfo: { en: 'Customer', 'zh-CN': '客户信息' },
  company: { en: 'Courier', 'zh-CN': '快递公司' },
  // The sandbox supplier's bad days (sandbox.faults) and an order made irregular (sandbox.irregular).
  error: { en: 'Share of calls failing', 'zh-CN': '失败调用比例' },
  lost: { en: 'Share of answers lost', 'zh-CN': '丢失应答比例' },
  latencyMs: { en: 'Latency (ms)', 'zh-CN': '延迟（毫秒）' },
  outage: { en: 'Outage', 'zh-CN': '停止服务' },
  kind: { en: 'Made', 'zh-CN': '异常类型' },
  // A note on an order exception (exceptions.note) and the one it was resolved with (exceptions.resolve).
  text: { en: 'Note', 'zh-CN': '备注' },
  note: { en: 'Note', 'zh-CN': '备注' },
};

const EXCEPTION_KEYS: Record<string, Words> = {
  kind: { en: 'Kind', 'zh-CN': '异常类型' },
  shopOrderSn: { en: 'Shop order number', 'zh-CN': '店铺订单号' },
  childSn: { en: 'Package (child order)', 'zh-CN': '子订单号' },
  id: { en: 'Case number', 'zh-CN': '异常编号' },
};
const EXCEPTION_ACTIONS = new Set(['exceptions.take', 'exceptions.note', 'exceptions.resolve']);
/** An order exception's kind in words (the queue's own names: src/features/exceptions/locales.ts `kinds`). */
const EXCEPTION_KIND_WORDS: Record<string, Words> = {
  late: { en: 'Not shipped in time', 'zh-CN': '超时未发货' },
  stalled: { en: 'Tracking stalled', 'zh-CN': '物流停滞' },
  cancelled: { en: 'Cancelled by the supplier', 'zh-CN': '供应商取消' },
  returned: { en: 'Refused and returned', 'zh-CN': '拒收退回' },
  failed: { en: 'Order failed to place', 'zh-CN': '下单失败' },
};
const exceptionKind = (kind: string, lang: Lang): string | undefined => EXCEPTION_KIND_WORDS[kind]?.[lang];

/** Keys that mean something else in one action: the after-sale mailing info's `sn` is its tracking number. */
const ACTION_KEY_WORDS: Partial<Record<string, Record<string, Words>>> = {
  'afterSale.mail': { sn: { en: 'Tracking number', 'zh-CN': '运单号' } },
  // A shipping sheet downloaded (its batch, format and file type) or its marks undone; a sheet format written.
  'shipments.download': {
    batch: { en: 'Download', 'zh-CN': '下载批次' },
    format: { en: 'Format', 'zh-CN': '格式' },
    type: { en: 'File type', 'zh-CN': '文件类型' },
  },
  'shipments.undo': { batch: { en: 'Download', 'zh-CN': '下载批次' } },
  'shipments.format.create': { id: { en: 'Format', 'zh-CN': '格式编号' }, name: { en: 'Name', 'zh-CN': '名称' } },
  'shipments.format.update': { id: { en: 'Format', 'zh-CN': '格式编号' }, name: { en: 'Name', 'zh-CN': '名称' } },
  'shipments.format.delete': { id: { en: 'Format', 'zh-CN': '格式编号' }, name: { en: 'Name', 'zh-CN': '名称' } },
  // A step on an order exception: its kind, the order (and the shop's number, the package), the case's number.
  'exceptions.take': { ...EXCEPTION_KEYS },
  'exceptions.note': { ...EXCEPTION_KEYS },
  'exceptions.resolve': { ...EXCEPTION_KEYS },
};
/** Inputs in fen, shown in yuan. */
const MONEY_KEYS = new Set(['goodsFee', 'logisticFee', 'refundFee']);
/** Shares (0–1) shown as percentages (the sandbox's faults). */
const SHARE_KEYS = new Set(['error', 'lost']);
/** An order made irregular in the sandbox (sandbox.irregular), in words. */
const IRREGULAR_WORDS: Record<string, Words> = {
  late: { en: 'shipping late', 'zh-CN': '延迟发货' },
  stalled: { en: 'stalled in transit', 'zh-CN': '物流停滞' },
  cancelled: { en: 'cancelled by the supplier', 'zh-CN': '供应商取消' },
  returned: { en: 'refused and returned', 'zh-CN': '拒收退回' },
};
/** Option codes the upstream names in Chinese, shown by their known names (an unknown code as it is). */
const CODE_KEYS: Record<string, EnumModule<string>> = {
  serviceTypeCode: afterSaleServiceType,
  reasonsTypeCode: afterSaleReason,
  pickTypeCode: afterSalePickType,
  packageTypeCode: afterSalePackageType,
  returnTypeCode: afterSaleReturnType,
};
/** The gateway's count of pictures sent (server/gateway/audit/audit.ts, summarize): "[2 picture(s), 180 kB]". */
const PICTURES = /^\[(\d+) picture\(s\), (\d+) kB\]$/;
const pictureWords = (text: string, lang: Lang): string | undefined => {
  const m = PICTURES.exec(text);
  if (!m) return undefined;
  const n = Number(m[1]);
  if (lang === 'zh-CN') return `${n} 张图片，${m[2]} kB`;
  return `${n} ${new Intl.PluralRules('en').select(n) === 'one' ? 'picture' : 'pictures'}, ${m[2]} kB`;
};

const HIDDEN: Words = { en: '(hidden)', 'zh-CN': '（已隐藏）' };
const MORE: Words = { en: ' and {n} more', 'zh-CN': ' 等 {n} 项' };

function valueText(v: unknown, lang: Lang, depth = 0): string {
  if (v === '[hidden]') return HIDDEN[lang];
  if (v === true) return lang === 'en' ? 'yes' : '是';
  if (v === false) return lang === 'en' ? 'no' : '否';
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) {
    const shown = v.filter((x) => !(typeof x === 'string' && x.startsWith('… '))).slice(0, 5);
    const rest = v.length - shown.length;
    const more = typeof v[v.length - 1] === 'string' && /^… (\d+) more$/.exec(String(v[v.length - 1]));
    const extra = rest + (more ? Number(more[1]) - 1 : 0);
    return (
      shown.map((x) => valueText(x, lang, depth + 1)).join(lang === 'en' ? ', ' : '、') +
      (extra > 0 ? MORE[lang].replace('{n}', String(extra)) : '')
    );
  }
  if (typeof v === 'object') {
    if (depth > 1) return '…';
    return Object.values(v as Record<string, unknown>)
      .map((x) => valueText(x, lang, depth + 1))
      .join(' ');
  }
  return String(v);
}

/**
 * An input summary (JSON, secrets already hidden by the gateway) as "Products: 101, 102 · Quantity: 2"
 * in the person's language. `fieldWords` names keys the shared field table knows.
 */
export function inputSummary(summary: string, lang: Lang, fieldWords: (key: string) => string | undefined, action?: string): string {
  let data: unknown;
  try {
    data = JSON.parse(summary);
  } catch {
    return summary;
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return valueText(data, lang);
  const entries = Object.entries(data as Record<string, unknown>);
  if (!entries.length) return '—';
  return entries
    .map(([k, v]) => {
      const name = (action ? ACTION_KEY_WORDS[action]?.[k]?.[lang] : undefined) ?? KEY_WORDS[k]?.[lang] ?? fieldWords(k) ?? k;
      const value =
        k === 'refusedField' && typeof v === 'string'
          ? `“${KEY_WORDS[v]?.[lang] ?? fieldWords(v) ?? v}”`
          : MONEY_KEYS.has(k) && typeof v === 'number'
            ? formatFen(v, lang)
            : SHARE_KEYS.has(k) && action === 'sandbox.faults' && typeof v === 'number'
              ? `${Math.round(v * 1000) / 10} %`
              : k === 'kind' && typeof v === 'string' && action && EXCEPTION_ACTIONS.has(action) && exceptionKind(v, lang)
                ? exceptionKind(v, lang)!
                : k === 'kind' && typeof v === 'string' && IRREGULAR_WORDS[v]
                  ? IRREGULAR_WORDS[v][lang]
                  : CODE_KEYS[k] && (typeof v === 'string' || typeof v === 'number')
                    ? CODE_KEYS[k].has(String(v))
                      ? upstreamName(CODE_KEYS[k], String(v), undefined, lang)
                      : String(v)
                    : typeof v === 'string'
                      ? (pictureWords(v, lang) ?? valueText(v, lang))
                      : valueText(v, lang);
      return `${name}${lang === 'en' ? ': ' : '：'}${value}`;
    })
    .join(' · ');
}

const STEP_VERBS: Record<string, Words> = {
  took: { en: 'Took', 'zh-CN': '认领了' },
  noted: { en: 'Noted', 'zh-CN': '备注了' },
  resolved: { en: 'Resolved', 'zh-CN': '处理完成了' },
};
/** "took the late case of order PDD1 (shop order SD1), child PDD1_1" in the page's language. */
function exceptionStepWords(m: RegExpExecArray, lang: Lang): string {
  const [, verb, kind, order, shop, child] = m as unknown as [string, string, string, string, string?, string?];
  const kindWords = exceptionKind(kind, lang) ?? kind;
  const verbWords = STEP_VERBS[verb]![lang];
  if (lang === 'en')
    return `${verbWords} the “${kindWords}” case of order ${order}${shop ? ` (shop order ${shop})` : ''}${child ? `, package ${child}` : ''}`;
  return `${verbWords}订单 ${order}${shop ? `（店铺订单 ${shop}）` : ' '}的“${kindWords}”异常${child ? `，子订单 ${child}` : ''}`;
}

/** What the gateway itself wrote as the result (English, for the log file), in words; the supplier's own msg is shown as it is. */
const RESULT_WORDS: [RegExp, Words | ((m: RegExpExecArray, lang: Lang) => string)][] = [
  [/^wrong username or password$/, { en: 'Wrong username or password', 'zh-CN': '用户名或密码错误' }],
  [/^account disabled$/, { en: 'The account is disabled', 'zh-CN': '账号已停用' }],
  [/^refused: too many attempts$/, { en: 'Too many attempts', 'zh-CN': '尝试次数过多' }],
  [/^refused: role may not do this$/, { en: 'The role may not do this', 'zh-CN': '角色无权执行' }],
  [/^refused: The request is too large/, { en: 'The request was too large', 'zh-CN': '请求过大' }],
  // Order exceptions (issue 52): someone else has the case (a conflict, not bad input), it is resolved, or gone.
  [
    /^refused: (.+) has taken this exception; only they can work it now\.$/s,
    (m, lang) =>
      lang === 'en'
        ? `Someone else has it: ${m[1]} took the case, only they can work it now`
        : `已有他人认领：${m[1]} 已认领此异常，只有其本人可以处理`,
  ],
  [/^refused: This exception is resolved already\.$/, { en: 'The case is resolved already', 'zh-CN': '该异常已处理完成' }],
  [/^refused: There is no such exception\.$/, { en: 'There is no such case', 'zh-CN': '没有这个异常' }],
  [/^refused: /, { en: 'Input refused by the gateway', 'zh-CN': '输入被网关拒绝' }],
  // A step on an order exception: which kind of case of which order (server/gateway/exceptions/routes.ts, caseWords).
  [/^(took|noted|resolved) the (\w+) case of order (.+?)(?: \(shop order (.+?)\))?(?:, child (.+))?$/s, exceptionStepWords],
  [/^wrong current password$/, { en: 'Wrong current password', 'zh-CN': '当前密码不正确' }],
  [/^import done$/, { en: 'Job finished', 'zh-CN': '任务已完成' }],
  [/^import cancelled$/, { en: 'Job cancelled: the rest not sent', 'zh-CN': '任务已取消，其余未发送' }],
  [/^resend queued 0$/, { en: 'Nothing to send again', 'zh-CN': '没有需要重新发送的订单' }],
  [/^resend queued \d+$/, { en: 'Queued to be sent again', 'zh-CN': '已排队重新发送' }],
  [/^outcome unknown/, { en: 'Check the supplier before retrying', 'zh-CN': '重试前请先向供应商核实' }],
  // Shipments (issue 51): the counts, batch and format are in the input beside it.
  [
    /^\d+ package\(s\) downloaded as .* and marked handed to the shop, batch \d+$/s,
    { en: 'Downloaded and marked handed to the shop', 'zh-CN': '已下载并标记为已回传' },
  ],
  [/^download \d+ undone: /, { en: 'Marks undone: the packages are new again', 'zh-CN': '已撤销标记：包裹恢复为待回传' }],
  [/^sheet format “.*” created: /s, { en: 'Format created', 'zh-CN': '格式已创建' }],
  [/^sheet format “.*” changed: /s, { en: 'Format changed', 'zh-CN': '格式已修改' }],
  [/^sheet format “.*” deleted$/s, { en: 'Format deleted', 'zh-CN': '格式已删除' }],
  [/^(ok|signed in|signed out|password changed)$/, { en: '', 'zh-CN': '' }],
  // The supplier's "operation succeeded" beside an OK says nothing more (and is Chinese on an English page).
  [/^(操作成功|成功|success)$/i, { en: '', 'zh-CN': '' }],
];

/** The result's sentence in the page's language: the gateway's own words translated, the supplier's msg as it came. */
export function resultText(msg: string, lang: Lang): string {
  for (const [re, words] of RESULT_WORDS) {
    const m = re.exec(msg);
    if (m) return typeof words === 'function' ? words(m, lang) : words[lang];
  }
  // Anything else came from the supplier (in Chinese) or is a gateway text this table does not know.
  return /[\u4e00-\u9fff]/.test(msg) || lang === 'en' ? msg : '';
}
