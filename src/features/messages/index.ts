/**
 * The face of the messages feature: the unread badge and the live event stream for the app bar
 * (small, in the first page) and the inbox page (lazy). The texts (./locales) are registered by
 * the page and the toasts on first use: not exported here, so they stay out of the first download.
 */
export { MessagesBadge } from './components/messages-badge';
export { LiveEvents } from './components/live-events';
export { messageKeys, unreadQuery } from './api/queries';
