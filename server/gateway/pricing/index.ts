export { pricingMigrations } from './tables';
export { pricingRoutes, settingsInWords } from './routes';
export { PricingStore, PricingRefused } from './store';
export { readSettings, retailOf, ruleSql, retailSql, skuRetailSql } from './retail';
