import { DEFAULT_LANGUAGE, type Language } from '@app/shared/constants';
import i18next, { type i18n } from 'i18next';

type Catalog = Record<string, unknown>;

const catalogs = new Map<Language, Catalog>();
const instances = new Map<Language, i18n>();

/** Loads a language's catalog once (its own chunk in the browser, so a page ships one language). */
export async function ensureCatalog(language: Language): Promise<void> {
  if (catalogs.has(language)) return;
  const catalog =
    language === 'de'
      ? (await import('@app/shared/i18n/de.json')).default
      : (await import('@app/shared/i18n/en.json')).default;
  catalogs.set(language, catalog as Catalog);
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
