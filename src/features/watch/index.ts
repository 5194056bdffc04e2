/** The face of the goods watch: price history for the product detail, the at-risk figure, query keys for live events. */
// Its texts (./locales) load with its lazy page and sections: src/app/i18n.ts.
export { PriceHistory } from './components/price-history';
export { watchKeys, summaryQuery, changedQuery, changedLibraryQuery, fetchAllChanged } from './api';
