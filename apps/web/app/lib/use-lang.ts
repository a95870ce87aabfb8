import type { Language } from '@app/shared/constants';
import { useWords } from './words';

/** The page language (one i18n instance per language), for links inside components. */
export function useLang(): Language {
  return useWords().lang;
}
