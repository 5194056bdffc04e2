/** The face of the after-sale feature: what other parts of the app may use. Kept light: it is imported by the first page. */
// Its texts (./locales) load with its lazy pages: src/app/i18n.ts. Re-exporting them here would put them in the first download.
export { afterSaleKeys } from './api/keys';
export { AfterSaleLineAction } from './line-action';
