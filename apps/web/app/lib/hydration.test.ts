import { describe, expect, it, vi } from 'vitest';

describe('takeHydration', () => {
  it("is true once, for the document's own URL only", async () => {
    vi.resetModules();
    window.history.replaceState(null, '', '/de/overview/?tab=1');
    const { takeHydration } = await import('./hydration');
    expect(takeHydration(new Request('http://localhost/de/overview/?tab=1'))).toBe(true);
    expect(takeHydration(new Request('http://localhost/de/overview/?tab=1'))).toBe(false);
  });

  it('is false for another page, and afterwards for the document too', async () => {
    vi.resetModules();
    window.history.replaceState(null, '', '/overview/');
    const { takeHydration } = await import('./hydration');
    expect(takeHydration(new Request('http://localhost/wallet/'))).toBe(false);
    expect(takeHydration(new Request('http://localhost/overview/'))).toBe(false);
  });
});
