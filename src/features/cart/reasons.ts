import type { TFunction } from 'i18next';
import { formatFen } from '../../lib/money';

/**
 * Why the supplier will not sell a line, in the person's language. The supplier's reasons are
 * Chinese sentences (some with amounts in fen); the known ones are read and said again in words,
 * anything else is quoted.
 */
export function reasonWords(t: TFunction, reason: string, lang: string, prices: { now?: number; was?: number } = {}): string {
  const region = /不支持配送至\s*(.+?)\s*$/.exec(reason);
  if (region) return t('cart:reason.region', { region: region[1] });
  if (/下架/.test(reason)) return t('cart:reason.offSale');
  const short = /库存不足[（(]剩余\s*(\d+)/.exec(reason);
  if (short) return t('cart:reason.stockShort', { left: Number(short[1]) });
  if (/无货|库存不足/.test(reason)) return t('cart:reason.noStock');
  if (/价格已变动/.test(reason)) {
    const m = /当前协议价\s*(\d+)\s*分.*下单价\s*(\d+)\s*分/.exec(reason);
    const now = prices.now ?? (m ? Number(m[1]) : undefined);
    const was = prices.was ?? (m ? Number(m[2]) : undefined);
    return t('cart:reason.priceChanged', { now: formatFen(now, lang), was: formatFen(was, lang) });
  }
  if (/规格不存在/.test(reason)) return t('cart:reason.noSku');
  return t('cart:reason.other', { msg: reason });
}

export const isPriceChange = (reason: string) => /价格已变动/.test(reason);

export interface NotSoldReason {
  key: 'offSale' | 'noStock' | 'stockShort' | 'region';
  /** Units left, when the stock is short. */
  left?: number;
}

/**
 * Why the supplier will not sell an SKU to an address, as far as the product detail tells: the goods or
 * the SKU off sale, no stock, less stock than asked for; otherwise it is the region. Said with
 * `cart:reason.<key>` ({{left}}, {{region}}).
 */
export function whyNotSold(
  goods: { status: number } | undefined,
  option: { status?: number; stock: number } | undefined,
  number: number,
): NotSoldReason {
  if (!goods || !option || goods.status !== 1 || option.status === 0) return { key: 'offSale' };
  if (option.stock <= 0) return { key: 'noStock' };
  if (option.stock < number) return { key: 'stockShort', left: option.stock };
  return { key: 'region' };
}
