/** The face of the logistics feature: a goods line's parcel timeline and confirming its receipt. */
export { logisticsLocales } from './locales';
export { logisticKeys, traceQuery } from './api/queries';
export { TraceTimeline, TrackingNumber } from './components/trace-timeline';
export { ConfirmReceiptButton } from './components/confirm-receipt';
