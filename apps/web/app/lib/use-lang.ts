import type { Language } from '@app/shared/constants';
import { useTranslation } from 'react-i18next';

/** The page language from the i18n instance (one per language), for links inside components. */
export function useLang(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'de' ? 'de' : 'en';
}
