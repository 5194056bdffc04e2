import type { TFunction } from 'i18next';
import type { ImportRefusal } from '../../../contract';
import { formatFen } from '../../lib/money';

/** One part of a refusal in the person's language, amounts in yuan (the supplier's own words for an unknown one). */
function partText(t: TFunction, r: ImportRefusal, lang: string): string {
  switch (r.code) {
    case 'priceChanged':
      return t('imports:refusal.priceChanged', { now: formatFen(r.now, lang), was: formatFen(r.was, lang) });
    case 'region':
      return t('cart:reason.region', { region: r.region });
    case 'stockShort':
      return t('cart:reason.stockShort', { left: r.left });
    case 'offSale':
    case 'noStock':
    case 'noSku':
      return t(`cart:reason.${r.code}`);
    default:
      return t('cart:reason.other', { msg: r.text });
  }
}

/**
 * Why the supplier refused an order (its parts as the gateway read them), in the person's language:
 * "价格已变动：现价 ¥17.70，检查时 ¥16.90" / "Price changed: now ¥17.70, ¥16.90 when checked". Several
 * parts name their SKU. Without parts, the supplier's sentence as it came (`msg`).
 */
export function refusalText(t: TFunction, reasons: readonly ImportRefusal[], msg: string, lang: string): string {
  if (reasons.length === 0) return msg;
  const many = reasons.length > 1;
  return reasons
    .map((r) => {
      const text = partText(t, r, lang);
      return many && r.sku !== null && r.code !== 'other' ? t('imports:refusal.sku', { sku: r.sku, text }) : text;
    })
    .join(lang === 'en' ? '; ' : '；');
}

/**
 * The note beside an order's outcome on the job page and in the results sheet, in the person's
 * language: a refusal from its parts, an order the supplier had already and one placed without
 * money in words (the supplier's sentence says only 订单号已存在 / 余额不足); other notes as they came.
 */
export function outcomeNote(
  t: TFunction,
  o: { state: string; msg: string; reasons?: readonly ImportRefusal[] | null },
  lang: string,
): string {
  if (o.state === 'placed') return '';
  if (o.state === 'refused') return refusalText(t, o.reasons ?? [], o.msg, lang);
  if (o.state === 'already' || o.state === 'short') return t(`imports:refusal.${o.state}`);
  return o.msg;
}
