import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n, type Language } from '../app/i18n';
import { appMoreLocales } from '../app/locales-more';
import { selectionLocales } from '../features/selection/locales';
import { logisticsLocales } from '../features/logistics/locales';
import { afterSaleLocales } from '../features/after-sale/locales';
import { ordersLocales } from '../features/orders/locales';
import { accountLocales } from '../features/account/locales';
import { moneyLocales } from '../features/account/money-locales';
import { cartLocales } from '../features/cart/locales';
import { importsLocales } from '../features/imports/locales';
import { pricingLocales } from '../features/pricing/locales';

/** The texts the app loads with lazy pages (and the rest of `app`), here at once: a unit test renders without Suspense. */
const LAZY = {
  selection: selectionLocales,
  logistics: logisticsLocales,
  afterSale: afterSaleLocales,
  orders: ordersLocales,
  account: accountLocales,
  money: moneyLocales,
  cart: cartLocales,
  imports: importsLocales,
  pricing: pricingLocales,
};

/** Renders a component with the real translations, in one language (kept around it by `rerender` too). */
export function renderIn(lang: Language, ui: ReactElement) {
  const i18n = createI18n(lang, LAZY, appMoreLocales);
  return render(ui, { wrapper: ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider> });
}

/** The app's i18n with every text, in one language: for code that takes an i18n instance (live toasts). */
export const testI18n = (lang: Language) => createI18n(lang, LAZY, appMoreLocales);
