import { describe, expect, it } from 'vitest';
import { appLocales } from './locales';
import { appMoreLocales } from './locales-more';
import { accountLocales } from '../features/account/locales';
import { moneyLocales } from '../features/account/money-locales';
import { ordersLocales } from '../features/orders/locales';
import { logisticsLocales } from '../features/logistics/locales';
import { catalogueLocales } from '../features/catalogue';
import { selectionLocales } from '../features/selection/locales';
import { afterSaleLocales } from '../features/after-sale/locales';
import { cartLocales } from '../features/cart/locales';
import { overviewLocales } from '../features/overview/locales';
import { keyboardLocales } from '../features/keyboard/locales';
// Not through the feature's face: the messages texts stay out of the first page (they load with the inbox).
import { messagesLocales } from '../features/messages/locales';
import { importsLocales } from '../features/imports/locales';
import { watchLocales } from '../features/watch/locales';
import { pricingLocales } from '../features/pricing/locales';
import { exceptionsLocales } from '../features/exceptions/locales';
import { shipmentsLocales } from '../features/shipments/locales';

/** Every key path of a nested texts object, e.g. `pager.next`. */
function keys(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

/** Every text of a nested texts object. */
function values(texts: object): string[] {
  return Object.values(texts).flatMap((v) => (v && typeof v === 'object' ? values(v as object) : [String(v)]));
}

describe('texts', () => {
  const namespaces = {
    app: appLocales,
    appMore: appMoreLocales,
    account: accountLocales,
    catalogue: catalogueLocales,
    selection: selectionLocales,
    orders: ordersLocales,
    logistics: logisticsLocales,
    money: moneyLocales,
    afterSale: afterSaleLocales,
    cart: cartLocales,
    overview: overviewLocales,
    keyboard: keyboardLocales,
    messages: messagesLocales,
    imports: importsLocales,
    watch: watchLocales,
    pricing: pricingLocales,
    exceptions: exceptionsLocales,
    shipments: shipmentsLocales,
  };

  // A key missing in Chinese shows English to a Chinese reader; one missing in English shows the raw key.
  it('both languages have exactly the same keys in every namespace', () => {
    for (const [ns, texts] of Object.entries(namespaces)) {
      expect(keys(texts['zh-CN']).sort(), ns).toEqual(keys(texts.en).sort());
      expect(keys(texts.en).length, ns).toBeGreaterThan(10);
    }
  });

  // The build leaves i18next's built-in formatters out (tools/build/lean-libraries.ts): a value named
  // with a format ("{{price, currency}}") would be shown as it is. Money and dates are worded by the app.
  it('no text asks i18next to format a value', () => {
    for (const [ns, texts] of Object.entries(namespaces))
      for (const lang of ['en', 'zh-CN'] as const)
        expect(
          values(texts[lang]).filter((v) => /\{\{[^}]*,[^}]*\}\}/.test(v)),
          `${ns} ${lang}`,
        ).toEqual([]);
  });
});
