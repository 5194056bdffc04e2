import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n, type Language } from '../app/i18n';

/** Renders a component with the real translations, in one language. */
export function renderIn(lang: Language, ui: ReactElement) {
  const i18n = createI18n(lang);
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}
