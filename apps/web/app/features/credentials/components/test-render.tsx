import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { testI18n } from '#test/render';

/** Renders with an i18n instance of the language (component tests). */
export function renderInLanguage(ui: ReactNode, language: 'en' | 'de' = 'en') {
  const i18n = testI18n(language);
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}
