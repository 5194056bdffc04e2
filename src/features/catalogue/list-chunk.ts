import { lazyNamed } from '../../lib/lazy';

/** The catalogue page's filters and list, loaded as a chunk of their own (see routes/catalogue-page.tsx). */
export const CatalogueList = lazyNamed(() => import('./routes/catalogue-list'), 'CatalogueList');

/** Starts loading the catalogue's filters and list: at start-up on /catalogue, beside the first page. */
export const preloadCatalogueList = () => CatalogueList.preload();
