/**
 * The face of the messages feature: the unread badge and the live event stream for the app bar
 * (small, in the first page) and the inbox page (lazy). The texts (./locales) are registered by
 * the page and the toasts on first use: not exported here, so they stay out of the first download.
 */
export { MessagesBadge } from './components/messages-badge';
export { LiveEvents } from './components/live-events';
export { messageKeys, unreadQuery } from './api/queries';
/** Adds the messages texts to i18next (their own chunk): for another feature that names message kinds. */
export const loadMessagesTexts = (i18n: import('i18next').i18n) => import('./texts').then((m) => m.registerMessagesTexts(i18n));
