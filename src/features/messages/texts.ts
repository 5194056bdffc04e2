import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { messagesLocales } from './locales';

/**
 * The 'messages' texts are not part of the first download: the inbox page and the live toasts add
 * them to i18next when they first load (both languages, so switching needs nothing more).
 */
export function registerMessagesTexts(i18n: I18n) {
  for (const lang of ['en', 'zh-CN'] as const) {
    if (!i18n.hasResourceBundle(lang, 'messages')) i18n.addResourceBundle(lang, 'messages', messagesLocales[lang], true, false);
  }
}

export function useMessagesTranslation() {
  const { i18n } = useTranslation();
  registerMessagesTexts(i18n);
  return useTranslation('messages');
}
