/** The face of pricing: the library rows' price editor (lazy: its code loads when a row's prices are first opened) and the query keys. */
// Its texts (./locales) load with its lazy page and dialog: src/app/i18n.ts.
import { lazyNamed } from '../../lib/lazy';

export { pricingKeys } from './api';
export const GoodsPricesDialog = lazyNamed(() => import('./components/goods-prices-dialog'), 'GoodsPricesDialog');
