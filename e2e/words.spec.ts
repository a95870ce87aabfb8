/**
 * Amounts read the way the page's language writes them: "100.000,00 ₦" on a German page,
 * "₦100,000.00" on an English one. Walks the German pages that show money and fails on an
 * English-formatted amount.
 */
import type { Page } from '@playwright/test';
import { CLIENT, PROVIDER, topUp } from './demo';
import { expect, test } from './fixtures';
import { accountIdOf, signIn, tokenOf } from './helpers';

/** "₦100,000.00", "£5.00", "+$12.50": a symbol before digits grouped with commas and a point before the cents. */
const ENGLISH_AMOUNT = /[₦£$€]\s?\d{1,3}(,\d{3})*\.\d{2}(?!\d)/;
/** "100.000,00 ₦", "5,00 €": digits grouped with points, a comma before the cents, the symbol after. */
const GERMAN_AMOUNT = /\d{1,3}(\.\d{3})*,\d{2}\s[₦£$€]/;

async function bodyText(page: Page, path: string): Promise<string> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return page.locator('main').first().innerText();
}

/** A German page shows at least one German amount and no English one. */
async function expectGermanAmounts(page: Page, path: string) {
  await expect.poll(async () => GERMAN_AMOUNT.test(await bodyText(page, path)), { message: path }).toBe(true);
  const text = await page.locator('body').innerText();
  expect(text.match(ENGLISH_AMOUNT)?.[0] ?? null, `an English amount on ${path}`).toBeNull();
}

test.describe('amounts in the reader’s language', () => {
  test('the client’s German pages write amounts the German way, the English ones the English way', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const token = await tokenOf(request, CLIENT);
    await topUp(request, token, 10_000_000);
    const providerId = await accountIdOf(request, PROVIDER);

    await signIn(page, CLIENT, '/wallet/');
    // The same balance on the English page, so the check above cannot pass on a page with no amount.
    await expect(page.getByTestId('wallet-balance')).toContainText(ENGLISH_AMOUNT);

    await expectGermanAmounts(page, '/de/wallet/');
    await expect(page.getByTestId('wallet-balance')).not.toContainText(ENGLISH_AMOUNT);
    await expectGermanAmounts(page, '/de/providers/');
    await expectGermanAmounts(page, `/de/providers/${providerId}/`);
    await expectGermanAmounts(page, `/de/booking/?provider=${providerId}`);
    await expectGermanAmounts(page, '/de/overview/');
  });

  test('the therapist’s German earnings write amounts the German way', async ({ page }) => {
    await signIn(page, PROVIDER, '/earnings/');
    await expect(page.locator('main')).toContainText(ENGLISH_AMOUNT);
    await expectGermanAmounts(page, '/de/earnings/');
  });
});
