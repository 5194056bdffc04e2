import type { TFunction } from 'i18next';

/**
 * The supplier's known refusals of an after-sale pre-check (upstream-api.md #20; the sandbox's
 * after-sale.ts says the same sentences), so the line says why in the person's language; a sentence
 * not known is quoted as the supplier's.
 */
const KNOWN: [RegExp, 'cancelled' | 'unpaid' | 'inTransit' | 'expired' | 'nothingOpen'][] = [
  [/已取消/, 'cancelled'],
  [/未支付/, 'unpaid'],
  [/运输中/, 'inTransit'],
  [/超过售后期/, 'expired'],
  [/无可申请售后的数量/, 'nothingOpen'],
];

export function entryRefusal(t: TFunction, msg: string): string {
  const known = KNOWN.find(([re]) => re.test(msg))?.[1];
  if (known === 'nothingOpen') return t('afterSale:entry.nothingOpen');
  return known ? t(`afterSale:entry.refused.${known}`) : t('afterSale:entry.refused.other', { msg });
}
