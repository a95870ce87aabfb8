import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { catalogParts } from './catalog-parts';

const appDir = fileURLToPath(new URL('./app/', import.meta.url));

export default defineConfig({
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
      },
    },
  },
});
