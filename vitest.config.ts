import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { catalogParts } from './apps/web/catalog-parts.ts';

const apiProject = (name: string, driver: 'pglite' | 'pg'): TestProjectInlineConfiguration => ({
  test: {
    name,
    environment: 'node',
    include: ['apps/api/**/*.test.ts', 'packages/shared/**/*.test.ts'],
    globalSetup: ['apps/api/test/global-setup.ts'],
    // One worker process runs many files; test/setup.ts gives each file the app's modules afresh.
    setupFiles: ['apps/api/test/setup.ts'],
    isolate: false,
    env: { TEST_DB_DRIVER: driver },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * `npm test`: unit + API + web, the API suite once: on PostgreSQL (project api-pg) when
 * TEST_DATABASE_URL is set, else on PGlite (project api). `npm run test:pglite` runs it on PGlite
 * whatever is set.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      process.env.TEST_DATABASE_URL ? apiProject('api-pg', 'pg') : apiProject('api', 'pglite'),
      {
        plugins: [catalogParts()],
        test: {
          name: 'web',
          environment: 'jsdom',
          alias: [
            { find: /^#app\//, replacement: fileURLToPath(new URL('./apps/web/app/', import.meta.url)) },
            // Shared test helpers (apps/web/test), the same from any depth of a feature.
            { find: /^#test\//, replacement: fileURLToPath(new URL('./apps/web/test/', import.meta.url)) },
          ],
          include: ['apps/web/**/*.test.tsx', 'apps/web/**/*.test.ts'],
          globals: true,
          // One worker and one jsdom run many files; test/setup.ts gives each file the app's modules
          // afresh and a clean window.
          setupFiles: ['apps/web/test/setup.ts'],
          isolate: false,
          // Component tests wait on user events and queries; 5 s (the default) proved too tight on a
          // busy 2-core machine, where they passed alone and timed out together.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
