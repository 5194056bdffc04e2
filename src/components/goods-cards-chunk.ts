import type { GoodsCards as Cards } from './goods-cards';
import { lazyNamed } from '../lib/lazy';

/**
 * The goods as cards (what a phone shows), loaded as a chunk of their own when first needed. Typed as
 * the cards themselves: React.lazy's type drops their row type, which a caller's footer reads (the
 * library's on-sale mark).
 */
export const GoodsCards = lazyNamed(() => import('./goods-cards'), 'GoodsCards') as unknown as typeof Cards & { preload: () => void };
