import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// findBy/waitFor give up after 1 s by default: on a busy 2-core machine a screen that fetches three
// months in a row took longer than that and failed although it was right. What never appears still
// fails, only later.
configure({ asyncUtilTimeout: 5_000 });

// The web project shares one worker and one jsdom between test files (isolate: false): starting
// React, the router and jsdom again for every file cost more than the tests. What a file may see
// must still be fresh, so every file starts with the app's own modules evaluated anew (session,
// API client, query client and catalogs hold state at module level), while packages from
// node_modules stay loaded.
vi.resetModules();

// Testing Library registers its cleanup when it is first imported, that is for the first file of a
// worker only; each file needs it after every test.
afterEach(cleanup);

// What one file leaves in the shared window must not reach the next.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  // A file rendering as the server does (`@vitest-environment node`) has no window to clean.
  if (typeof document === 'undefined') return;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
});
