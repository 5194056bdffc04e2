/** The face of the catalogue feature: what other parts of the app may use. */
export { catalogueLocales } from './locales';
export { catalogueKeys, onlineListQuery } from './api/queries';
export { GoodsDrawer, ListGoodsDrawer, useOpenGoods } from './components/goods-drawer';
export { catalogueListAt } from './first-list';
export { preloadCatalogueList } from './list-chunk';
