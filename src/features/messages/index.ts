/**
 * The face of the messages feature: the unread badge and the live event stream for the app bar
 * (small, in the first page), the inbox page (lazy), and the texts (registered by the page and
 * the toasts on first use, not in the first download).
 */
export { MessagesBadge } from './components/messages-badge';
export { LiveEvents } from './components/live-events';
export { messageKeys } from './api/queries';
export { messagesLocales } from './locales';
