// Part of `npm run build`: fails the build when the JavaScript a browser must load to show one of
// the key pages (home, directory, a provider's page, the booking route) exceeds the budget, in
// gzip bytes. Read from React Router's client manifest: the entry and its imports, every route of
// the page's chain (module, imports, and the split client loader,
// middleware and hydrate-fallback modules hydration runs), and the parts of the page language's
// catalog that the entry and those routes load before the page renders (catalogPartsOf) — what the
// page's modulepreload links and its words load.
// (With lazy route discovery the page's part of the manifest is inline in the HTML, not a file.)
// Lazy chunks (dialogs, later steps) are not initial.
//   node scripts/check-js-budget.mjs [--json]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The most a page may load before it is interactive, gzipped. */
export const TARGET_BYTES = 150 * 1024;

/**
 * The pages held to a budget, each as the leaf route it renders, and the ceiling the build
 * enforces today: the goal where a page meets it, else the size reached so far (a ratchet: the
 * build fails when a page grows; lower a ceiling whenever a page shrinks, down to the goal). The
 * files too: on a phone's slow link each is a request queued on HTTP/1.1's six connections before
 * the page is interactive (the public pages' groups in apps/web/shell-chunks.ts took the directory
 * from 30 to 17).
 */
export const PAGES = [
  { name: 'home', route: 'routes/home', language: 'en', ceilingKb: 150, ceilingFiles: 20 },
  { name: 'home (de)', route: 'routes/home', language: 'de', ceilingKb: 150, ceilingFiles: 20 },
  { name: 'directory', route: 'routes/providers', language: 'en', ceilingKb: 150, ceilingFiles: 20 },
  { name: 'provider page', route: 'routes/provider-profile', language: 'en', ceilingKb: 150, ceilingFiles: 20 },
  { name: 'booking route', route: 'routes/booking', language: 'en', ceilingKb: 150, ceilingFiles: 28 },
];

export function readManifest(clientDir) {
  const assets = path.join(clientDir, 'assets');
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no React Router manifest in ${assets}; run the web build first`);
  const text = readFileSync(path.join(assets, file), 'utf8');
  const json = text.slice(text.indexOf('=') + 1).replace(/;\s*$/, '');
  return JSON.parse(json);
}

/** The parts of a language's catalog in the build, by name: `catalog-<language>-<part>-<hash>.js`. */
function catalogChunks(clientDir, language) {
  const chunks = new Map();
  for (const name of readdirSync(path.join(clientDir, 'assets'))) {
    const part = new RegExp(`^catalog-${language}-([a-zA-Z]+)-[\\w-]+\\.js$`).exec(name)?.[1];
    if (part) chunks.set(part, `/assets/${name}`);
  }
  if (!chunks.has('shell')) throw new Error(`no ${language} catalog chunks in the client build`);
  return chunks;
}

/**
 * The catalog parts a module (the client entry, a route module) loads before the page it serves
 * is interactive: those its top level awaits (`await loadPageWords('home')`: the document imports
 * route modules before hydrating) and those its loaders ask for (`ensureCatalog(lang, 'booking')`,
 * a clientLoader runs before its page renders), each with the shell part `ensureCatalog` always
 * loads. A `loadPageWords` inside a function (a lazy form or dialog loading with its words) is not
 * initial. A named part the build lacks is an error, so a renamed part cannot drop out unseen.
 */
export function catalogPartsOf(sourceFile, chunks) {
  let text;
  try {
    text = readFileSync(sourceFile, 'utf8');
  } catch {
    return [];
  }
  const calls = [
    ...text.matchAll(/^await loadPageWords\(([^)]*)\)/gm),
    ...text.matchAll(/\bensureCatalog\(((?:[^()]|\([^()]*\))*)\)/g),
  ];
  if (calls.length === 0) return [];
  const parts = new Set(['shell']);
  for (const [, args] of calls) {
    for (const [, literal] of args.matchAll(/'([a-zA-Z]+)'/g)) {
      if (literal === 'en' || literal === 'de') continue;
      if (!chunks.has(literal)) throw new Error(`${sourceFile} loads catalog part '${literal}', not in the build`);
      parts.add(literal);
    }
  }
  return [...parts];
}

/** The URLs of every script a first visit to `routeId` loads before the page is interactive. */
export function initialScripts(clientDir, routeId, language) {
  const manifest = readManifest(clientDir);
  const chunks = catalogChunks(clientDir, language);
  const source = (id) => path.resolve(clientDir, '../../app', `${id}.tsx`);
  const urls = new Set([manifest.entry.module, ...manifest.entry.imports]);
  const parts = new Set(catalogPartsOf(source('entry.client'), chunks));
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} is not in the manifest`);
    for (const url of [
      route.module,
      ...(route.imports ?? []),
      route.clientLoaderModule,
      route.clientMiddlewareModule,
      route.hydrateFallbackModule,
    ]) {
      if (url) urls.add(url);
    }
    for (const part of catalogPartsOf(source(id), chunks)) parts.add(part);
  }
  for (const part of parts) urls.add(chunks.get(part));
  return [...urls];
}

export function gzipBytes(clientDir, url) {
  return gzipSync(readFileSync(path.join(clientDir, url)), { level: 9 }).length;
}

export function measure(clientDir) {
  return PAGES.map((page) => {
    const scripts = initialScripts(clientDir, page.route, page.language);
    const bytes = scripts.reduce((sum, url) => sum + gzipBytes(clientDir, url), 0);
    const ceiling = page.ceilingKb * 1024;
    return {
      ...page,
      files: scripts.length,
      gzipBytes: bytes,
      meetsTarget: bytes <= TARGET_BYTES,
      withinBudget: bytes <= ceiling && scripts.length <= page.ceilingFiles,
    };
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const clientDir = path.resolve(import.meta.dirname, '../apps/web/build/client');
  const results = measure(clientDir);
  if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2));
  else {
    console.log(`Initial JavaScript (gzip); goal ${(TARGET_BYTES / 1024).toFixed(0)} KB per page:`);
    for (const result of results) {
      console.log(
        `  ${result.name.padEnd(14)} ${(result.gzipBytes / 1024).toFixed(1).padStart(6)} KB in ${String(result.files).padStart(2)} files  goal ${result.meetsTarget ? 'met' : 'MISSED'}; ceiling ${result.ceilingKb} KB in ${result.ceilingFiles} files ${result.withinBudget ? 'ok' : 'EXCEEDED'}`,
      );
    }
  }
  if (results.some((result) => !result.withinBudget)) {
    console.error(
      'Initial JavaScript over its ceiling: split the route, lazy-load what the first paint does not need; group small shared modules (apps/web/shell-chunks.ts).',
    );
    process.exitCode = 1;
  }
}
