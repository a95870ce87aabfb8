// Part of `npm run build`: fails the build when the JavaScript a browser must load to show one of
// the key pages (home, directory, a provider's page, the booking route) exceeds the budget, in
// gzip bytes. Read from React Router's client manifest: the entry and its imports, every route of
// the page's chain (module, imports, and the split client loader,
// middleware and hydrate-fallback modules hydration runs), and the page language's catalog, which
// entry.client loads before hydrating — what the page's modulepreload links and its language load —
// with its signed-in part where a route of the chain awaits it in its clientLoader (the signed-in
// layout does, before its pages render).
// (With lazy route discovery the page's part of the manifest is inline in the HTML, not a file.)
// Lazy chunks (dialogs, later steps) are not initial.
//   node scripts/check-js-budget.mjs [--json]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The goal for every page (issue 16). */
export const TARGET_BYTES = 150 * 1024;

/**
 * The pages held to a budget, each as the leaf route it renders, and the ceiling the build
 * enforces today: the goal where a page meets it, else the size reached so far (a ratchet: the
 * build fails when a page grows; lower a ceiling whenever a page shrinks, down to the goal).
 */
export const PAGES = [
  { name: 'home', route: 'routes/home', language: 'en', ceilingKb: 152 },
  { name: 'home (de)', route: 'routes/home', language: 'de', ceilingKb: 153 },
  { name: 'directory', route: 'routes/providers', language: 'en', ceilingKb: 161 },
  { name: 'provider page', route: 'routes/provider-profile', language: 'en', ceilingKb: 161 },
  { name: 'booking route', route: 'routes/booking', language: 'en', ceilingKb: 192 },
];

export function readManifest(clientDir) {
  const assets = path.join(clientDir, 'assets');
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no React Router manifest in ${assets}; run the web build first`);
  const text = readFileSync(path.join(assets, file), 'utf8');
  const json = text.slice(text.indexOf('=') + 1).replace(/;\s*$/, '');
  return JSON.parse(json);
}

/** The public part of a language's catalog is a chunk of its own (`catalog-en-public-<hash>.js`). */
function catalogUrl(clientDir, language) {
  const file = readdirSync(path.join(clientDir, 'assets')).find((name) =>
    name.startsWith(`catalog-${language}-public-`),
  );
  if (!file) throw new Error(`no ${language} catalog chunk in the client build`);
  return `/assets/${file}`;
}

/** The language catalog's signed-in part (`catalog-en-app-<hash>.js`). */
function appCatalogUrl(clientDir, language) {
  const file = readdirSync(path.join(clientDir, 'assets')).find((name) => name.startsWith(`catalog-${language}-app-`));
  if (!file) throw new Error(`no ${language} app catalog chunk in the client build`);
  return `/assets/${file}`;
}

/**
 * Whether a route's clientLoader loads the catalog's signed-in part before its page renders
 * (`ensureCatalog(lang, 'app')` in the route's source, as the signed-in layout and the session room do).
 */
export function awaitsAppCatalog(clientDir, routeId) {
  const source = path.resolve(clientDir, '../../app', `${routeId}.tsx`);
  let text;
  try {
    text = readFileSync(source, 'utf8');
  } catch {
    return false;
  }
  return /ensureCatalog\([^;]*?,\s*'app'\s*\)/s.test(text);
}

/** The URLs of every script a first visit to `routeId` loads before the page is interactive. */
export function initialScripts(clientDir, routeId, language) {
  const manifest = readManifest(clientDir);
  const urls = new Set([manifest.entry.module, ...manifest.entry.imports]);
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
    if (awaitsAppCatalog(clientDir, id)) urls.add(appCatalogUrl(clientDir, language));
  }
  urls.add(catalogUrl(clientDir, language));
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
      withinBudget: bytes <= ceiling,
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
        `  ${result.name.padEnd(14)} ${(result.gzipBytes / 1024).toFixed(1).padStart(6)} KB in ${String(result.files).padStart(2)} files  goal ${result.meetsTarget ? 'met' : 'MISSED'}; ceiling ${result.ceilingKb} KB ${result.withinBudget ? 'ok' : 'EXCEEDED'}`,
      );
    }
  }
  if (results.some((result) => !result.withinBudget)) {
    console.error(
      'Initial JavaScript over its ceiling: split the route, lazy-load what the first paint does not need.',
    );
    process.exitCode = 1;
  }
}
