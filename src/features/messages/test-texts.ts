import i18next, { type TFunction } from 'i18next';
import { messagesLocales } from './locales';

/** For tests: the inbox's texts in each language, ready at once (no backend, no React). */
export function messagesTexts(): { en: TFunction<'messages'>; zh: TFunction<'messages'> } {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: 'en',
    fallbackLng: false,
    ns: ['messages'],
    defaultNS: 'messages',
    resources: { en: { messages: messagesLocales.en }, 'zh-CN': { messages: messagesLocales['zh-CN'] } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return {
    en: i18n.getFixedT('en', 'messages') as TFunction<'messages'>,
    zh: i18n.getFixedT('zh-CN', 'messages') as TFunction<'messages'>,
  };
}
