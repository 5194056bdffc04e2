import type { TFunction } from 'i18next';
import { isMessageType, WATCH_MESSAGE_TYPE, type InboxMessage, type MessageGoodsRef } from '../../../contract/message-kinds';
import type { WatchRiskData } from '../../../contract/schemas/watch';
import { source } from '../../../contract/enums/source';
import { formatFen, formatRate } from '../../lib/money';
import { changedAsShown } from '../../lib/before-after';

type Lang = 'zh-CN' | 'en';

export interface SentenceLink {
  /** A path in the app: the order, the after-sale record or the product page. */
  to: string;
  label: string;
  kind: 'order' | 'afterSale' | 'goods' | 'shipments';
}

export interface Sentence {
  text: string;
  links: SentenceLink[];
  /**
   * A repriced product fell below the goods watch's minimum profit rate (its own, else the
   * library's): that minimum (the highest if several products fell below theirs); null: no flag.
   */
  lowProfit: number | null;
}

/** How many products a goods message names in its sentence before "and N more". */
export const GOODS_NAMED = 3;

const GOODS_KEYS: Record<string, string> = {
  'goods.undercarriage': 'undercarriage',
  'goods.on.sale': 'onSale',
  'goods.alter': 'alter',
  'goods.price.alter': 'priceAlter',
  'goods.storage.add': 'storageAdd',
  'goods.storage.remove': 'storageRemove',
  'goods.storage.delete': 'storageDelete',
};

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** The path of an order: its page by platform number, or the list searched by the merchant number. */
export function orderPath(thirdSn: string, sn?: string) {
  return sn ? `/orders/${encodeURIComponent(sn)}` : `/orders?third=${encodeURIComponent(thirdSn)}`;
}

/**
 * One message as a sentence in the person's language, with links to what it is about. Works from
 * the pushed data alone, and says more (title, channel, courier, prices) once the gateway linked
 * the message to its order, after-sale record or products.
 */
export function messageSentence(
  m: Pick<InboxMessage, 'type' | 'group' | 'data' | 'refs'>,
  t: TFunction<'messages'>,
  lang: Lang,
  opts: {
    minRateOf?: (goodsId: number) => number | null;
    /** The person hands packages to the shops (`shipments.use`): a shipped line links to that page too. */
    shipments?: boolean;
  } = {},
): Sentence {
  const refs = m.refs ?? {};
  const links: SentenceLink[] = [];
  if (m.group === 'orders' || m.group === 'afterSale') {
    const thirdSn = str(m.data.orderSn);
    const order = refs.order;
    const sku = str(m.data.sku);
    const title = order?.title;
    const orderLink: SentenceLink = { to: orderPath(thirdSn, order?.sn), label: t('refs.order', { sn: thirdSn }), kind: 'order' };
    if (m.group === 'afterSale') {
      const id = str(m.data.afterSaleId);
      const verb = m.type.slice('afterSale.'.length);
      links.push({ to: `/after-sale/${encodeURIComponent(id)}`, label: t('refs.afterSale', { id }), kind: 'afterSale' }, orderLink);
      const key = `sentence.afterSale.${verb}${title ? '' : 'Bare'}`;
      return { text: t(key, { id, order: thirdSn, title, sku }), links, lowProfit: null };
    }
    links.push(orderLink);
    if (m.type === 'order.delivery' && opts.shipments) links.push({ to: '/shipments', label: t('refs.shipments'), kind: 'shipments' });
    const verb = m.type.slice('order.'.length);
    if (verb === 'delivery' && order?.title && order.quantity !== undefined) {
      const text = t('sentence.order.delivery', {
        order: thirdSn,
        source: order.source !== undefined ? source.label(order.source, lang) : '',
        count: order.quantity,
        title: order.title,
        courier: order.courier ?? '',
        trackingNo: order.trackingNo ?? '',
      });
      return { text: text.replace(/\s+([，,。.])/g, '$1').replace(/[，,]\s*[。.]$/, lang === 'en' ? '.' : '。'), links, lowProfit: null };
    }
    const key = `sentence.order.${verb}${title ? '' : 'Bare'}`;
    return { text: t(key, { order: thirdSn, title, sku }), links, lowProfit: null };
  }
  if (m.type === WATCH_MESSAGE_TYPE && m.group === 'goods') return watchSentence(m.data as unknown as WatchRiskData, t, lang);
  if (m.group === 'goods') {
    const ids = Array.isArray(m.data.goodsIds) ? (m.data.goodsIds as unknown[]).map(Number).filter(Number.isFinite) : [];
    const byId = new Map<number, MessageGoodsRef>((refs.goods ?? []).map((g) => [g.id, g]));
    let lowProfit: number | null = null;
    const priced = m.type === 'goods.price.alter';
    const items = ids.map((id) => {
      const g = byId.get(id);
      const item = g?.title ? t('sentence.goods.item', { title: g.title }) : t('sentence.goods.itemBare', { id });
      const rate = priced ? g?.profitRate : undefined;
      const min = rate !== undefined ? (opts.minRateOf?.(id) ?? null) : null;
      if (rate !== undefined && min !== null && rate < min) lowProfit = Math.max(lowProfit ?? min, min);
      if (priced && g?.agreementPrice !== undefined) {
        return t('sentence.goods.priced', { item, price: formatFen(g.agreementPrice, lang), rate: formatRate(g.profitRate, lang) });
      }
      return item;
    });
    for (const id of ids) {
      const title = byId.get(id)?.title;
      links.push({ to: `/catalogue/goods/${id}`, label: title ?? t('refs.goods', { id }), kind: 'goods' });
    }
    const named = items.slice(0, GOODS_NAMED);
    const sep = lang === 'en' ? ', ' : '、';
    let list = named.length ? named.join(sep) : t('sentence.goods.none');
    if (items.length > GOODS_NAMED) list = t('sentence.goods.more', { list, count: items.length - GOODS_NAMED });
    const key = GOODS_KEYS[m.type] ?? 'alter';
    // The library cleared counts its products; the others name one product or count several.
    const text = t(`sentence.goods.${key}${key === 'storageDelete' || ids.length === 1 ? '' : 'Many'}`, { count: ids.length, list });
    // The library was cleared: nothing is left to open.
    return { text, links: m.type === 'goods.storage.delete' ? [] : links, lowProfit };
  }
  return { text: t('sentence.unknown', { type: m.type }), links, lowProfit: null };
}

/**
 * The goods watch's own message: a change put a library goods at risk. Says why (the SKU with the
 * lowest profit rate now, with its new agreement price, for a minimum it fell below), with links to
 * the At risk page and the goods.
 */
function watchSentence(d: WatchRiskData, t: TFunction<'messages'>, lang: Lang): Sentence {
  const id = Number(d.goodsIds?.[0]);
  const skus = Array.isArray(d.skus) ? d.skus : [];
  const reasons = (Array.isArray(d.reasons) ? d.reasons : []).map((r) => {
    if (r !== 'below-margin') return t(r === 'off-sale' ? 'sentence.watch.offSale' : 'sentence.watch.outOfStock');
    const worst = skus
      .filter((s) => s.reasons.includes('below-margin'))
      .reduce<WatchRiskData['skus'][number] | null>((a, s) => (a === null || (s.rateAfter ?? 0) < (a.rateAfter ?? 0) ? s : a), null);
    const after = formatRate(worst?.rateAfter, lang);
    const before = worst?.rateBefore == null ? null : formatRate(worst.rateBefore, lang);
    // "(was …)" only when the rate shown before differs from the one shown now.
    return t(changedAsShown(before, after) ? 'sentence.watch.belowMargin' : 'sentence.watch.belowMarginNow', {
      price: formatFen(worst?.agreementPrice, lang),
      after,
      before,
      min: formatRate(d.minRate, lang),
      // The price the rate is reckoned on (issue 53): the merchant's own, its rule's, or the guide
      // price; messages written before it carry none and read as they did.
      retail:
        worst?.retail == null || worst.retailSource === undefined
          ? ''
          : t(`sentence.watch.retail.${worst.retailSource}`, { price: formatFen(worst.retail, lang) }),
    });
  });
  const title = d.title || t('refs.goods', { id });
  return {
    text: t('sentence.watch.risk', { title, reasons: reasons.join(lang === 'en' ? '; ' : '；') }),
    links: [
      { to: '/at-risk', label: t('refs.atRisk'), kind: 'goods' },
      { to: `/catalogue/goods/${id}`, label: title, kind: 'goods' },
    ],
    // The low-profit flag is for repriced products; the watch's own message says its minimum in the text.
    lowProfit: null,
  };
}

/** The kind of a message in words ("Shipped"), "Unknown message" for kinds the upstream added later. */
export function typeLabel(type: string, t: TFunction<'messages'>): string {
  return isMessageType(type) || type === WATCH_MESSAGE_TYPE ? t(`types.${type}`) : t('types.unknown');
}
