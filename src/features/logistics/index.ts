/**
 * The face of the logistics feature: a goods line's parcel timeline and confirming its receipt.
 * The components load on first use: the app imports this face for its texts, and the dialog and
 * timeline stay out of the first page.
 */
import { lazyNamed } from '../../lib/lazy';

export { logisticsLocales } from './locales';
export { logisticKeys, traceQuery } from './api/queries';
export const TraceTimeline = lazyNamed(() => import('./components/trace-timeline'), 'TraceTimeline');
export const TrackingNumber = lazyNamed(() => import('./components/trace-timeline'), 'TrackingNumber');
export const ConfirmReceiptButton = lazyNamed(() => import('./components/confirm-receipt'), 'ConfirmReceiptButton');
