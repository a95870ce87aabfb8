import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The browser's language catalogs in parts, so a page's first load carries the words it shows and
 * little else (docs/decisions/performance-words-by-page-the-catalog-in-parts-each.md):
 * - `shell`: what every page shows (header, spinner, not-found), loaded by entry.client before
 *   hydration;
 * - page parts (`PAGE_PARTS`): the words of a budgeted page or of the signed-in area's frame,
 *   loaded by that route (`loadPageWords` at the top of its module, or `ensureCatalog` in its
 *   clientLoader) before it renders. They repeat words of `public` and `app`, never `shell`'s;
 * - `public`: every block not listed below as app-only, so a new block is public by default;
 * - `app`: the blocks only the signed-in area uses.
 * `public` and `app` are what the other pages load (the public pages inside `routes/query-layout.tsx`,
 * the signed-in pages inside `routes/app-pages.tsx`), and what a page fetches when the browser is
 * idle and a lazy dialog loads with its code. Emails are written by the server only.
 * A path names a block or a key inside it; a key brings its plural forms (`reviewCount_one`, …).
 */
export const APP_ONLY_BLOCKS = [
  'wallet',
  'walletScreens',
  'earningsScreens',
  'appNav',
  'overview',
  'messages',
  'credentials',
  'admin',
  'clients',
  'notes',
  'notifications',
  'flags',
  'sessionRoom',
  'nextSteps',
  'forms',
  'telehealthConsent',
] as const;
export const SERVER_ONLY_BLOCKS = ['emails', 'payments'] as const;

/** Every page: the header, the spinner and load errors, the not-found page. */
export const SHELL_WORDS = [
  'nav',
  'languages',
  'common',
  'notFound',
  'dialog',
  'location.open',
  'accounts.header',
  'accounts.networkError',
  'errors.INTERNAL',
  'profileScreens.retry',
  'support.launcher',
] as const;

/** What a provider's card shows (the directory, a provider's page). */
const PROVIDER_CARD = [
  'bookingScreens.directory',
  'bookingScreens.free',
  'bookingScreens.perSession',
  'searchScreens.approximately',
  'reviewScreens.noReviews',
  'reviewScreens.ratingLabel',
  'reviewScreens.reviewCount',
] as const;

export const PAGE_PARTS = {
  /** The public layout's own: title, footer, consent banner and dialog, country banner, the legal pages. */
  publicShell: [
    'meta',
    'footer',
    'consent',
    'legal',
    'contactScreens.footerLink',
    'location.nonOperatingTitle',
    'location.nonOperatingText',
    'location.dismissAndProceed',
    'location.changeCountry',
    'location.suggestion',
  ],
  home: ['home', 'searchScreens.pickUsState'],
  directory: [...PROVIDER_CARD, 'searchScreens', 'pagination'],
  provider: [
    ...PROVIDER_CARD,
    'bookingScreens.profile',
    'bookingScreens.facts',
    'searchScreens.nextTimes',
    'searchScreens.lists',
    'reviewScreens',
    'pagination',
    'waitlist.title',
    'waitlist.signInToJoin',
  ],
  booking: [
    'bookingScreens.book.title',
    'bookingScreens.book.chooseTherapist',
    'bookingScreens.steps',
    'bookingScreens.facts.minutes',
    'bookingScreens.free',
    'bookingScreens.perSession',
    'bookingScreens.directory.feeNotSet',
  ],
  /** The signed-in area's frame: navigation, the bell and the messages link. */
  appShell: [
    'appNav',
    'admin.title',
    'messages.title',
    'messages.unreadNav',
    'notifications.title',
    'notifications.bell',
    'notifications.bellUnread',
    'recommendationScreens.nav',
    'forms.nav',
  ],
} as const satisfies Record<string, readonly string[]>;

export type PagePart = keyof typeof PAGE_PARTS;
export type CatalogPart = 'shell' | PagePart | 'public' | 'app';
export const CATALOG_PARTS: readonly CatalogPart[] = [
  'shell',
  ...(Object.keys(PAGE_PARTS) as PagePart[]),
  'public',
  'app',
];

type Tree = Record<string, unknown>;

/** The keys a path names in a block: the key itself and its plural or context forms. */
function named(tree: Tree, key: string): string[] {
  return Object.keys(tree).filter((name) => name === key || name.startsWith(`${key}_`));
}

/** The subtree `paths` name, with their parents; throws on a path the catalog does not have. */
export function pickWords(catalog: Tree, paths: readonly string[]): Tree {
  const picked: Tree = {};
  for (const path of paths) {
    const segments = path.split('.');
    let from: Tree = catalog;
    let into: Tree = picked;
    for (const segment of segments.slice(0, -1)) {
      const next = from[segment];
      if (typeof next !== 'object' || next === null) throw new Error(`catalog part names ${path}, not in the catalog`);
      from = next as Tree;
      into[segment] ??= {};
      into = into[segment] as Tree;
    }
    const keys = named(from, segments.at(-1) as string);
    if (keys.length === 0) throw new Error(`catalog part names ${path}, not in the catalog`);
    for (const key of keys) into[key] = from[key];
  }
  return picked;
}

/** The catalog without the keys `paths` name (empty blocks dropped). */
function omitWords(catalog: Tree, paths: readonly string[]): Tree {
  const copy = structuredClone(catalog);
  for (const path of paths) {
    const segments = path.split('.');
    const parents: Tree[] = [copy];
    for (const segment of segments.slice(0, -1)) {
      const next = parents.at(-1)?.[segment];
      if (typeof next !== 'object' || next === null) break;
      parents.push(next as Tree);
    }
    if (parents.length !== segments.length) continue;
    const parent = parents.at(-1) as Tree;
    for (const key of named(parent, segments.at(-1) as string)) delete parent[key];
    for (let depth = parents.length - 1; depth > 0; depth--) {
      if (Object.keys(parents[depth] as Tree).length > 0) break;
      delete (parents[depth - 1] as Tree)[segments[depth - 1] as string];
    }
  }
  return copy;
}

/** The words of one part of a language's catalog. */
export function catalogPart(catalog: Tree, part: CatalogPart): Tree {
  if (part === 'shell') return pickWords(catalog, SHELL_WORDS);
  if (part === 'public' || part === 'app') {
    const appOnly = new Set<string>(APP_ONLY_BLOCKS);
    const serverOnly = new Set<string>(SERVER_ONLY_BLOCKS);
    const blocks = Object.fromEntries(
      Object.entries(catalog).filter(([block]) =>
        part === 'app' ? appOnly.has(block) : !appOnly.has(block) && !serverOnly.has(block),
      ),
    );
    return omitWords(blocks, SHELL_WORDS);
  }
  return pickWords(catalog, PAGE_PARTS[part]);
}

const PREFIX = 'virtual:catalog/';
const LOADERS = 'virtual:catalog/loaders';
const FILES = 'virtual:catalog/files';
/** A built part's file name in the client's assets (the chunk names in vite.config.ts). */
const BUILT_PART = /^catalog-([a-z]{2})-([A-Za-z]+)-[^/]+\.js$/;

/**
 * The client build's catalog files by language and part (`/assets/catalog-en-app-<hash>.js`), for
 * the server build: it names them in the page so the browser fetches them with the page's modules
 * (`preloadCatalog`). The client build runs first (React Router's order) and its files are on disk
 * when the server build asks; in development and in the browser the table is empty.
 */
function builtCatalogFiles(assetsDir: string): Record<string, Record<string, string>> {
  const files: Record<string, Record<string, string>> = {};
  for (const name of readdirSync(assetsDir)) {
    const match = BUILT_PART.exec(name);
    if (!match?.[1] || !match[2] || !CATALOG_PARTS.includes(match[2] as CatalogPart)) continue;
    files[match[1]] ??= {};
    (files[match[1]] as Record<string, string>)[match[2]] = `/assets/${name}`;
  }
  if (Object.keys(files).length === 0) throw new Error(`no catalog files in ${assetsDir}: build the client first`);
  return files;
}

/**
 * Serves `virtual:catalog/<lang>/<part>` (one chunk each: catalog-<lang>-<part>-<hash>.js, which
 * scripts/check-js-budget.mjs finds by name) and `virtual:catalog/loaders`, the table of their
 * imports `#app/lib/i18n` loads them through.
 */
export function catalogParts(): Plugin {
  const i18nDir = fileURLToPath(new URL('../../packages/shared/src/i18n/', import.meta.url));
  const languages = () => readdirSync(i18nDir).flatMap((name) => /^([a-z]{2})\.json$/.exec(name)?.[1] ?? []);
  let building = false;
  let root = process.cwd();
  return {
    name: 'catalog-parts',
    configResolved(config) {
      building = config.command === 'build';
      root = config.root;
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id, options) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      if (id === `\0${FILES}`) {
        // React Router's client build directory (react-router.config.ts: buildDirectory 'build').
        const server = this.environment ? this.environment.config.consumer === 'server' : Boolean(options?.ssr);
        const files = building && server ? builtCatalogFiles(`${root}/build/client/assets`) : {};
        return `export const catalogFiles = ${JSON.stringify(files)};`;
      }
      if (id === `\0${LOADERS}`) {
        const table = languages().map(
          (language) =>
            `${language}: {${CATALOG_PARTS.map((part) => `'${part}': () => import('${PREFIX}${language}/${part}')`).join(', ')}}`,
        );
        return `export const catalogLoaders = {${table.join(', ')}};`;
      }
      const [language, part] = id.slice(PREFIX.length + 1).split('/');
      if (!language || !/^[a-z]{2}$/.test(language) || !CATALOG_PARTS.includes(part as CatalogPart)) {
        throw new Error(`unknown catalog part ${id}`);
      }
      const file = `${i18nDir}${language}.json`;
      this.addWatchFile(file);
      const catalog = JSON.parse(readFileSync(file, 'utf8')) as Tree;
      const words = catalogPart(catalog, part as CatalogPart);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(words))});`;
    },
  };
}
