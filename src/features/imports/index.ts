/** The face of bulk orders: its pages load lazily (src/app/pages.ts); other features read its past imports through here. */
// Its texts (./locales) load with its lazy pages: src/app/i18n.ts.
export { importKeys, importListQuery } from './api';
