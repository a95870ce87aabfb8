import { describe, expect, it } from 'vitest';
import { isCacheablePage } from './web-plugin.ts';

const ID = '0b7d3c4e-5f60-4a1b-8c2d-3e4f5a6b7c8d';

describe('isCacheablePage', () => {
  it('reuses the anonymous public pages, a provider page at its canonical <id>-<slug> address too', () => {
    for (const path of [
      '/',
      '/de/',
      '/providers/',
      '/de/providers/',
      `/providers/${ID}/`,
      `/providers/${ID}-zoe-oconnor-muller/`,
      `/de/providers/${ID}-zoe-oconnor-muller/`,
      `/providers/${ID}-zoe-oconnor-muller/availability/`,
      '/policy/client-cancellation/',
      '/de/legal/privacy/',
    ]) {
      expect(isCacheablePage(path), path).toBe(true);
    }
  });

  it('never reuses sign-in forms, the signed-in area or anything else', () => {
    for (const path of [
      '/login/',
      '/de/overview/',
      '/appointments/',
      `/providers/${ID}-zoe/book/`,
      '/providers/not-an-id/',
      `/providers/${ID}x/`,
      '/providers',
      '/api/health',
    ]) {
      expect(isCacheablePage(path), path).toBe(false);
    }
  });
});
