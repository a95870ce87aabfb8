import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { catalogParts } from './catalog-parts';

const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store|@tanstack[\\/](query-core|react-query))[\\/]/;

const appDir = fileURLToPath(new URL('./app/', import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), catalogParts(), reactRouter()],
  // `#app/…` is the app's root for shared layers (api, ui, lib), as in tsconfig.json's paths.
  resolve: { alias: [{ find: /^#app\//, replacement: appDir }] },
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
        ...(isSsrBuild ? {} : { codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] } }),
      },
    },
  },
}));
