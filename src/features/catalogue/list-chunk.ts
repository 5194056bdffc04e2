import { PHONE_MEDIA } from '../../../contract/constants';
import { lazyNamed } from '../../lib/lazy';
import { GoodsCards } from '../../components/goods-cards-chunk';

/** The catalogue page's filters and list, loaded as a chunk of their own (see routes/catalogue-page.tsx). */
export const CatalogueList = lazyNamed(() => import('./routes/catalogue-list'), 'CatalogueList');

/**
 * Starts loading the catalogue's filters and list: at start-up on /catalogue, beside the first page.
 * A phone also needs the cards: asked for together, not after the list's chunk has arrived.
 */
export const preloadCatalogueList = () => {
  CatalogueList.preload();
  if (typeof window !== 'undefined' && window.matchMedia?.(PHONE_MEDIA).matches) GoodsCards.preload();
};
