/** The face of the overview feature: what other parts of the app may use (the page itself is a lazy route: src/app/pages.ts). */
import { lazyNamed } from '../../lib/lazy';

/** The merchant's figures over the catalogue: its code and texts load only for the people who see it. */
export const MerchantStrip = lazyNamed(() => import('./components/merchant-strip'), 'MerchantStrip');
