import i18n, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { appLocales } from './locales';
import { LANGUAGE_COOKIE, pickLanguage } from '../../contract/constants';
import { mirrorToCookie } from '../lib/cookie';
import { loadChunk } from '../lib/server-probe';
// The texts' own modules, not the features' faces (which would bring their components into the first download).
import { catalogueLocales } from '../features/catalogue/locales';

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = 'supply-desk.language';

/** The remembered choice, else the browser's, else Chinese. */
export function initialLanguage(): Language {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(STORAGE_KEY);
  } catch {
    /* storage unavailable (private mode): the browser's languages decide */
  }
  return pickLanguage(saved, typeof navigator !== 'undefined' ? (navigator.languages ?? [navigator.language]) : []);
}

export function rememberLanguage(lang: Language) {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    /* not remembered, still switched */
  }
  mirrorToCookie(LANGUAGE_COOKIE, lang);
  document.documentElement.lang = lang;
}

type Texts = Record<Language, object>;

/**
 * Texts of features that the first page does not show travel with their lazy pages and popups
 * instead of in the first download. `useTranslation('<ns>')` suspends until they are in (the route's
 * Suspense shows its progress bar meanwhile); the router starts loading them together with the page
 * (`preloadTexts`), so no extra round trip follows the page's chunk. Both languages come in one
 * module, so a language switch only waits for a microtask.
 */
const LAZY_TEXTS: Record<string, () => Promise<Texts>> = {
  selection: () => import('../features/selection/locales').then((m) => m.selectionLocales),
  logistics: () => import('../features/logistics/locales').then((m) => m.logisticsLocales),
  afterSale: () => import('../features/after-sale/locales').then((m) => m.afterSaleLocales),
  orders: () => import('../features/orders/locales').then((m) => m.ordersLocales),
  // The app bar's account menu and balance (drawn after the first paint) and the account pages.
  account: () => import('../features/account/locales').then((m) => m.accountLocales),
  money: () => import('../features/account/money-locales').then((m) => m.moneyLocales),
  // The cart badge (after the first paint), adding to the cart from a list or a product, the cart page.
  cart: () => import('../features/cart/locales').then((m) => m.cartLocales),
  overview: () => import('../features/overview/locales').then((m) => m.overviewLocales),
  keyboard: () => import('../features/keyboard/locales').then((m) => m.keyboardLocales),
  imports: () => import('../features/imports/locales').then((m) => m.importsLocales),
  // The goods watch: the at-risk page and the product detail's price history.
  watch: () => import('../features/watch/locales').then((m) => m.watchLocales),
  // Pricing: its page, and the library rows' price editor.
  pricing: () => import('../features/pricing/locales').then((m) => m.pricingLocales),
  // Support's exceptions: the work queue's list and the order detail's cases.
  exceptions: () => import('../features/exceptions/locales').then((m) => m.exceptionsLocales),
  // Packages to hand to the shops: the shipments page and its dialogs.
  shipments: () => import('../features/shipments/locales').then((m) => m.shipmentsLocales),
};
export type LazyNamespace =
  | 'selection'
  | 'logistics'
  | 'afterSale'
  | 'orders'
  | 'account'
  | 'money'
  | 'cart'
  | 'overview'
  | 'keyboard'
  | 'imports'
  | 'watch'
  | 'pricing'
  | 'exceptions'
  | 'shipments';
export const LAZY_NAMESPACES = Object.keys(LAZY_TEXTS) as LazyNamespace[];

const lazyTexts: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (lng, ns, done) => {
    const load = LAZY_TEXTS[ns];
    // Not ours (a feature that registers its own texts): leave its bundle alone.
    if (!load) return done(null, null);
    load().then(
      (texts) => done(null, (texts[lng as Language] ?? texts.en) as Record<string, string>),
      (e: unknown) => done(e instanceof Error ? e : new Error(String(e)), null),
    );
  },
};

let active: I18n | undefined;
let created: (instance: I18n) => void = () => {};
const firstInstance = new Promise<I18n>((resolve) => (created = resolve));
let moreTexts: Promise<void> | undefined;

/**
 * The rest of the `app` namespace (locales-more.ts: the app bar's tools, the shared goods table,
 * filters and pager, the error and form-rule sentences), which the first page does not draw: it
 * comes in its own download beside the first page, and is added to the app's i18n instance. main.tsx
 * makes every lazy part wait for it (lib/lazy.ts), so nothing that uses these texts draws before
 * they are in; the first page itself (the catalogue's header) does not wait.
 */
export function appTextsLoaded(): Promise<void> {
  return (moreTexts ??= Promise.all([loadChunk(() => import('./locales-more')), firstInstance])
    .then(([{ appMoreLocales }, instance]) => {
      for (const lang of LANGUAGES) instance.addResourceBundle(lang, 'app', appMoreLocales[lang], true, false);
    })
    .catch((error: unknown) => {
      moreTexts = undefined;
      throw error;
    }));
}

/** Starts loading texts a lazy page or popup will need, alongside its code. */
export function preloadTexts(...ns: LazyNamespace[]): Promise<void> {
  // Asked for before the instance exists (boot.ts runs a task before main.tsx makes it): loads once it does.
  return (active ? Promise.resolve(active) : firstInstance).then((i) => i.loadNamespaces(ns)).catch(() => undefined);
}

/**
 * The i18n instance. `preloaded`: texts of lazy namespaces to have at once, and `appMore` the rest of
 * the `app` namespace (unit tests render lazy components without a Suspense boundary).
 */
export function createI18n(
  lang: Language = initialLanguage(),
  preloaded: Partial<Record<LazyNamespace, Texts>> = {},
  appMore?: Record<Language, object>,
) {
  // The gateway paints the page's header in this language next time (server/shell-page.ts).
  mirrorToCookie(LANGUAGE_COOKIE, lang);
  const instance = i18n.createInstance();
  const extra = (l: Language) => Object.fromEntries(Object.entries(preloaded).map(([ns, texts]) => [ns, texts[l]]));
  void instance
    .use(initReactI18next)
    .use(lazyTexts)
    .init({
      lng: lang,
      fallbackLng: 'en',
      supportedLngs: LANGUAGES,
      ns: ['app', 'catalogue', ...Object.keys(preloaded)],
      defaultNS: 'app',
      // The bundled namespaces below, the lazy ones through the backend above.
      partialBundledLanguages: true,
      resources: {
        en: {
          app: { ...appLocales.en, ...appMore?.en },
          catalogue: catalogueLocales.en,
          ...extra('en'),
        },
        'zh-CN': {
          app: { ...appLocales['zh-CN'], ...appMore?.['zh-CN'] },
          catalogue: catalogueLocales['zh-CN'],
          ...extra('zh-CN'),
        },
      },
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  active = instance;
  created(instance);
  return instance;
}
