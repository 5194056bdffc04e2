/**
 * The face of shipments (packages to hand to the shops): its page loads lazily (src/app/pages.ts);
 * other places read how many packages wait (the merchant's strip) and refresh them by its keys.
 */
// Its texts (./locales) load with its lazy page: src/app/i18n.ts.
export { shipmentKeys, toShopCountQuery } from './keys';
