import type { Page } from '@playwright/test';
import { CLIENT } from './demo';
import { expect, test } from './fixtures';
import { signIn } from './helpers';

/**
 * Nothing moves once a page is painted: on a phone, with the CPU slowed as Lighthouse slows it,
 * the layout shifts from the first paint until the page has settled add up to (almost) nothing.
 * The directory's filters used to disappear at hydration, and the signed-in header's messages
 * link and bell, arriving after the page's data, wrapped it onto a new line.
 */

const PHONE = { width: 412, height: 823 };

/** Every layout shift of the next load of `path`, with what moved. */
async function shiftsOf(page: Page, path: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const shifts: Array<{ value: number; moved: string[] }> = [];
    Object.assign(window, { __shifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; sources?: Array<{ node?: Node }> }
      >) {
        shifts.push({
          value: entry.value,
          moved: (entry.sources ?? []).map((source) => (source.node?.textContent ?? '').slice(0, 60)),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  // The late parts of a signed-in page come after its data: give them time to arrive.
  await page.waitForTimeout(1500);
  const shifts = await page.evaluate(
    () => (window as unknown as { __shifts: Array<{ value: number; moved: string[] }> }).__shifts,
  );
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return shifts;
}

const total = (shifts: Array<{ value: number }>) => shifts.reduce((sum, shift) => sum + shift.value, 0);

test.use({ viewport: PHONE, isMobile: true });

for (const path of ['/providers/', '/de/providers/']) {
  test(`the directory on a phone does not move once painted (${path})`, async ({ page }) => {
    const shifts = await shiftsOf(page, path);
    expect(total(shifts), JSON.stringify(shifts)).toBeLessThan(0.01);
    await expect(page.getByTestId('filters-sheet')).toBeHidden();
    await expect(page.getByTestId('provider-card').first()).toBeInViewport();
  });
}

test('a signed-in page on a phone does not move when the header fills in', async ({ page }) => {
  await signIn(page, CLIENT, '/overview/');
  const shifts = await shiftsOf(page, '/appointments/');
  expect(total(shifts), JSON.stringify(shifts)).toBeLessThan(0.01);
  await expect(page.getByTestId('notification-bell')).toBeVisible();
  await expect(page.getByTestId('header-messages')).toBeVisible();
});
