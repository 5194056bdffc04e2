/** The face of the goods watch: price history for the product detail, the at-risk figure, its minimum profit rate (the inbox's low-profit flag), query keys for live events. */
// Its texts (./locales) load with its lazy page and sections: src/app/i18n.ts.
export { PriceHistory } from './components/price-history';
export { watchKeys, summaryQuery, rulesQuery, changedQuery, changedLibraryQuery, fetchAllChanged } from './api';
