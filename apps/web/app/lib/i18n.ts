import { catalogFiles } from 'virtual:catalog/files';
import { catalogLoaders } from 'virtual:catalog/loaders';
import { DEFAULT_LANGUAGE, type Language } from '@app/shared/constants';
import i18next, { type i18n } from 'i18next';
import { preloadModule } from 'react-dom';
import type { CatalogPart } from '../../catalog-parts';

export type { CatalogPart };

type Catalog = Record<string, unknown>;

const catalogs = new Map<Language, Catalog>();
/** Each part requested, by `<language>:<part>`: loading, or loaded (a failed one is dropped). */
const loadingParts = new Map<string, Promise<void>>();
const instances = new Map<Language, i18n>();
/** Per language, the keys its instance was asked for before their part arrived (shown as key or default). */
const missedWords = new Map<Language, Set<string>>();
/** The parts this tab's pages asked for: a language shown later (a language switch) gets them too. */
const pageParts = new Set<CatalogPart>();
const shownLanguages = new Set<Language>();
/** What a page does not show at first: fetched when the browser is idle, for later screens and dialogs. */
const REST: readonly CatalogPart[] = ['public', 'app'];

function isTree(value: unknown): value is Catalog {
  return typeof value === 'object' && value !== null;
}

/** Parts repeat blocks with different keys (a page part takes a few keys of a block): merge deeply. */
function mergeWords(into: Catalog, words: Catalog): Catalog {
  const merged = { ...into };
  for (const [key, value] of Object.entries(words)) {
    const existing = merged[key];
    merged[key] = isTree(existing) && isTree(value) ? mergeWords(existing, value) : value;
  }
  return merged;
}

/** Whether `words` has `key` (or its plural forms). */
function hasWord(words: Catalog, key: string): boolean {
  const segments = key.split('.');
  let tree: unknown = words;
  for (const segment of segments.slice(0, -1)) {
    if (!isTree(tree)) return false;
    tree = tree[segment];
  }
  const last = segments.at(-1) as string;
  return isTree(tree) && Object.keys(tree).some((name) => name === last || name.startsWith(`${last}_`));
}

function addWords(language: Language, words: Catalog) {
  catalogs.set(language, mergeWords(catalogs.get(language) ?? {}, words));
  // Components re-render on 'added' only when a shown text lacked one of these words. Re-rendering
  // every translated component for words nobody asked for was a long task of its own on the
  // directory (Lighthouse's blocking time), for no change.
  const missed = missedWords.get(language);
  const found = missed ? [...missed].filter((word) => hasWord(words, word)) : [];
  for (const word of found) missed?.delete(word);
  instances
    .get(language)
    ?.addResourceBundle(language, 'translation', words, true, true, { silent: found.length === 0 });
}

/** One chunk per language and part (catalog-parts.ts): a page ships one language. */
function loadPart(language: Language, part: CatalogPart): Promise<void> {
  const key = `${language}:${part}`;
  let loading = loadingParts.get(key);
  if (!loading) {
    const load = catalogLoaders[language]?.[part];
    if (!load) throw new Error(`no catalog part ${key}`);
    loading = load().then(
      ({ default: words }) => addWords(language, words),
      (error: unknown) => {
        loadingParts.delete(key); // a failed request is tried again by the next caller
        throw error;
      },
    );
    loadingParts.set(key, loading);
  }
  return loading;
}

function prefetchWhenIdle(language: Language) {
  const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1000));
  idle(() => void Promise.all(REST.map((part) => loadPart(language, part))).catch(() => {}));
}

/**
 * Loads a language's `shell` part and `parts`, and every part the tab's pages asked for before
 * that this language lacks (so a language switch brings the words the tab shows; a part another
 * caller started already is that caller's to wait for). The first time a language is shown in the
 * browser, the rest of its catalog follows when the browser is idle. The server loads every part:
 * it renders every page in full.
 */
export async function ensureCatalog(language: Language, ...parts: CatalogPart[]): Promise<void> {
  const lacking = [...pageParts].filter((part) => !loadingParts.has(`${language}:${part}`));
  for (const part of parts) pageParts.add(part);
  if (import.meta.env.SSR) {
    await Promise.all(
      Object.keys(catalogLoaders[language] ?? {}).map((part) => loadPart(language, part as CatalogPart)),
    );
    return;
  }
  if (!shownLanguages.has(language)) {
    shownLanguages.add(language);
    prefetchWhenIdle(language);
  }
  const wanted = new Set<CatalogPart>(['shell', ...parts, ...lacking]);
  await Promise.all([...wanted].map((part) => loadPart(language, part)));
}

/**
 * A route module's own words, awaited at the top of the module (`await loadPageWords('home')`):
 * React Router imports a page's module before it hydrates it and before a navigation renders it,
 * so its words are there by then, in every language the tab shows. A lazily loaded dialog or
 * widget takes `public` and `app` this way (`withWords`). On the server, nothing: its loaders load
 * every word.
 */
export async function loadPageWords(...parts: CatalogPart[]): Promise<void> {
  if (typeof document === 'undefined') return;
  const languages = new Set([...shownLanguages, languageOfPath(window.location.pathname)]);
  await Promise.all([...languages].map((language) => ensureCatalog(language, ...parts)));
}

/**
 * Called while a route renders on the server: names the catalog parts the route loads in the
 * browser as module preloads in the page's <head>, so they download with its modules instead of a
 * round trip after them (docs/decisions/web-signed-in-time-to-content.md). In the browser (and in
 * development) the table of built files is empty: nothing happens.
 */
export function preloadCatalog(language: Language, ...parts: CatalogPart[]): void {
  // Leaves the function empty in the browser's build (and preloadModule out of its first load).
  if (!import.meta.env.SSR) return;
  for (const part of parts) {
    const href = catalogFiles[language]?.[part];
    if (href) preloadModule(href, { as: 'script' });
  }
}

/** A module loaded on demand (a form, a dialog, a widget shown later) together with the words it shows. */
export async function withWords<T>(module: Promise<T>, ...parts: CatalogPart[]): Promise<T> {
  const [loaded] = await Promise.all([module, loadPageWords(...parts)]);
  return loaded;
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
    // Components re-render when a later part of the catalog brings a word they lacked (addWords).
    react: { bindI18nStore: 'added' },
    parseMissingKeyHandler: (key: string, defaultValue?: string) => {
      const missed = missedWords.get(language) ?? new Set<string>();
      missedWords.set(language, missed);
      missed.add(key);
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
