import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** Fails on serious or critical accessibility violations of the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  // Scan the resting page: no element left hovered by the last click.
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const summary = blocking.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `accessibility violations on ${page.url()}`).toEqual([]);
}

/**
 * The accessibility gate: every journey gets `visit()`, which navigates and scans, and the
 * page each test ends on is scanned too. Pages come from browser.newContext() (axe needs one).
 */
export const test = base.extend<{ visit: (path: string) => Promise<void> }>({
  page: async ({ browser, baseURL }, use) => {
    const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await use(page);
    if (!page.isClosed() && page.url().startsWith('http')) await expectAccessible(page);
    await context.close();
  },
  visit: async ({ page }, use) => {
    await use(async (path: string) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectAccessible(page);
    });
  },
});

export { expect };
