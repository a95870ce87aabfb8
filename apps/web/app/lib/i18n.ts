import { DEFAULT_LANGUAGE, type Language } from '@app/shared/constants';
import i18next, { type i18n } from 'i18next';

type Catalog = Record<string, unknown>;
/** `public`: what public pages use (loaded before hydration); `app`: the signed-in area's words. */
export type CatalogPart = 'public' | 'app';

const catalogs = new Map<Language, Catalog>();
const loadedParts = new Set<string>();
const instances = new Map<Language, i18n>();
/** Languages whose instance was asked for a word it did not have yet (shown as its key or default). */
const missedWords = new Set<Language>();

function importPart(language: Language, part: CatalogPart): Promise<{ default: Catalog }> {
  // One chunk per language and part (vite.config.ts, catalog-parts.ts): a page ships one language.
  if (language === 'de') {
    return part === 'public' ? import('virtual:catalog/de/public') : import('virtual:catalog/de/app');
  }
  return part === 'public' ? import('virtual:catalog/en/public') : import('virtual:catalog/en/app');
}

/**
 * Loads a part of a language's catalog once. The public part comes first (entry.client, the
 * locale layout); the signed-in area's layout adds the app part before its pages render, and
 * public pages fetch it when the browser is idle, for dialogs that borrow the area's words.
 */
export async function ensureCatalog(language: Language, part: CatalogPart = 'public'): Promise<void> {
  const key = `${language}:${part}`;
  if (loadedParts.has(key)) return;
  const { default: blocks } = await importPart(language, part);
  if (loadedParts.has(key)) return;
  loadedParts.add(key);
  const catalog = { ...catalogs.get(language), ...blocks };
  catalogs.set(language, catalog);
  // Components re-render on 'added' only when a rendered text lacked its word. A public page shows
  // none of the signed-in part it fetches when idle: re-rendering every translated component then
  // was a long task of its own on the directory (Lighthouse's blocking time), for no change.
  const silent = !missedWords.delete(language);
  instances.get(language)?.addResourceBundle(language, 'translation', blocks, true, true, { silent });
}

/** One i18next instance per language, created synchronously (never changeLanguage on a shared one). */
export function getI18n(language: Language): i18n {
  const existing = instances.get(language);
  if (existing) return existing;
  const catalog = catalogs.get(language) ?? catalogs.get(DEFAULT_LANGUAGE);
  if (!catalog) throw new Error(`i18n catalog for ${language} not loaded`);
  const instance = i18next.createInstance();
  instance.init({
    lng: language,
    resources: { [language]: { translation: catalog } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    // Components re-render when a later part of the catalog brings a word they lacked (ensureCatalog).
    react: { bindI18nStore: 'added' },
    parseMissingKeyHandler: (key: string, defaultValue?: string) => {
      missedWords.add(language);
      return defaultValue ?? key;
    },
  });
  instances.set(language, instance);
  return instance;
}

/** The language of a path: /de/... is German, everything else English. */
export function languageOfPath(pathname: string): Language {
  return pathname === '/de' || pathname.startsWith('/de/') ? 'de' : 'en';
}

/** The same page in another language: /overview/ ⇄ /de/overview/. */
export function pathInLanguage(pathname: string, language: Language): string {
  const bare = languageOfPath(pathname) === 'de' ? pathname.slice(3) || '/' : pathname;
  return language === 'de' ? `/de${bare === '/' ? '/' : bare}` : bare;
}

/** A link inside the current language. */
export function localePath(language: Language, path: string): string {
  return language === 'de' ? `/de${path}` : path;
}
