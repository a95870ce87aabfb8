import type { Language } from '@app/shared/constants';
import type { i18n as I18n, TFunction } from 'i18next';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { getI18n, I18nContext, useTranslation } from 'react-i18next';

/** The page's words: `t`, the i18next instance and the page language. */
export interface Words {
  t: TFunction;
  i18n: I18n;
  lang: Language;
}

const WordsContext = createContext<Words | null>(null);

/**
 * Translates once per page: the locale layout reads `useTranslation` here and shares its `t`
 * with every component below (`useWords`). A `useTranslation` per component cost a copy of the
 * i18next instance and a fixed `t` each, a dozen per directory card, on every server render.
 * When words arrive later (a catalog part) or the language changes, `t` changes and every
 * reader renders again, as with `useTranslation`.
 */
export function WordsProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'de' ? 'de' : 'en';
  const words = useMemo(() => ({ t: t as TFunction, i18n, lang }), [t, i18n, lang]);
  return <WordsContext.Provider value={words}>{children}</WordsContext.Provider>;
}

/** Words of an instance given without the provider (a component rendered alone, as in a test). */
const standalone = new WeakMap<I18n, Words>();

function wordsOf(i18n: I18n): Words {
  let words = standalone.get(i18n);
  if (!words) {
    words = {
      t: ((...args: Parameters<TFunction>) => i18n.t(...args)) as TFunction,
      i18n,
      get lang(): Language {
        return i18n.language === 'de' ? 'de' : 'en';
      },
    };
    standalone.set(i18n, words);
  }
  return words;
}

/** The page's words (WordsProvider), in place of `useTranslation()`. */
export function useWords(): Words {
  const shared = useContext(WordsContext);
  const context = useContext(I18nContext);
  if (shared) return shared;
  // Without a provider, the instance registered with initReactI18next, as useTranslation does.
  const i18n = context?.i18n ?? getI18n();
  if (!i18n) throw new Error('useWords without an i18next instance');
  return wordsOf(i18n);
}
