import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const appDir = fileURLToPath(new URL('./app/', import.meta.url));

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // `#app/…` is the app's root for shared layers (api, ui, lib), as in tsconfig.json's paths.
  resolve: { alias: [{ find: /^#app\//, replacement: appDir }] },
  build: { target: 'es2022' },
});
