import { lazyNamed } from '../lib/lazy';

/** The goods as cards (what a phone shows), loaded as a chunk of their own when first needed. */
export const GoodsCards = lazyNamed(() => import('./goods-cards'), 'GoodsCards');
