import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { appLocales } from './locales';
import { catalogueLocales } from '../features/catalogue';
import { accountLocales, moneyLocales } from '../features/account';
import { ordersLocales } from '../features/orders';
import { logisticsLocales } from '../features/logistics';
import { selectionLocales } from '../features/selection';
import { cartLocales } from '../features/cart';
import { afterSaleLocales } from '../features/after-sale';

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = 'supply-desk.language';

/** The remembered choice, else the browser's, else Chinese. */
export function initialLanguage(): Language {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved === 'en' || saved === 'zh-CN') return saved;
  } catch {
    /* storage unavailable (private mode): fall through */
  }
  const nav = typeof navigator !== 'undefined' ? (navigator.languages ?? [navigator.language]) : [];
  for (const l of nav) {
    if (l.toLowerCase().startsWith('zh')) return 'zh-CN';
    if (l.toLowerCase().startsWith('en')) return 'en';
  }
  return 'zh-CN';
}

export function rememberLanguage(lang: Language) {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    /* not remembered, still switched */
  }
  document.documentElement.lang = lang;
}

export function createI18n(lang: Language = initialLanguage()) {
  const instance = i18n.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    supportedLngs: LANGUAGES,
    ns: ['app', 'catalogue', 'account', 'selection', 'orders', 'logistics', 'money', 'afterSale', 'cart'],
    defaultNS: 'app',
    resources: {
      en: {
        app: appLocales.en,
        catalogue: catalogueLocales.en,
        account: accountLocales.en,
        selection: selectionLocales.en,
        orders: ordersLocales.en,
        logistics: logisticsLocales.en,
        money: moneyLocales.en,
        afterSale: afterSaleLocales.en,
        cart: cartLocales.en,
      },
      'zh-CN': {
        app: appLocales['zh-CN'],
        catalogue: catalogueLocales['zh-CN'],
        account: accountLocales['zh-CN'],
        selection: selectionLocales['zh-CN'],
        afterSale: afterSaleLocales['zh-CN'],
        orders: ordersLocales['zh-CN'],
        logistics: logisticsLocales['zh-CN'],
        money: moneyLocales['zh-CN'],
        cart: cartLocales['zh-CN'],
      },
    },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
