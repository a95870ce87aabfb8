import { afterAll, vi } from 'vitest';

// The API projects share one worker process between test files (isolate: false): loading Fastify,
// Drizzle and PGlite again for every file cost more than many files' tests. What a file may see
// must still be fresh, so every file starts with the app's own modules evaluated anew (caches,
// prepared statements and hooks kept at module level), while packages from node_modules stay
// loaded.
vi.resetModules();

// What one file changes in the shared process must not reach the next.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
