/** The face of the cart feature: the cart badge, adding to the cart, and the checkout (lazy). */
import { lazyNamed } from '../../lib/lazy';

// Its texts (./locales) load with the pages and popups that show them: src/app/i18n.ts.
export { CartBadge } from './components/cart-badge';
export { cartKeys, linesOfOrder, useAddToCart } from './api/cart';
export { regionsQuery } from './api/regions';
/** SKU, quantity and "add to cart" for a product detail. */
export const AddToCart = lazyNamed(() => import('./components/add-to-cart'), 'AddToCart');
/** "Add to cart" for selected rows of a goods list: a dialog to choose each product's SKU. */
export const AddToCartDialog = lazyNamed(() => import('./components/add-to-cart-dialog'), 'AddToCartDialog');
export { reasonWords, whyNotSold, type NotSoldReason } from './reasons';
/** Consignee, phone, province / city / district from the division list, street and detail, for a form of `AddressValues`. */
export const AddressFields = lazyNamed(() => import('./components/address-form'), 'AddressFields');
