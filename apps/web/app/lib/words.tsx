import type { Language } from '@app/shared/constants';
import { languageOf } from '@app/shared/constants';
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

/** How many texts a language keeps before starting afresh (names and figures in options vary). */
const MEMO_LIMIT = 5_000;

/** Per i18next instance, the texts `t` gave for a key and plain options, until its words change. */
const memos = new WeakMap<I18n, Map<string, string>>();

function memoOf(given: I18n): Map<string, string> {
  // useTranslation hands out a copy of the instance per render (react-i18next's wrapper), which
  // would start a memo per render: the memo belongs to the instance it copies.
  const i18n = (given as I18n & { __original?: I18n }).__original ?? given;
  let memo = memos.get(i18n);
  if (!memo) {
    const texts = new Map<string, string>();
    const forget = () => texts.clear();
    // A catalog part arriving, a word added or removed, a language switched: anything kept may differ.
    i18n.store?.on('added', forget);
    i18n.store?.on('removed', forget);
    i18n.on('languageChanged', forget);
    memos.set(i18n, texts);
    memo = texts;
  }
  return memo;
}

/**
 * The text's place in the memo: the key and each option's name, type and value. Undefined (not
 * kept) for anything else `t` takes: several keys, a function or an object among the options.
 */
function memoKey(args: readonly unknown[]): string | undefined {
  const [key, options] = args;
  if (typeof key !== 'string' || args.length > 2) return undefined;
  if (options === undefined) return key;
  if (typeof options === 'string') return `${key}\u0001${options}`;
  if (typeof options !== 'object' || options === null) return undefined;
  let place = key;
  for (const [name, value] of Object.entries(options)) {
    const type = typeof value;
    if (value !== null && type !== 'string' && type !== 'number' && type !== 'boolean' && type !== 'undefined') {
      return undefined;
    }
    place += `\u0002${name}\u0003${type}${String(value)}`;
  }
  return place;
}

/**
 * `t` answering a text it gave before from the memo, on the server. i18next resolves a key anew on
 * every call (path lookup, nesting, interpolation, plural rules): each render asked for the same
 * few hundred texts, the largest share of a directory render after React's own. The browser renders
 * a page once and its initial JavaScript is at its budget, so it keeps i18next's `t` as it is.
 */
function remembering(t: TFunction, i18n: I18n): TFunction {
  if (!import.meta.env.SSR) return t;
  const memo = memoOf(i18n);
  const translate = t as unknown as (...args: unknown[]) => unknown;
  return ((...args: unknown[]) => {
    const place = memoKey(args);
    if (place === undefined) return translate(...args);
    const known = memo.get(place);
    if (known !== undefined) return known;
    const text = translate(...args);
    if (typeof text === 'string') {
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(place, text);
    }
    return text;
  }) as unknown as TFunction;
}

/**
 * Translates once per page: the locale layout reads `useTranslation` here and shares its `t`
 * with every component below (`useWords`). A `useTranslation` per component cost a copy of the
 * i18next instance and a fixed `t` each, a dozen per directory card, on every server render.
 * When words arrive later (a catalog part) or the language changes, `t` changes and every
 * reader renders again, as with `useTranslation`.
 */
function BrowserWordsProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const lang: Language = languageOf(i18n.language);
  const words = useMemo(() => ({ t: remembering(t as TFunction, i18n), i18n, lang }), [t, i18n, lang]);
  return <WordsContext.Provider value={words}>{children}</WordsContext.Provider>;
}

/**
 * On the server a page renders once with an instance of its language, which never changes
 * language: its words are the instance's own, kept with it, without `useTranslation`'s copy of
 * the instance on every render.
 */
function ServerWordsProvider({ children }: { children: ReactNode }) {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  if (!i18n) throw new Error('WordsProvider without an i18next instance');
  return <WordsContext.Provider value={wordsOf(i18n)}>{children}</WordsContext.Provider>;
}

export const WordsProvider = import.meta.env.SSR ? ServerWordsProvider : BrowserWordsProvider;

/** Words of an instance given without the provider (a component rendered alone, as in a test). */
const standalone = new WeakMap<I18n, Words>();

function wordsOf(i18n: I18n): Words {
  let words = standalone.get(i18n);
  if (!words) {
    words = {
      t: remembering(((...args: Parameters<TFunction>) => i18n.t(...args)) as TFunction, i18n),
      i18n,
      get lang(): Language {
        return languageOf(i18n.language);
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
