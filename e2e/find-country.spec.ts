import { expect, test } from './fixtures';
import { signIn } from './helpers';

/** A German therapist of the demo data (Berlin); no journey saves her payout details before this one. */
const DE_PROVIDER = { email: 'lena.schmidt@demo.test', password: 'demo-pass-123' };

test.describe('the right country for German visitors and providers', () => {
  test('a German provider saves an IBAN, in German, after a typo is caught', async ({ page, visit }) => {
    await signIn(page, DE_PROVIDER, '/de/earnings/');
    await visit('/de/earnings/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einnahmen');
    await expect(page.getByLabel('Bankleitzahl')).toHaveCount(0);
    await expect(page.getByLabel('Kontonummer')).toHaveCount(0);
    await page.getByLabel('Kontoinhaber').fill('Lena Schmidt-Özdemir');
    await page.getByLabel('Name der Bank').fill('Commerzbank');
    await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01');
    await page.getByRole('button', { name: 'Bankkonto speichern' }).click();
    await expect(page.getByText('Gib eine gültige IBAN ein, zum Beispiel DE89 3704 0044 0532 0130 00')).toBeVisible();
    await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await page.getByLabel('BIC (optional)').fill('COBADEFFXXX');
    await page.getByRole('button', { name: 'Bankkonto speichern' }).click();
    await expect(page.getByText('Bankkonto gespeichert')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('IBAN')).toHaveValue('DE89370400440532013000');
    await expect(page.getByLabel('BIC (optional)')).toHaveValue('COBADEFFXXX');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/find-country-iban-de-390.png', fullPage: true });
  });
});
