import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './helpers';

const ADMIN = { email: 'admin@demo.test', password: 'demo-pass-123' };
const PROVIDER = { email: 'provider@demo.test', password: 'demo-pass-123' };
const CLIENT = { email: 'client@demo.test', password: 'demo-pass-123' };

/** A chart's numbers, as a screen reader reads them: its table (caption, then one row per day or month). */
const chartTable = (page: Page, caption: string) =>
  page.locator('table', { has: page.locator('caption', { hasText: caption }) });

test.describe('charts', () => {
  test('the back office home charts the last 30 days, then 90, each with its numbers as a table', async ({
    page,
    visit,
  }) => {
    await signIn(page, ADMIN, '/admin/');
    await visit('/admin/');
    await expect(page.getByRole('heading', { level: 2, name: 'At a glance' })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Bookings per day' })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'New providers and clients per day' })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Failed top-ups per day' })).toBeVisible();
    await expect(page.getByText('No-show rate')).toBeVisible();
    // The demo's accounts were made today: today's row counts them.
    await expect(chartTable(page, 'New providers and clients per day').locator('tbody tr')).toHaveCount(30);
    await expect(page.locator('figure svg').first()).toBeVisible();

    await page.getByRole('button', { name: 'Last 90 days' }).click();
    await page.waitForURL(/\?days=90$/);
    await expect(page.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute('aria-pressed', 'true');
    await expect(chartTable(page, 'Bookings per day').locator('tbody tr')).toHaveCount(90);
    await page.screenshot({ path: 'test-results/charts-admin-en.png', fullPage: true });
  });

  for (const [who, account, path, heading] of [
    ['the back office', ADMIN, '/de/admin/', 'Auf einen Blick'],
    ['earnings', PROVIDER, '/de/earnings/', 'Einnahmen nach Monat'],
    ['the wallet', CLIENT, '/de/wallet/', 'Ausgaben im Zeitverlauf'],
  ] as const) {
    test(`${who} in German at phone width`, async ({ page, visit }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, account, path);
      await visit(path);
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      await page.screenshot({ path: `test-results/charts-${path.split('/')[2]}-de-phone.png`, fullPage: true });
    });
  }

  test('the wallet charts twelve months in the currency of its amounts', async ({ page, visit }) => {
    await signIn(page, CLIENT, '/de/wallet/');
    await visit('/de/wallet/');
    await expect(page.getByRole('figure', { name: 'Ausgaben pro Monat (NGN)' })).toBeVisible();
    const table = chartTable(page, 'Ausgaben pro Monat (NGN)');
    await expect(table.locator('tbody tr')).toHaveCount(12);
    await expect(table).toContainText('₦');
  });
});
