/**
 * The face of the logistics feature: a goods line's parcel timeline and confirming its receipt.
 * The components load on first use: the app imports this face for its texts, and the dialog and
 * timeline stay out of the first page.
 */
import { lazyNamed } from '../../lib/lazy';

// Its texts (./locales) load with its lazy pages: src/app/i18n.ts. Re-exporting them here would put them in the first download.
export { logisticKeys, traceQuery } from './api/queries';
export const TraceTimeline = lazyNamed(() => import('./components/trace-timeline'), 'TraceTimeline');
export const TrackingNumber = lazyNamed(() => import('./components/trace-timeline'), 'TrackingNumber');
export const ConfirmReceiptButton = lazyNamed(() => import('./components/confirm-receipt'), 'ConfirmReceiptButton');
