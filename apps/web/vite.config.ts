import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { catalogParts } from './catalog-parts';
import { shellChunks } from './shell-chunks';

// The query library's context and `queryOptions` (a few hundred bytes, no imports of the library)
// go with the framework: every page reads them, even those that load the rest later. Of
// use-sync-external-store only what the framework reads: its selector variant serves the chart
// library's store and goes with the charts.
const FRAMEWORK =
  /node_modules[\\/]((react|react-dom|scheduler|react-router|i18next|react-i18next)[\\/]|use-sync-external-store[\\/](?!.*with-selector)|@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/](QueryClientProvider|queryOptions)\.js$)/;
/**
 * The rest of the query library, one file of its own: home, the directory and a provider's page
 * load it after hydration (`#app/api/deferred-query`), the other routes with their modules. What
 * only changes (mutations), pages through lists (infinite queries) or takes a server render's
 * answers (hydration) needs is left out of it: it comes with the forms, lists and pages that use
 * it, not with every signed-in page's first load.
 */
const QUERY =
  /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/](?!build[\\/]modern[\\/](QueryClientProvider|queryOptions|useMutation|mutationObserver|useInfiniteQuery|infiniteQueryObserver|hydration|HydrationBoundary)\.js$)/;

const appDir = fileURLToPath(new URL('./app/', import.meta.url));
/**
 * React Router's package resolves its development build for every import (its exports name no
 * production condition), which keeps its development warnings in the browser's code. The browser
 * gets the production build, the same code with those warnings off. The server keeps the package's
 * own resolution: its adapter imports the package too, and one copy must serve both.
 */
const routerBuild = fileURLToPath(new URL('../../node_modules/react-router/dist/production/', import.meta.url));
const productionRouter = [
  { find: /^react-router$/, replacement: `${routerBuild}index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${routerBuild}dom-export.mjs` },
];
/** The app's modules every page and every public page run first, as two files (shell-chunks.ts). */
const shell = shellChunks();

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), catalogParts(), shell.plugin, reactRouter()],
  // `#app/…` is the app's root for shared layers (api, ui, lib), as in tsconfig.json's paths.
  resolve: { alias: [{ find: /^#app\//, replacement: appDir }, ...(isSsrBuild ? [] : productionRouter)] },
  build: {
    target: 'es2022',
    rollupOptions: {
      output: {
        // catalog-<language>-<part>-<hash>.js: the budget check (scripts/check-js-budget.mjs) finds them by name.
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.startsWith('\0virtual:catalog/')
            ? `assets/catalog-${chunk.facadeModuleId.slice('\0virtual:catalog/'.length).replace('/', '-')}-[hash].js`
            : 'assets/[name]-[hash].js',
        // The libraries every page runs before it is interactive, as one file: one request and
        // one compression context instead of a dozen small files (scripts/check-js-budget.mjs).
        ...(isSsrBuild
          ? {}
          : {
              codeSplitting: {
                groups: [{ name: 'framework', test: FRAMEWORK }, { name: 'query', test: QUERY }, ...shell.groups],
              },
            }),
      },
    },
  },
}));
