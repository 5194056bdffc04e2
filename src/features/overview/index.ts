/** The face of the overview feature: what other parts of the app may use (the page itself is a lazy route: src/app/pages.ts). */

/**
 * The merchant's figures over the catalogue: its room is drawn with the catalogue (a few lines in the
 * first download), its code, texts and figures load only for the people who see it.
 */
export { MerchantStrip } from './components/merchant-strip-room';
