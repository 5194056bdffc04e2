/**
 * The face of support's exceptions (issue 52): the work queue's list (drawn with the queue page, its
 * landing), the order detail's cases (lazy: they load with the order), the queries and keys. Its texts
 * (./locales, namespace `exceptions`) load with the pages that use them: src/app/i18n.ts.
 */
import { lazyNamed } from '../../lib/lazy';
export { ExceptionsQueue } from './components/exceptions-queue';
export { exceptionKeys, exceptionsListQuery, orderExceptionsQuery } from './api/queries';
export { parseExceptionsView, exceptionsViewToParams, exceptionsViewToQuery, type ExceptionsView } from './url-state';
export { ageWords } from './words';
/** An order's exceptions with their notes and steps: drawn in the order detail, its code loads with it. */
export const OrderExceptions = lazyNamed(() => import('./components/order-exceptions'), 'OrderExceptions');
