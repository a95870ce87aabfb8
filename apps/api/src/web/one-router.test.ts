import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_ROOT } from './web-plugin.ts';

describe('React Router in the server', () => {
  // Two copies (the web app's and the API's) matched the routes twice per request, once in the
  // request handler and again in the rendering router, and loaded twice the code.
  it('is one copy: the API’s request handler and the web app’s router resolve to the same files', () => {
    const fromApi = createRequire(import.meta.url).resolve('react-router');
    const fromWeb = createRequire(path.join(WEB_ROOT, 'package.json')).resolve('react-router');
    expect(fromWeb).toBe(fromApi);
  });
});
