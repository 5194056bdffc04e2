/** The face of the after-sale feature: what other parts of the app may use. */
export { afterSaleLocales } from './locales';
export { afterSaleKeys, optionsQuery as afterSaleOptionsQuery } from './api/queries';
export { AfterSaleEntry } from './components/after-sale-entry';
export type { LineInfo as AfterSaleLine } from './components/wizard/schema';
