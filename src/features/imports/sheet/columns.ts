/**
 * The columns of a bulk-order sheet and how a sheet's own header names them. Shops export orders with
 * their own words for each column, so the header is matched loosely (synonyms, either width, either
 * language, "(必填)"-style notes) rather than by position.
 */
import { IMPORT_COLUMNS, type ImportColumn } from '../../../../contract/constants';

// The contract's list: the gateway keeps exactly these of a job's row (contract/constants.ts).
export const COLUMNS = IMPORT_COLUMNS;
export type Column = ImportColumn;

/** Every column but the street, the spec, what the buyer paid and the note must be filled in on every row. */
export const REQUIRED_COLUMNS: readonly Column[] = COLUMNS.filter((c) => c !== 'street' && c !== 'spec' && c !== 'sale' && c !== 'note');

/** The template's header in each language, and other names shop systems give the same column. */
export const HEADERS: Record<Column, { 'zh-CN': string; en: string; synonyms: string[] }> = {
  orderSn: {
    'zh-CN': '店铺订单号',
    en: 'Shop order number',
    synonyms: [
      '订单号',
      '订单编号',
      '外部订单号',
      '商户订单号',
      '第三方订单号',
      '店铺订单编号',
      'order no',
      'order number',
      'order id',
      'order sn',
      'orderSn',
    ],
  },
  consignee: {
    'zh-CN': '收货人',
    en: 'Consignee',
    synonyms: ['收件人', '收货人姓名', '收件人姓名', '联系人', '姓名', 'name', 'recipient', 'receiver'],
  },
  phone: {
    'zh-CN': '手机号',
    en: 'Phone',
    synonyms: [
      '电话',
      '手机',
      '手机号码',
      '联系电话',
      '联系方式',
      '收货人手机',
      '收货人电话',
      '收件人手机',
      '收件人电话',
      // Taobao's and Tmall's order export (联系电话 is the landline beside it).
      '联系手机',
      '收货人手机号',
      '收件人手机号',
      'mobile',
      'tel',
      'telephone',
      'phone number',
      'mobile phone',
    ],
  },
  province: { 'zh-CN': '省份', en: 'Province', synonyms: ['省', '所在省', 'state'] },
  city: { 'zh-CN': '城市', en: 'City', synonyms: ['市', '所在市'] },
  area: { 'zh-CN': '区县', en: 'District', synonyms: ['区', '县', '区/县', '所在区', 'county', 'area'] },
  street: { 'zh-CN': '街道', en: 'Street', synonyms: ['乡镇', '街道/乡镇', '乡镇/街道', 'town'] },
  description: {
    'zh-CN': '详细地址',
    en: 'Address detail',
    synonyms: ['地址', '收货地址', '详细收货地址', '收件地址', 'address', 'address line', 'detail address', 'detailed address'],
  },
  product: {
    'zh-CN': '商品ID或SKU ID',
    en: 'Product or SKU id',
    synonyms: ['商品ID', '商品编号', 'SKU', 'SKU ID', 'SKUID', '规格ID', 'product id', 'goods id', 'item id', 'product'],
  },
  spec: { 'zh-CN': '规格', en: 'Spec', synonyms: ['规格名称', '商品规格', '属性', 'specification', 'variant', 'option'] },
  quantity: { 'zh-CN': '数量', en: 'Quantity', synonyms: ['件数', '购买数量', '商品数量', 'qty', 'count'] },
  sale: {
    'zh-CN': '实付金额',
    en: 'Buyer paid',
    synonyms: [
      '实付款',
      '买家实付',
      '买家实付金额',
      '买家实际支付金额',
      '实收金额',
      '实付',
      '订单实付金额',
      '支付金额',
      '付款金额',
      '成交金额',
      '订单金额',
      'amount paid',
      'paid amount',
      'buyer paid amount',
      'paid',
      'sale',
      'sale amount',
      'order total',
      'total paid',
    ],
  },
  note: { 'zh-CN': '备注', en: 'Note', synonyms: ['买家留言', '留言', '订单备注', '买家备注', 'remark', 'remarks', 'memo', 'notes'] },
};

/** A trailing note in brackets, as templates mark columns: "(必填)", "（选填）", "[required]", "【必填】". */
const TRAILING_NOTE = /[([【][^()[\]【】]*[)\]】]$/;

/**
 * A header as it is compared: NFKC (full-width letters, digits, brackets and colons become plain),
 * lower case, without trailing bracket notes, and without spaces, `_`, `-`, `*` and `:` anywhere.
 */
export function headerKey(text: string): string {
  let s = text.normalize('NFKC').toLowerCase().trim();
  for (let prev = ''; prev !== s;) {
    prev = s;
    s = s.replace(TRAILING_NOTE, '').replace(/[\s_*:-]+$/, '');
  }
  return s.replace(/[\s_*:-]/g, '');
}

const KEYS: ReadonlyMap<string, Column> = (() => {
  const m = new Map<string, Column>();
  for (const c of COLUMNS) {
    const h = HEADERS[c];
    for (const name of [h['zh-CN'], h.en, c, ...h.synonyms]) {
      const k = headerKey(name);
      // A name listed under two columns would be a mistake in the table above: the first keeps it.
      if (!m.has(k)) m.set(k, c);
    }
  }
  return m;
})();

/** The column a header's text names, if any. */
export function columnOf(text: string): Column | undefined {
  return KEYS.get(headerKey(text));
}

/**
 * Where each column is in a sheet's header. The first header naming a column wins; a later one naming
 * the same column is reported in `duplicate` (its cells are not read). `unknown` holds the headers that
 * name no column (as written, blank ones left out); `missing` the required columns not found.
 */
export function mapHeaders(header: string[]): {
  index: Partial<Record<Column, number>>;
  missing: Column[];
  unknown: string[];
  duplicate: Column[];
} {
  const index: Partial<Record<Column, number>> = {};
  const unknown: string[] = [];
  const duplicate: Column[] = [];
  header.forEach((text, i) => {
    const k = headerKey(text ?? '');
    if (!k) return;
    const c = KEYS.get(k);
    if (!c) unknown.push(text.trim());
    else if (index[c] !== undefined) {
      if (!duplicate.includes(c)) duplicate.push(c);
    } else index[c] = i;
  });
  const missing = REQUIRED_COLUMNS.filter((c) => index[c] === undefined);
  return { index, missing, unknown, duplicate };
}
