import de from '@app/shared/i18n/de.json';
import en from '@app/shared/i18n/en.json';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';

/** Renders with an i18n instance of the language (component tests). */
export function renderInLanguage(ui: ReactNode, language: 'en' | 'de' = 'en') {
  const i18n = i18next.createInstance();
  i18n.use(initReactI18next).init({
    lng: language,
    resources: { [language]: { translation: language === 'de' ? de : en } },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}
