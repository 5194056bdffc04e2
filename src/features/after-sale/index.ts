/** The face of the after-sale feature: what other parts of the app may use. Kept light: it is imported by the first page. */
export { afterSaleLocales } from './locales';
export { afterSaleKeys } from './api/keys';
export { AfterSaleLineAction } from './line-action';
